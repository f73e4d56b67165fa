"""Switching hooks off and on: the disabled lists of the user and workspace settings.

Disable adds the hook's identifier to the list(s) of one scope (`disabled_text` says which
lists a `DisabledKey` selects). Enable removes it from every writable scope that lists it
and says which read-only scope (system, system-defaults) still disables the hook. What a
disable created or replaced is remembered (`created_keys`, `disable_undo`), so an enable
leaves no residue of hookdash's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core import jsonc
from hookdash.core.edit.editor.json_paths import JsonEditError, get_value
from hookdash.core.edit.editor.settings_file import (
    WRITABLE_SCOPES,
    FileEdit,
    SettingsFile,
    WritableScope,
    check_readable,
    check_scope,
    edit_settings_file,
    parses,
)
from hookdash.core.edit.edits import Change, EditResult
from hookdash.core.edit.undo import created_keys, disable_undo
from hookdash.core.errors import EditError, NotDisableableError
from hookdash.core.hosts.gemini.expand import expand_settings_string
from hookdash.core.hosts.gemini.layers import MERGE_ORDER, READ_ONLY_SCOPES, Scope
from hookdash.core.hosts.gemini.switching.disabled_text import (
    CURRENT,
    LEGACY,
    DisabledKey,
    Enabling,
    add_entry,
    key_name,
)
from hookdash.core.load.lookup import Lookup, describe_hook, find_hooks, registrable
from hookdash.core.model import Hook

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


def _lookup(config: Configuration, hook_or_id: Hook | str, entries: list[str]) -> Lookup:
    if isinstance(hook_or_id, Hook):
        if not registrable(hook_or_id):
            raise NotDisableableError(
                f"{describe_hook(hook_or_id)} is invalid, so Gemini CLI discards it; there is "
                "nothing to switch."
            )
        return find_hooks(config, hook_or_id.ref)
    return find_hooks(config, hook_or_id, entries=entries)


def _shared_note(lookup: Lookup) -> list[str]:
    if len(lookup.hooks) <= 1:
        return []
    listed = "; ".join(describe_hook(h) for h in lookup.hooks)
    return [
        f"All {len(lookup.hooks)} hooks with the ID '{lookup.identifier}' are affected: Gemini's "
        f"disabled list is keyed by that ID. They are: {listed}."
    ]


def disable_hook(
    config: Configuration,
    hook_or_id: Hook | str,
    scope: str = "user",
    disabled_key: DisabledKey = "auto",
) -> EditResult:
    """Add the hook's identifier to the disabled list of `scope`'s settings file."""
    target = check_scope(config, scope)
    lookup = _lookup(config, hook_or_id, [])
    identifier = _disableable(lookup.identifier, config.env.environ)
    env = config.env
    layer = config.layers[target]
    shown = env.display(layer.path)
    edit = edit_settings_file(
        config,
        target,
        lambda text: add_entry(text, identifier, disabled_key, SettingsFile.of(config, target)),
    )
    notes = _disable_notes(config, lookup, target, disabled_key)
    if edit.text is None:
        message = (
            f"'{identifier}' is already disabled in {target} settings ({shown}, "
            f"{' and '.join(edit.already)}); nothing changed."
        )
    else:
        notes += _remember_disable(config, layer.path, identifier, edit)
        lists = " and ".join(c.key for c in edit.changes)
        message = f"Disabled '{identifier}' in {target} settings ({shown}, {lists})."
        notes = edit.notes + notes
    return EditResult(
        action="disable",
        identifier=identifier,
        changed=edit.text is not None,
        message=message,
        changes=edit.changes,
        hooks=[h.as_ref() for h in lookup.hooks],
        notes=notes,
    )


def _disableable(identifier: str, environ: Mapping[str, str]) -> str:
    """The identifier, unless no disabled-list entry can match it."""
    if expand_settings_string(identifier, environ) != identifier:
        raise NotDisableableError(
            f"'{identifier}' holds a $VARIABLE that Gemini CLI expands in settings files (but "
            "not in extension hooks), so no disabled-list entry can match it; give the hook "
            "a name, or disable its extension."
        )
    return identifier


def _disable_notes(
    config: Configuration, lookup: Lookup, target: WritableScope, disabled_key: DisabledKey
) -> list[str]:
    """What a disable should say besides the change itself."""
    notes = [*lookup.notes, *_shared_note(lookup)]
    elsewhere = sorted({s for h in lookup.hooks for s in h.disabled_in} - {target})
    if elsewhere:
        notes.append(f"It was already disabled in the {', '.join(elsewhere)} settings.")
    if disabled_key == "hooks" and not any(h.disabled for h in lookup.hooks):
        notes.append(
            "Only the legacy hooks.disabled list was written: Gemini CLI 0.26 and later "
            "ignore it, so current Gemini CLI still runs this hook."
        )
    if target == "workspace" and not config.snapshot.folder_trust.trusted:
        notes.append(
            "The folder is not trusted, so Gemini CLI ignores the workspace settings file "
            "(and runs no settings hook at all) until you trust it."
        )
    return notes


def _remember_disable(
    config: Configuration, path: Path, identifier: str, edit: FileEdit
) -> list[str]:
    """Record what the disable created and replaced (for the enable); notes if it cannot."""
    env = config.env
    assert edit.text is not None
    try:
        if edit.created:
            created_keys.remember(env, path, edit.created)
        if edit.before is not None and parses(edit.before):
            disable_undo.remember_disable(env, path, identifier, edit.before, edit.text)
        else:  # no file, or a blank one (which Gemini refuses): nothing to give back
            disable_undo.forget(env, path)
    except EditError as exc:
        return [
            f"hookdash could not note what it changed in its own state ({exc.message}): "
            "switching the hook on again may leave an empty disabled list behind."
        ]
    return []


def _remember_enable(config: Configuration, path: Path, edit: FileEdit) -> list[str]:
    env = config.env
    assert edit.text is not None
    try:
        if edit.restored:
            disable_undo.restored(env, path)
            created = created_keys.created_in(env, path)
            restored = jsonc.parse(edit.text) if created else None  # parsed once
            gone = [p for p in created if not get_value(restored, jsonc.pointer_tokens(p))[0]]
            created_keys.forget(env, path, gone)
        else:
            disable_undo.forget(env, path)
            created_keys.forget(env, path, edit.removed)
    except (EditError, JsonEditError) as exc:
        return [f"hookdash could not update its own state ({exc}); the settings file is fine."]
    return []


def disabled_entries(config: Configuration) -> dict[str, dict[str, list[str]]]:
    """Every disabled-list entry (expanded), by scope and key, in every parsed layer."""
    out: dict[str, dict[str, list[str]]] = {}
    for scope, layer in config.layers.items():
        if not layer.parsed:
            continue
        for path in (CURRENT, LEGACY):
            parent = layer.settings.get(path[0])
            items = parent.get(path[1]) if isinstance(parent, dict) else None
            if isinstance(items, list):
                strings = [i for i in items if isinstance(i, str)]
                out.setdefault(scope, {})[key_name(path)] = strings
    return out


def enable_hook(
    config: Configuration, hook_or_id: Hook | str, disabled_key: DisabledKey = "auto"
) -> EditResult:
    """Remove the hook's identifier from the disabled lists of every writable scope."""
    env = config.env
    lists = disabled_entries(config)
    entries = [e for by_key in lists.values() for items in by_key.values() for e in items]
    lookup = _lookup(config, hook_or_id, entries)
    identifier = lookup.identifier
    scopes = [s for s in WRITABLE_SCOPES if not (s == "workspace" and env.workspace_is_home)]
    for scope in scopes:
        check_readable(config, scope, "whether that file disables the hook")
    changes: list[Change] = []
    notes: list[str] = [*lookup.notes]
    for scope in scopes:
        path = config.layers[scope].path
        try:
            edit = _enable_in(config, scope, identifier, disabled_key)
        except EditError as exc:
            exc.applied = changes
            raise
        changes.extend(edit.changes)
        notes.extend(edit.notes)
        if edit.text is not None:
            notes += _remember_enable(config, path, edit)
    notes.extend(_shared_note(lookup))
    if lookup.matched_by == "entry":
        notes.append(f"No configured hook has the ID '{identifier}'; its entry was stale.")
    still: list[Scope] = [
        s
        for s in MERGE_ORDER
        if s in READ_ONLY_SCOPES
        if config.layers[s].usable and identifier in lists.get(s, {}).get(key_name(CURRENT), [])
    ]
    notes.extend(_kept_elsewhere(config, lists, identifier, disabled_key, scopes))
    return EditResult(
        action="enable",
        identifier=identifier,
        changed=bool(changes),
        message=_enable_message(config, identifier, changes, still),
        changes=changes,
        hooks=[h.as_ref() for h in lookup.hooks],
        notes=notes,
        still_disabled_by=still,
    )


def _enable_in(
    config: Configuration, scope: WritableScope, identifier: str, disabled_key: DisabledKey
) -> FileEdit:
    """Remove the identifier from one scope's file, undoing what its disable left."""
    env = config.env
    path = config.layers[scope].path
    enabling = Enabling(
        identifier=identifier,
        disabled_key=disabled_key,
        at=SettingsFile.of(config, scope),
        created=frozenset(created_keys.created_in(env, path)),
        undo=tuple(disable_undo.restores(env, path)),
    )
    return edit_settings_file(config, scope, enabling.apply)


def _enable_message(
    config: Configuration, identifier: str, changes: list[Change], still: list[Scope]
) -> str:
    """What an enable did, and who still disables the hook."""
    by_scope: dict[str, list[str]] = {}
    for change in changes:
        by_scope.setdefault(change.scope, []).append(change.key)
    removed_from = " and ".join(f"{s} settings ({' and '.join(k)})" for s, k in by_scope.items())
    admin = ", ".join(f"{s} settings ({config.env.display(config.layers[s].path)})" for s in still)
    if changes and not still:
        return f"Enabled '{identifier}': removed it from {removed_from}."
    if changes:
        return (
            f"Removed '{identifier}' from {removed_from}, but it stays disabled: the {admin} "
            "disable it too, and hookdash does not write those — ask the administrator."
        )
    if still:
        return (
            f"'{identifier}' is not in the disabled list of the user or workspace settings; it "
            f"is disabled by the {admin}, which hookdash does not write — ask the administrator."
        )
    return (
        f"'{identifier}' is not in the disabled list of the user or workspace settings; "
        "nothing changed."
    )


def _kept_elsewhere(
    config: Configuration,
    lists: dict[str, dict[str, list[str]]],
    identifier: str,
    disabled_key: DisabledKey,
    scopes: list[WritableScope],
) -> list[str]:
    """Notes for the list a non-auto enable deliberately left alone."""
    if disabled_key == "auto":
        return []
    other = LEGACY if disabled_key == "hooksConfig" else CURRENT
    holders = [s for s in scopes if identifier in lists.get(s, {}).get(key_name(other), [])]
    if not holders:
        return []
    where = ", ".join(holders)
    if other == LEGACY:
        return [
            f"hooks.disabled in the {where} settings still lists it: Gemini CLI 0.26+ ignores "
            "that list, older versions would still disable the hook (--disabled-key auto "
            "removes it there too)."
        ]
    return [
        f"hooksConfig.disabled in the {where} settings still lists it, so Gemini CLI 0.26+ "
        "keeps it disabled (--disabled-key auto removes it there too)."
    ]


def toggle_hook(
    config: Configuration,
    hook: Hook,
    scope: str = "user",
    disabled_key: DisabledKey = "auto",
) -> EditResult:
    """The dashboard's one-key toggle: enable a disabled hook, else disable it in `scope`.

    A hook disabled only by a read-only scope stays disabled; the result says by which.
    """
    if hook.disabled:
        return enable_hook(config, hook, disabled_key)
    return disable_hook(config, hook, scope, disabled_key)
