"""Adding, editing and removing a Codex hook in the user's or the project's files:
`hooks.json` (strict JSON, through the shared byte-preserving JSON writer) or `config.toml`
`[hooks]` (a new group appended as its own tables; an existing entry edited in place with
tomlkit). Never a system or managed file.

Every result is parsed again as Codex parses it and must hold exactly the change, or
nothing is written; a file that does not parse is refused. A new group goes at the end of
its event's list, so no other hook's key (`<file>:<event>:<group>:<handler>`) moves and
no trust is lost. Removing a hook moves the keys of the hooks after it in that event's
list: Codex then sees them as changed (the result says which).
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping, MutableMapping
from pathlib import Path
from typing import Any, Literal

import tomlkit
from pydantic import BaseModel

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.disk.atomic import Confine, update_text_file
from hookdash.core.disk.confinement import escape_of
from hookdash.core.display import shorten, visible
from hookdash.core.edit.editor.jsonedit import (
    append_to_list,
    remove_from_list,
    remove_member,
    set_member,
)
from hookdash.core.edit.editor.settings_write import unified_diff
from hookdash.core.edit.edits import AuthoringResult, Change
from hookdash.core.errors import (
    EditError,
    InvalidHookError,
    OutsideWorkspaceError,
    ReadOnlyScopeError,
    SettingsParseError,
    UnsupportedShapeError,
)
from hookdash.core.hosts.codex.events import EVENTS
from hookdash.core.hosts.codex.files import ShapeError, walk_hooks
from hookdash.core.hosts.codex.layers import codex_home
from hookdash.core.hosts.codex.model import CodexHook
from hookdash.core.hosts.codex.switching import CONFIG_MODE
from hookdash.core.model import HookRef

WritableCodexScope = Literal["user", "project"]
FileKind = Literal["json", "toml"]


class CodexHookFields(BaseModel):
    """What a person writes of one hook (None: leave as it is / not given)."""

    command: str | None = None
    matcher: str | None = None
    timeout: int | None = None  # seconds
    status_message: str | None = None


def fields_of(
    command: str | None, matcher: str | None, timeout: int | float | str | None
) -> CodexHookFields:
    """A host-neutral hook's fields as Codex's (its timeout in whole seconds)."""
    seconds: int | None = None
    if timeout is not None and timeout != "":
        try:
            number = float(timeout)
        except ValueError:
            raise InvalidHookError(
                f"a Codex hook's timeout is whole seconds, not {timeout!r}"
            ) from None
        if not number.is_integer() or number < 0:
            raise InvalidHookError(
                f"a Codex hook's timeout is a whole number of seconds, 0 or more, not {timeout}"
            )
        seconds = int(number)
    return CodexHookFields(command=command, matcher=matcher, timeout=seconds)


def writable_scope(scope: str) -> WritableCodexScope:
    if scope == "user":
        return "user"
    if scope == "project":
        return "project"
    raise ReadOnlyScopeError(
        f"hookdash writes Codex hooks to the user's or the project's files, not {scope!r}"
    )


def _result(
    action: Literal["add", "edit", "remove"],
    message: str,
    path: Path,
    scope: str,
    old: str,
    new: str,
    key: str | None,
    hook: CodexHook | None,
    value: Any,
    dry_run: bool,
    notes: list[str] | None = None,
) -> AuthoringResult:
    change = Change(
        file=str(path),
        scope=scope,
        key=key or "",
        action={"add": "add", "edit": "replace", "remove": "remove"}[action],
        value=value,
    )
    return AuthoringResult(
        action=action,
        identifier=key,
        changed=old != new,
        message=("Would do: " if dry_run else "") + message,
        changes=[change] if old != new else [],
        hooks=[HookRef(id=hook.id, scope=hook.scope, ref=hook.ref)] if hook is not None else [],
        notes=notes or [],
        dry_run=dry_run,
        diff=unified_diff(old, new, str(path)),
    )


def target_file(
    scope: WritableCodexScope, workspace: Path, environ: Mapping[str, str], kind: FileKind | None
) -> Path:
    """The file an add writes: `kind` when given; else the folder's hooks.json when it
    exists or the config.toml holds no [hooks], else config.toml."""
    folder = codex_home(environ) if scope == "user" else workspace / ".codex"
    if kind is not None:
        return folder / ("hooks.json" if kind == "json" else "config.toml")
    json_file, toml_file = folder / "hooks.json", folder / "config.toml"
    if json_file.exists():
        return json_file
    try:
        value = tomllib.loads(toml_file.read_text("utf-8"))
    except (OSError, ValueError):
        return json_file
    return toml_file if isinstance(value.get("hooks"), dict) else json_file


def _confine(path: Path, scope: str, environ: Mapping[str, str]) -> Confine | None:
    if scope == "user":
        return None
    root = Path(os.path.realpath(path.parent.parent))
    reserved = [
        ("user config", codex_home(environ) / "config.toml"),
        ("user hooks", codex_home(environ) / "hooks.json"),
    ]

    def confine(target: Path) -> None:
        escape = escape_of(path, root, reserved, target)
        if escape is not None:
            raise OutsideWorkspaceError(
                f"{escape.describe(str)}: a project write would land there, so nothing was "
                "written (a repository's files may not point outside it).",
                path=str(escape.path),
            )

    return confine


def handler_of(fields: CodexHookFields) -> dict[str, Any]:
    if not fields.command:
        raise EditError("a Codex hook needs a command")
    handler: dict[str, Any] = {"type": "command", "command": fields.command}
    if fields.timeout is not None:
        if fields.timeout < 0:
            raise EditError("a Codex hook's timeout is a whole number of seconds, 0 or more")
        handler["timeout"] = fields.timeout
    if fields.status_message is not None:
        handler["statusMessage"] = fields.status_message
    return handler


def _parse(text: str, kind: FileKind, path: Path) -> dict[str, Any]:
    if not text.strip():
        return {}
    try:
        value = jsonc.parse(text, comments=False) if kind == "json" else tomllib.loads(text)
    except jsonc.JsonParseError as exc:
        raise SettingsParseError(
            f"{path} is not strict JSON ({exc.message}): hookdash does not write it.",
            path=str(path),
            line=exc.line,
            column=exc.column,
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsParseError(
            f"{path} does not parse as TOML ({exc}): hookdash does not write it.",
            path=str(path),
            line=None,
            column=None,
        ) from None
    if not isinstance(value, dict):
        raise UnsupportedShapeError(f"{path} is not an object", path=str(path))
    return value


def _check_codex_reads(value: dict[str, Any], path: Path) -> None:
    hooks = value.get("hooks")
    try:
        walk_hooks(hooks if isinstance(hooks, dict) else {})
    except ShapeError as exc:
        raise EditError(
            f"after this edit Codex would refuse {path}: {exc.message}", path=str(path)
        ) from None


# ------------------------------------------------------------------ TOML edits


def _toml_group(event: str, matcher: str | None, handler: Mapping[str, Any]) -> str:
    lines = [f"[[hooks.{event}]]"]
    if matcher is not None:
        lines.append(f"matcher = {json.dumps(matcher, ensure_ascii=False)}")
    lines.append("")
    lines.append(f"[[hooks.{event}.hooks]]")
    lines += [f"{k} = {json.dumps(v, ensure_ascii=False)}" for k, v in handler.items()]
    return "\n".join(lines) + "\n"


def _toml_add(text: str, event: str, matcher: str | None, handler: dict[str, Any]) -> str:
    head = text if not text or text.endswith("\n") else text + "\n"
    return head + ("\n" if head.strip() else "") + _toml_group(event, matcher, handler)


def _toml_node(doc: Any, event: str, group: int, index: int | None) -> Any:
    node = doc["hooks"][event][group]
    return node if index is None else node["hooks"][index]


def _toml_edit(text: str, hook: CodexHook, changes: Mapping[str, Any]) -> str:
    doc = tomlkit.parse(text)
    group, index = _indices(hook)
    handler = _toml_node(doc, hook.event, group, index)
    owner = _toml_node(doc, hook.event, group, None)
    for name, value in changes.items():
        target = owner if name == "matcher" else handler
        if not isinstance(target, MutableMapping):
            raise UnsupportedShapeError("the hook's entry is not a table")
        target[name] = value
    return doc.as_string()


def _toml_remove(text: str, hook: CodexHook) -> str:
    doc = tomlkit.parse(text)
    group, index = _indices(hook)
    groups = doc["hooks"][hook.event]
    handlers = groups[group]["hooks"]
    if len(handlers) > 1:
        del handlers[index]
    else:
        del groups[group]
    return doc.as_string()


# ------------------------------------------------------------------ JSON edits


def _indices(hook: CodexHook) -> tuple[int, int]:
    tokens = jsonc.pointer_tokens(hook.pointer)  # /hooks/<Event>/<i>/hooks/<j>
    return int(tokens[2]), int(tokens[4])


def _expected_add(
    value: dict[str, Any], event: str, matcher: str | None, handler: dict[str, Any]
) -> tuple[dict[str, Any], int]:
    out = json.loads(json.dumps(value))
    hooks = out.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise UnsupportedShapeError("`hooks` is not a table / object")
    groups = hooks.setdefault(event, [])
    if not isinstance(groups, list):
        raise UnsupportedShapeError(f"hooks.{event} is not a list")
    group: dict[str, Any] = {} if matcher is None else {"matcher": matcher}
    group["hooks"] = [handler]
    groups.append(group)
    return out, len(groups) - 1


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _write(
    path: Path,
    scope: str,
    kind: FileKind,
    environ: Mapping[str, str],
    plan: Any,
    dry_run: bool = False,
) -> tuple[str, str]:
    """Run `plan(text) -> (new text, expected value)` on the file's current text and write
    it atomically; returns (old text, new text)."""
    seen: dict[str, str] = {}

    def compute(text: str | None, _sha: bytes | None) -> bytes | None:
        old = text or ""
        before = _parse(old, kind, path)
        new, expected = plan(old, before)
        after = _parse(new, kind, path)
        if not _same(after, expected):
            raise UnsupportedShapeError(
                f"the edit of {path} would change more than the hook: nothing was written",
                path=str(path),
            )
        _check_codex_reads(after, path)
        seen["old"], seen["new"] = old, new
        return None if new == old else new.encode("utf-8")

    if dry_run:  # the same checks on the file as it is now, and nothing written
        try:
            current: str | None = files.read_bytes(path).decode("utf-8")
        except FileNotFoundError:
            current = None
        compute(current, None)
    else:
        update_text_file(
            path,
            compute,
            new_mode=CONFIG_MODE if kind == "toml" else None,
            confine=_confine(path, scope, environ),
        )
    return seen.get("old", ""), seen.get("new", "")


def _writable(hook: CodexHook) -> WritableCodexScope:
    if hook.scope not in ("user", "project"):
        raise ReadOnlyScopeError(
            f"the {hook.scope} hook '{visible(shorten(hook.id, 60))}' is in a file hookdash "
            "never writes",
            path=hook.file,
        )
    return "user" if hook.scope == "user" else "project"


def add_codex_hook(
    workspace: Path,
    event: str,
    fields: CodexHookFields,
    *,
    scope: WritableCodexScope = "user",
    kind: FileKind | None = None,
    environ: Mapping[str, str] | None = None,
    dry_run: bool = False,
) -> AuthoringResult:
    """Append a new group holding one command hook to `event`'s list."""
    env = os.environ if environ is None else environ
    if event not in EVENTS:
        raise EditError(f"Codex CLI 0.171.0 has no event {event!r}: it would ignore the hook")
    handler = handler_of(fields)
    path = target_file(scope, workspace, env, kind)
    file_kind: FileKind = "json" if path.name == "hooks.json" else "toml"
    index: list[int] = []

    def plan(text: str, before: dict[str, Any]) -> tuple[str, Any]:
        expected, group = _expected_add(before, event, fields.matcher, handler)
        index[:] = [group]
        new_group: dict[str, Any] = {} if fields.matcher is None else {"matcher": fields.matcher}
        new_group["hooks"] = [handler]
        if file_kind == "json":
            base = text if text.strip() else "{}\n"
            return append_to_list(base, ("hooks", event), new_group), expected
        return _toml_add(text, event, fields.matcher, handler), expected

    old, new = _write(path, scope, file_kind, env, plan, dry_run)
    key = f"{path}:{_snake(event)}:{index[0]}:0" if index else None
    return _result(
        "add",
        f"Added a {event} hook to {path}: {visible(shorten(handler['command'], 60))}.",
        path,
        scope,
        old,
        new,
        key,
        None,
        handler,
        dry_run,
    )


def _snake(event: str) -> str:
    from hookdash.core.hosts.codex.events import snake

    return snake(event)


def edit_codex_hook(
    hook: CodexHook,
    fields: CodexHookFields,
    environ: Mapping[str, str] | None = None,
    *,
    dry_run: bool = False,
) -> AuthoringResult:
    """Change `hook`'s command, matcher, timeout or statusMessage in place (its key stays;
    Codex then sees it as changed until it is trusted again)."""
    env = os.environ if environ is None else environ
    scope = _writable(hook)
    path = Path(hook.file)
    file_kind: FileKind = "json" if path.name == "hooks.json" else "toml"
    group, index = _indices(hook)
    handler_changes: dict[str, Any] = {}
    if fields.command is not None:
        handler_changes["command"] = fields.command
    if fields.timeout is not None:
        handler_changes["timeout"] = fields.timeout
    if fields.status_message is not None:
        handler_changes["statusMessage"] = fields.status_message
    if not handler_changes and fields.matcher is None:
        raise EditError("nothing to change: give --command, --matcher or --timeout")

    def plan(text: str, before: dict[str, Any]) -> tuple[str, Any]:
        expected = json.loads(json.dumps(before))
        entry = expected["hooks"][hook.event][group]
        entry["hooks"][index].update(handler_changes)
        if fields.matcher is not None:
            entry["matcher"] = fields.matcher
        if file_kind == "toml":
            changes = dict(handler_changes)
            if fields.matcher is not None:
                changes["matcher"] = fields.matcher
            return _toml_edit(text, hook, changes), expected
        new = text
        for name, value in handler_changes.items():
            new = set_member(new, ("hooks", hook.event, group, "hooks", index, name), value)
        if fields.matcher is not None:
            new = set_member(new, ("hooks", hook.event, group, "matcher"), fields.matcher)
        return new, expected

    old, new = _write(path, scope, file_kind, env, plan, dry_run)
    changed = dict(handler_changes)
    if fields.matcher is not None:
        changed["matcher"] = fields.matcher
    return _result(
        "edit",
        f"Edited the {hook.event} hook in {path}. Codex skips it until you trust it again "
        "(its hash changed).",
        path,
        scope,
        old,
        new,
        hook.key,
        hook,
        {"from": None, "to": changed},
        dry_run,
    )


def remove_codex_hook(
    hook: CodexHook,
    siblings: list[CodexHook],
    environ: Mapping[str, str] | None = None,
    *,
    dry_run: bool = False,
) -> AuthoringResult:
    """Remove `hook` (its group too when it was the group's only handler). `siblings`: the
    snapshot's hooks, to say whose keys move."""
    env = os.environ if environ is None else environ
    scope = _writable(hook)
    path = Path(hook.file)
    file_kind: FileKind = "json" if path.name == "hooks.json" else "toml"
    group, index = _indices(hook)
    whole_group: list[bool] = []

    def plan(text: str, before: dict[str, Any]) -> tuple[str, Any]:
        expected = json.loads(json.dumps(before))
        groups = expected["hooks"][hook.event]
        handlers = groups[group]["hooks"]
        alone = len(handlers) == 1
        whole_group[:] = [alone]
        if alone:
            del groups[group]
        else:
            del handlers[index]
        if file_kind == "toml":
            return _toml_remove(text, hook), expected
        if alone:
            new = remove_from_list(text, ("hooks", hook.event), group)
        else:
            new = remove_from_list(text, ("hooks", hook.event, group, "hooks"), index)
        if alone and not groups:
            new = remove_member(new, ("hooks", hook.event))
            del expected["hooks"][hook.event]
        return new, expected

    old, new = _write(path, scope, file_kind, env, plan, dry_run)
    moved = []
    for other in siblings:
        if other.file != hook.file or other.event != hook.event or other.key == hook.key:
            continue
        og, oi = _indices(other)
        if (whole_group and whole_group[0] and og > group) or (og == group and oi > index):
            moved.append(other.key)
    note = (
        f" {len(moved)} later {hook.event} hook(s) of this file moved: Codex sees them as "
        "changed until you trust them again."
        if moved
        else ""
    )
    return _result(
        "remove",
        f"Removed the {hook.event} hook from {path}: {visible(shorten(hook.id, 60))}.{note}",
        path,
        scope,
        old,
        new,
        hook.key,
        hook,
        hook.command,
        dry_run,
        notes=[f"moved: {key}" for key in moved],
    )
