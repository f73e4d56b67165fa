"""Where a write of the workspace's settings file would land, when that is not the workspace.

A repository is someone else's files. If it ships `.gemini/settings.json` (or `.gemini`
itself, or any directory on the way) as a symlink out of the workspace, a "workspace"
write would follow the link into the user's global settings, a dotfile, or a file that
does not exist yet and would be created elsewhere. The rule: the workspace settings file,
every link followed, must be inside the (real) workspace and must not be one of the files
Gemini CLI reads for the user or the machine. The user's own files (home, system) may be
links anywhere: that is the user's choice, and writes follow them (contract section 4).

`workspace_escape` is asked by the loader (`list`/`check` show it as a finding) and by the
write itself (`atomic`'s confinement), so a preview, a write and a report agree. The check
itself (`escape_of`) is core.disk.confinement's, shared with Claude's writes.
"""

from __future__ import annotations

from pathlib import Path

from hookdash.core.disk.confinement import Escape, escape_of
from hookdash.core.hosts.gemini.environment import GeminiEnvironment


def workspace_escape(env: GeminiEnvironment, target: Path | None = None) -> Escape | None:
    """Where the workspace settings file leads when it leaves the workspace (or is the
    user's or the machine's own settings or trust file), else None. `target`: the path a
    writer resolved, so that what is checked is what it writes."""
    path = env.workspace_settings_path
    reserved = (
        ("user settings", env.user_settings_path),
        ("system settings", env.system_settings_path),
        ("system defaults", env.system_defaults_path),
        ("trusted folders file", env.trusted_folders_path),
        ("trusted hooks file", env.trusted_hooks_path),
    )
    return escape_of(path, env.workspace, reserved, target)
