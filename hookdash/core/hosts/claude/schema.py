"""The part of Claude Code 2.1.332's settings schema that decides about hooks.

Claude validates each settings file as a whole; a file that fails is ignored whole,
without a word (its hooks, its switches, everything). Observed with the harness: a
handler without `command`, a `timeout` of 0, -1 or "5", a `null` matcher, an unknown
handler `type`, `disableAllHooks: "yes"` or `null`, an event whose value is not an array,
even `permissions.allow: 5` each drop the file. Unknown keys are kept, and so is anything
under an event name Claude does not know.

hookdash checks the `hooks` object and the two hook switches; the rest of the schema
(permissions, env, …) is not modelled: such a file is shown as read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from hookdash.core.gemini.jsonc import escape_pointer_token
from hookdash.core.hosts.claude.events import KNOWN_EVENTS

Check = Callable[[Any], str | None]  # None: valid; else what is wrong


def _string(value: Any) -> str | None:
    return None if isinstance(value, str) else "must be a string"


def _non_empty(value: Any) -> str | None:
    return "must be a non-empty string" if not isinstance(value, str) or not value else None


def _boolean(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be true or false"


def _positive(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        return "must be a positive number (seconds)"
    return None


def _strings(value: Any) -> str | None:
    ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
    return None if ok else "must be an array of strings"


def _one_of(*allowed: str) -> Check:
    def check(value: Any) -> str | None:
        return None if value in allowed else f"must be one of {', '.join(allowed)}"

    return check


def _record(values: Check | None) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return "must be an object"
        if values is not None and any(values(v) for v in value.values()):
            return "must map names to strings"
        return None

    return check


_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S+")


def _url(value: Any) -> str | None:
    if not isinstance(value, str) or not _URL.fullmatch(value):
        return "must be a URL"
    return None


def _anything(value: Any) -> str | None:
    return None


_COMMON: dict[str, Check] = {
    "if": _string,
    "timeout": _positive,
    "statusMessage": _string,
    "once": _boolean,
}
# Each handler type: its required fields, then its optional ones (beyond _COMMON).
_TYPES: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    "command": (
        {"command": _string},
        {
            "args": _strings,
            "shell": _one_of("bash", "powershell"),
            "onFailure": _one_of("continue", "block"),
            "async": _boolean,
            "asyncRewake": _boolean,
            "holdsTools": _boolean,
            "rewakeMessage": _non_empty,
            "rewakeSummary": _non_empty,
            "cloud": _anything,  # an unknown value falls back to "skip"
        },
    ),
    "prompt": (
        {"prompt": _string},
        {"model": _string, "continueOnBlock": _boolean},
    ),
    "agent": ({"prompt": _string}, {"model": _string}),
    "http": (
        {"url": _url},
        {
            "onFailure": _one_of("continue", "block"),
            "headers": _record(_string),
            "allowedEnvVars": _strings,
            "cloud": _anything,
        },
    ),
    "mcp_tool": (
        {"server": _string, "tool": _string},
        {"input": _record(None), "onFailure": _anything},  # any onFailure becomes block
    ),
}
HANDLER_TYPES = tuple(_TYPES)
SWITCHES = ("disableAllHooks", "allowManagedHooksOnly")


def _ptr(base: str, *tokens: str | int) -> str:
    return base + "".join("/" + escape_pointer_token(str(t)) for t in tokens)


def _handler(item: Any, at: str) -> Iterator[tuple[str, str]]:
    if not isinstance(item, dict):
        yield at, "a hook must be an object"
        return
    kind = item.get("type")
    if kind not in _TYPES:
        yield _ptr(at, "type"), f"type must be one of {', '.join(HANDLER_TYPES)}"
        return
    required, optional = _TYPES[kind]
    for name, check in required.items():
        if name not in item:
            yield at, f"a {kind} hook needs '{name}'"
        elif (why := check(item[name])) is not None:
            yield _ptr(at, name), f"'{name}' {why}"
    for name, check in {**_COMMON, **optional}.items():
        if name in item and (why := check(item[name])) is not None:
            yield _ptr(at, name), f"'{name}' {why}"


def _event(entries: Any, at: str) -> Iterator[tuple[str, str]]:
    if not isinstance(entries, list):
        yield at, "an event's value must be an array of matcher groups"
        return
    for i, group in enumerate(entries):
        where = _ptr(at, i)
        if not isinstance(group, dict):
            yield where, "a matcher group must be an object"
            continue
        if "matcher" in group and not isinstance(group["matcher"], str):
            yield _ptr(where, "matcher"), "'matcher' must be a string"
        handlers = group.get("hooks")
        if not isinstance(handlers, list):
            yield _ptr(where, "hooks"), "a matcher group needs a 'hooks' array"
            continue
        for j, item in enumerate(handlers):
            yield from _handler(item, _ptr(where, "hooks", j))


def schema_errors(settings: dict[str, Any]) -> list[tuple[str, str]]:
    """(JSON pointer, what is wrong) for every way `settings` fails the hook part of
    Claude's schema; empty when Claude would read the file."""
    out: list[tuple[str, str]] = []
    for name in SWITCHES:
        if name in settings and (why := _boolean(settings[name])) is not None:
            out.append((_ptr("", name), f"'{name}' {why}"))
    hooks = settings.get("hooks")
    if "hooks" in settings and not isinstance(hooks, dict):
        out.append(("/hooks", "'hooks' must be an object of events"))
    elif isinstance(hooks, dict):
        for event, entries in hooks.items():
            if event in KNOWN_EVENTS:  # unknown events are dropped before validation
                out.extend(_event(entries, _ptr("/hooks", event)))
    return out
