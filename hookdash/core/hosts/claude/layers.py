"""Which settings files Claude Code 2.1.332 reads hooks from, in its merge order.

- **user**: `$CLAUDE_CONFIG_DIR/settings.json`, else `~/.claude/settings.json`.
- **project**: `<workspace>/.claude/settings.json`: the folder `claude` starts in, with no
  upward search (from a subdirectory of a git repository the root's `settings.json` is
  not read).
- **local**: `.claude/settings.local.json` at the root of the git repository holding the
  workspace (when the root, its `.git` and its `.claude` belong to the current user and
  the root is not the home directory), and also the workspace's own when that differs.
- **managed**: `managed-settings.json` and every `*.json` (not hidden) of
  `managed-settings.d/`, in name order, in `/etc/claude-code` (macOS: `/Library/Application
  Support/ClaudeCode`). `HOOKDASH_CLAUDE_MANAGED_DIR` moves it, for hookdash only (Claude's
  own `CLAUDE_CODE_MANAGED_SETTINGS_PATH` was not honoured by a `-p` run of 2.1.332). A
  managed file that does not parse stops Claude Code from starting.

Merge order (the later layer decides a switch both set): user, project, local, managed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core.hosts.claude.files import ParseError, SettingsRead, read_settings
from hookdash.core.hosts.claude.schema import HookErrors, hook_errors

if TYPE_CHECKING:  # the models are imported where one is built: `list` of another host's
    # folder asks only whether Claude Code has a file there (`claude_has_files`)
    from hookdash.core.hosts.claude.model import ClaudeLayerInfo, ClaudeScope

MANAGED_DIR_VARIABLE = "HOOKDASH_CLAUDE_MANAGED_DIR"


def claude_home(environ: Mapping[str, str]) -> Path:
    """Claude Code's own directory: `$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    configured = environ.get("CLAUDE_CONFIG_DIR")
    if configured:
        return Path(os.path.expanduser(configured))
    return home_of(environ) / ".claude"


def home_of(environ: Mapping[str, str]) -> Path:
    return Path(environ.get("HOME") or os.path.expanduser("~"))


def managed_dir(environ: Mapping[str, str]) -> Path:
    configured = environ.get(MANAGED_DIR_VARIABLE)
    if configured:
        return Path(configured)
    if sys.platform == "darwin":
        return Path("/Library/Application Support/ClaudeCode")
    return Path("/etc/claude-code")


def git_root(start: Path) -> Path | None:
    """The nearest directory at or above `start` holding a `.git` entry."""
    for directory in (start, *start.parents):
        if os.path.lexists(directory / ".git"):
            return directory
    return None


def _owned(path: Path, uid: int) -> bool:
    try:
        return path.lstat().st_uid == uid
    except FileNotFoundError:
        return path.name == ".claude"  # an absent .claude entry does not count against it
    except OSError:
        return False


def local_root(workspace: Path, home: Path) -> Path:
    """Where Claude keeps the local settings of `workspace`: its git repository's root,
    unless that is the home directory or not the current user's."""
    root = git_root(workspace)
    if root is None or root == workspace:
        return workspace
    try:
        if root.resolve() == home.resolve():
            return workspace
    except OSError:
        return workspace
    uid = os.geteuid()
    if all(_owned(p, uid) for p in (root, root / ".git", root / ".claude")):
        return root
    return workspace


@dataclass
class ClaudeLayer:
    """One file of one scope, as read."""

    scope: ClaudeScope
    read: SettingsRead
    errors: HookErrors = field(default_factory=HookErrors)
    ignored_reason: str | None = None  # Claude does not read it (not a parse failure)

    @property
    def path(self) -> Path:
        return self.read.path

    @property
    def loaded(self) -> bool:
        """Claude takes its settings: readable, strict JSON, an object, schema-valid."""
        return self.read.usable and not self.errors.fatal and self.ignored_reason is None

    @property
    def settings(self) -> dict[str, object]:
        value = self.read.value
        return value if self.loaded and isinstance(value, dict) else {}

    @property
    def fatal(self) -> bool:
        """Claude Code refuses to start over it (a managed file that does not parse)."""
        return self.scope == "managed" and self.read.error is not None

    def why_dropped(self) -> str | None:
        """Why Claude ignores this file's hooks as a whole, in one phrase."""
        if self.ignored_reason:
            return self.ignored_reason
        if self.read.unreadable:
            return f"the file {self.read.unreadable}"
        if self.read.error is not None:
            error = self.read.error
            where = f" at line {error.line}, column {error.column}" if error.line else ""
            if error.unread:
                return f"{error.message}{where}"
            if self.fatal:
                return f"the managed file is {error.message}{where}: Claude Code does not start"
            return f"the file is {error.message}{where}: Claude Code ignores the whole file"
        if self.errors.fatal:
            pointer, why = self.errors.fatal[0]
            return (
                f"the file fails Claude Code's settings schema at {pointer or '/'} ({why}): "
                "Claude applies nothing in it, without a word"
            )
        return None

    def info(self) -> ClaudeLayerInfo:
        from hookdash.core.hosts.claude.model import ClaudeLayerInfo

        value = self.read.value if isinstance(self.read.value, dict) else {}
        error = self.read.error
        if error is None and self.read.unreadable:
            error = ParseError(message=self.read.unreadable)
        return ClaudeLayerInfo(
            scope=self.scope,
            path=str(self.path),
            exists=self.read.exists,
            loaded=self.loaded,
            ignored_reason=self.ignored_reason
            or (self.why_dropped() if self.errors.fatal else None),
            error=error,
            disable_all_hooks=value.get("disableAllHooks"),
            allow_managed_hooks_only=value.get("allowManagedHooksOnly"),
        )


def _layer(scope: ClaudeScope, path: Path) -> ClaudeLayer:
    read = read_settings(path)
    layer = ClaudeLayer(scope, read)
    if read.usable and isinstance(read.value, dict):
        layer.errors = hook_errors(read.value, managed=scope == "managed")
    return layer


def _drop_ins(directory: Path) -> list[Path]:
    try:
        names = sorted(
            e.name
            for e in os.scandir(directory)
            if e.name.endswith(".json") and not e.name.startswith(".")
        )
    except OSError:
        return []
    return [directory / n for n in names]


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def claude_layers(workspace: Path, environ: Mapping[str, str]) -> list[ClaudeLayer]:
    """Every file Claude Code reads hooks from for `workspace`, in merge order; the
    repository root's `settings.json` from a subdirectory is listed as not read."""
    home = home_of(environ)
    user = claude_home(environ) / "settings.json"
    layers = [_layer("user", user)]
    project = workspace / ".claude" / "settings.json"
    if not _same(project, user):  # a workspace that is the home directory
        layers.append(_layer("project", project))
    root = local_root(workspace, home)
    locals_ = [root / ".claude" / "settings.local.json"]
    if root != workspace:
        locals_.append(workspace / ".claude" / "settings.local.json")
    layers += [_layer("local", p) for p in locals_]
    managed = managed_dir(environ)
    layers.append(_layer("managed", managed / "managed-settings.json"))
    layers += [_layer("managed", p) for p in _drop_ins(managed / "managed-settings.d")]
    repo = git_root(workspace)
    if repo is not None and repo != workspace:
        skipped = _layer("project", repo / ".claude" / "settings.json")
        if skipped.read.exists and not _same(skipped.path, user):
            skipped.ignored_reason = (
                f"Claude Code started in {workspace} does not read the repository root's "
                ".claude/settings.json (only its settings.local.json)"
            )
            layers.append(skipped)
    return layers


def entry_dropped(layer: ClaudeLayer, pointer: str) -> str | None:
    """Why Claude drops the hook at `pointer` alone (its handler or its group is invalid
    under an event that is not a guard event), or None."""
    for where, why in layer.errors.dropped:
        if pointer == where or pointer.startswith(where + "/"):
            return f"Claude Code ignores this entry ({why}), without a word"
    return None


def claude_has_files(workspace: Path, environ: Mapping[str, str]) -> bool:
    """Whether Claude Code has any file for `workspace` (`Host.has_files`)."""
    # A repository's .mcp.json alone is a Claude Code file: its servers start. (Named
    # here, not imported: the dashboard's first paint imports no pydantic.)
    if (workspace / ".mcp.json").is_file():
        return True
    # So are skills and agents (their frontmatter may hold hooks: core.hosts.claude.scoped).
    for folder in (workspace / ".claude", claude_home(environ)):
        if (folder / "skills").is_dir() or (folder / "agents").is_dir():
            return True
    return any(layer.read.exists for layer in claude_layers(workspace, environ))
