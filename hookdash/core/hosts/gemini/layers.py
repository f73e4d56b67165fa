"""The four settings layers, read exactly as Gemini CLI 0.61 reads them."""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.hosts.gemini.confinement import workspace_escape
from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.hosts.gemini.events import HOOKS_CONFIG_FIELDS
from hookdash.core.hosts.gemini.expand import expand_settings_value
from hookdash.core.hosts.gemini.settings_schema import coerce_settings, validate_settings
from hookdash.core.problems import Problem

Scope = Literal["system-defaults", "user", "workspace", "system"]
# Gemini's merge order (later wins for scalars; event arrays are concatenated in this order).
MERGE_ORDER: tuple[Scope, ...] = ("system-defaults", "user", "workspace", "system")
READ_ONLY_SCOPES: frozenset[str] = frozenset({"system-defaults", "system"})
# The top-level settings hookdash reproduces (hooks, their switches, folder trust, the
# extensions' security rules, telemetry, the plans directory, env redaction, legacy
# keys, which .env Gemini loads). Only these are built from a file; the rest is checked
# for syntax and skipped, so a large settings file costs its text, not its whole
# document, in memory.
LARGE_TEXT = jsonc.BIG  # the size above which jsonc keeps no stripped copy
SETTINGS_KEYS = frozenset(
    {"hooks", "hooksConfig", "security", "telemetry", "general", "tools", "advanced"}
)


class LayerError(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)
    message: str
    line: int | None = None
    column: int | None = None


class LayerInfo(BaseModel):
    """One settings file, as `list --json` reports it."""

    scope: Scope
    path: str
    exists: bool
    loaded: bool
    ignored_reason: str | None = None
    error: LayerError | None = None


@dataclass(eq=False, repr=False)
class Layer:
    """A settings file and what Gemini makes of it.

    `raw` is the parsed document (before expansion; what edits work on), `settings` the
    expanded and, if the file validates, coerced values Gemini merges.
    """

    scope: Scope
    path: Path
    exists: bool = False
    text: str | None = None
    digest: bytes | None = None  # SHA-256 of the bytes read (to tell a later change)
    # Where the root object's members of those bytes are (a handful of spans): an edit of
    # the same bytes reuses them instead of walking a large file again.
    root: list[jsonc.Member] | None = None
    raw: Any = None
    settings: dict[str, Any] = field(default_factory=dict)
    parsed: bool = False
    ignored_reason: str | None = None
    error: LayerError | None = None
    fatal: bool = False  # Gemini CLI refuses to start because of this file
    thinned: bool = False  # read by a focused load: few lines are asked for (see line_of)
    problems: list[Problem] = field(default_factory=list)
    _lines: jsonc.LineFinder | None = field(default=None, repr=False)

    @property
    def usable(self) -> bool:
        """Parsed, and not refused for its ownership (whether trusted is decided later)."""
        return self.parsed and self.ignored_reason is None

    def release_text(self) -> None:
        """Let go of a large file's text once the load has taken the line numbers it shows
        (a later `line_of` then answers None): a configuration kept by the dashboard, or
        loaded before an edit, then does not hold a 50 MB settings file in memory."""
        if self.text is not None and len(self.text) >= LARGE_TEXT:
            self.text = None
            self._lines = None

    def line_of(self, ptr: str) -> int | None:
        if not self.text or not self.parsed:
            return None
        if self._lines is None:
            self._lines = jsonc.LineFinder(self.text, sparse=self.thinned)
        return self._lines.line(ptr)

    def info(self, loaded: bool, reason: str | None) -> LayerInfo:
        return LayerInfo(
            scope=self.scope,
            path=str(self.path),
            exists=self.exists,
            loaded=loaded,
            ignored_reason=reason,
            error=self.error,
        )


def system_file_insecurity(path: Path) -> str | None:
    """Why Gemini 0.60+ refuses a system settings file, or None if it would load it.

    The file (and its symlink target) and every parent directory must be owned by root
    and not writable by group or others.
    """
    if os.name != "posix":
        return None
    candidates = [Path(os.path.abspath(path))]
    real = Path(os.path.realpath(path))
    if real != candidates[0]:
        candidates.append(real)
    for candidate in candidates:
        for item in (candidate, *candidate.parents):
            try:
                st = os.lstat(item) if item == candidate else os.stat(item)
            except OSError as exc:
                return f"cannot check '{item}': {exc.strerror}"
            kind = "file" if item == candidate else "directory"
            if st.st_uid != 0:
                return f"{kind} '{item}' is not owned by root"
            if stat.S_IMODE(st.st_mode) & (stat.S_IWGRP | stat.S_IWOTH) and not stat.S_ISLNK(
                st.st_mode
            ):
                return f"{kind} '{item}' is writable by group or others"
    return None


def read_layer(
    scope: Scope, path: Path, env: GeminiEnvironment, thin: jsonc.Thinning | None = None
) -> Layer:
    """One settings file, as Gemini reads it: refused for its owner, unreadable, not
    JSON, not an object, invalid for the schema (used as written) or coerced.

    With `thin` (a focused load, see `load.focus`), each hook definition of a large file
    goes through it as it is read, and only what it keeps is built."""
    layer = Layer(scope=scope, path=path)
    if scope == "workspace":
        layer.problems.extend(_escape_problems(env))
    try:
        layer.exists = path.exists()
    except OSError:
        layer.exists = False
    if not layer.exists:
        return layer
    if scope in READ_ONLY_SCOPES and env.gemini.system_files_need_root:
        _refuse_if_insecure(layer, env)  # still parsed, so its hooks show (as not running)
    text = _read_text(layer)
    raw = _parse(layer, text, thin) if text is not None else None
    if text is None or raw is None:
        return layer
    layer.raw = raw
    layer.parsed = True
    layer.root = jsonc.root_members(text)
    expanded = expand_settings_value(raw, env.environ)
    issues = validate_settings(expanded)
    if not issues:
        layer.settings = coerce_settings(expanded)
        return layer
    layer.settings = expanded
    shown = "; ".join(f"{where}: {what}" for where, what in issues[:5])
    layer.problems.append(
        Problem(
            severity="warning",
            code="settings-invalid",
            message=f"Gemini CLI warns 'Invalid configuration' for this file ({shown}) and "
            "uses the values as written, without type coercion.",
            fix="Correct the types named above.",
            file=str(path),
            pointer=_pointer_of(issues[0][0]),
            line=layer.line_of(_pointer_of(issues[0][0])),
        )
    )
    return layer


def _escape_problems(env: GeminiEnvironment) -> list[Problem]:
    """The workspace settings file leads out of the workspace (a link, or a linked
    `.gemini`): what Gemini reads as this project's settings is a file elsewhere, and
    hookdash refuses to write workspace settings through it."""
    escape = workspace_escape(env)
    if escape is None:
        return []
    if not escape.exists:
        gemini = "Gemini CLI finds no workspace settings there"
    elif escape.reserved:
        gemini = (
            f"Gemini CLI reads your {escape.reserved} a second time as this project's "
            "settings, so their hooks also count as project hooks"
        )
    else:
        gemini = (
            "Gemini CLI reads that file as this project's settings: its hooks are the "
            "project's, though they are not in the repository"
        )
    return [
        Problem(
            severity="warning",
            code="workspace-settings-outside",
            message=f"{escape.describe(env.display)}. {gemini}; "
            "hookdash refuses to write workspace settings through it.",
            fix="Replace the link with a regular file in the workspace (or remove it); "
            "review the file it leads to before you trust this project.",
            file=str(escape.path),
        )
    ]


def _refuse_if_insecure(layer: Layer, env: GeminiEnvironment) -> None:
    """Mark a system file Gemini refuses for its ownership or permissions as ignored."""
    reason = system_file_insecurity(layer.path)
    if reason is None:
        return
    layer.ignored_reason = f"{env.gemini.label} ignores it: {reason}"
    layer.problems.append(
        Problem(
            severity="warning",
            code="system-file-ignored",
            message=(
                f"The {layer.scope} settings file is present but Gemini CLI ignores it "
                f"({reason}); none of its settings or hooks apply."
            ),
            fix="Make the file and its directories owned by root and not writable "
            "by group or others (chown root:root, chmod go-w).",
            file=str(layer.path),
        )
    )


def _read_text(layer: Layer) -> str | None:
    """The file's text (its digest kept), or None when it cannot be read."""
    try:
        decoded = files.read_decoded(layer.path, errors="replace")
    except OSError as exc:
        layer.error = LayerError(message=f"cannot read the file: {exc.strerror}")
        # Too large for hookdash is not a verdict on Gemini, which reads any size.
        too_large = isinstance(exc, files.FileTooLargeError)
        layer.fatal = layer.ignored_reason is None and not too_large
        layer.problems.append(_unreadable_problem(layer.path, exc))
        return None
    layer.digest = decoded.sha256
    layer.text = decoded.text
    return decoded.text


# How deep hookdash reads a settings file as Gemini CLI does: 0.61 on Node 20 ran the hooks
# of a file 1,801 levels deep (a key nested 1,800 arrays deep beside them) and refused to
# start at 1,851 (tests/gemini pins both). Deeper than this, hookdash says it could not
# read the file, not what Gemini does with it.
READ_DEPTH = 1_801


def _parse(layer: Layer, text: str, thin: jsonc.Thinning | None) -> dict[str, Any] | None:
    """The settings object of the text, or None (and the problem) when Gemini refuses it."""
    try:
        thinning = ("hooks", thin) if thin is not None and len(text) >= LARGE_TEXT else None
        layer.thinned = thinning is not None
        raw = jsonc.parse(text, keep=SETTINGS_KEYS, thin=thinning, deep=READ_DEPTH)
    except jsonc.JsonParseError as exc:
        layer.error = LayerError(message=exc.message, line=exc.line, column=exc.column)
        # Deeper than hookdash reads: whether Gemini starts is not known, so not fatal.
        layer.fatal = layer.ignored_reason is None and not exc.too_deep
        layer.problems.append(_parse_problem(layer.path, exc, layer.fatal))
        return None
    if isinstance(raw, dict):
        return raw
    layer.error = LayerError(message="Settings file is not a valid JSON object.", line=1)
    layer.fatal = layer.ignored_reason is None
    layer.problems.append(
        Problem(
            severity="error",
            code="settings-not-object",
            message="The settings file is not a JSON object; Gemini CLI refuses to start.",
            fix="Wrap the settings in { }.",
            file=str(layer.path),
            line=1,
        )
    )
    return None


def _parse_problem(path: Path, exc: jsonc.JsonParseError, fatal: bool) -> Problem:
    if exc.too_deep:
        message = (
            f"hookdash could not read this file; Gemini CLI may run hooks in it (it is "
            f"{exc.message}). Gemini CLI 0.61 ran the hooks of a file {READ_DEPTH:,} levels "
            "deep in a test and refused to start at 1,851 ('Maximum call stack size "
            "exceeded'): where it stops depends on the machine. Review it by hand."
        )
        fix = "Remove the deep nesting at the line and column shown."
    else:
        message = f"This settings file does not parse ({exc.message}); " + (
            "Gemini CLI refuses to start until it is fixed."
            if fatal
            else "Gemini CLI ignores this file anyway."
        )
        fix = (
            "Fix the JSON at the line and column shown (comments are fine; trailing "
            "commas and a BOM are not)."
        )
    return Problem(
        severity="error" if fatal or exc.too_deep else "warning",
        code="settings-parse-error",
        message=message,
        fix=fix,
        file=str(path),
        line=exc.line,
        column=exc.column,
    )


def _unreadable_problem(path: Path, exc: OSError) -> Problem:
    if isinstance(exc, files.NotRegularFileError) and "FIFO" in exc.kind:
        # Node's readFileSync waits on a FIFO for a writer: Gemini would hang at start-up.
        gemini = "Gemini CLI would wait on it forever at start-up"
    elif isinstance(exc, files.FileTooLargeError):
        gemini = "hookdash does not read it, so it cannot tell what Gemini CLI makes of it"
    else:
        gemini = "Gemini CLI cannot read it and refuses to start"
    if isinstance(exc, files.NotRegularFileError | IsADirectoryError):
        fix = "Replace it with a regular JSON file (or remove it)."
    elif isinstance(exc, files.FileTooLargeError):
        fix = f"Shrink the file: hookdash reads files of up to {files.MAX_FILE_BYTES >> 20} MiB."
    else:
        fix = "Fix the file's permissions so your user can read it."
    return Problem(
        severity="error",
        code="settings-unreadable",
        message=f"This settings file cannot be read ({exc.strerror}): {gemini}.",
        fix=fix,
        file=str(path),
    )


def _pointer_of(dotted: str) -> str:
    return jsonc.pointer(*dotted.split(".")) if dotted else ""


def read_layers(env: GeminiEnvironment, thin: jsonc.Thinning | None = None) -> dict[Scope, Layer]:
    """All four layers in merge order. The workspace file is skipped when it is the home.
    (`thin`: see `read_layer`.)"""
    paths = env.settings_paths
    layers: dict[Scope, Layer] = {}
    for scope in MERGE_ORDER:
        if scope == "workspace" and env.workspace_is_home:
            layer = Layer(scope=scope, path=paths[scope])
            layer.exists = paths[scope].exists()
            layer.ignored_reason = (
                "the workspace is the home directory: Gemini CLI reads this file once, as "
                "user settings"
            )
            layers[scope] = layer
            continue
        layers[scope] = read_layer(scope, paths[scope], env, thin)
    return layers


def legacy_config_keys(layer: Layer) -> list[str]:
    """Legacy hook keys present in a layer (Gemini 0.61 reads none of them)."""
    found: list[str] = []
    hooks = layer.settings.get("hooks") if layer.parsed else None
    if isinstance(hooks, dict):
        found.extend(f"hooks.{k}" for k in hooks if k in HOOKS_CONFIG_FIELDS)
    tools = layer.settings.get("tools") if layer.parsed else None
    if isinstance(tools, dict) and "enableHooks" in tools:
        found.append("tools.enableHooks")
    return found
