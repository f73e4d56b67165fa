"""Codex CLI's per-hook trust, as 0.171.0 keeps it, and hookdash's record beside it.

Codex keys each command handler `<absolute file>:<event_snake_case>:<group>:<handler>`
and keeps, in the USER's `config.toml` `[hooks.state."<key>"]`, a `trusted_hash`: the
SHA-256 (`sha256:` + hex) of the compact, key-sorted JSON (non-ASCII as is) of
`{event_name, matcher (only when the group has one), hooks: [{async, command, timeout,
type: "command", statusMessage (only when given)}]}`, timeout the effective one (pinned
against `hooks/list`'s currentHash). A hook whose hash differs from its trusted one is
"modified"; one without a trusted hash "untrusted": Codex skips both without a word.
`enabled = false` there stops a hook, trusted or not. A project's own `[hooks.state]` is
ignored. System and managed hooks need no trust.

Codex keeps only the hash, so it cannot say what changed. hookdash keeps, in its own
state, what the person reviewed when trusting through hookdash (the hashed fields and the
fingerprint of every script the command runs): from it, "it changed since you trusted it
(timeout 30 → 60)", and a script changed since the review, which Codex's hash does not see.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.disk.state import state_dir
from hookdash.core.display import shorten
from hookdash.core.hosts.codex.events import snake
from hookdash.core.load.fingerprints import ScriptFingerprint

STATE_FILE = "codex-trust.json"


def hook_key(file: str, event: str, group: int, handler: int) -> str:
    """Codex's key of one handler."""
    return f"{file}:{snake(event)}:{group}:{handler}"


def hashed_fields(
    event: str,
    matcher: str | None,
    command: str,
    timeout: int | float,
    is_async: bool = False,
    status_message: str | None = None,
) -> dict[str, Any]:
    """What Codex hashes of one handler."""
    handler: dict[str, Any] = {
        "async": is_async,
        "command": command,
        "timeout": timeout,
        "type": "command",
    }
    if status_message is not None:
        handler["statusMessage"] = status_message
    identity: dict[str, Any] = {"event_name": snake(event), "hooks": [handler]}
    if matcher is not None:
        identity["matcher"] = matcher
    return identity


def trusted_hash(identity: Mapping[str, Any]) -> str:
    """Codex's hash of a handler's identity (`hashed_fields`)."""
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class HookStateEntry(BaseModel):
    """One `[hooks.state."<key>"]` of the user's config.toml."""

    trusted_hash: str | None = None
    enabled: bool = True


def hook_states(user_config: Mapping[str, Any]) -> dict[str, HookStateEntry]:
    """The user's `hooks.state` table, as Codex reads it (entries it cannot read skipped)."""
    hooks = user_config.get("hooks")
    table = hooks.get("state") if isinstance(hooks, dict) else None
    out: dict[str, HookStateEntry] = {}
    if not isinstance(table, dict):
        return out
    for key, entry in table.items():
        if not isinstance(entry, dict):
            continue
        digest = entry.get("trusted_hash")
        enabled = entry.get("enabled")
        out[str(key)] = HookStateEntry(
            trusted_hash=digest if isinstance(digest, str) else None,
            enabled=enabled is not False,
        )
    return out


# ------------------------------------------------------------------ hookdash's record


class CodexReview(BaseModel):
    """What the person saw when they trusted one hook through hookdash."""

    hash: str
    identity: dict[str, Any]  # the hashed fields
    file: str
    reviewed_at: str
    scripts: ScriptFingerprint


class CodexReviewState(BaseModel):
    v: int = 1
    hooks: dict[str, CodexReview] = {}  # by Codex's key


def state_path(environ: Mapping[str, str]) -> Path:
    return state_dir(environ) / STATE_FILE


def parse_reviews(data: bytes | None) -> CodexReviewState:
    if not data:
        return CodexReviewState()
    try:
        return CodexReviewState.model_validate(nesting.json_loads(data))
    except ValueError:  # damaged: `list` must still work; the next trust rewrites it
        return CodexReviewState()


def read_reviews(environ: Mapping[str, str]) -> CodexReviewState:
    try:
        return parse_reviews(files.read_bytes(state_path(environ)))
    except OSError:
        return CodexReviewState()


def _value(value: Any) -> str:
    if isinstance(value, str):
        return shorten(value, 60)
    return json.dumps(value, ensure_ascii=False)


def what_changed(before: Mapping[str, Any], now: Mapping[str, Any]) -> str | None:
    """The hashed fields that differ, said as `timeout 30 → 60`; None when none does."""
    parts: list[str] = []
    if before.get("matcher") != now.get("matcher"):
        parts.append(f"matcher {_shown(before.get('matcher'))} → {_shown(now.get('matcher'))}")
    old = (before.get("hooks") or [{}])[0]
    new = (now.get("hooks") or [{}])[0]
    for field, label in (
        ("command", "command"),
        ("timeout", "timeout"),
        ("async", "async"),
        ("statusMessage", "statusMessage"),
    ):
        if old.get(field) != new.get(field):
            parts.append(f"{label} {_shown(old.get(field))} → {_shown(new.get(field))}")
    if before.get("event_name") != now.get("event_name"):
        parts.append(f"event {before.get('event_name')} → {now.get('event_name')}")
    return ", ".join(parts) or None


def _shown(value: Any) -> str:
    return "(none)" if value is None else _value(value)


def modified_sentence(detail: str | None) -> str:
    """The sentence where Codex is silent about a changed hook."""
    if detail:
        return f"Codex skips this hook without a word: it changed since you trusted it ({detail})"
    return (
        "Codex skips this hook without a word: it changed since you trusted it (its command, "
        "timeout, matcher or statusMessage, or its place in the file)"
    )
