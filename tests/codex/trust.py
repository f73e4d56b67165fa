"""Codex 0.171.0's hook trust, computed here independently of hookdash and of Codex, so
a test can write `[hooks.state]` itself and see whether the binary agrees.

A handler's key is `<absolute file>:<event_snake_case>:<group index>:<handler index>`; its
`trusted_hash` is `sha256:` and the hex SHA-256 of the compact, key-sorted JSON (non-ASCII
kept as UTF-8) of `{event_name, matcher (only when the group has one, "" included, and the
event takes one), hooks: [{async, command, timeout, type: "command", statusMessage (only
when set)}]}`, where timeout is the effective one (observed-0.171.0.md, "Trust").
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

DEFAULT_TIMEOUT_S = 600
# Events whose handlers default to one second (hooks/list timeoutSec).
SHORT_EVENTS = frozenset({"SessionEnd", "Interrupt"})
# Events that take no matcher: Codex reads a group's matcher as null for them (hooks/list
# shows none), in the hash too, and runs the hook whatever the matcher says.
MATCHERLESS = frozenset(
    {"PreModelRequest", "PostModelRequest", "UserPromptSubmit", "Stop", "Interrupt"}
)


def snake(event: str) -> str:
    """`PreToolUse` -> `pre_tool_use`, the event as a trust key spells it."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", event).lower()


def effective_timeout(event: str, handler: dict[str, Any]) -> int:
    """The seconds Codex gives a handler: its own, else 600 (1 for SessionEnd and
    Interrupt); 0 becomes 1."""
    given = handler.get("timeout")
    if given is None:
        return 1 if event in SHORT_EVENTS else DEFAULT_TIMEOUT_S
    return max(1, int(given))


def key(path: str, event: str, group: int, index: int) -> str:
    return f"{path}:{snake(event)}:{group}:{index}"


def trusted_hash(event: str, matcher: str | None, handler: dict[str, Any]) -> str:
    identity: dict[str, Any] = {
        "async": bool(handler.get("async", False)),
        "command": handler["command"],
        "timeout": effective_timeout(event, handler),
        "type": "command",
    }
    if "statusMessage" in handler:
        identity["statusMessage"] = handler["statusMessage"]
    hashed: dict[str, Any] = {"event_name": snake(event), "hooks": [identity]}
    if matcher is not None and event not in MATCHERLESS:
        hashed["matcher"] = matcher
    text = json.dumps(hashed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def state_entries(path: str, hooks: dict[str, Any]) -> dict[str, str]:
    """`{key: trusted_hash}` for every command handler of a `hooks` table (the value of
    hooks.json's "hooks", or config.toml's [hooks]) read from the file at `path`."""
    entries: dict[str, str] = {}
    for event, groups in hooks.items():
        if event == "state" or not isinstance(groups, list):
            continue
        for g, group in enumerate(groups):
            for i, handler in enumerate(group.get("hooks") or []):
                if handler.get("type") == "command":
                    entries[key(path, event, g, i)] = trusted_hash(
                        event, group.get("matcher"), handler
                    )
    return entries
