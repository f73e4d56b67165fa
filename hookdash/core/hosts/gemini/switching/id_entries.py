"""The disabled-list entries that follow a hook's ID when an edit changes it or a removal
takes the hook away.

Gemini's disabled lists name a hook by its ID (its name, else its command). An edit that
changes the ID renames the entry where it is, so the hook stays disabled; a removal drops
the entry. Either leaves the entry alone while another hook still has the old ID, and
only the user and workspace lists are written — a system list is named in a note.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_paths import JsonEditError, get_list
from hookdash.core.edit.editor.json_style import is_blank
from hookdash.core.edit.editor.settings_file import (
    WRITABLE_SCOPES,
    FileEdit,
    SettingsFile,
    WritableScope,
    parse_settings,
)
from hookdash.core.edit.editor.settings_write import Transform
from hookdash.core.edit.edits import Change, ChangeAction
from hookdash.core.hosts.gemini.expand import expand_settings_string
from hookdash.core.hosts.gemini.layers import READ_ONLY_SCOPES
from hookdash.core.hosts.gemini.switching.disabled_list import disabled_entries
from hookdash.core.hosts.gemini.switching.disabled_text import (
    CURRENT,
    LEGACY,
    key_name,
    remove_entry,
)
from hookdash.core.load.lookup import registrable

if TYPE_CHECKING:
    from hookdash.core.model import Configuration, Hook


@dataclass(frozen=True)
class IdEntries:
    """Where the disabled lists name a hook's ID, and the other hooks that share it."""

    identifier: str
    others: list[Hook]  # other valid hooks with the same ID
    writable: list[WritableScope]  # the user/workspace files whose lists name it
    read_only: list[str]  # the system layers whose lists name it

    def renamed_notes(self, new: str) -> list[str]:
        """What an edit that changes the ID to `new` says about the entries."""
        notes = []
        if self.others:
            notes.append(
                f"{len(self.others)} other hook(s) still have the ID '{self.identifier}', so its "
                f"disabled-list entries stay and '{new}' was added next to them where they are."
            )
        for scope in self.read_only:
            notes.append(
                f"The {scope} settings disable '{self.identifier}'; they no longer match this "
                f"hook as '{new}' (hookdash does not write them)."
            )
        return notes

    def removed_notes(self) -> list[str]:
        """What a removal says about the entries it leaves."""
        notes = []
        if self.others:
            notes.append(
                f"{len(self.others)} other hook(s) have the ID '{self.identifier}', so its "
                "disabled-list entries stay."
            )
        for scope in self.read_only:
            notes.append(
                f"The {scope} settings still list '{self.identifier}' (hookdash does not write "
                "them)."
            )
        return notes


def _others(config: Configuration, hook: Hook) -> list[Hook]:
    return [h for h in config.hooks if registrable(h) and h.ref != hook.ref and h.id == hook.id]


def entries_to_rename(config: Configuration, hook: Hook, *, id_changes: bool) -> IdEntries:
    """The entries an edit renames: those naming the hook's ID, if the edit changes it."""
    writable, read_only = _listing_scopes(config, hook.id) if id_changes else ([], [])
    return IdEntries(hook.id, _others(config, hook), writable, read_only)


def entries_to_drop(config: Configuration, hook: Hook) -> IdEntries:
    """The entries a removal drops: none while another hook still has the ID."""
    others = _others(config, hook)
    writable, read_only = ([], []) if others else _listing_scopes(config, hook.id)
    return IdEntries(hook.id, others, writable, read_only)


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


def _entry_matches(entry: Any, identifier: str, environ: Mapping[str, str]) -> bool:
    return isinstance(entry, str) and expand_settings_string(entry, environ) == identifier


def _renamed_list(
    text: str, path: tuple[str, ...], items: list[Any], hits: list[int], new: str, has_new: bool
) -> tuple[str, ChangeAction, Any]:
    """The list with the entries at `hits` renamed to `new` (one kept, the rest removed;
    none kept when `new` is listed already), and the change to report."""
    for index in reversed(hits[1:]):
        text = jsonedit.remove_from_list(text, path, index)
    if has_new:
        return jsonedit.remove_from_list(text, path, hits[0]), "remove", items[hits[0]]
    text = jsonedit.replace_in_list(text, path, hits[0], new)
    return text, "replace", {"from": items[hits[0]], "to": new}


def rename_entries(
    text: str, old: str, new: str, *, keep_old: bool, at: SettingsFile
) -> tuple[str, list[Change]]:
    """Keep the disabled lists of one file in step with a hook whose ID changes from `old`
    to `new`: the entry is renamed where it is, or (other hooks still have `old`,
    `keep_old`) `new` is added next to it."""
    changes: list[Change] = []
    for path in (CURRENT, LEGACY):
        try:
            items = get_list(parse_settings(text, at.shown), path)
        except JsonEditError:
            continue  # not a list: the disabled-list commands explain that shape
        hits = [i for i, e in enumerate(items or []) if _entry_matches(e, old, at.environ)]
        if items is None or not hits:
            continue
        has_new = any(_entry_matches(e, new, at.environ) for e in items)
        action: ChangeAction
        if not keep_old:
            text, action, shown_value = _renamed_list(text, path, items, hits, new, has_new)
        elif has_new:
            continue
        else:
            text = jsonedit.append_to_list(text, path, new)
            action, shown_value = "add", new
        changes.append(
            at.change(
                key_name(path),
                action,
                shown_value,
                before=items,
                after=get_list(parse_settings(text, at.shown), path),
                note="other hooks still have the old ID" if keep_old else "the hook's ID changed",
            )
        )
    return text, changes


def renaming(at: SettingsFile, old: str, new: str, *, keep_old: bool) -> Transform:
    """The transform that keeps another file's disabled lists in step with the new ID."""

    def rename(text: str | None) -> FileEdit:
        if text is None or is_blank(text):
            return FileEdit(text=None)
        new_text, renamed = rename_entries(text, old, new, keep_old=keep_old, at=at)
        return FileEdit(text=new_text if renamed else None, changes=renamed)

    return rename


def dropping(at: SettingsFile, identifier: str) -> Transform:
    """The transform that drops a removed hook's entries from a file's disabled lists."""

    def drop(text: str | None) -> FileEdit:
        return remove_entry(text, identifier, "auto", at)

    return drop
