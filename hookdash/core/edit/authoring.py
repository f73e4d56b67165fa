"""Writing hooks: add one, change its fields, remove it (the core of `hookdash add`,
`edit`, `remove` and the dashboard's hook form).

Every write follows the rules of the disabled-list edits (`disabled_list`): a splice of
the file's text (`hook_text`, `jsonedit`) that keeps every other byte, the file's
indentation and line ends and its comments; atomic, through symlinks, mode kept
(`atomic.update_file`); a file that does not parse is refused, and one that changed on
disk since hookdash read it gets the edit again on its fresh text (a hook that is no longer
where it was is refused). Only the user and workspace settings are written: the system
layers belong to the administrator, an extension's hooks to the extension (an update
replaces its files).

Each operation returns an `AuthoringResult` — the shape of disable/enable's result plus
`warnings`, `dry_run` and `diff` (the unified diff of the settings file). With
`dry_run=True` nothing is written: the result says what would change, for a confirmation.

- `add_hook(config, HookDraft, scope, trust=True)`: joins the last definition of the event
  in that file with the same matcher and sequential flag, else appends a new definition.
  A workspace hook is recorded as trusted in Gemini's `trusted_hooks.json` (the person
  wrote it) unless `trust=False`.
- `edit_hook(config, id, HookChanges, trust=False)`: changes fields in place. A matcher or
  sequential change of a definition other hooks share moves the hook into a definition
  that has them (or a new one). A change of the hook's ID (its name, or the command of an
  unnamed hook) keeps the disabled lists in step. A trusted workspace hook whose
  `name:command` changes is trusted again only with `trust=True` (Gemini warns otherwise).
- `remove_hook(config, id)`: the hook, the definition it leaves empty, the event list and
  `hooks` object when hookdash created them (`created_keys`) and they are left empty, and
  its disabled-list entries that no other hook uses.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from hookdash.core.edit import created_keys, jsonedit
from hookdash.core.edit.atomic import resolve_target
from hookdash.core.edit.disabled_list import (
    CURRENT,
    LEGACY,
    WRITABLE_SCOPES,
    FileEdit,
    WritableScope,
    check_scope,
    decode_settings,
    disabled_entries,
    edit_settings_file,
    key_name,
    parse_settings,
    remove_entry,
    start_text,
)
from hookdash.core.edit.edits import Change, ChangeAction, EditResult
from hookdash.core.edit.hook_draft import (
    HookDraft,
    InvalidHookError,
    draft_key,
    draft_warnings,
    duplicate_in,
    parse_timeout,
    validate_draft,
)
from hookdash.core.edit.hook_text import (
    HookPath,
    TextEdit,
    add_hook as add_hook_text,
    definition_at,
    hook_at,
    hook_paths,
    is_sequential,
    normal_matcher,
    parse_hook_pointer,
    remove_hook as remove_hook_text,
    set_fields,
)
from hookdash.core.errors import (
    AmbiguousHook,
    EditError,
    FileChangedError,
    FileWriteError,
    HookNotFound,
    ReadOnlyScopeError,
    UnsupportedShapeError,
)
from hookdash.core.gemini import jsonc
from hookdash.core.gemini.expand import expand_settings_string, expand_settings_value
from hookdash.core.gemini.hook_trust import hook_key
from hookdash.core.gemini.layers import READ_ONLY_SCOPES
from hookdash.core.load.lookup import describe_hook, find_hooks, registrable
from hookdash.core.model import Hook

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


class AuthoringResult(EditResult):
    """What add, edit, remove, hooks on|off and import did (or, dry run, would do)."""

    warnings: list[str] = Field(default_factory=list)  # worth a look before relying on it
    dry_run: bool = False  # True: nothing was written; `changes` is what would change
    diff: str = ""  # unified diff of the settings file(s) written, or that would be


class HookChanges(BaseModel):
    """The fields `edit_hook` changes; None leaves a field as it is, "" removes an optional
    one (name, matcher, description, timeout: Gemini's default, 60000 ms, then applies)."""

    command: str | None = None
    name: str | None = None
    matcher: str | None = None
    timeout_ms: int | str | None = None
    description: str | None = None
    sequential: bool | None = None

    @property
    def empty(self) -> bool:
        return all(v is None for v in self.model_dump().values())


# ------------------------------------------------------------------ plumbing


def unified_diff(before: str | None, after: str | None, shown: str) -> str:
    """The unified diff of one file's text (`/dev/null` for a file that did not exist)."""
    if after is None or before == after:
        return ""
    lines = difflib.unified_diff(
        (before or "").splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile="/dev/null" if before is None else shown,
        tofile=shown,
    )
    out = []
    for line in lines:
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def current_text(config: Configuration, scope: WritableScope) -> str | None:
    """The scope's settings file as it is on disk now (None: it does not exist)."""
    path = config.layers[scope].path
    shown = config.env.display(path)
    try:
        data = resolve_target(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise FileWriteError(
            f"hookdash cannot read {shown} ({exc.strerror or exc}).", path=str(path)
        ) from None
    return decode_settings(data, shown)


@dataclass
class Written:
    """One settings file's edit, written (or previewed), with its diff."""

    edit: FileEdit
    diff: str


def write_settings(
    config: Configuration,
    scope: WritableScope,
    transform: Callable[[str | None], FileEdit],
    dry_run: bool,
) -> Written:
    """Apply `transform` (a pure function of the file's text) to the scope's settings file
    atomically, or with `dry_run` only compute it; returns the edit and its diff."""
    shown = config.env.display(config.layers[scope].path)
    seen: list[str | None] = []

    def recording(text: str | None) -> FileEdit:
        seen.append(text)
        return transform(text)

    if dry_run:
        edit = recording(current_text(config, scope))
    else:
        edit = edit_settings_file(config, scope, recording)
    return Written(edit, unified_diff(seen[-1] if seen else None, edit.text, shown))


def shape_error(exc: jsonedit.JsonEditError, shown: str, path: str) -> UnsupportedShapeError:
    return UnsupportedShapeError(
        f"In {shown}, {exc.message}; hookdash does not rewrite that shape — fix it by hand.",
        path=path,
    )


def prepare_text(text: str | None, shown: str) -> tuple[str, list[str], dict[str, Any]]:
    """The text an edit starts from ({} for a missing or blank file), its notes and value;
    SettingsParseError for a file that does not parse."""
    if text is not None and not jsonedit.is_blank(text):
        parse_settings(text, shown)
    current, notes = start_text(text, shown)
    return current, notes, parse_settings(current, shown)


def reload_configuration(config: Configuration) -> Configuration:
    from hookdash.core.load.loader import load_configuration

    return load_configuration(config.env)


def _hook_at_pointer(config: Configuration, file: str, pointer: str) -> Hook | None:
    return next((h for h in config.hooks if h.file == file and h.pointer == pointer), None)


def _verdict_notes(hook: Hook | None) -> list[str]:
    if hook is None or hook.runs:
        return []
    return [f"Gemini CLI will not run it now: {'; '.join(hook.not_running_because)}."]


def untrusted_folder_note(config: Configuration, scope: str) -> list[str]:
    if scope == "workspace" and not config.snapshot.folder_trust.trusted:
        return [
            "The folder is not trusted, so Gemini CLI ignores the workspace settings file "
            "(and runs no settings hook at all) until you trust it."
        ]
    return []


def _remember_created(
    config: Configuration, scope: WritableScope, pointers: list[str]
) -> list[str]:
    try:
        created_keys.remember(config.env, config.layers[scope].path, pointers)
    except EditError as exc:
        return [
            f"hookdash could not note what it created ({exc.message}); removing the hook "
            "later leaves its empty list behind."
        ]
    return []


def _forget_created(config: Configuration, scope: WritableScope, pointers: list[str]) -> None:
    # A stale entry only lets a later removal drop an empty container: not worth failing.
    with contextlib.suppress(EditError):
        created_keys.forget(config.env, config.layers[scope].path, pointers)


def _settle(
    config: Configuration,
    file: str,
    pointer: str,
    trust: bool,
    changes: list[Change],
    notes: list[str],
) -> Hook | None:
    """After a write: the hook as the loader now reports it (a note when it will not run)
    and, if asked and it is a workspace hook Gemini does not trust yet, its trust recorded
    (trust_store) — `changes` and `notes` grow with what that did."""
    from hookdash.core.edit.trust_store import trust_hooks

    reloaded = reload_configuration(config)
    hook = _hook_at_pointer(reloaded, file, pointer)
    notes.extend(_verdict_notes(hook))
    if not trust or hook is None or hook.scope != "workspace" or hook.trust == "trusted":
        return hook
    try:
        result = trust_hooks(reloaded, [hook])
    except EditError as exc:
        exc.applied = list(changes)  # the settings file is written already
        raise
    changes.extend(result.changes)
    notes.append(result.message)
    notes.extend(n for n in result.notes if "folder itself is not trusted" not in n)
    return hook


# ------------------------------------------------------------------ finding the hook


def resolve_hook(config: Configuration, arg: str) -> tuple[Hook, list[str]]:
    """The one hook `arg` means (a ref, an ID, the command of a named hook), which must be
    in the user or workspace settings; raises HookNotFound, AmbiguousHook or
    ReadOnlyScopeError."""
    hook = next((h for h in config.hooks if h.ref == arg), None)
    notes: list[str] = []
    if hook is None:
        try:
            lookup = find_hooks(config, arg)
        except HookNotFound:
            # An invalid hook (Gemini discards it) can still be edited or removed.
            invalid = [
                h
                for h in config.hooks
                if not registrable(h) and arg in (h.id, h.command, h.command_raw)
            ]
            if len(invalid) != 1:
                raise
            lookup = None
            hook = invalid[0]
        if lookup is not None:
            if len(lookup.hooks) > 1:
                raise AmbiguousHook(
                    f"{len(lookup.hooks)} hooks have the ID '{lookup.identifier}'; give the "
                    "ref of the one you mean (from `hookdash list --json`).",
                    [h.as_ref() for h in lookup.hooks],
                )
            if not lookup.hooks:
                raise HookNotFound(f"No configured hook has the ID '{arg}'.", [])
            hook = lookup.hooks[0]
            notes = list(lookup.notes)
    assert hook is not None
    if hook.scope == "extension":
        raise ReadOnlyScopeError(
            f"{describe_hook(hook)} comes from the extension '{hook.extension}': its "
            "hooks/hooks.json belongs to the extension and an update replaces it, so hookdash "
            "does not edit it; disable the hook (`hookdash disable`) or the extension instead.",
            path=hook.file,
        )
    if hook.scope in READ_ONLY_SCOPES:
        raise ReadOnlyScopeError(
            f"{describe_hook(hook)} is in the {hook.scope} settings ({hook.file}), which belong "
            "to the administrator of this machine; hookdash writes only user and workspace "
            "settings.",
            path=hook.file,
        )
    return hook, notes


def _scope_of(hook: Hook) -> WritableScope:
    return "workspace" if hook.scope == "workspace" else "user"


def _locate(value: Any, where: HookPath, raw: Any, shown: str, hook: Hook) -> HookPath:
    """Where the hook hookdash loaded is in the file's current text: at its place, or
    (the file changed meanwhile) the one identical hook of its event elsewhere."""
    try:
        if jsonedit.same_value(hook_at(value, where), raw):
            return where
    except jsonedit.JsonEditError:
        pass
    found = [
        p for p in hook_paths(value, where.event) if jsonedit.same_value(hook_at(value, p), raw)
    ]
    if len(found) == 1:
        return found[0]
    raise FileChangedError(
        f"{shown} changed on disk since hookdash read it, and the hook '{hook.id}' is no "
        f"longer where it was{' (or is there twice)' if found else ''}; nothing was written — "
        "run the command again.",
        path=hook.file,
    )


def _raw_hook(config: Configuration, hook: Hook) -> tuple[HookPath, Any]:
    where = parse_hook_pointer(hook.pointer)
    layer = config.layers[_scope_of(hook)]
    return where, hook_at(layer.raw, where)


def draft_of(config: Configuration, hook: Hook) -> HookDraft:
    """The hook of the user or workspace settings as written (before `$VAR` expansion,
    with no timeout when the file gives none): what the hook form starts an edit from.
    The errors of `resolve_hook` for a hook hookdash does not write."""
    hook, _ = resolve_hook(config, hook.ref)
    where, raw = _raw_hook(config, hook)
    if not isinstance(raw, dict):
        raise UnsupportedShapeError(f"The hook at {hook.pointer} is not an object.", path=hook.file)
    definition = definition_at(config.layers[_scope_of(hook)].raw, where)
    matcher = normal_matcher(definition.get("matcher"))

    def text(key: str) -> str | None:
        value = raw.get(key)
        return value if isinstance(value, str) else None

    timeout = raw.get("timeout")
    return HookDraft(
        event=hook.event,
        command=text("command") or "",
        name=text("name"),
        matcher=matcher if isinstance(matcher, str) else None,
        timeout_ms=timeout if isinstance(timeout, int) and not isinstance(timeout, bool) else None,
        description=text("description"),
        sequential=is_sequential(definition),
    )


def changes_between(before: HookDraft, after: HookDraft) -> HookChanges:
    """The `HookChanges` that turn the hook `before` into `after` (None: unchanged; "":
    an optional field emptied)."""

    def changed(old: object, new: object) -> str | None:
        old_text = "" if old is None else str(old)
        new_text = "" if new is None else str(new)
        return None if old_text == new_text else new_text

    return HookChanges(
        command=changed(before.command, after.command),
        name=changed(before.name, after.name),
        matcher=changed(before.matcher, after.matcher),
        timeout_ms=changed(before.timeout_ms, after.timeout_ms),
        description=changed(before.description, after.description),
        sequential=None if before.sequential == after.sequential else after.sequential,
    )


# ------------------------------------------------------------------ disabled lists


def _entry_matches(entry: Any, identifier: str, environ: Mapping[str, str]) -> bool:
    return isinstance(entry, str) and expand_settings_string(entry, environ) == identifier


def rename_entries(
    text: str,
    old: str,
    new: str,
    *,
    keep_old: bool,
    file: str,
    scope: str,
    environ: Mapping[str, str],
    shown: str,
) -> tuple[str, list[Change]]:
    """Keep the disabled lists of one file in step with a hook whose ID changes from `old`
    to `new`: the entry is renamed where it is, or (other hooks still have `old`,
    `keep_old`) `new` is added next to it."""
    changes: list[Change] = []
    for path in (CURRENT, LEGACY):
        value = parse_settings(text, shown)
        try:
            items = jsonedit.get_list(value, path)
        except jsonedit.JsonEditError:
            continue  # not a list: the disabled-list commands explain that shape
        if items is None:
            continue
        hits = [i for i, e in enumerate(items) if _entry_matches(e, old, environ)]
        if not hits:
            continue
        has_new = any(_entry_matches(e, new, environ) for e in items)
        action: ChangeAction
        shown_value: Any
        if keep_old:
            if has_new:
                continue
            text = jsonedit.append_to_list(text, path, new)
            action, shown_value = "add", new
        else:
            for index in reversed(hits[1:]):
                text = jsonedit.remove_from_list(text, path, index)
            if has_new:
                text = jsonedit.remove_from_list(text, path, hits[0])
                action, shown_value = "remove", items[hits[0]]
            else:
                text = jsonedit.replace_in_list(text, path, hits[0], new)
                action, shown_value = "replace", {"from": items[hits[0]], "to": new}
        changes.append(
            Change(
                file=file,
                scope=scope,
                key=key_name(path),
                action=action,
                value=shown_value,
                before=items,
                after=jsonedit.get_list(parse_settings(text, shown), path),
                note="other hooks still have the old ID" if keep_old else "the hook's ID changed",
            )
        )
    return text, changes


def _listing_scopes(
    config: Configuration, identifier: str
) -> tuple[list[WritableScope], list[str]]:
    """The writable scopes whose disabled lists name `identifier`, and the read-only ones."""
    lists = disabled_entries(config)
    writable: list[WritableScope] = []
    read_only: list[str] = []
    for scope, by_key in lists.items():
        if not any(identifier in items for items in by_key.values()):
            continue
        if scope in WRITABLE_SCOPES and not (scope == "workspace" and config.env.workspace_is_home):
            writable.append("workspace" if scope == "workspace" else "user")
        elif scope in READ_ONLY_SCOPES:
            read_only.append(scope)
    return writable, read_only


def _others_with_id(config: Configuration, hook: Hook, identifier: str) -> list[Hook]:
    return [h for h in config.hooks if registrable(h) and h.ref != hook.ref and h.id == identifier]


# ------------------------------------------------------------------ add


def add_hook(
    config: Configuration,
    draft: HookDraft,
    scope: str = "user",
    *,
    trust: bool = True,
    dry_run: bool = False,
) -> AuthoringResult:
    """Add one command hook to the scope's settings file (see the module docstring)."""
    target = check_scope(config, scope)
    draft = validate_draft(draft)
    env = config.env
    layer = config.layers[target]
    file, shown = str(layer.path), env.display(layer.path)
    hook = draft.hook_object()
    key = draft_key(draft, env.environ)
    done: list[TextEdit] = []

    def transform(text: str | None) -> FileEdit:
        current, notes, value = prepare_text(text, shown)
        twin = duplicate_in(value, draft.event, key, env.environ)
        if twin is not None:
            line = jsonc.LineFinder(current).line(twin)
            raise InvalidHookError(
                f"{shown} already has a {draft.event} hook with this name and command "
                f"(line {line}); Gemini would run only one of them. Change the name or the "
                "command, or edit that hook (`hookdash edit`).",
                path=file,
            )
        try:
            edit = add_hook_text(current, draft.event, hook, draft.matcher, draft.sequential)
        except jsonedit.JsonEditError as exc:
            raise shape_error(exc, shown, file) from None
        done.append(edit)
        assert edit.path is not None
        note = (
            f"joined the definition at {edit.joined}"
            if edit.joined
            else "a new definition" + (f" for matcher {draft.matcher!r}" if draft.matcher else "")
        )
        change = Change(
            file=file, scope=target, key=edit.path.pointer, action="add", value=hook, note=note
        )
        return FileEdit(text=edit.text, changes=[change], notes=notes)

    written = write_settings(config, target, transform, dry_run)
    edit = done[-1]
    assert edit.path is not None
    identifier = hook["name"] if draft.name else expand_settings_string(draft.command, env.environ)
    where = f"{target} settings ({shown})"
    placed = (
        "joining the definition with the same matcher"
        if edit.joined
        else "as a new definition" + (f" with matcher {draft.matcher!r}" if draft.matcher else "")
    )
    warnings = draft_warnings(config, draft, target, file=file)
    notes = list(written.edit.notes)
    if draft.sequential:
        notes.append(
            f"Sequential: Gemini CLI runs every {draft.event} hook one after another as soon as "
            "any of them asks to."
        )
    changes = list(written.edit.changes)
    hooks = []
    if dry_run:
        message = f"Would add '{identifier}' to {draft.event} in {where}, {placed}."
    else:
        message = f"Added '{identifier}' to {draft.event} in {where}, {placed}."
        notes.extend(_remember_created(config, target, edit.created))
        new_hook = _settle(config, file, edit.path.pointer, trust, changes, notes)
        hooks = [new_hook.as_ref()] if new_hook is not None else []
        if target == "workspace" and not trust:
            notes.append(
                "Not recorded as trusted (--no-trust): Gemini CLI will warn about this "
                "project hook at its next start (`hookdash trust` records it)."
            )
    notes.extend(untrusted_folder_note(config, target))
    return AuthoringResult(
        action="add",
        identifier=identifier,
        changed=not dry_run,
        message=message,
        changes=changes,
        hooks=hooks,
        notes=notes,
        warnings=warnings,
        dry_run=dry_run,
        diff=written.diff,
    )


# ------------------------------------------------------------------ edit


@dataclass
class _EditPlan:
    """What an edit does to one hook, decided from the loaded file."""

    hook_fields: dict[str, Any]  # key -> new value (None: remove the key)
    matcher: Any  # the new matcher (None: none)
    sequential: bool
    definition_changes: bool
    move: bool
    draft: HookDraft
    new_hook: dict[str, Any] = field(default_factory=dict)


def _plan_edit(
    config: Configuration,
    hook: Hook,
    raw: dict[str, Any],
    definition: dict[str, Any],
    changes: HookChanges,
) -> _EditPlan:
    fields: dict[str, Any] = {}
    if changes.command is not None:
        if not changes.command.strip():
            raise InvalidHookError("The command is empty: Gemini CLI discards a hook without one.")
        fields["command"] = changes.command
    if changes.name is not None:
        fields["name"] = changes.name or None
    if changes.timeout_ms is not None:
        removed = isinstance(changes.timeout_ms, str) and not changes.timeout_ms.strip()
        fields["timeout"] = None if removed else parse_timeout(changes.timeout_ms)
    if changes.description is not None:
        fields["description"] = changes.description or None
    fields = {
        k: v
        for k, v in fields.items()
        if not jsonedit.same_value(raw.get(k), v) or (v is None and k in raw)
    }
    new_hook = {k: v for k, v in raw.items()}
    for k, v in fields.items():
        if v is None:
            new_hook.pop(k, None)
        else:
            new_hook[k] = v
    old_matcher = normal_matcher(definition.get("matcher"))
    matcher = old_matcher if changes.matcher is None else normal_matcher(changes.matcher)
    sequential = is_sequential(definition) if changes.sequential is None else changes.sequential
    definition_changes = matcher != old_matcher or sequential != is_sequential(definition)
    move = definition_changes and len(definition["hooks"]) > 1
    timeout = new_hook.get("timeout")
    draft = HookDraft(
        event=hook.event,
        command=str(new_hook.get("command") or ""),
        name=new_hook.get("name") if isinstance(new_hook.get("name"), str) else None,
        matcher=matcher if isinstance(matcher, str) else None,
        timeout_ms=timeout if isinstance(timeout, int) and not isinstance(timeout, bool) else None,
        description=new_hook.get("description")
        if isinstance(new_hook.get("description"), str)
        else None,
        sequential=sequential,
    )
    return _EditPlan(fields, matcher, sequential, definition_changes, move, draft, new_hook)


def _field_changes(
    plan: _EditPlan, raw: dict[str, Any], pointer: str, file: str, scope: str
) -> list[Change]:
    out = []
    for key, new in plan.hook_fields.items():
        old = raw.get(key)
        action: ChangeAction
        value: Any
        if key not in raw:
            action, value = "add", new
        elif new is None:
            action, value = "remove", old
        else:
            action, value = "replace", {"from": old, "to": new}
        out.append(
            Change(file=file, scope=scope, key=f"{pointer}/{key}", action=action, value=value)
        )
    return out


def edit_hook(
    config: Configuration,
    hook_id: str,
    changes: HookChanges,
    *,
    trust: bool = False,
    dry_run: bool = False,
) -> AuthoringResult:
    """Change fields of one hook of the user or workspace settings, in place."""
    hook, notes = resolve_hook(config, hook_id)
    scope = _scope_of(hook)
    env = config.env
    layer = config.layers[scope]
    file, shown = str(layer.path), env.display(layer.path)
    where, raw = _raw_hook(config, hook)
    if not isinstance(raw, dict):
        raise UnsupportedShapeError(f"The hook at {hook.pointer} in {shown} is not an object.")
    definition = definition_at(layer.raw, where)
    plan = _plan_edit(config, hook, raw, definition, changes)
    if not plan.hook_fields and not plan.definition_changes:
        return AuthoringResult(
            action="edit",
            identifier=hook.id,
            changed=False,
            message=f"{describe_hook(hook)} already has these values; nothing changed.",
            hooks=[hook.as_ref()],
            notes=notes,
            dry_run=dry_run,
        )
    new_expanded = expand_settings_value(plan.new_hook, env.environ)
    new_key = hook_key(new_expanded)
    new_id = new_expanded.get("name") or new_expanded.get("command") or hook.id
    new_id = str(new_id)
    id_changes = new_id != hook.id
    others = _others_with_id(config, hook, hook.id)
    list_scopes, read_only_lists = _listing_scopes(config, hook.id) if id_changes else ([], [])
    landed: list[HookPath] = []

    def transform(text: str | None) -> FileEdit:
        if text is None or jsonedit.is_blank(text):
            raise FileChangedError(
                f"{shown} no longer holds the hook '{hook.id}'; nothing was written.", path=file
            )
        value = parse_settings(text, shown)
        at = _locate(value, where, raw, shown, hook)
        fresh_raw = hook_at(value, at)
        if new_key != hook.key:
            twin = duplicate_in(value, hook.event, new_key, env.environ, skip=at.pointer)
            if twin is not None:
                raise InvalidHookError(
                    f"{shown} already has a {hook.event} hook with that name and command "
                    f"({twin}); Gemini would run only one of them.",
                    path=file,
                )
        out: list[Change] = []
        try:
            if plan.move:
                moved = copy.deepcopy(fresh_raw)
                for k, v in plan.hook_fields.items():
                    if v is None:
                        moved.pop(k, None)
                    else:
                        moved[k] = v
                removed = remove_hook_text(text, at)
                added = add_hook_text(
                    removed.text, hook.event, moved, plan.matcher, plan.sequential
                )
                assert added.path is not None
                new_text, new_at = added.text, added.path
                out.append(
                    Change(
                        file=file,
                        scope=scope,
                        key=at.pointer,
                        action="remove",
                        value=fresh_raw,
                        note="moved: its definition's other hooks keep the old matcher/flag",
                    )
                )
                out.append(
                    Change(
                        file=file,
                        scope=scope,
                        key=new_at.pointer,
                        action="add",
                        value=moved,
                        note=f"joined the definition at {added.joined}"
                        if added.joined
                        else "a new definition",
                    )
                )
            else:
                new_text = text
                if plan.definition_changes:
                    new_text = set_fields(
                        new_text,
                        at.definition_path,
                        {"matcher": plan.matcher, "sequential": True if plan.sequential else None},
                    )
                    old_def = definition_at(value, at)
                    for key, old, new in (
                        ("matcher", normal_matcher(old_def.get("matcher")), plan.matcher),
                        ("sequential", is_sequential(old_def), plan.sequential),
                    ):
                        if old != new:
                            out.append(
                                Change(
                                    file=file,
                                    scope=scope,
                                    key=f"{at.definition_pointer}/{key}",
                                    action="replace",
                                    value={"from": old, "to": new},
                                )
                            )
                new_text = set_fields(new_text, at.path, plan.hook_fields)
                new_at = at
                out[:0] = _field_changes(plan, fresh_raw, at.pointer, file, scope)
        except jsonedit.JsonEditError as exc:
            raise shape_error(exc, shown, file) from None
        if scope in list_scopes:
            new_text, renamed = rename_entries(
                new_text,
                hook.id,
                new_id,
                keep_old=bool(others),
                file=file,
                scope=scope,
                environ=env.environ,
                shown=shown,
            )
            out.extend(renamed)
        landed.append(new_at)
        return FileEdit(text=new_text, changes=out)

    written = write_settings(config, scope, transform, dry_run)
    all_changes = list(written.edit.changes)
    diffs = [written.diff]
    for other in (s for s in list_scopes if s != scope):
        other_layer = config.layers[other]
        other_shown = env.display(other_layer.path)

        def rename(
            text: str | None,
            other: WritableScope = other,
            other_shown: str = other_shown,
            other_file: str = str(other_layer.path),
        ) -> FileEdit:
            if text is None or jsonedit.is_blank(text):
                return FileEdit(text=None)
            new_text, renamed = rename_entries(
                text,
                hook.id,
                new_id,
                keep_old=bool(others),
                file=other_file,
                scope=other,
                environ=env.environ,
                shown=other_shown,
            )
            return FileEdit(text=new_text if renamed else None, changes=renamed)

        try:
            more = write_settings(config, other, rename, dry_run)
        except EditError as exc:
            exc.applied = [] if dry_run else all_changes
            raise
        all_changes.extend(more.edit.changes)
        diffs.append(more.diff)
    new_at = landed[-1]
    warnings = draft_warnings(
        config,
        plan.draft,
        scope,
        file=file,
        replacing=hook,
        about_id=id_changes or "name" in plan.hook_fields,
    )
    verb = "Would change" if dry_run else "Changed"
    fields_said = ", ".join(
        [*plan.hook_fields]
        + (["matcher"] if plan.matcher != normal_matcher(definition.get("matcher")) else [])
        + (["sequential"] if plan.sequential != is_sequential(definition) else [])
    )
    message = f"{verb} {fields_said} of {describe_hook(hook)}."
    if plan.move:
        notes.append(
            f"Its definition has {len(definition['hooks']) - 1} other hook(s) that keep the old "
            "matcher and sequential flag, so the hook moved "
            + (
                "into the definition that has the new ones"
                if any(c.note and c.note.startswith("joined") for c in all_changes)
                else "into a new definition"
            )
            + f" ({new_at.pointer}); its place in Gemini's order changed with it."
        )
    if id_changes:
        if others:
            notes.append(
                f"{len(others)} other hook(s) still have the ID '{hook.id}', so its disabled-list "
                f"entries stay and '{new_id}' was added next to them where they are."
            )
        for ro in read_only_lists:
            notes.append(
                f"The {ro} settings disable '{hook.id}'; they no longer match this hook as "
                f"'{new_id}' (hookdash does not write them)."
            )
    hooks = [hook.as_ref()]
    trusted_before = hook.scope == "workspace" and hook.trust == "trusted"
    if not dry_run:
        edited = _settle(config, file, new_at.pointer, trust, all_changes, notes)
        if edited is not None:
            hooks = [edited.as_ref()]
        if trusted_before and new_key != hook.key and not trust:
            notes.append(
                f"Gemini CLI trusted this project hook as '{hook.key}'; as '{new_key}' it is new "
                "to Gemini, which will warn about it at its next start (--trust, or "
                "`hookdash trust`, records it)."
            )
    notes.extend(untrusted_folder_note(config, scope))
    return AuthoringResult(
        action="edit",
        identifier=new_id,
        changed=not dry_run,
        message=message,
        changes=all_changes,
        hooks=hooks,
        notes=notes,
        warnings=warnings,
        dry_run=dry_run,
        diff="".join(diffs),
    )


# ------------------------------------------------------------------ remove


def remove_hook(config: Configuration, hook_id: str, *, dry_run: bool = False) -> AuthoringResult:
    """Remove one hook of the user or workspace settings (see the module docstring)."""
    hook, notes = resolve_hook(config, hook_id)
    scope = _scope_of(hook)
    env = config.env
    layer = config.layers[scope]
    file, shown = str(layer.path), env.display(layer.path)
    where, raw = _raw_hook(config, hook)
    droppable = created_keys.created_in(env, layer.path)
    others = _others_with_id(config, hook, hook.id)
    list_scopes, read_only_lists = ([], []) if others else _listing_scopes(config, hook.id)
    results: list[TextEdit] = []

    def transform(text: str | None) -> FileEdit:
        if text is None or jsonedit.is_blank(text):
            raise FileChangedError(
                f"{shown} no longer holds the hook '{hook.id}'; nothing was written.", path=file
            )
        value = parse_settings(text, shown)
        at = _locate(value, where, raw, shown, hook)
        try:
            edit = remove_hook_text(text, at, droppable)
        except jsonedit.JsonEditError as exc:
            raise shape_error(exc, shown, file) from None
        results.append(edit)
        note = "and its definition, left empty" if edit.definition_removed else None
        if edit.dropped:
            note = (
                note or ""
            ) + f"; also removed {', '.join(edit.dropped)}, which hookdash had created"
        out = [
            Change(
                file=file,
                scope=scope,
                key=at.pointer,
                action="remove",
                value=hook_at(value, at),
                note=note,
            )
        ]
        new_text = edit.text
        if scope in list_scopes:
            entries = remove_entry(
                new_text, hook.id, "auto", file=file, scope=scope, environ=env.environ, shown=shown
            )
            if entries.text is not None:
                new_text = entries.text
                out.extend(entries.changes)
        return FileEdit(text=new_text, changes=out)

    written = write_settings(config, scope, transform, dry_run)
    all_changes = list(written.edit.changes)
    diffs = [written.diff]
    for other in (s for s in list_scopes if s != scope):
        other_layer = config.layers[other]

        def drop(
            text: str | None, other: WritableScope = other, other_layer: Any = other_layer
        ) -> FileEdit:
            return remove_entry(
                text,
                hook.id,
                "auto",
                file=str(other_layer.path),
                scope=other,
                environ=env.environ,
                shown=env.display(other_layer.path),
            )

        try:
            more = write_settings(config, other, drop, dry_run)
        except EditError as exc:
            exc.applied = [] if dry_run else all_changes
            raise
        all_changes.extend(more.edit.changes)
        diffs.append(more.diff)
    edit = results[-1]
    if not dry_run and edit.dropped:
        _forget_created(config, scope, edit.dropped)
    if others:
        notes.append(
            f"{len(others)} other hook(s) have the ID '{hook.id}', so its disabled-list entries "
            "stay."
        )
    for ro in read_only_lists:
        notes.append(f"The {ro} settings still list '{hook.id}' (hookdash does not write them).")
    what = describe_hook(hook)
    extra = ""
    if edit.definition_removed:
        extra = f" and the definition it {'would leave' if dry_run else 'left'} empty"
    message = f"{'Would remove' if dry_run else 'Removed'} {what}{extra} from {shown}."
    return AuthoringResult(
        action="remove",
        identifier=hook.id,
        changed=not dry_run,
        message=message,
        changes=all_changes,
        hooks=[hook.as_ref()],
        notes=notes,
        dry_run=dry_run,
        diff="".join(diffs),
    )
