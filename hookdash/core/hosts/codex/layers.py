"""Which files Codex CLI 0.171.0 reads hooks from, in the order `hooks/list` lists them.

- **managed**: `/etc/codex/requirements.toml` `[hooks]`, then **system**:
  `/etc/codex/config.toml` `[hooks]`. Both run without trust. `HOOKDASH_CODEX_SYSTEM_DIR`
  moves the folder, for hookdash only (Codex has no such variable; tests never read the
  real one).
- **user**: `$CODEX_HOME` (else `~/.codex`) `hooks.json`, then `config.toml` `[hooks]`:
  both are read (Codex warns "loading hooks from both …").
- **project**: `.codex/hooks.json` and `.codex/config.toml` of every folder from the git
  repository's root down to the workspace (without a repository, the workspace's alone),
  root first. A folder's files load only when the user's `config.toml` trusts that folder
  or the repository's root (`[projects."<path>"] trust_level = "trusted"`): run, a root
  trusted loads a subfolder's `.codex` too; a subfolder trusted does not load the root's.
  A folder whose `.codex` is the user's own (`$CODEX_HOME`) is not read twice.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from hookdash.core.hosts.codex.files import HookFile, read_config_toml, read_hooks_json

CodexScope = Literal["user", "project", "system", "managed", "plugin"]
SYSTEM_DIR_VARIABLE = "HOOKDASH_CODEX_SYSTEM_DIR"


def home_of(environ: Mapping[str, str]) -> Path:
    return Path(environ.get("HOME") or os.path.expanduser("~"))


def codex_home(environ: Mapping[str, str]) -> Path:
    """Codex's own directory: `$CODEX_HOME`, else `~/.codex`."""
    configured = environ.get("CODEX_HOME")
    if configured:
        return Path(os.path.expanduser(configured))
    return home_of(environ) / ".codex"


def system_dir(environ: Mapping[str, str]) -> Path:
    configured = environ.get(SYSTEM_DIR_VARIABLE)
    return Path(configured) if configured else Path("/etc/codex")


def git_root(start: Path) -> Path | None:
    for directory in (start, *start.parents):
        if os.path.lexists(directory / ".git"):
            return directory
    return None


def project_folders(workspace: Path) -> list[Path]:
    """The folders whose `.codex` Codex reads for `workspace`, root first."""
    root = git_root(workspace)
    if root is None:
        return [workspace]
    folders = [workspace]
    folders += [p for p in workspace.parents if p == root or root in p.parents]
    return list(reversed(folders))


@dataclass
class CodexLayer:
    """One file of one scope, as read, and whether Codex loads its hooks."""

    scope: CodexScope
    read: HookFile
    folder: Path | None = None  # a project layer's folder
    ignored_reason: str | None = None  # Codex does not load it (not a parse failure)

    @property
    def path(self) -> Path:
        return self.read.path

    @property
    def loaded(self) -> bool:
        return self.read.usable and self.ignored_reason is None

    @property
    def fatal(self) -> bool:
        """Codex cannot load its configuration over it (a config.toml that fails)."""
        return self.read.kind == "toml" and self.read.exists and self.read.error is not None

    @property
    def value(self) -> dict[str, Any]:
        value = self.read.value
        return value if self.read.usable and isinstance(value, dict) else {}


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def user_config(environ: Mapping[str, str]) -> Path:
    return codex_home(environ) / "config.toml"


def trusted_projects(user_value: Mapping[str, Any]) -> dict[str, str]:
    """`[projects."<path>"] trust_level` of the user's config.toml: path → level."""
    projects = user_value.get("projects")
    out: dict[str, str] = {}
    if isinstance(projects, dict):
        for path, entry in projects.items():
            if isinstance(entry, dict) and isinstance(entry.get("trust_level"), str):
                out[str(path)] = entry["trust_level"]
    return out


def folder_trusted(folder: Path, root: Path | None, levels: Mapping[str, str]) -> bool:
    """Whether Codex loads `folder`'s `.codex`: it, or the repository's root, is trusted."""
    for candidate in (folder, root):
        if candidate is None:
            continue
        for spelled in {str(candidate), os.path.realpath(candidate)}:
            if levels.get(spelled) == "trusted":
                return True
    return False


def codex_layers(workspace: Path, environ: Mapping[str, str]) -> list[CodexLayer]:
    """Every file Codex reads hooks from for `workspace`, in `hooks/list` order; a project
    folder Codex does not trust is listed with `ignored_reason` (Codex lists none of it)."""
    system = system_dir(environ)
    home = codex_home(environ)
    layers = [
        CodexLayer("managed", read_config_toml(system / "requirements.toml")),
        CodexLayer("system", read_config_toml(system / "config.toml")),
        CodexLayer("user", read_hooks_json(home / "hooks.json")),
        CodexLayer("user", read_config_toml(home / "config.toml")),
    ]
    levels = trusted_projects(layers[3].value)
    root = git_root(workspace)
    for folder in project_folders(workspace):
        dot = folder / ".codex"
        if _same(dot, home):
            continue
        trusted = folder_trusted(folder, root, levels)
        for read in (read_hooks_json(dot / "hooks.json"), read_config_toml(dot / "config.toml")):
            layer = CodexLayer("project", read, folder=folder)
            if not trusted and read.exists:
                layer.ignored_reason = (
                    f"the project folder {folder} is not trusted in {user_config(environ)}: "
                    "Codex does not load its .codex folder at all"
                )
            layers.append(layer)
    return layers


def has_hook_files(workspace: Path, environ: Mapping[str, str]) -> bool:
    """Whether Codex has a hook file for `workspace`: a hooks.json, or a config.toml with
    hooks or that Codex cannot load (one with model settings only is not a hook file)."""
    return any(
        layer.read.exists
        and (layer.read.kind == "json" or bool(layer.read.handlers) or layer.read.error is not None)
        for layer in codex_layers(workspace, environ)
    )
