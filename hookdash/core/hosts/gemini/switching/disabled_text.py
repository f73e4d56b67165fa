"""Text edits of the disabled lists in one settings file.

Gemini CLI 0.26+ honours only `hooksConfig.disabled`; older versions (and the seeds) used
`hooks.disabled`. Which list an edit writes (`DisabledKey`):
- `auto` (default): `hooksConfig.disabled`, and the same change in `hooks.disabled` when
  the edited file already has that list, so both generations of Gemini CLI agree;
- `hooks`: only the legacy `hooks.disabled` (for Gemini CLI before 0.26);
- `hooksConfig`: only `hooksConfig.disabled`.

An entry is the hook's identifier: its name, or its command when it has none. Entries are
compared after `$VAR` expansion, as Gemini compares them. The edits are splices of one
list in the file's text (`jsonedit`), pure functions of that text (`FileEdit`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_document import Document
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.json_style import is_blank
from hookdash.core.edit.editor.json_verify import same_value
from hookdash.core.edit.editor.settings_file import (
    FileEdit,
    SettingsFile,
    check_settings,
    parses,
    start_text,
)
from hookdash.core.edit.edits import Change
from hookdash.core.edit.undo import disable_undo
from hookdash.core.errors import UnsupportedShapeError
from hookdash.core.hosts.gemini.expand import expand_settings_string

DisabledKey = Literal["auto", "hooks", "hooksConfig"]
CURRENT: tuple[str, str] = ("hooksConfig", "disabled")
LEGACY: tuple[str, str] = ("hooks", "disabled")


def key_name(path: tuple[str, ...]) -> str:
    return ".".join(path)


def _list_of(value: str | Document, path: tuple[str, ...], file: str) -> list[Any] | None:
    """The list at `path` of a text (or a Document of it), None when missing."""
    try:
        return jsonedit.list_at(value, path)
    except JsonEditError as exc:
        raise UnsupportedShapeError(
            f"In {file}, {exc.message}, so hookdash cannot edit {key_name(path)}; fix it "
            "by hand (it should be a list of hook names).",
            path=file,
        ) from None


def _matches(entry: Any, identifier: str, environ: Mapping[str, str]) -> bool:
    return isinstance(entry, str) and expand_settings_string(entry, environ) == identifier


def _splice(text: str, edit: Callable[[str], str], file: str) -> str:
    try:
        return edit(text)
    except JsonEditError as exc:
        raise UnsupportedShapeError(f"In {file}: {exc.message}.", path=file) from None
    finally:
        jsonc.release()  # the text cached for the splice is the old one: let it go


def add_entry(
    text: str | None,
    identifier: str,
    disabled_key: DisabledKey,
    at: SettingsFile,
) -> FileEdit:
    """Add `identifier` to the disabled list(s) `disabled_key` selects in one file."""
    shown, environ = at.shown, at.environ
    current, notes = start_text(text, shown)  # a non-blank text as it is
    check_settings(current, shown)
    if disabled_key == "auto":
        targets = [CURRENT]
        _found, legacy = jsonc.value_at(current, LEGACY)
        if isinstance(legacy, list):
            targets.append(LEGACY)  # mirrored only into a list that already exists
    else:
        targets = [LEGACY if disabled_key == "hooks" else CURRENT]
    changes: list[Change] = []
    already: list[str] = []
    created: list[str] = []
    for path in targets:
        doc = Document(current, path)  # one map of the text for look and edit
        items = _list_of(doc, path, shown)
        if items is not None and any(_matches(e, identifier, environ) for e in items):
            already.append(key_name(path))
            continue
        created += _missing_pointers(doc, path)
        try:
            current = jsonedit.append_to_list(doc, path, identifier)
        except JsonEditError as exc:
            raise UnsupportedShapeError(f"In {shown}: {exc.message}.", path=shown) from None
        finally:
            del doc
            jsonc.release()  # the old text's cache: not held beside the new text
        after = [*(items or []), identifier]  # what the edit was verified to give
        mirrored = path == LEGACY and disabled_key == "auto"
        note = "mirrored: this file also has the legacy list" if mirrored else None
        changes.append(
            at.change(key_name(path), "add", identifier, before=items, after=after, note=note)
        )
    if not changes:
        return FileEdit(text=None, already=already)
    return FileEdit(text=current, changes=changes, notes=notes, already=already, created=created)


def _missing_pointers(doc: Document, path: tuple[str, ...]) -> list[str]:
    """Pointers of the objects and the list along `path` that do not exist yet."""
    depth = len(jsonc.pointer_tokens(doc.deepest(path)))
    return [jsonc.pointer(*path[:d]) for d in range(depth + 1, len(path) + 1)]


def enable_entry(
    text: str | None,
    identifier: str,
    disabled_key: DisabledKey,
    at: SettingsFile,
    *,
    created: frozenset[str] = frozenset(),
    undo: Sequence[disable_undo.Restore] = (),
) -> FileEdit:
    """`Enabling.apply` (see there)."""
    return Enabling(identifier, disabled_key, at, created, tuple(undo)).apply(text)


@dataclass(frozen=True)
class Enabling:
    """An enable of one file, as a transform of its text (`apply`; a bound method, not a
    `partial`: a call through a C wrapper would keep the old text alive to the end)."""

    identifier: str
    disabled_key: DisabledKey
    at: SettingsFile
    created: frozenset[str] = frozenset()
    undo: tuple[disable_undo.Restore, ...] = ()

    def apply(self, text: str | None) -> FileEdit:
        """`remove_entry`, then no residue of hookdash's own: the containers a disable
        created (`created`) are removed once empty, and when the file is exactly as the
        last disable of this hook left it (`undo`), the text from before that disable is
        written back — byte for byte — if it means the same as this edit's result."""
        restore = (
            None
            if text is None
            else disable_undo.restore_for(list(self.undo), self.identifier, text)
        )
        edit = remove_entry(text, self.identifier, self.disabled_key, self.at)
        if edit.text is None or text is None:
            return edit
        del text  # a large file's old text need not outlive its first splice
        shown = self.at.shown
        current, edit.text = edit.text, None  # one reference: each splice lets the last go
        # Deepest first: the list, then the object that held only it.
        for ptr in sorted(self.created, key=lambda p: -p.count("/")):
            keys = tuple(jsonc.pointer_tokens(ptr))
            found, value = jsonc.value_at(current, keys)  # (only that value is built)
            if found and value in ([], {}):
                current = _splice(current, partial(jsonedit.remove_member, path=keys), shown)
                edit.removed.append(ptr)
        edit.text = current
        if (
            restore is not None
            and parses(restore.before)
            and same_value(jsonc.parse(restore.before), jsonc.parse(current))
        ):
            edit.text = restore.before
            edit.restored = True
        if edit.restored:
            edit.notes.append(
                f"{shown} is back, byte for byte, as it was before hookdash disabled the hook."
            )
        elif edit.removed:
            emptied = " and ".join(".".join(jsonc.pointer_tokens(p)) for p in edit.removed)
            edit.notes.append(f"Removed the emptied {emptied}, which hookdash had created.")
        return edit


def remove_entry(
    text: str | None,
    identifier: str,
    disabled_key: DisabledKey,
    at: SettingsFile,
) -> FileEdit:
    """Remove every entry that means `identifier` from the selected list(s) of one file."""
    shown, environ = at.shown, at.environ
    if text is None or is_blank(text):
        return FileEdit(text=None)
    check_settings(text, shown)
    paths = {"auto": [CURRENT, LEGACY], "hooks": [LEGACY], "hooksConfig": [CURRENT]}[disabled_key]
    # Which lists hold the entry, read from the text as it is (each edit below leaves the
    # other list as it was): a large file is mapped again only when both lists need it.
    found: list[tuple[tuple[str, str], list[Any], list[int]]] = []
    for path in paths:
        try:
            items = jsonedit.list_at(text, path)
        except JsonEditError:
            # Not a list: nothing to remove, unless it is the entry itself as a bare string
            # (Gemini's union merge wraps it in a list), which needs a person to fix.
            _found, bare = jsonc.value_at(text, path)
            if _matches(bare, identifier, environ):
                _list_of(text, path, shown)  # raises with the explanation
            continue
        hits = [i for i, e in enumerate(items or []) if _matches(e, identifier, environ)]
        if items is not None and hits:
            found.append((path, items, hits))
    current = text
    changes: list[Change] = []
    for path, items, hits in found:
        for index in reversed(hits):
            current = _splice(
                current, partial(jsonedit.remove_from_list, path=path, index=index), shown
            )
        after = [e for i, e in enumerate(items) if i not in hits]  # as verified
        changes.append(
            at.change(key_name(path), "remove", items[hits[0]], before=items, after=after)
        )
    return FileEdit(text=current if changes else None, changes=changes)
