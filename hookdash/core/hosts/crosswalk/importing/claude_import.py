"""`hookdash import claude`: Claude Code's hooks written into a Gemini settings file.

Unlike Gemini's own `gemini hooks migrate --from-claude` — which rewrites the workspace
file from the merged settings, loses the workspace's own hooks of every migrated event and
copies the user's and system's hooks into it — the import only *adds* hooks, with the same
splice every other hookdash edit uses: nothing else in the file changes. A hook the file
already has (same event, matcher and command) is not added again, so importing twice
changes nothing the second time.

The translation (events, tools, matchers, seconds, names, what cannot be carried over) is
`claude_hooks`. With `dry_run=True` nothing is written and the result's `diff` shows the
file hookdash would write, for the confirmation. Imported workspace hooks are *not*
recorded as trusted: they come from files that may have arrived with a cloned project, and
Gemini's start-up warning about them is the review they deserve (`hookdash trust` records
them once reviewed).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from hookdash.core.edit.editor.hook_text import (
    NewHook,
    add_hooks,
    hook_at,
    hook_paths,
    normal_matcher,
)
from hookdash.core.edit.editor.json_paths import JsonEditError, get_value
from hookdash.core.edit.editor.settings_file import FileEdit, SettingsFile, check_scope
from hookdash.core.edit.editor.settings_write import Transform, write_settings
from hookdash.core.edit.edits import AuthoringResult
from hookdash.core.errors import EditError
from hookdash.core.hosts.crosswalk.importing.claude_hooks import (
    Caveat,
    NotCarried,
    TranslatedHook,
    Translation,
    translate,
)
from hookdash.core.hosts.crosswalk.importing.claude_names import NameBook
from hookdash.core.hosts.crosswalk.importing.claude_settings import (
    ClaudeSource,
    SourceKind,
    count_hooks,
    default_sources,
    read_claude_settings,
)
from hookdash.core.hosts.gemini.authoring.after_write import (
    reload_configuration,
    untrusted_folder_note,
)
from hookdash.core.hosts.gemini.expand import expand_settings_string
from hookdash.core.model import RiskFlag

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


class ClaudeSettingsError(EditError, code="claude-settings-unreadable"):
    """The Claude settings file given cannot be read, or there is none to import."""


ImportStatus = Literal["added", "present"]


class ImportedHook(BaseModel):
    """One Claude hook as it was (or would be) written."""

    source: str
    claude_event: str
    claude_matcher: str | None
    event: str
    matcher: str | None
    name: str
    command: str
    timeout_ms: int | None
    status: ImportStatus  # present: the file already had it
    pointer: str | None = None  # where it is in the Gemini settings file
    # Carried over, but Gemini reads these parts of it differently (payload, output).
    caveats: list[Caveat] = Field(default_factory=list)
    # What a reviewer must not miss in the command or a script it runs, as every host's
    # hooks carry them (shown before the copy is written).
    risks: list[RiskFlag] = Field(default_factory=list)


# The fields an imported hook's row copies from its translation.
_ORIGIN = ("source", "claude_event", "claude_matcher", "event", "matcher")


class ImportResult(AuthoringResult):
    """`import claude --json`: the edit result plus what was read and translated."""

    sources: list[ClaudeSource] = Field(default_factory=list)
    imported: list[ImportedHook] = Field(default_factory=list)
    not_carried: list[NotCarried] = Field(default_factory=list)


def _read_sources(
    config: Configuration, file: Path | None, translation: Translation, names: NameBook
) -> list[ClaudeSource]:
    from hookdash.core.load.loader import script_variables

    env = config.env
    variables = script_variables(env)
    if file is not None:
        candidates: list[tuple[Path, SourceKind]] = [(file, "file")]
    else:
        candidates = default_sources(env.workspace, env.environ)
    sources: list[ClaudeSource] = []
    for path, kind in candidates:
        shown = env.display(path)
        settings, error = read_claude_settings(path)
        exists = error != "not found"
        if settings is None:
            if file is not None:
                raise ClaudeSettingsError(f"{shown} {error}; nothing was imported.", path=str(path))
            sources.append(
                ClaudeSource(
                    path=str(path), kind=kind, exists=exists, error=error if exists else None
                )
            )
            if exists:
                translation.not_carried.append(
                    NotCarried(source=shown, kind="file", reason=f"{shown} {error}")
                )
            continue
        part = translate(shown, settings, names, workspace=env.workspace, variables=variables)
        sources.append(
            ClaudeSource(path=str(path), kind=kind, exists=True, hooks=count_hooks(settings))
        )
        translation.hooks.extend(part.hooks)
        translation.not_carried.extend(part.not_carried)
        translation.notes.extend(part.notes)
    if file is None and not any(s.exists for s in sources):
        looked = ", ".join(env.display(s.path) for s in sources)
        raise ClaudeSettingsError(f"No Claude Code settings found (looked for {looked}).")
    return sources


_Key = tuple[str, str | None, str]  # event, matcher as Gemini reads it, command expanded


def _present_hooks(value: object, events: set[str], environ: Mapping[str, str]) -> dict[_Key, str]:
    """The pointer of the first hook of the file with each event, matcher and command:
    looked up once per imported hook instead of walking every hook of the file again."""
    present: dict[_Key, str] = {}
    for event in events:
        for where in hook_paths(value, event):
            existing = hook_at(value, where)
            found, definition = get_value(value, where.definition_path)
            raw = existing.get("command") if isinstance(existing, dict) else None
            if not (found and isinstance(definition, dict) and isinstance(raw, str)):
                continue
            matcher = normal_matcher(definition.get("matcher"))
            if matcher is None or isinstance(matcher, str):  # else no imported hook's
                key = (event, matcher, expand_settings_string(raw, environ))
                present.setdefault(key, where.pointer)
    return present


def _key(hook: TranslatedHook, environ: Mapping[str, str]) -> _Key:
    return (
        hook.event,
        normal_matcher(hook.matcher),
        expand_settings_string(hook.hook["command"], environ),
    )


def _found_name(value: object, pointer: str) -> str | None:
    """The name the hook at `pointer` has in the file (a hook present before may have one
    of its own)."""
    from hookdash.core.edit.editor.hook_text import parse_hook_pointer

    hook = hook_at(value, parse_hook_pointer(pointer))
    name = hook.get("name") if isinstance(hook, dict) else None
    return name if isinstance(name, str) else None


def _unique(hooks: list[TranslatedHook]) -> list[TranslatedHook]:
    """Claude runs an identical command once per event: import it once."""
    unique: list[TranslatedHook] = []
    seen: set[tuple[str, str | None, str]] = set()
    for hook in hooks:
        key = (hook.event, hook.matcher, hook.hook["command"])
        if key not in seen:
            seen.add(key)
            unique.append(hook)
    return unique


def _row(
    hook: TranslatedHook, name: str | None, status: ImportStatus, pointer: str
) -> ImportedHook:
    """The hook as imported: where it came from, what it became, and where it is."""
    origin = {k: getattr(hook, k) for k in _ORIGIN}
    return ImportedHook(
        **origin,
        name=name or hook.hook["name"],
        command=hook.hook["command"],
        timeout_ms=hook.hook.get("timeout"),
        status=status,
        pointer=pointer,
        caveats=hook.caveats,
    )


def _import_transform(
    at: SettingsFile, hooks: list[TranslatedHook], placed: list[list[ImportedHook]]
) -> Transform:
    """The import as a pure function of the file's text: every hook the file does not have
    yet added; `placed` gets each application's rows."""

    def transform(text: str | None) -> FileEdit:
        current, notes, value = at.prepare(text)
        present = _present_hooks(value, {h.event for h in hooks}, at.environ)
        adding: list[TranslatedHook] = []
        # Each hook: the pointer of the hook already there, or which of `adding` it is.
        found: list[str | int] = []
        added_as: dict[_Key, int] = {}
        for hook in hooks:
            key = _key(hook, at.environ)
            there: str | int | None = present.get(key, added_as.get(key))
            if there is None:
                there = added_as[key] = len(adding)
                adding.append(hook)
            found.append(there)
        new = [NewHook(h.event, h.hook, h.matcher) for h in adding]
        try:
            current, paths = add_hooks(current, new)
        except JsonEditError as exc:
            raise at.shape_error(exc) from None
        changes = [
            at.change(path.pointer, "add", h.hook, note=f"from {h.source}, {h.claude_event}")
            for h, path in zip(adding, paths, strict=True)
        ]
        rows: list[ImportedHook] = []
        first_use: set[int] = set()
        for hook, there in zip(hooks, found, strict=True):
            if isinstance(there, str):
                rows.append(_row(hook, _found_name(value, there), "present", there))
                continue
            written = adding[there].hook.get("name")
            status: ImportStatus = "present" if there in first_use else "added"
            first_use.add(there)
            rows.append(_row(hook, written, status, paths[there].pointer))
        placed.append(rows)
        return FileEdit(text=current if changes else None, changes=changes, notes=notes)

    return transform


def _message(rows: list[ImportedHook], not_carried: int, at: SettingsFile, dry_run: bool) -> str:
    added = sum(r.status == "added" for r in rows)
    present = len(rows) - added
    where = f"{at.scope} settings ({at.shown})"
    verb = "Would import" if dry_run else "Imported"
    if added or not present:
        message = f"{verb} {added} Claude Code hook(s) into {where}"
        if present:
            message += f"; {present} {'was' if present == 1 else 'were'} already there"
    else:
        message = f"Nothing new to import: the {present} hook(s) are already in {where}"
    differ = sum(bool(r.caveats) for r in rows)
    if differ:
        message += f"; {differ} of them Gemini reads differently in part (said under each)"
    if not_carried:
        message += f"; {not_carried} thing(s) could not be carried over (listed below)"
    return message + "."


def _import_notes(added: list[ImportedHook], scope: str, user_files: set[str]) -> list[str]:
    """What the user should know about the hooks imported (their events, trust, scope)."""
    notes = []
    events = {r.claude_event for r in added}
    if "SubagentStop" in events:
        notes.append(
            "SubagentStop hooks became AfterAgent hooks: Gemini CLI fires AfterAgent when the "
            "main agent finishes a prompt, not when a subagent finishes; they run next to the "
            "Stop hooks."
        )
    if "Notification" in events:
        notes.append(
            "Gemini CLI sends Notification only when a tool waits for confirmation "
            "(notification_type 'ToolPermission'), and ignores its output."
        )
    if scope == "workspace" and added:
        notes.append(
            "The imported project hooks are not recorded as trusted: Gemini CLI will list them "
            "in its warning at the next start (`hookdash trust` records them once reviewed)."
        )
    from_user = [r for r in added if r.source in user_files]
    if scope == "workspace" and from_user:
        notes.append(
            f"{len(from_user)} of them came from your user Claude settings and now run only in "
            "this workspace; `--scope user` imports them for every project."
        )
    if scope == "user" and any("$GEMINI_PROJECT_DIR" in r.command for r in added):
        notes.append(
            "Some imported hooks run scripts under $GEMINI_PROJECT_DIR: in the user settings they "
            "run in every project, where those scripts may not exist (bash then exits 127, which "
            "Gemini CLI treats as a blocking deny)."
        )
    return notes


def _assign_import_risks(rows: list[ImportedHook], config: Configuration) -> None:
    """Each copy's risk flags, as the loaded hook will have them (its command and the
    project scripts it runs, with the variables Gemini sets)."""
    from hookdash.core.load.command_scripts import find_scripts
    from hookdash.core.load.loader import script_variables
    from hookdash.core.load.risks import hook_risks

    env = config.env
    variables = script_variables(env)
    for row in rows:
        scripts = list(find_scripts(row.command, env.workspace, variables).scripts)
        row.risks = hook_risks(
            row.command, scripts, workspace=str(env.workspace), home=variables["HOME"]
        )


def import_claude(
    config: Configuration,
    file: Path | None = None,
    scope: str = "workspace",
    *,
    dry_run: bool = False,
) -> ImportResult:
    """Add Claude Code's hooks (from `file`, else Claude's own files) to the scope's
    settings file; see the module docstring."""
    target = check_scope(config, scope)
    env = config.env
    at = SettingsFile.of(config, target)
    names = NameBook((h.id, h.command_raw) for h in config.hooks)
    translation = Translation()
    sources = _read_sources(config, file, translation, names)
    placed: list[list[ImportedHook]] = []
    transform = _import_transform(at, _unique(translation.hooks), placed)
    written = write_settings(config, target, transform, dry_run)
    rows = placed[-1] if placed else []
    _assign_import_risks(rows, config)
    added = [r for r in rows if r.status == "added"]
    user_files = {env.display(s.path) for s in sources if s.kind == "user"}
    notes = list(written.edit.notes) + list(dict.fromkeys(translation.notes))
    notes.extend(_import_notes(added, target, user_files))
    hooks = []
    if not dry_run and added:
        reloaded = reload_configuration(config)
        pointers = {r.pointer for r in added}
        hooks = [h.as_ref() for h in reloaded.hooks if h.file == at.file and h.pointer in pointers]
    notes.extend(untrusted_folder_note(config, target))
    return ImportResult(
        action="import",
        changed=bool(added) and not dry_run,
        message=_message(rows, len(translation.not_carried), at, dry_run),
        changes=written.edit.changes,
        hooks=hooks,
        notes=notes,
        dry_run=dry_run,
        diff=written.diff,
        sources=sources,
        imported=rows,
        not_carried=translation.not_carried,
    )
