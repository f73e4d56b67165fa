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

import dataclasses
from typing import TYPE_CHECKING

from hookdash.core import jsonc
from hookdash.core.edit.editor.hook_text import (
    HookPath,
    TextEdit,
    add_hook as add_hook_text,
    hook_at,
    remove_hook as remove_hook_text,
)
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.settings_file import FileEdit, SettingsFile, check_scope
from hookdash.core.edit.editor.settings_write import Transform, write_also, write_settings
from hookdash.core.edit.edits import AuthoringResult, Change
from hookdash.core.edit.undo import created_keys
from hookdash.core.errors import InvalidHookError
from hookdash.core.hosts.gemini.authoring.after_write import (
    forget_created,
    remember_created,
    settle,
    untrusted_folder_note,
)
from hookdash.core.hosts.gemini.authoring.hook_draft import (
    HookDraft,
    draft_key,
    draft_warnings,
    duplicate_in,
    validate_draft,
)
from hookdash.core.hosts.gemini.authoring.hook_edit import (
    EditPlan,
    HookChanges,
    edit_transform,
    plan_edit,
    retrust_note,
)
from hookdash.core.hosts.gemini.authoring.hook_target import HookTarget, resolve_hook
from hookdash.core.hosts.gemini.expand import expand_settings_string
from hookdash.core.hosts.gemini.switching.id_entries import (
    IdEntries,
    dropping,
    entries_to_drop,
    entries_to_rename,
    renaming,
)
from hookdash.core.load.lookup import describe_hook

if TYPE_CHECKING:
    from hookdash.core.model import Configuration, Hook


# ------------------------------------------------------------------ add


def _add_transform(at: SettingsFile, draft: HookDraft, done: list[TextEdit]) -> Transform:
    """The add as a pure function of the file's text; `done` gets each application's edit."""
    hook = draft.hook_object()
    key = draft_key(draft, at.environ)

    def transform(text: str | None) -> FileEdit:
        current, notes, value = at.prepare(text)
        twin = duplicate_in(value, draft.event, key, at.environ)
        if twin is not None:
            line = jsonc.LineFinder(current).line(twin)
            raise InvalidHookError(
                f"{at.shown} already has a {draft.event} hook with this name and command "
                f"(line {line}); Gemini would run only one of them. Change the name or the "
                "command, or edit that hook (`hookdash edit`).",
                path=at.file,
            )
        try:
            edit = add_hook_text(current, draft.event, hook, draft.matcher, draft.sequential)
        except JsonEditError as exc:
            raise at.shape_error(exc) from None
        done.append(edit)
        assert edit.path is not None
        note = (
            f"joined the definition at {edit.joined}"
            if edit.joined
            else "a new definition" + (f" for matcher {draft.matcher!r}" if draft.matcher else "")
        )
        change = at.change(edit.path.pointer, "add", hook, note=note)
        return FileEdit(text=edit.text, changes=[change], notes=notes)

    return transform


def _added_message(
    draft: HookDraft, identifier: str, at: SettingsFile, edit: TextEdit, dry_run: bool
) -> str:
    placed = (
        "joining the definition with the same matcher"
        if edit.joined
        else "as a new definition" + (f" with matcher {draft.matcher!r}" if draft.matcher else "")
    )
    verb = "Would add" if dry_run else "Added"
    return f"{verb} '{identifier}' to {draft.event} in {at.scope} settings ({at.shown}), {placed}."


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
    at = SettingsFile.of(config, target)
    done: list[TextEdit] = []
    written = write_settings(config, target, _add_transform(at, draft, done), dry_run)
    diff = written.diff
    # The new text is in the file now: not held while `settle` reads the file again.
    edit = dataclasses.replace(done.pop(), text="")
    assert edit.path is not None
    identifier = draft.name or expand_settings_string(draft.command, at.environ)
    warnings = draft_warnings(config, draft, target, file=at.file)
    notes, changes = list(written.edit.notes), list(written.edit.changes)
    del written
    if draft.sequential:
        notes.append(
            f"Sequential: Gemini CLI runs every {draft.event} hook one after another as soon as "
            "any of them asks to."
        )
    hooks = []
    if not dry_run:
        notes.extend(remember_created(config, target, edit.created))
        new_hook = settle(config, at.file, edit.path.pointer, trust, changes, notes)
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
        message=_added_message(draft, identifier, at, edit, dry_run),
        changes=changes,
        hooks=hooks,
        notes=notes,
        warnings=warnings,
        dry_run=dry_run,
        diff=diff,
    )


# ------------------------------------------------------------------ edit


def _write_edit(
    config: Configuration, target: HookTarget, plan: EditPlan, ids: IdEntries, dry_run: bool
) -> tuple[list[Change], str, HookPath]:
    """The edit written to the hook's file, then its new ID to the other files' disabled
    lists: every change, the diffs, and where the hook is now."""
    at = target.at
    landed: list[HookPath] = []
    written = write_settings(config, at.scope, edit_transform(target, plan, ids, landed), dry_run)
    keep_old = bool(ids.others)
    elsewhere = [
        (s, renaming(SettingsFile.of(config, s), ids.identifier, plan.new_id, keep_old=keep_old))
        for s in ids.writable
        if s != at.scope
    ]
    changes, diff = write_also(config, written, elsewhere, dry_run)
    return changes, diff, landed[-1]


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
    target = HookTarget.of(config, hook)
    at, plan = target.at, plan_edit(target, changes)
    if plan.unchanged:
        return AuthoringResult(
            action="edit",
            identifier=hook.id,
            changed=False,
            message=f"{describe_hook(hook)} already has these values; nothing changed.",
            hooks=[hook.as_ref()],
            notes=notes,
            dry_run=dry_run,
        )
    id_changes = plan.new_id != hook.id
    ids = entries_to_rename(config, hook, id_changes=id_changes)
    all_changes, diff, new_at = _write_edit(config, target, plan, ids, dry_run)
    warnings = draft_warnings(
        config,
        plan.draft(hook.event),
        at.scope,
        file=at.file,
        replacing=hook,
        about_id=id_changes or "name" in plan.hook_fields,
    )
    verb = "Would change" if dry_run else "Changed"
    message = f"{verb} {', '.join(plan.changed_fields())} of {describe_hook(hook)}."
    if plan.move:
        joined = any(c.note and c.note.startswith("joined") for c in all_changes)
        notes.append(plan.move_note(new_at.pointer, joined))
    if id_changes:
        notes.extend(ids.renamed_notes(plan.new_id))
    hooks = [hook.as_ref()]
    if not dry_run:
        edited = settle(config, at.file, new_at.pointer, trust, all_changes, notes)
        hooks = [edited.as_ref()] if edited is not None else hooks
        notes.extend([] if trust else retrust_note(hook, plan))
    notes.extend(untrusted_folder_note(config, at.scope))
    return AuthoringResult(
        action="edit",
        identifier=plan.new_id,
        changed=not dry_run,
        message=message,
        changes=all_changes,
        hooks=hooks,
        notes=notes,
        warnings=warnings,
        dry_run=dry_run,
        diff=diff,
    )


# ------------------------------------------------------------------ remove


def _remove_transform(
    target: HookTarget, droppable: set[str], drop_entries: bool, done: list[TextEdit]
) -> Transform:
    """The removal as a pure function of the file's text; `done` gets each application's
    edit; `drop_entries`: the hook's disabled-list entries in this file go too."""
    at = target.at

    def transform(text: str | None) -> FileEdit:
        value, where = target.locate(text)
        assert text is not None  # `locate` refuses a file without the hook
        try:
            edit = remove_hook_text(text, where, droppable)
        except JsonEditError as exc:
            raise at.shape_error(exc) from None
        done.append(edit)
        note = "and its definition, left empty" if edit.definition_removed else None
        if edit.dropped:
            created = ", ".join(edit.dropped)
            note = (note or "") + f"; also removed {created}, which hookdash had created"
        out = [at.change(where.pointer, "remove", hook_at(value, where), note=note)]
        new_text = edit.text
        if drop_entries:
            entries = dropping(at, target.hook.id)(new_text)
            if entries.text is not None:
                new_text = entries.text
                out.extend(entries.changes)
        return FileEdit(text=new_text, changes=out)

    return transform


def _trust_left_behind(config: Configuration, hook: Hook) -> list[str]:
    """A removed project hook's key stays in Gemini's trusted_hooks.json (Gemini never
    drops a key either): said, since a hook that comes back with that name and command
    would then run without Gemini's first-seen warning."""
    trusted = config.trust_store.get(config.env.project_root, [])
    if hook.scope != "workspace" or hook.key not in trusted:
        return []
    if any(h.key == hook.key and h.ref != hook.ref for h in config.hooks if h.scope == "workspace"):
        return []  # another project hook still stands behind that key
    shown = config.env.display(config.env.trusted_hooks_path)
    return [
        f"Its trust stays in {shown} under this project (Gemini never drops a trusted key): "
        "a hook added later with the same name and command runs without Gemini's first-seen "
        "warning. Delete that key from the file to forget it."
    ]


def remove_hook(config: Configuration, hook_id: str, *, dry_run: bool = False) -> AuthoringResult:
    """Remove one hook of the user or workspace settings (see the module docstring)."""
    hook, notes = resolve_hook(config, hook_id)
    target = HookTarget.of(config, hook)
    at = target.at
    droppable = created_keys.created_in(config.env, config.layers[at.scope].path)
    ids = entries_to_drop(config, hook)
    done: list[TextEdit] = []
    transform = _remove_transform(target, droppable, at.scope in ids.writable, done)
    written = write_settings(config, at.scope, transform, dry_run)
    elsewhere = [
        (s, dropping(SettingsFile.of(config, s), hook.id)) for s in ids.writable if s != at.scope
    ]
    all_changes, diff = write_also(config, written, elsewhere, dry_run)
    edit = done[-1]
    if not dry_run and edit.dropped:
        forget_created(config, at.scope, edit.dropped)
    notes.extend(ids.removed_notes())
    notes.extend(_trust_left_behind(config, hook))
    extra = ""
    if edit.definition_removed:
        extra = f" and the definition it {'would leave' if dry_run else 'left'} empty"
    verb = "Would remove" if dry_run else "Removed"
    return AuthoringResult(
        action="remove",
        identifier=hook.id,
        changed=not dry_run,
        message=f"{verb} {describe_hook(hook)}{extra} from {at.shown}.",
        changes=all_changes,
        hooks=[hook.as_ref()],
        notes=notes,
        dry_run=dry_run,
        diff=diff,
    )
