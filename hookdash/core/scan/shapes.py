"""The hook shapes several agents share, walked once.

- Claude Code's, which Gemini CLI, Qwen Code and Codex CLI adopted:
  `{"hooks": {Event: [{"matcher": …, "hooks": [{"type": "command", "command": …}]}]}}`.
- The flat one of Cursor, Copilot CLI and Windsurf:
  `{"hooks": {event: [{"command": …}]}}` (a handler per element, its matcher on itself).

`handlers` takes either: an element with a `hooks` array is a matcher group, any other
object is a handler. The command is read from each of the agent's `fields` that holds a
non-empty string (Copilot's `bash` and `powershell`, Codex's `command` and
`commandWindows`): each is a command the agent may run, so each is reported.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from hookdash.core.jsonc import escape_pointer_token
from hookdash.core.scan.reader import Entry, Skipped

# Handler types that run no process (a prompt to the model, an MCP tool call, code).
NOT_COMMANDS = frozenset({"prompt", "agent", "mcp_tool", "function", "runtime"})


def ptr(base: str, *tokens: str | int) -> str:
    return base + "".join("/" + escape_pointer_token(str(t)) for t in tokens)


def matcher_text(value: Any) -> str | None:
    """A matcher as written (a non-string one in JSON, as the agent would see it)."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def event_lists(
    value: Any, base: str, *, skip: frozenset[str] = frozenset()
) -> Iterator[tuple[str, Any, str] | Skipped]:
    """(event, its array, pointer) of a `hooks` object; Skipped when it is no object."""
    if value is None:
        return
    if not isinstance(value, dict):
        yield Skipped(f"'hooks' is {_kind(value)}, not an object of events", base)
        return
    for event, entries in value.items():
        if event in skip:
            continue
        yield str(event), entries, ptr(base, event)


def hooks_object(
    value: Any, fields: tuple[str, ...], *, skip: frozenset[str] = frozenset()
) -> Iterator[Entry | Skipped]:
    """The commands of a file whose root object holds a `hooks` object of events."""
    if not isinstance(value, dict):
        yield Skipped("the file is not a JSON object", "")
        return
    for item in event_lists(value.get("hooks"), "/hooks", skip=skip):
        if isinstance(item, Skipped):
            yield item
            continue
        event, entries, at = item
        yield from handlers(entries, at, event, fields)


def handlers(
    entries: Any,
    base: str,
    event: str,
    fields: tuple[str, ...],
    *,
    matcher: str | None = None,
    name: str | None = None,
    runs_when: str | None = None,
    nested: bool = True,
) -> Iterator[Entry | Skipped]:
    """The commands of one event's array (groups and handlers)."""
    if not isinstance(entries, list):
        yield Skipped(f"the {event} entry is {_kind(entries)}, not an array", base)
        return
    for i, item in enumerate(entries):
        at = ptr(base, i)
        if not isinstance(item, dict):
            yield Skipped(f"an element of {event} is {_kind(item)}, not an object", at)
            continue
        if nested and "hooks" in item:
            inner = item["hooks"]
            group_matcher = matcher_text(item.get("matcher"))
            yield from handlers(
                inner,
                ptr(at, "hooks"),
                event,
                fields,
                matcher=group_matcher,
                name=name,
                runs_when=runs_when,
                nested=False,
            )
            continue
        yield from _handler(item, at, event, fields, matcher, name, runs_when)


def _handler(
    item: dict[str, Any],
    at: str,
    event: str,
    fields: tuple[str, ...],
    matcher: str | None,
    name: str | None,
    runs_when: str | None,
) -> Iterator[Entry | Skipped]:
    own_matcher = matcher_text(item["matcher"]) if "matcher" in item else matcher
    own_name = item.get("name") if isinstance(item.get("name"), str) else name
    cwd = item.get("cwd") if isinstance(item.get("cwd"), str) else None
    found = False
    for field in fields:
        command = item.get(field)
        if not isinstance(command, str) or not command:
            continue
        found = True
        args = item.get("args")
        if field == "command" and isinstance(args, list) and all(isinstance(a, str) for a in args):
            # Qwen Code runs `command` with `args` directly, without a shell.
            import shlex  # here: most scans join and split no command line

            command = shlex.join([command, *args])
        yield Entry(
            event=event,
            command=command,
            pointer=ptr(at, field),
            matcher=own_matcher,
            name=own_name,
            field=field,
            cwd=cwd,
            runs_when=runs_when,
        )
    if not found and item.get("type") not in NOT_COMMANDS:
        wanted = " or ".join(f"'{f}'" for f in fields)
        yield Skipped(f"a {event} hook has no {wanted} string to run", at)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool):
        return "a boolean"
    if value is None:
        return "null"
    return "a number"
