"""The part of Claude Code 2.1.332's settings schema that decides about hooks.

Claude reads a file's `hooks` in two ways (the binary's loader, pinned by the harness):
- The **guard events** (PreToolUse, PermissionRequest, PreSkillShellCommand) fail closed:
  one invalid matcher group or handler under them (no `command`, a `timeout` of 0 or "5",
  a `null` matcher, an unknown `type`, a value that is not an array) and *nothing in the
  file* is applied, its other hooks and settings included, without a word.
- Under the other events an invalid group or handler is dropped alone (an event whose
  value is not an array, alone too), and the rest of the file is read.
An event name Claude does not know is ignored, unless it holds what looks like guard
hooks. Outside `hooks`, `enabledPlugins` that is not an object of true, false or lists of
versions, `disableAllHooks` of the wrong type (`"yes"` or `null`) drops the
file too, and so does `allowManagedHooksOnly` of the wrong type in a managed file, as any
value that fails the settings schema does (`permissions.allow: 5` did); hookdash checks
those two switches, not the rest of that schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hookdash.core.hosts.claude.events import KNOWN_EVENTS
from hookdash.core.jsonc import escape_pointer_token
from hookdash.core.lazy_regex import lazy_compile

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


_URL = lazy_compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S+")


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


GUARD_EVENTS = frozenset({"PreToolUse", "PermissionRequest", "PreSkillShellCommand"})


def handler_error(item: Any) -> str | None:
    """Why Claude rejects one handler, or None."""
    if not isinstance(item, dict):
        return "a hook entry must be an object"
    kind = item.get("type")
    if kind not in _TYPES:
        return f"'type' must be one of {', '.join(HANDLER_TYPES)}"
    required, optional = _TYPES[kind]
    for name, check in required.items():
        if name not in item:
            return f"a {kind} hook needs '{name}'"
        if (why := check(item[name])) is not None:
            return f"'{name}' {why}"
    for name, check in {**_COMMON, **optional}.items():
        if name in item and (why := check(item[name])) is not None:
            return f"'{name}' {why}"
    return None


def _names_guards(value: Any) -> bool:
    """An object with a guard event's key holding something (the binary's check that a
    misplaced entry may hold guard hooks)."""
    return isinstance(value, dict) and any(
        k in GUARD_EVENTS and v is not None and v != [] for k, v in value.items()
    )


def _looks_like_group(value: Any) -> bool:
    if not isinstance(value, dict):
        return False
    if "matcher" not in value and any(k in KNOWN_EVENTS for k in value):
        return False
    inner = value.get("hooks")
    if isinstance(inner, list):
        return len(inner) > 0
    return isinstance(inner, dict) and ("matcher" in value or isinstance(inner.get("type"), str))


def _may_hold_guards(value: Any, depth: int = 3, groups: bool = True) -> bool:
    if _names_guards(value) or (groups and _looks_like_group(value)):
        return True
    if depth == 0 or not isinstance(value, (dict, list)):
        return False
    if isinstance(value, list):
        return any(_may_hold_guards(v, depth - 1, groups) for v in value)
    return any(
        _may_hold_guards(v, depth - 1, groups and k not in KNOWN_EVENTS) for k, v in value.items()
    )


class HookErrors:
    """What Claude makes of a file's `hooks`: entries it drops alone, and what makes it
    drop the whole file (empty when it reads the file)."""

    __slots__ = ("dropped", "fatal")
    dropped: list[tuple[str, str]]  # (pointer, why)
    fatal: list[tuple[str, str]]

    def __init__(
        self,
        dropped: list[tuple[str, str]] | None = None,
        fatal: list[tuple[str, str]] | None = None,
    ) -> None:
        self.dropped = [] if dropped is None else dropped
        self.fatal = [] if fatal is None else fatal


def _event(event: str, entries: Any, at: str, out: HookErrors) -> None:
    guard = event in GUARD_EVENTS
    if not isinstance(entries, list):
        why = "an event's value must be an array of matcher groups"
        if (guard and entries is not None) or _may_hold_guards(entries, groups=False):
            out.fatal.append((at, why))
        else:
            out.dropped.append((at, why))
        return
    for i, group in enumerate(entries):
        where = _ptr(at, i)
        problems: list[tuple[str, str]] = []
        if _may_hold_guards(group, groups=False):
            misplaced = "it holds PreToolUse/PermissionRequest hooks where a matcher group belongs"
            out.fatal.append((where, misplaced))
            continue
        if not isinstance(group, dict):
            problems.append((where, "a matcher group must be an object"))
        elif not isinstance(group.get("hooks"), list):
            problems.append((_ptr(where, "hooks"), "a matcher group needs a 'hooks' array"))
        else:
            for j, item in enumerate(group["hooks"]):
                if (error := handler_error(item)) is not None:
                    problems.append((_ptr(where, "hooks", j), error))
            if "matcher" in group and not isinstance(group["matcher"], str):
                problems.append((where, "'matcher' must be a string"))  # the group goes
        (out.fatal if guard else out.dropped).extend(problems)


def _plugins(value: Any) -> tuple[str, str] | None:
    """`enabledPlugins` must map ids to true, false or a list of versions; anything else
    drops the whole file (tests/claude, test_observed_plugins.py)."""
    if not isinstance(value, dict):
        return ("/enabledPlugins", "'enabledPlugins' must be an object")
    for plugin_id, enabled in value.items():
        if not isinstance(enabled, bool) and _strings(enabled) is not None:
            return (
                _ptr("/enabledPlugins", plugin_id),
                "a plugin's value must be true, false or a list of versions",
            )
    return None


def hook_errors(settings: dict[str, Any], *, managed: bool = False) -> HookErrors:
    """What Claude drops of `settings` (a parsed file), entry by entry or whole.

    `allowManagedHooksOnly` is checked only in a managed file: elsewhere Claude ignores it,
    and a `null` there did not drop a project file (tests/claude)."""
    out = HookErrors()
    for name in SWITCHES if managed else SWITCHES[:1]:
        if name in settings and (why := _boolean(settings[name])) is not None:
            out.fatal.append((_ptr("", name), f"'{name}' {why}"))
    if "enabledPlugins" in settings and (wrong := _plugins(settings["enabledPlugins"])):
        out.fatal.append(wrong)
    if "hooks" not in settings:
        return out
    hooks = settings["hooks"]
    if not isinstance(hooks, dict):
        out.fatal.append(("/hooks", "'hooks' must be an object of events"))
        return out
    for event, entries in hooks.items():
        at = _ptr("/hooks", event)
        if event in KNOWN_EVENTS:
            _event(event, entries, at, out)
        elif _may_hold_guards(entries, groups=not isinstance(entries, list)):
            out.fatal.append(
                (at, "not a hook event, but it holds PreToolUse/PermissionRequest hooks")
            )
    return out
