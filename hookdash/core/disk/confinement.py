"""Where a file named inside a directory lands once every link is followed, when that is
not inside the directory (or is a file reserved for something else).

A repository is someone else's files: a settings file it ships (or a directory on the way
to it) may be a symlink out of the repository, and a write of "the project's file" would
follow it into the user's own settings, a dotfile, or a file created elsewhere. Each host
says which of its files are confined and which files are reserved
(hosts/gemini/confinement.py, hosts/claude/writing.py); the check is this one.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path


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
