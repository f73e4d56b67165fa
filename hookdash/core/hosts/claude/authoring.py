"""`add`, `edit` and `remove` with `--host claude`: Claude Code's hook shape, written with
the shared splices (`hook_text`, `jsonedit`) through the Claude file writer (`writing`).

Claude's shape: `hooks.<Event>: [{"matcher": M, "hooks": [{"type": "command", "command":
CMD, "timeout": SECONDS}]}]`. An added handler joins the last group of its event with the
identical matcher (absent and `""` are the same for Claude), else a new group; the event
must be one of Claude's (a Gemini name gets Claude's name suggested), the matcher valid
under Claude's rules (`matcher`), the timeout a positive number of seconds. A container
`add` created (`hooks`, an event's list) is remembered (`created_keys`), so that `remove`
of its last hook gives the file back as it was; a list the user wrote stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from hookdash.core.display import shorten, visible
from hookdash.core.edit.editor.hook_text import add_hook, remove_hook, set_fields
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.edits import AuthoringResult, Change
from hookdash.core.edit.undo import created_keys
from hookdash.core.errors import EditError, InvalidHookError, UnsupportedShapeError
from hookdash.core.hosts.claude.events import KNOWN_EVENTS, match_field
from hookdash.core.hosts.claude.matcher import matcher_form
from hookdash.core.hosts.claude.model import ClaudeHook, claude_hook_ref
from hookdash.core.hosts.claude.parking import listed_handler, only_parked
from hookdash.core.hosts.claude.target import find_claude_hook
from hookdash.core.hosts.claude.writing import (
    ClaudeFile,
    ClaudeWorld,
    Read,
    hook_file,
    read_file,
    write_file,
)


def _gemini_names() -> dict[str, str]:
    """Gemini CLI's event names -> Claude Code's (the import's table, read backwards)."""
    from hookdash.core.hosts.crosswalk import CLAUDE_EVENTS

    out: dict[str, str] = {}
    for claude, gemini in CLAUDE_EVENTS.items():
        out.setdefault(gemini, claude)
    return out


def check_event(event: str) -> str:
    """`event` if Claude Code 2.1.332 has it, else InvalidHookError with a suggestion."""
    if event in KNOWN_EVENTS:
        return event
    from hookdash.core.hosts.claude.planner import claude_event_problem

    claude = _gemini_names().get(event)
    if claude is not None:
        raise InvalidHookError(
            f"{event!r} is a Gemini CLI event; Claude Code calls it {claude}. Claude Code "
            "ignores an event name it does not know, without a word."
        )
    raise InvalidHookError(claude_event_problem(event) or event)


def check_matcher(event: str, matcher: str | None) -> list[str]:
    """Warnings about `matcher` for `event`; InvalidHookError when Claude's matcher rule
    cannot read it (a regex JavaScript rejects matches nothing)."""
    if matcher is None or matcher in ("", "*"):
        return []
    if match_field(event) is None:
        return [
            f"Claude Code fires {event} without a match query: it ignores this matcher and "
            "runs the hook every time."
        ]
    if matcher_form(event, matcher) == "invalid-regex":
        raise InvalidHookError(
            f"The matcher {matcher!r} is neither a list of names nor a regex JavaScript "
            "accepts: Claude Code would match nothing with it."
        )
    return []


def parse_seconds(value: int | float | str) -> int | float:
    """A timeout in seconds: a positive number (Claude's schema drops a hook with 0, a
    negative number or a string)."""
    number: int | float
    if isinstance(value, bool):
        raise InvalidHookError("The timeout must be a positive number of seconds.")
    if isinstance(value, str):
        text = value.strip()
        try:
            number = int(text)
        except ValueError:
            try:
                number = float(text)
            except ValueError:
                raise InvalidHookError(
                    f"The timeout {value!r} is not a number of seconds (e.g. 30)."
                ) from None
    else:
        number = value
    if not number > 0 or number != number or number == float("inf"):
        raise InvalidHookError(
            f"The timeout must be a positive number of seconds, not {value!r} (Claude Code "
            "drops a hook whose timeout is 0 or less)."
        )
    return number


def handler_object(command: str, timeout: int | float | None) -> dict[str, Any]:
    if not command.strip():
        raise InvalidHookError("The command is empty: Claude Code runs nothing for it.")
    handler: dict[str, Any] = {"type": "command", "command": command}
    if timeout is not None:
        handler["timeout"] = timeout
    return handler


def _shape_error(file: ClaudeFile, exc: JsonEditError) -> UnsupportedShapeError:
    return UnsupportedShapeError(
        f"In {file.shown}, {exc.message}; hookdash does not rewrite that shape — fix it by hand.",
        path=str(file.path),
    )


def _notes_for(file: ClaudeFile) -> list[str]:
    if file.scope in ("project", "local"):
        return [
            "Claude Code asks about a project's hooks only through its folder-trust dialog in "
            "an interactive session; `claude -p` runs them without asking."
        ]
    return []


def _twin(read: Read, event: str, matcher: str | None, handler: dict[str, Any]) -> str | None:
    """The pointer of an identical handler of `event` with the same matcher, if any."""
    from hookdash.core.hosts.claude.registry import dedup_key

    hooks = read.value.get("hooks")
    groups = hooks.get(event) if isinstance(hooks, dict) else None
    if not isinstance(groups, list):
        return None
    key = dedup_key(handler)
    for i, group in enumerate(groups):
        if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
            continue
        if (group.get("matcher") or None) != (matcher or None):
            continue
        for j, other in enumerate(group["hooks"]):
            if isinstance(other, dict) and dedup_key(other) == key:
                return jsonc.pointer("hooks", event, i, "hooks", j)
    return None


def add_claude_hook(
    event: str,
    command: str,
    *,
    matcher: str | None = None,
    timeout: int | float | str | None = None,
    scope: str = "user",
    workspace: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    dry_run: bool = False,
) -> AuthoringResult:
    """Add a command hook to the scope's Claude settings file (created if absent)."""
    world = ClaudeWorld.of(workspace, environ)
    check_event(event)
    warnings = check_matcher(event, matcher)
    seconds = None if timeout is None else parse_seconds(timeout)
    handler = handler_object(command, seconds)
    file = ClaudeFile.at(world, scope)
    read = read_file(file)
    twin = _twin(read, event, matcher, handler)
    if twin is not None:
        raise InvalidHookError(
            f"{file.shown} already has this {event} hook at {twin}; Claude Code would run it "
            "only once.",
            path=str(file.path),
        )
    try:
        edit = add_hook(read.body, event, handler, matcher, False)
    except JsonEditError as exc:
        raise _shape_error(file, exc) from None
    assert edit.path is not None
    diff = write_file(read, edit.text, dry_run)
    notes = (
        []
        if read.text is not None
        else [f"{'Would create' if dry_run else 'Created'} {file.shown}."]
    )
    if not dry_run and edit.created:
        notes += _remember(world, file, edit.created)
    where = _joined_words(event, matcher, edit.joined) if edit.joined else "a new matcher group"
    verb = "Would add" if dry_run else "Added"
    return AuthoringResult(
        action="add",
        identifier=command,
        changed=not dry_run,
        message=f"{verb} the {event} hook '{shorten(command, 60)}' to the {file.scope} "
        f"settings ({file.shown}), {where}.",
        changes=[file.change(edit.path.pointer, "add", handler, note=where)],
        warnings=warnings,
        notes=notes + _notes_for(file),
        dry_run=dry_run,
        diff=diff,
    )


def written_claude_ref(result: AuthoringResult) -> str | None:
    """The ref of the hook an add or edit wrote (the one to select once reloaded): where
    the handler was added, or moved to by a new matcher; None after a remove."""
    for change in result.changes:
        # A handler's pointer: /hooks/E/i/hooks/j (a "/" in a name is written ~1).
        if change.action == "add" and change.key.count("/") == 5:
            return claude_hook_ref(change.file, change.key)
    return None


def _remember(
    world: ClaudeWorld, file: ClaudeFile, pointers: list[str], drop: bool = False
) -> list[str]:
    try:
        if drop:
            created_keys.forget(world, file.path, pointers)
        else:
            created_keys.remember(world, file.path, pointers)
    except EditError as exc:
        return [f"hookdash could not note what it created in its own state ({exc.message})."]
    return []


def _target(arg: str, world: ClaudeWorld) -> tuple[ClaudeHook, ClaudeFile, Read]:
    from hookdash.core.hosts.claude.registry import load_claude

    snapshot = load_claude(world.workspace, world.environ)
    hook = find_claude_hook(only_parked(snapshot, False), arg)
    file = hook_file(world, hook)
    return hook, file, read_file(file)


def remove_claude_hook(
    arg: str,
    workspace: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    dry_run: bool = False,
) -> AuthoringResult:
    """Remove the hook `arg` names from its file (its group when it was the last
    handler; the event and `hooks` too when `add` created them and they are left empty)."""
    world = ClaudeWorld.of(workspace, environ)
    hook, file, read = _target(arg, world)
    where, handler = listed_handler(read, hook)
    droppable = created_keys.created_in(world, file.path)
    try:
        edit = remove_hook(read.body, where, droppable)
    except JsonEditError as exc:
        raise _shape_error(file, exc) from None
    diff = write_file(read, edit.text, dry_run)
    notes = []
    if edit.dropped and not dry_run:
        notes += _remember(world, file, edit.dropped, drop=True)
    if edit.dropped:
        notes.append(f"Also removed {', '.join(edit.dropped)}, which hookdash had created.")
    verb = "Would remove" if dry_run else "Removed"
    return AuthoringResult(
        action="remove",
        identifier=hook.id,
        changed=not dry_run,
        message=f"{verb} the {hook.scope} {hook.event} hook '{shorten(hook.id, 60)}' from "
        f"{file.shown}"
        + (" (its matcher group went with it)." if edit.definition_removed else "."),
        changes=[file.change(hook.pointer, "remove", handler)],
        notes=notes,
        dry_run=dry_run,
        diff=diff,
    )


def edit_claude_hook(
    arg: str,
    *,
    command: str | None = None,
    matcher: str | None = None,
    timeout: int | float | str | None = None,
    workspace: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    dry_run: bool = False,
) -> AuthoringResult:
    """Change the command, timeout ("" removes it: Claude's default) or matcher ("" removes
    it: every value) of one hook. A new matcher for a handler that shares its group moves
    it to the last group with that matcher (or a new one); the others keep theirs."""
    if command is None and matcher is None and timeout is None:
        raise EditError("Nothing to change: give --command, --matcher or --timeout.")
    world = ClaudeWorld.of(workspace, environ)
    hook, file, read = _target(arg, world)
    where, handler = listed_handler(read, hook)
    fields: dict[str, Any] = {}
    if command is not None:
        fields["command"] = handler_object(command, None)["command"]
    if timeout is not None:
        blank = isinstance(timeout, str) and not timeout.strip()
        fields["timeout"] = None if blank else parse_seconds(timeout)
    warnings = check_matcher(hook.event, matcher or None) if matcher is not None else []
    group = read.value["hooks"][where.event][where.definition]
    old_matcher = group.get("matcher")
    new_matcher = old_matcher if matcher is None else (matcher or None)
    changes: list[Change] = []
    for key, new in fields.items():
        old = handler.get(key)
        if new is None and key in handler:
            changes.append(file.change(f"{hook.pointer}/{key}", "remove", old))
        elif new is not None and key not in handler:
            changes.append(file.change(f"{hook.pointer}/{key}", "add", new))
        elif new is not None and old != new:
            changes.append(
                file.change(f"{hook.pointer}/{key}", "replace", {"from": old, "to": new})
            )
    body = read.body
    try:
        if (new_matcher or None) != (old_matcher or None):
            if len(group["hooks"]) > 1:
                moved = {k: v for k, v in {**handler, **fields}.items() if v is not None}
                body = remove_hook(body, where).text
                added = add_hook(body, hook.event, moved, new_matcher, False)
                body = added.text
                assert added.path is not None
                changes.append(
                    file.change(
                        added.path.pointer,
                        "add",
                        moved,
                        note="moved: its group's other hooks keep the old matcher",
                    )
                )
                fields = {}
            else:
                body = set_fields(body, where.definition_path, {"matcher": new_matcher})
            changes.append(
                file.change(
                    f"{where.definition_pointer}/matcher",
                    "replace",
                    {"from": old_matcher, "to": new_matcher},
                )
            )
        if fields:
            body = set_fields(body, where.path, fields)
    except JsonEditError as exc:
        raise _shape_error(file, exc) from None
    if body == read.body:
        return AuthoringResult(
            action="edit",
            identifier=hook.id,
            changed=False,
            message=f"The hook '{shorten(hook.id, 60)}' already has those values; nothing changed.",
        )
    diff = write_file(read, body, dry_run)
    verb = "Would change" if dry_run else "Changed"
    return AuthoringResult(
        action="edit",
        identifier=hook.id,
        changed=not dry_run,
        message=f"{verb} the {hook.scope} {hook.event} hook '{shorten(hook.id, 60)}' in "
        f"{file.shown}.",
        changes=changes,
        warnings=warnings,
        notes=_notes_for(file) if command is not None else [],
        dry_run=dry_run,
        diff=diff,
    )


def _joined_words(event: str, matcher: str | None, pointer: str) -> str:
    """The group an added hook joined, in words ("in the 1st PreToolUse group, matcher
    'Bash', beside its hooks"), not as the JSON pointer /hooks/PreToolUse/0."""
    tail = pointer.rsplit("/", 1)[-1]
    number = int(tail) + 1 if tail.isdigit() else None
    nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(number or 0, f"{number}th")
    which = f"the {nth} {event} group" if number is not None else f"an existing {event} group"
    matched = f"matcher {visible(repr(matcher))}" if matcher else "no matcher"
    return f"added to {which} ({matched}), beside the hooks it already had"
