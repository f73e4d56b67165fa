"""`hookdash check --fix`: the fixes that are safe to make without asking.

hookdash writes only disabled lists, `trusted_hooks.json` and its own state (nothing else, ever),
so every automatic fix is an edit of a disabled list, in the user or workspace settings,
that carries out what the file already says the user wants:

- `legacy-hooks-disabled`: entries of the legacy `hooks.disabled` list are copied into
  `hooksConfig.disabled` of the same file, so Gemini CLI 0.26+ honours them. The legacy
  list is kept (older Gemini CLI still reads it). An entry that is the command of exactly
  one named hook is copied as that hook's name, since Gemini matches named hooks by name.
- `disabled-entry-is-command`: a `hooksConfig.disabled` entry that is the command of
  exactly one named hook (and matches no hook itself) is replaced by the hook's name; if
  the name is already listed, the dead entry is removed.

Everything else is left for a person, for the reason in `NOT_AUTOMATIC` (printed by
`check --fix`): changing events, matchers, timeouts, scripts or trust would change what
runs in ways the file does not state, or is a security decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_paths import JsonEditError, get_list
from hookdash.core.edit.editor.json_style import is_blank
from hookdash.core.edit.editor.settings_file import (
    WRITABLE_SCOPES,
    FileEdit,
    SettingsFile,
    edit_settings_file,
    parse_settings,
)
from hookdash.core.edit.edits import Change, EditResult
from hookdash.core.errors import EditError, OutsideWorkspaceError, UnsupportedShapeError
from hookdash.core.hosts.gemini.expand import expand_settings_string
from hookdash.core.hosts.gemini.switching.disabled_text import CURRENT, LEGACY, key_name
from hookdash.core.load.lookup import registrable

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

FIXABLE = frozenset({"legacy-hooks-disabled", "disabled-entry-is-command"})

# Why the other problems are not fixed automatically (shown by `check --fix`).
NOT_AUTOMATIC: dict[str, str] = {
    "settings-parse-error": "hookdash cannot know what a broken file meant, and never "
    "rewrites a file it cannot parse",
    "settings-not-object": "hookdash cannot know what the file meant",
    "settings-unreadable": "file permissions are yours to decide",
    "settings-invalid": "coercing values could change what runs",
    "system-file-ignored": "ownership of system files is for the administrator",
    "trusted-folders-invalid": "folder trust is a security decision",
    "trusted-hooks-unreadable": "the file's lost entries cannot be recovered automatically",
    "folder-untrusted": "folder trust is a security decision",
    "hooks-switched-off": "switching all hooks on is a decision, not a repair",
    "unknown-event": "renaming the event would start running hooks written for another "
    "event or tool (e.g. Claude Code) with inputs they do not expect",
    "unknown-hook-type": "hookdash cannot know what the hook was meant to be",
    "hook-missing-command": "hookdash cannot know the command",
    "runtime-hook-in-settings": "hookdash cannot know the command",
    "plugin-hook-type": "changing the type changes how the hook is validated",
    "matcher-invalid-regex": "hookdash cannot know which tools the matcher was meant for",
    "matcher-ignored": "removing the matcher does not change behaviour but may lose intent",
    "matcher-never-matches": "hookdash cannot know which trigger was meant",
    "matcher-not-string": "hookdash cannot know which tools were meant",
    "matcher-claude-tool-name": "the hook was written for Claude Code's tool inputs",
    "timeout-zero": "hookdash cannot know the intended timeout",
    "timeout-too-large": "hookdash cannot know the intended timeout",
    "timeout-not-a-number": "hookdash cannot know the intended timeout",
    "timeout-looks-like-seconds": "a short timeout may be intended",
    "sequential-not-boolean": "running hooks sequentially changes their behaviour",
    "script-missing": "hookdash cannot create the script",
    "script-not-a-file": "hookdash cannot know which script was meant",
    "script-not-executable": "making a file executable is a security decision",
    "command-not-found": "hookdash cannot install the program",
    "legacy-hooks-enabled": "copying it could switch every hook off",
    "legacy-hooks-notifications": "hookdash writes only disabled lists",
    "legacy-tools-enableHooks": "hookdash writes only disabled lists",
    "disabled-entry-unmatched": "the entry may be for a hook you removed for now",
    "duplicate-hook": "which copy to keep is your choice",
    "project-hook-untrusted": "trust is a security decision: review, then `hookdash trust`",
    "workspace-settings-outside": "hookdash does not write workspace settings through a link "
    "out of the workspace; whether the repository should hold a file there is yours to decide",
}


def _named_commands(config: Configuration) -> tuple[set[str], dict[str, list[str]]]:
    """Identifiers of registrable hooks, and command -> names of the named hooks running it."""
    hooks = [h for h in config.hooks if registrable(h)]
    ids = {h.id for h in hooks}
    names: dict[str, list[str]] = {}
    for h in hooks:
        if h.name and h.command and h.name not in names.get(h.command, []):
            names.setdefault(h.command, []).append(h.name)
    return ids, names


@dataclass
class _FileFixes:
    """Both fixes on one file's text (pure, so they can be re-applied on fresh content)."""

    at: SettingsFile
    ids: set[str]  # identifiers of the registrable hooks
    names: Mapping[str, list[str]]  # command -> names of the named hooks running it
    text: str
    changes: list[Change] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def listed(self, path: tuple[str, ...]) -> list[Any] | None:
        try:
            return get_list(jsonc.parse(self.text, keep={path[0]}), path)
        except JsonEditError:
            return None

    def expanded(self, items: list[Any] | None) -> list[str | None]:
        environ = self.at.environ
        return [
            expand_settings_string(e, environ) if isinstance(e, str) else None for e in items or []
        ]

    def splice(self, edit: Callable[[str], str]) -> None:
        try:
            self.text = edit(self.text)
        except JsonEditError as exc:
            raise UnsupportedShapeError(
                f"In {self.at.shown}: {exc.message}.", path=self.at.file
            ) from None

    def owner(self, entry: str | None) -> str | None:
        """The name of the one named hook whose command `entry` is (and not an ID itself)."""
        owners = self.names.get(entry, []) if entry is not None and entry not in self.ids else []
        return owners[0] if len(owners) == 1 else None

    def command_entries(self) -> None:
        """Command entries in hooksConfig.disabled -> the hook's name."""
        items = self.listed(CURRENT)
        index = 0
        while items is not None and index < len(items):
            name = self.owner(self.expanded(items)[index])
            if name is None:
                index += 1
                continue
            old = items[index]
            change: dict[str, Any]
            if name in self.expanded(items):
                # The name is listed already: this entry is dead weight.
                self.splice(partial(jsonedit.remove_from_list, path=CURRENT, index=index))
                change = {"action": "remove", "value": old, "note": f"'{name}' is already listed"}
            else:
                self.splice(partial(jsonedit.replace_in_list, path=CURRENT, index=index, item=name))
                change = {
                    "action": "replace",
                    "value": {"from": old, "to": name},
                    "note": f"Gemini matches the hook named '{name}' by its name, not its command",
                }
                index += 1
            before, items = items, self.listed(CURRENT)
            self.changes.append(
                self.at.change(key_name(CURRENT), before=before, after=items, **change)
            )

    def legacy_entries(self) -> None:
        """Legacy hooks.disabled entries -> hooksConfig.disabled."""
        for raw in self.listed(LEGACY) or []:
            if not isinstance(raw, str):
                continue
            entry = expand_settings_string(raw, self.at.environ)
            owners = self.names.get(entry, []) if entry not in self.ids else []
            if entry not in self.ids and len(owners) != 1:
                # Copying it would only add a dead entry (and a new warning) to the live list.
                why = (
                    f"it is the command of several named hooks ({', '.join(owners)}): say "
                    "which by name"
                    if owners
                    else "it names no configured hook"
                )
                self.notes.append(
                    f"{self.at.shown}: '{raw}' in hooks.disabled was not copied: {why}."
                )
                continue
            self.copy_entry(owners[0] if owners else raw, raw)

    def copy_entry(self, copy: str, raw: str) -> None:
        have = self.listed(CURRENT)
        listed = self.expanded(have)
        if copy in listed or expand_settings_string(copy, self.at.environ) in listed:
            return
        self.splice(partial(jsonedit.append_to_list, path=CURRENT, item=copy))
        self.changes.append(
            self.at.change(
                key_name(CURRENT),
                "add",
                copy,
                before=have,
                after=self.listed(CURRENT),
                note="copied from the legacy hooks.disabled"
                + (" (as the name of the hook whose command it is)" if copy != raw else ""),
            )
        )


def _fix_text(
    text: str | None, *, at: SettingsFile, ids: set[str], names: Mapping[str, list[str]]
) -> FileEdit:
    """Both fixes on one file's text (pure, so it can be re-applied on fresh content)."""
    if text is None or is_blank(text):
        return FileEdit(text=None)
    value = parse_settings(text, at.shown)
    fixes = _FileFixes(at, ids, names, text)
    fixes.command_entries()
    if isinstance(value.get("hooks"), dict):
        fixes.legacy_entries()
    changed = fixes.text if fixes.changes else None
    return FileEdit(text=changed, changes=fixes.changes, notes=fixes.notes)


def _read_only_skips(config: Configuration) -> list[str]:
    """The system layers with a fixable problem: hookdash does not write them."""
    skipped = []
    for scope, layer in config.layers.items():
        if scope in WRITABLE_SCOPES:
            continue
        if any(p.code in FIXABLE and p.file == str(layer.path) for p in config.snapshot.problems):
            skipped.append(
                f"{scope} settings ({config.env.display(layer.path)}): hookdash does not write "
                "them; ask the administrator to make the same fix"
            )
    return skipped


def _not_automatic(config: Configuration, skipped: list[str]) -> None:
    """The problems left for a person, with the reason (each once)."""
    for problem in config.snapshot.problems:
        if problem.code in NOT_AUTOMATIC and problem.code not in FIXABLE:
            entry = f"{problem.code}: {NOT_AUTOMATIC[problem.code]}"
            if entry not in skipped:
                skipped.append(entry)


def apply_safe_fixes(config: Configuration) -> EditResult:
    """Apply the safe fixes to the user and workspace settings; report every change and
    every problem left alone (with the reason)."""
    env = config.env
    ids, names = _named_commands(config)
    changes: list[Change] = []
    notes: list[str] = []
    skipped = _read_only_skips(config)
    for scope in WRITABLE_SCOPES:
        layer = config.layers[scope]
        if (scope == "workspace" and env.workspace_is_home) or not layer.exists:
            continue
        if not layer.parsed:
            skipped.append(
                f"{scope} settings ({env.display(layer.path)}): does not parse, so hookdash "
                "leaves it alone"
            )
            continue
        fix = partial(_fix_text, at=SettingsFile.of(config, scope), ids=ids, names=names)
        try:
            edit = edit_settings_file(config, scope, fix)
        except OutsideWorkspaceError:
            continue  # said by its problem (NOT_AUTOMATIC), the user file fixed on its own
        except EditError as exc:
            exc.applied = changes
            raise
        changes.extend(edit.changes)
        notes.extend(edit.notes)
    _not_automatic(config, skipped)
    message = f"Applied {len(changes)} safe fix(es)." if changes else "No safe fix to apply."
    return EditResult(
        action="fix",
        changed=bool(changes),
        message=message,
        changes=changes,
        notes=notes,
        skipped=skipped,
    )
