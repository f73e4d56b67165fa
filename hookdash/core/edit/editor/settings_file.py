"""A user or workspace settings file as an edit sees it: its text, and one write of it.

The write (`edit_settings_file`) is atomic, goes through symlinks, keeps the mode, and is
applied again when the file changed on disk, so an edit is a pure function of the text
(`FileEdit`). A file that does not parse is refused; a blank one (which Gemini refuses
too) is started as `{}`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.disk.atomic import Confine, update_text_file
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.json_style import blank_as_object, is_blank
from hookdash.core.edit.edits import Change, ChangeAction
from hookdash.core.edit.undo import disable_undo
from hookdash.core.errors import (
    EditError,
    OutsideWorkspaceError,
    ReadOnlyScopeError,
    SettingsParseError,
    UnsupportedShapeError,
    WorkspaceIsHomeError,
)
from hookdash.core.hosts.gemini.confinement import workspace_escape
from hookdash.core.hosts.gemini.jsvalues import utf8
from hookdash.core.hosts.gemini.layers import READ_ONLY_SCOPES, Layer, Scope

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

WritableScope = Literal["user", "workspace"]
WRITABLE_SCOPES: tuple[WritableScope, ...] = ("user", "workspace")


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


@dataclass(frozen=True)
class SettingsFile:
    """A writable settings file as an edit names it: in its changes, its messages, and
    when it expands `$VAR` in the entries it compares."""

    scope: WritableScope
    file: str  # the path as configured
    shown: str  # the path as the user reads it (`~/…`)
    environ: Mapping[str, str]

    @classmethod
    def of(cls, config: Configuration, scope: WritableScope) -> SettingsFile:
        path = config.layers[scope].path
        return cls(scope, str(path), config.env.display(path), config.env.environ)

    def change(self, key: str, action: ChangeAction, value: Any, **more: Any) -> Change:
        """One change of this file (`more`: before, after, note)."""
        return Change(file=self.file, scope=self.scope, key=key, action=action, value=value, **more)

    def shape_error(self, exc: JsonEditError) -> UnsupportedShapeError:
        """A splice refused on a shape hookdash does not rewrite, worded for the user."""
        return UnsupportedShapeError(
            f"In {self.shown}, {exc.message}; hookdash does not rewrite that shape — fix it "
            "by hand.",
            path=self.file,
        )

    def prepare(self, text: str | None) -> tuple[str, list[str], dict[str, Any]]:
        """The text an edit starts from ({} for a missing or blank file), its notes and
        the members hookdash edits (`parse_settings`); SettingsParseError for a file that
        does not parse."""
        current, notes = start_text(text, self.shown)  # a non-blank text as it is
        return current, notes, parse_settings(current, self.shown)


EDITED = frozenset({"hooks", "hooksConfig"})  # the members hookdash's edits read and write


def parse_settings(text: str, path: str) -> Any:
    """The members of a settings text that hookdash edits (`EDITED`; the rest is checked,
    not built: a large file's other members cost nothing), or SettingsParseError with
    where it breaks."""
    check_settings(text, path)
    return jsonc.parse(text, keep=EDITED)


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


def created_note(path: str, dry_run: bool = False) -> str:
    """The note of an edit that creates the file (a preview only would)."""
    return f"Would create {path}." if dry_run else f"Created {path}."


def start_text(text: str | None, path: str) -> tuple[str, list[str]]:
    """The text an edit starts from: `{}` for a missing or blank file, with a note."""
    if text is None:
        return "{}", [created_note(path)]
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


def check_readable(config: Configuration, scope: Scope, need: str) -> None:
    """SettingsParseError for the scope's file when it exists but cannot be read, and
    hookdash must read it to tell `need` ("which hooks to trust")."""
    layer = config.layers[scope]
    if layer.exists and not layer.parsed and layer.error is not None:
        raise SettingsParseError(
            f"hookdash cannot read {config.env.display(layer.path)} ({layer_problem(layer)}), "
            f"so it cannot tell {need}; fix it first.",
            path=str(layer.path),
            line=layer.error.line,
            column=layer.error.column,
        )


def write_guard(config: Configuration, scope: WritableScope) -> Confine | None:
    """What keeps a write of the scope's file where the user asked (see `confinement`):
    a workspace file whose links lead out of the workspace is refused, named, before
    anything is read, created or written — a preview too. The user's own file goes
    wherever its links go."""
    if scope != "workspace":
        return None
    env = config.env

    def confine(target: Path) -> None:
        escape = workspace_escape(env, target)
        if escape is not None:
            raise OutsideWorkspaceError(
                f"{escape.describe(env.display)}: a workspace write would land there, so "
                "nothing was written (a repository's files may not point "
                "outside it). To change your own settings use the user scope; to keep "
                "workspace settings, replace the link with a regular file.",
                path=str(escape.path),
            )

    return confine


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

    def compute(text: str | None, sha256: bytes | None) -> bytes | None:
        if text is not None and layer.parsed and sha256 == layer.digest:
            # The very bytes the load parsed: no need to check or walk them again.
            jsonc.vouch(text, layer.root)
        held = [text]
        del text  # handed over: the transform can let a large file's old text go early
        edit = transform(held.pop())
        results.append(edit)
        jsonc.release()
        # utf8: a lone surrogate can only be in a JSON string hookdash wrote (the file was
        # valid UTF-8), where its backslash escape is the same JSON value.
        return None if edit.text is None else utf8(edit.text)

    try:
        outcome = update_text_file(path, compute, confine=write_guard(config, scope))
    except files.NotUtf8Error as exc:
        raise not_utf8(shown, path, exc) from None
    except EditError as exc:
        if exc.path in (None, shown):
            exc.path = str(path)  # messages say `~/…`; `--json` gets the absolute path
        raise
    edit = results[-1]
    if edit.text is None:
        return edit
    # Compared by digest: a large file is not decoded again just to compare.
    loaded = layer.digest if layer.exists else None
    before = outcome.before_sha256
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


def not_utf8(shown: str, path: Path, exc: files.NotUtf8Error) -> SettingsParseError:
    """The refusal to edit a settings file that is not UTF-8 (Gemini reads it as UTF-8)."""
    return SettingsParseError(
        f"{shown} is not valid UTF-8 (line {exc.line}); hookdash does not rewrite it, so no "
        "byte of it is lost.",
        path=str(path),
        line=exc.line,
        column=exc.column,
    )


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


def parses(text: str) -> bool:
    """True when `text` is a JSON object as Gemini reads it."""
    try:
        return isinstance(jsonc.parse(text), dict)
    except jsonc.JsonParseError:
        return False
