"""Switching hooks off and on: the disabled lists of the user and workspace settings.

Gemini CLI 0.26+ honours only `hooksConfig.disabled`; older versions (and the seeds) used
`hooks.disabled`. Which list a toggle writes (`DisabledKey`):
- `auto` (default): `hooksConfig.disabled`, and the same change in `hooks.disabled` when
  the edited file already has that list, so both generations of Gemini CLI agree;
- `hooks`: only the legacy `hooks.disabled` (for Gemini CLI before 0.26);
- `hooksConfig`: only `hooksConfig.disabled`.
Enable removes the entry from every writable scope that lists it — from both lists under
`auto` — and says which read-only scope (system, system-defaults) still disables the hook.

An entry is the hook's identifier: its name, or its command when it has none. Entries are
compared after `$VAR` expansion, as Gemini compares them. The edits are splices of one
list in the file's text (`jsonedit`), written with `atomic.update_file`; a file that does
not parse is refused, a blank one (which Gemini refuses too) is started as `{}`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from hookdash.core.edit import created_keys, disable_undo, jsonedit
from hookdash.core.edit.atomic import update_file
from hookdash.core.edit.edits import Change, EditResult
from hookdash.core.edit.json_document import Document
from hookdash.core.edit.json_paths import JsonEditError, get_value
from hookdash.core.edit.json_style import blank_as_object, is_blank
from hookdash.core.edit.json_verify import same_value
from hookdash.core.errors import (
    EditError,
    NotDisableableError,
    ReadOnlyScopeError,
    SettingsParseError,
    UnsupportedShapeError,
    WorkspaceIsHomeError,
)
from hookdash.core.gemini import jsonc
from hookdash.core.gemini.expand import expand_settings_string
from hookdash.core.gemini.jsvalues import utf8
from hookdash.core.gemini.layers import MERGE_ORDER, READ_ONLY_SCOPES, Layer, Scope
from hookdash.core.load.lookup import Lookup, describe_hook, find_hooks, registrable
from hookdash.core.model import Hook

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

DisabledKey = Literal["auto", "hooks", "hooksConfig"]
WritableScope = Literal["user", "workspace"]
WRITABLE_SCOPES: tuple[WritableScope, ...] = ("user", "workspace")
CURRENT: tuple[str, str] = ("hooksConfig", "disabled")
LEGACY: tuple[str, str] = ("hooks", "disabled")


def key_name(path: tuple[str, ...]) -> str:
    return ".".join(path)


# ------------------------------------------------------------- edits of one file's text


@dataclass
class FileEdit:
    """A settings file's new text and what changed in it (a pure function of the text,
    so it can be re-applied when the file changed on disk)."""

    text: str | None  # None: nothing to change
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)  # lists that already held the entry
    # JSON pointers of the containers the edit created (`hooksConfig`, its list) or, on
    # an enable, removed again once emptied (see disable_undo).
    created: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    restored: bool = False  # an enable wrote back the text of before the disable
    before: str | None = None  # the file's text the write replaced (edit_settings_file)


def parse_settings(text: str, path: str) -> Any:
    """The document, or SettingsParseError with where it breaks."""
    check_settings(text, path)
    return jsonc.parse(text)


def check_settings(text: str, path: str) -> None:
    """SettingsParseError, with where it breaks, unless `text` is a JSON object (as Gemini
    reads it). Reads the text without building the document: a large file stays cheap."""
    try:
        jsonc.check(text)
    except jsonc.JsonParseError as exc:
        where = f" at line {exc.line}, column {exc.column}" if exc.line else ""
        raise SettingsParseError(
            f"{path} does not parse{where} ({exc.message}); hookdash does not rewrite a file "
            "it cannot read — fix it first.",
            path=path,
            line=exc.line,
            column=exc.column,
        ) from None
    if not jsonc.is_object_text(text):
        raise SettingsParseError(
            f"{path} is not a JSON object (Gemini CLI refuses it too); hookdash leaves it alone.",
            path=path,
            line=1,
            column=1,
        )


def start_text(text: str | None, path: str) -> tuple[str, list[str]]:
    """The text an edit starts from: `{}` for a missing or blank file, with a note."""
    if text is None:
        return "{}", [f"Created {path}."]
    if is_blank(text):
        spans = jsonc.comment_spans(text)
        if (
            spans
            and spans[-1][1] == len(text)
            and not text.endswith("*/")
            and (text[spans[-1][0] : spans[-1][0] + 2] == "/*")
        ):
            line, column = jsonc.line_col(text, spans[-1][0])
            raise SettingsParseError(
                f"{path} holds only comments, and the last one (line {line}) is never closed "
                "with */; hookdash leaves it alone — close the comment first.",
                path=path,
                line=line,
                column=column,
            )
        return blank_as_object(text), [
            f"{path} was empty (or only comments), which Gemini CLI refuses to start "
            "with; hookdash started it as {} and kept its comments."
        ]
    return text, []


def layer_problem(layer: Layer) -> str:
    """Why a settings file could not be read, with where it breaks when known."""
    error = layer.error
    if error is None:
        return "unknown error"
    where = f"line {error.line}, column {error.column}: " if error.line and error.column else ""
    return where + error.message


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


def add_entry(
    text: str | None,
    identifier: str,
    disabled_key: DisabledKey,
    *,
    file: str,
    scope: str,
    environ: Mapping[str, str],
    shown: str | None = None,
) -> FileEdit:
    """Add `identifier` to the disabled list(s) `disabled_key` selects in one file."""
    shown = shown or file  # names the file in messages; `file` goes in the changes
    if text is not None and not is_blank(text):
        check_settings(text, shown)
    current, notes = start_text(text, shown)
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
        after = [*(items or []), identifier]  # what the edit was verified to give
        changes.append(
            Change(
                file=file,
                scope=scope,
                key=key_name(path),
                action="add",
                value=identifier,
                before=items,
                after=after,
                note="mirrored: this file also has the legacy list"
                if path == LEGACY and disabled_key == "auto"
                else None,
            )
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
    *,
    file: str,
    scope: str,
    environ: Mapping[str, str],
    shown: str | None = None,
    created: frozenset[str] = frozenset(),
    undo: Sequence[disable_undo.Restore] = (),
) -> FileEdit:
    """`remove_entry`, then no residue of hookdash's own: the containers a disable created
    (`created`) are removed once empty, and when the file is exactly as the last disable
    of this hook left it (`undo`), the text from before that disable is written back —
    byte for byte — if it means the same as this edit's result."""
    edit = remove_entry(
        text, identifier, disabled_key, file=file, scope=scope, environ=environ, shown=shown
    )
    if edit.text is None or text is None:
        return edit
    shown = shown or file
    current = edit.text
    # Deepest first: the list, then the object that held only it.
    for ptr in sorted(created, key=lambda p: -p.count("/")):
        keys = tuple(jsonc.pointer_tokens(ptr))
        found, value = jsonc.value_at(current, keys)  # (only that value is built)
        if found and value in ([], {}):
            current = _splice(current, partial(jsonedit.remove_member, path=keys), shown)
            edit.removed.append(ptr)
    edit.text = current
    restore = disable_undo.restore_for(list(undo), identifier, text)
    if (
        restore is not None
        and _parses(restore.before)
        and same_value(jsonc.parse(restore.before), parse_settings(current, shown))
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
    *,
    file: str,
    scope: str,
    environ: Mapping[str, str],
    shown: str | None = None,
) -> FileEdit:
    """Remove every entry that means `identifier` from the selected list(s) of one file."""
    shown = shown or file  # names the file in messages; `file` goes in the changes
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
        changes.append(
            Change(
                file=file,
                scope=scope,
                key=key_name(path),
                action="remove",
                value=items[hits[0]],
                before=items,
                after=[e for i, e in enumerate(items) if i not in hits],  # as verified
            )
        )
    return FileEdit(text=current if changes else None, changes=changes)


# ------------------------------------------------------- the settings-file transaction


def edit_settings_file(
    config: Configuration, scope: WritableScope, transform: Callable[[str | None], FileEdit]
) -> FileEdit:
    """Apply `transform` to the scope's settings file, atomically.

    `transform` gets the file's current text (None: no file) and must be pure: when the
    file changes on disk — since hookdash loaded it, or while it writes — it is applied
    again to the fresh text, and the result says so.
    """
    layer = config.layers[scope]
    path = layer.path
    shown = config.env.display(path)
    results: list[FileEdit] = []

    def compute(data: bytes | None) -> bytes | None:
        text = None if data is None else decode_settings(data, shown)
        if (
            text is not None
            and layer.parsed
            and hashlib.sha256(data or b"").digest() == layer.digest
        ):
            # The very bytes the load parsed: no need to check or walk them again.
            jsonc.vouch(text, layer.root)
        edit = transform(text)
        results.append(edit)
        del text  # a large file's old text need not outlive the edit
        jsonc.release()
        # utf8: a lone surrogate can only be in a JSON string hookdash wrote (the file was
        # valid UTF-8), where its backslash escape is the same JSON value.
        return None if edit.text is None else utf8(edit.text)

    try:
        outcome = update_file(path, compute)
    except EditError as exc:
        if exc.path in (None, shown):
            exc.path = str(path)  # messages say `~/…`; `--json` gets the absolute path
        raise
    edit = results[-1]
    if edit.text is None:
        return edit
    # Compared by digest: a large file is not decoded again just to compare.
    loaded = layer.digest if layer.exists else None
    before = None if outcome.before is None else hashlib.sha256(outcome.before).digest()
    if outcome.before is not None and len(outcome.before) <= disable_undo.MAX_TEXT:
        edit.before = outcome.before.decode("utf-8")  # (for disable_undo; it was decoded)
    if outcome.attempts > 1:
        edit.notes.append(
            f"{shown} changed on disk while hookdash was writing it; the change was applied "
            "again to the new content."
        )
    elif before != loaded:
        edit.notes.append(
            f"{shown} changed on disk since hookdash read it; the change was applied to its "
            "current content."
        )
    if path.is_symlink():
        edit.notes.append(f"{shown} is a symlink: hookdash wrote its target, {outcome.target}.")
    return edit


def decode_settings(data: bytes, shown: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = jsonc.line_col(data[: exc.start].decode("utf-8", "replace"), exc.start)
        raise SettingsParseError(
            f"{shown} is not valid UTF-8 (line {line}); hookdash does not rewrite it, so no "
            "byte of it is lost.",
            path=shown,
            line=line,
            column=column,
        ) from None


# -------------------------------------------------------------------- the operations


def check_scope(config: Configuration, scope: str) -> WritableScope:
    """The scope as a writable one, or the reason hookdash does not write it."""
    if scope in READ_ONLY_SCOPES:
        raise ReadOnlyScopeError(
            f"The {scope} settings belong to the administrator of this machine; hookdash "
            "writes only user and workspace settings."
        )
    if scope == "workspace" and config.env.workspace_is_home:
        raise WorkspaceIsHomeError(
            "The workspace is your home directory, where Gemini CLI reads "
            f"{config.env.display(config.env.user_settings_path)} only once, as user "
            "settings, and never writes workspace settings; use --scope user."
        )
    if scope == "user":
        return "user"
    if scope == "workspace":
        return "workspace"
    raise EditError(f"Unknown scope '{scope}': use user or workspace.")


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
    identifier = lookup.identifier
    env = config.env
    if expand_settings_string(identifier, env.environ) != identifier:
        raise NotDisableableError(
            f"'{identifier}' holds a $VARIABLE that Gemini CLI expands in settings files (but "
            "not in extension hooks), so no disabled-list entry can match it; give the hook "
            "a name, or disable its extension."
        )
    layer = config.layers[target]
    shown = env.display(layer.path)
    edit = edit_settings_file(
        config,
        target,
        lambda text: add_entry(
            text,
            identifier,
            disabled_key,
            file=str(layer.path),
            scope=target,
            environ=env.environ,
            shown=shown,
        ),
    )
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
    if edit.text is not None:
        notes += _remember_disable(config, layer.path, identifier, edit)
    if edit.text is None:
        message = (
            f"'{identifier}' is already disabled in {target} settings ({shown}, "
            f"{' and '.join(edit.already)}); nothing changed."
        )
    else:
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


def _remember_disable(
    config: Configuration, path: Path, identifier: str, edit: FileEdit
) -> list[str]:
    """Record what the disable created and replaced (for the enable); notes if it cannot."""
    env = config.env
    assert edit.text is not None
    try:
        if edit.created:
            created_keys.remember(env, path, edit.created)
        if edit.before is not None and _parses(edit.before):
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
            gone = [
                p
                for p in created_keys.created_in(env, path)
                if not get_value(jsonc.parse(edit.text), jsonc.pointer_tokens(p))[0]
            ]
            created_keys.forget(env, path, gone)
        else:
            disable_undo.forget(env, path)
            created_keys.forget(env, path, edit.removed)
    except (EditError, JsonEditError) as exc:
        return [f"hookdash could not update its own state ({exc}); the settings file is fine."]
    return []


def _parses(text: str) -> bool:
    try:
        return isinstance(jsonc.parse(text), dict)
    except jsonc.JsonParseError:
        return False


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
        layer = config.layers[scope]
        if layer.exists and not layer.parsed and layer.error is not None:
            raise SettingsParseError(
                f"hookdash cannot read {env.display(layer.path)} ({layer_problem(layer)}), so it "
                "cannot tell whether that file disables the hook; fix it first.",
                path=str(layer.path),
                line=layer.error.line,
                column=layer.error.column,
            )
    changes: list[Change] = []
    notes: list[str] = [*lookup.notes]
    for scope in scopes:
        path = config.layers[scope].path
        shown = env.display(path)
        try:
            edit = edit_settings_file(
                config,
                scope,
                partial(
                    enable_entry,
                    identifier=identifier,
                    disabled_key=disabled_key,
                    file=str(path),
                    scope=scope,
                    environ=env.environ,
                    shown=shown,
                    created=frozenset(created_keys.created_in(env, path)),
                    undo=disable_undo.restores(env, path),
                ),
            )
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
    kept = _kept_elsewhere(config, lists, identifier, disabled_key, scopes)
    notes.extend(kept)
    by_scope: dict[str, list[str]] = {}
    for change in changes:
        by_scope.setdefault(change.scope, []).append(change.key)
    removed_from = " and ".join(f"{s} settings ({' and '.join(k)})" for s, k in by_scope.items())
    admin = ", ".join(f"{s} settings ({env.display(config.layers[s].path)})" for s in still)
    if changes and not still:
        message = f"Enabled '{identifier}': removed it from {removed_from}."
    elif changes:
        message = (
            f"Removed '{identifier}' from {removed_from}, but it stays disabled: the {admin} "
            "disable it too, and hookdash does not write those — ask the administrator."
        )
    elif still:
        message = (
            f"'{identifier}' is not in the disabled list of the user or workspace settings; it "
            f"is disabled by the {admin}, which hookdash does not write — ask the administrator."
        )
    else:
        message = (
            f"'{identifier}' is not in the disabled list of the user or workspace settings; "
            "nothing changed."
        )
    return EditResult(
        action="enable",
        identifier=identifier,
        changed=bool(changes),
        message=message,
        changes=changes,
        hooks=[h.as_ref() for h in lookup.hooks],
        notes=notes,
        still_disabled_by=still,
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
