"""Where a write of the workspace's settings file would land, when that is not the workspace.

A repository is someone else's files. If it ships `.gemini/settings.json` (or `.gemini`
itself, or any directory on the way) as a symlink out of the workspace, a "workspace"
write would follow the link into the user's global settings, a dotfile, or a file that
does not exist yet and would be created elsewhere. The rule: the workspace settings file,
every link followed, must be inside the (real) workspace and must not be one of the files
Gemini CLI reads for the user or the machine. The user's own files (home, system) may be
links anywhere: that is the user's choice, and writes follow them (contract section 4).

`workspace_escape` is asked by the loader (`list`/`check` show it as a finding) and by the
write itself (`atomic`'s confinement), so a preview, a write and a report agree.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from hookdash.core.hosts.gemini.environment import GeminiEnvironment


@dataclass(frozen=True)
class Escape:
    """The workspace settings file leads out of the workspace."""

    path: Path  # the file as Gemini names it, in the workspace
    target: Path  # where a read or a write of it lands (every link followed)
    link: Path | None  # the first symlink on the way (None: none found, e.g. a race)
    link_text: str  # what that link holds, as written ("" when none)
    exists: bool  # the target exists
    reserved: str | None  # the other Gemini file the target is ("your user settings"), if any

    def describe(self, display: Callable[[str | Path], str]) -> str:
        """Where the file leads, and through which link (a clause: callers go on)."""
        where = display(self.target)
        what = f"your {self.reserved} ({where})" if self.reserved else where
        if not self.exists:
            what += ", which does not exist"
        via = ""
        if self.link is not None:
            via = f", through the link {display(self.link)} -> {display(self.link_text)}"
        return f"{display(self.path)} leads outside the workspace, to {what}{via}"


def _inside(target: Path, root: Path) -> bool:
    return target == root or target.is_relative_to(root)


def _first_link(path: Path, root: Path) -> tuple[Path | None, str]:
    """The first symlink on the way from `root` to `path` and what it holds."""
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        return None, ""
    current = root
    for part in parts:
        current = current / part
        try:
            if current.is_symlink():
                return current, os.readlink(current)
        except OSError:
            return None, ""
    return None, ""


def escape_of(
    path: Path,
    root: Path,
    reserved: Iterable[tuple[str, Path]] = (),
    target: Path | None = None,
) -> Escape | None:
    """Where `path` (named inside the real directory `root`) lands once every link is
    followed (`target`, when the caller resolved it already), when that is outside `root`
    or one of the `reserved` files (label, path); None when it stays a file of `root`."""
    target = Path(os.path.realpath(path)) if target is None else target
    label = next(
        (name for name, other in reserved if Path(os.path.realpath(other)) == target), None
    )
    if label is None and _inside(target, root):
        return None
    link, text = _first_link(path, root)
    return Escape(path, target, link, text, os.path.lexists(target), label)


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
