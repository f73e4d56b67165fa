"""One write of a user or workspace settings file by add, edit, remove, hooks on|off and
import: the file as they name it, the text they start from, and the write itself — or,
with `dry_run`, only what it would be — with the unified diff the confirmation shows.

The write is `settings_file.edit_settings_file` (atomic, through symlinks, mode kept,
re-applied when the file changed on disk), so a transform must be a pure function of the
file's text.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hookdash.core import files
from hookdash.core.edit.atomic import resolve_target
from hookdash.core.edit.edits import Change
from hookdash.core.edit.settings_file import (
    FileEdit,
    WritableScope,
    edit_settings_file,
    not_utf8,
)
from hookdash.core.errors import EditError, FileWriteError

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

Transform = Callable[[str | None], FileEdit]


def unified_diff(before: str | None, after: str | None, shown: str) -> str:
    """The unified diff of one file's text (`/dev/null` for a file that did not exist)."""
    if after is None or before == after:
        return ""
    lines = difflib.unified_diff(
        (before or "").splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile="/dev/null" if before is None else shown,
        tofile=shown,
    )
    out = []
    for line in lines:
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


def current_text(config: Configuration, scope: WritableScope) -> str | None:
    """The scope's settings file as it is on disk now (None: it does not exist)."""
    path = config.layers[scope].path
    shown = config.env.display(path)
    try:
        return files.read_decoded(resolve_target(path)).text
    except FileNotFoundError:
        return None
    except files.NotUtf8Error as exc:
        raise not_utf8(shown, path, exc) from None
    except OSError as exc:
        raise FileWriteError(
            f"hookdash cannot read {shown} ({exc.strerror or exc}).", path=str(path)
        ) from None


@dataclass
class Written:
    """One settings file's edit, written (or previewed), with its diff."""

    edit: FileEdit
    diff: str


def write_settings(
    config: Configuration, scope: WritableScope, transform: Transform, dry_run: bool
) -> Written:
    """Apply `transform` (a pure function of the file's text) to the scope's settings file
    atomically, or with `dry_run` only compute it; returns the edit and its diff."""
    shown = config.env.display(config.layers[scope].path)
    seen: list[str | None] = []

    def recording(text: str | None) -> FileEdit:
        seen.append(text)
        return transform(text)

    if dry_run:
        edit = recording(current_text(config, scope))
    else:
        edit = edit_settings_file(config, scope, recording)
    return Written(edit, unified_diff(seen[-1] if seen else None, edit.text, shown))


def write_also(
    config: Configuration,
    first: Written,
    more: Sequence[tuple[WritableScope, Transform]],
    dry_run: bool,
) -> tuple[list[Change], str]:
    """After `first`, the other files of one edit, in turn: every change and the diffs of
    all. A later file that fails says what was already written (`EditError.applied`)."""
    changes = list(first.edit.changes)
    diffs = [first.diff]
    for scope, transform in more:
        try:
            written = write_settings(config, scope, transform, dry_run)
        except EditError as exc:
            exc.applied = [] if dry_run else changes
            raise
        changes.extend(written.edit.changes)
        diffs.append(written.diff)
    return changes, "".join(diffs)
