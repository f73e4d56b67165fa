"""Where Gemini CLI looks: home, workspace and the settings paths, with every env override."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core.display import visible

if TYPE_CHECKING:
    from hookdash.core.hosts.gemini.versions import GeminiModel

_SYSTEM_DIRS = {
    "darwin": Path("/Library/Application Support/GeminiCli"),
    "win32": Path("C:\\ProgramData\\gemini-cli"),
}
_LINUX_SYSTEM_DIR = Path("/etc/gemini-cli")


def _set(environ: Mapping[str, str], name: str) -> str | None:
    # Gemini tests env vars with JS truthiness: an empty value counts as unset.
    value = environ.get(name)
    return value if value else None


def normalize_path(path: str, platform: str = sys.platform) -> str:
    """Gemini's normalizePath: absolute, forward slashes, lowercased on macOS/Windows."""
    result = os.path.abspath(path).replace("\\", "/")
    if platform in ("darwin", "win32"):
        result = result.lower()
    return result


@dataclass(frozen=True)
class GeminiEnvironment:
    """The machine as Gemini CLI would see it when started in `workspace`."""

    home: Path
    workspace: Path
    system_settings_path: Path
    system_defaults_path: Path
    trusted_folders_path: Path
    environ: Mapping[str, str] = field(repr=False)
    platform: str = sys.platform
    # Which Gemini CLI is installed, and the version-dependent behaviour it implies: see
    # `gemini` (looked up on first use).
    gemini_model: GeminiModel | None = field(default=None, repr=False, compare=False)

    @property
    def gemini(self) -> GeminiModel:
        """Which Gemini CLI is installed, and the version-dependent behaviour it implies.

        Looked up on first use, not when the environment is resolved: finding it (and its
        model, a pydantic one) is not needed for the dashboard's first paint, which comes
        before the configuration is loaded.
        """
        model = self.gemini_model
        if model is None:
            from hookdash.core.hosts.gemini.installed import find_gemini
            from hookdash.core.hosts.gemini.versions import model_for

            model = model_for(find_gemini(self.environ))
            object.__setattr__(self, "gemini_model", model)  # (frozen: a cache, not state)
        return model

    @property
    def gemini_dir(self) -> Path:
        return self.home / ".gemini"

    @property
    def user_settings_path(self) -> Path:
        return self.gemini_dir / "settings.json"

    @property
    def workspace_settings_path(self) -> Path:
        return self.workspace / ".gemini" / "settings.json"

    @property
    def extensions_dir(self) -> Path:
        return self.gemini_dir / "extensions"

    @property
    def extension_enablement_path(self) -> Path:
        return self.extensions_dir / "extension-enablement.json"

    @property
    def trusted_hooks_path(self) -> Path:
        return self.gemini_dir / "trusted_hooks.json"

    @property
    def settings_paths(self) -> dict[str, Path]:
        """The four settings files by scope, in Gemini's merge order."""
        return {
            "system-defaults": self.system_defaults_path,
            "user": self.user_settings_path,
            "workspace": self.workspace_settings_path,
            "system": self.system_settings_path,
        }

    def never_set_up(self) -> bool:
        """No settings file in any layer and nothing in the extensions directory: Gemini
        CLI was never set up here (the dashboard opens its demo instead). A few `stat`
        calls, nothing read: the dashboard asks before it imports anything else."""
        for path in self.settings_paths.values():
            try:
                if path.exists():
                    return False
            except OSError:  # unreadable counts as there: it is not a blank machine
                return False
        try:
            with os.scandir(self.extensions_dir) as entries:
                return not any(entry.is_dir() for entry in entries)
        except FileNotFoundError:
            return True
        except OSError:
            return False

    @property
    def workspace_is_home(self) -> bool:
        """Storage.isWorkspaceHomeDir: realpaths compared (case-folded on macOS/Windows)."""
        try:
            ws = os.path.realpath(self.workspace)
            home = os.path.realpath(self.home)
        except OSError:
            return False
        return normalize_path(ws, self.platform) == normalize_path(home, self.platform)

    @property
    def project_root(self) -> str:
        """config.getProjectRoot(): path.resolve(cwd) — the trusted_hooks.json key."""
        return str(self.workspace)

    def display(self, path: str | Path) -> str:
        """A path as people read it: relative to the home directory when inside it, and
        shown by core.display's rule (a directory name is as untrusted as a hook name)."""
        text = str(path)
        home = str(self.home)
        if text == home:
            return "~"
        if text.startswith(home.rstrip(os.sep) + os.sep):
            text = "~" + os.sep + text[len(home.rstrip(os.sep)) + 1 :]
        return visible(text)


def resolve_environment(
    workspace: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    platform: str = sys.platform,
) -> GeminiEnvironment:
    """Resolve every path the way Gemini CLI 0.61 does.

    The workspace is the physical directory (Gemini uses `process.cwd()`, which resolves
    symlinks); there is no upward search for `.gemini`.
    """
    env = dict(os.environ if environ is None else environ)
    home_text = _set(env, "GEMINI_CLI_HOME") or env.get("HOME") or str(Path.home())
    home = Path(os.path.abspath(home_text))
    ws = Path(os.path.realpath(workspace if workspace is not None else os.getcwd()))

    system_dir = _SYSTEM_DIRS.get(platform, _LINUX_SYSTEM_DIR)
    settings_override = _set(env, "GEMINI_CLI_SYSTEM_SETTINGS_PATH")
    system_settings = (
        Path(os.path.abspath(settings_override))
        if settings_override
        else system_dir / "settings.json"
    )
    # If unset, system-defaults follows the directory of the system settings path.
    defaults_override = _set(env, "GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
    system_defaults = (
        Path(os.path.abspath(defaults_override))
        if defaults_override
        else system_settings.parent / "system-defaults.json"
    )
    trusted_override = _set(env, "GEMINI_CLI_TRUSTED_FOLDERS_PATH")
    trusted_folders = (
        Path(os.path.abspath(trusted_override))
        if trusted_override
        else home / ".gemini" / "trustedFolders.json"
    )
    return GeminiEnvironment(
        home=home,
        workspace=ws,
        system_settings_path=system_settings,
        system_defaults_path=system_defaults,
        trusted_folders_path=trusted_folders,
        environ=env,
        platform=platform,
    )
