"""One write of a user or workspace settings file by add, edit, remove, hooks on|off and
import: the file as they name it, the text they start from, and the write itself — or,
with `dry_run`, only what it would be — with the unified diff the confirmation shows.

The write is `settings_file.edit_settings_file` (atomic, through symlinks, mode kept,
re-applied when the file changed on disk), so a transform must be a pure function of the
file's text.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hookdash.core.disk import files
from hookdash.core.disk.atomic import resolve_target
from hookdash.core.edit.editor.settings_file import (
    FileEdit,
    WritableScope,
    created_note,
    edit_settings_file,
    not_utf8,
    write_guard,
)
from hookdash.core.edit.edits import Change
from hookdash.core.errors import EditError, FileWriteError

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

Transform = Callable[[str | None], FileEdit]


def unified_diff(before: str | None, after: str | None, shown: str) -> str:
    """The unified diff of one file's text (`/dev/null` for a file that did not exist).

    An edit is a splice: the texts share a long head and tail. Only the lines between
    them, with three of context on each side, go to difflib (a 50 MB file is not split
    into lines twice, nor matched line by line); the hunks' line numbers are the file's.
    """
    if after is None or before == after:
        return ""
    old, new = before or "", after
    skip, old_end, new_end = _changed_window(old, new)
    lines = difflib.unified_diff(
        old[skip:old_end].splitlines(keepends=True),
        new[skip:new_end].splitlines(keepends=True),
        fromfile="/dev/null" if before is None else shown,
        tofile=shown,
    )
    offset = _lines_before(old, skip)
    out = []
    for line in lines:
        if offset and line.startswith("@@ "):
            line = _HUNK.sub(lambda m: _moved_hunk(m, offset), line, count=1)
        if not line.endswith("\n"):
            line += "\n\\ No newline at end of file\n"
        out.append(line)
    return "".join(out)


_CONTEXT = 3  # lines of context around a change (difflib's default)
_BLOCK = 1 << 16
_HUNK = re.compile(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@")


# What str.splitlines (and so difflib's lines) breaks at, besides "\n".
_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
_BREAK = re.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def _lines_before(text: str, end: int) -> int:
    """How many lines `splitlines` finds before `end` (the start of a line): counted in C
    when only "\n" ends them, as in nearly every settings file."""
    if not any(text.find(c, 0, end) != -1 for c in _OTHER_BREAKS):
        return text.count("\n", 0, end)
    return sum(1 for _ in _BREAK.finditer(text, 0, end))


def _moved_hunk(m: re.Match[str], offset: int) -> str:
    def at(start: str, size: str | None) -> str:
        # An empty range is numbered by the line before it ("-0,0" at the very start).
        return f"{int(start) + offset}{size or ''}"

    return f"@@ -{at(m[1], m[2])} +{at(m[3], m[4])} @@"


def _changed_window(old: str, new: str) -> tuple[int, int, int]:
    """(start, old end, new end) of the region that differs, widened to whole lines with
    at least `_CONTEXT` lines on each side; the start is the same offset in both texts,
    and what follows the ends is the same text in both."""
    limit = min(len(old), len(new))
    head = 0  # the common head, compared a block at a time, then a character at a time
    while head + _BLOCK <= limit and old[head : head + _BLOCK] == new[head : head + _BLOCK]:
        head += _BLOCK
    while head < limit and old[head] == new[head]:
        head += 1
    room, tail = limit - head, 0  # the common tail, which must not overlap the head
    while (
        tail + _BLOCK <= room
        and old[len(old) - tail - _BLOCK : len(old) - tail]
        == new[len(new) - tail - _BLOCK : len(new) - tail]
    ):
        tail += _BLOCK
    while tail < room and old[len(old) - tail - 1] == new[len(new) - tail - 1]:
        tail += 1
    start = old.rfind("\n", 0, head) + 1  # the changed line's start, then three lines up
    for _ in range(_CONTEXT):
        if start == 0:
            break
        start = old.rfind("\n", 0, start - 1) + 1
    old_end, new_end = len(old) - tail, len(new) - tail
    for _ in range(_CONTEXT + 1):  # the changed line's end, then three lines down
        nl = old.find("\n", old_end)
        if nl == -1:
            return start, len(old), len(new)
        new_end += nl + 1 - old_end
        old_end = nl + 1
    return start, old_end, new_end


def current_text(config: Configuration, scope: WritableScope) -> str | None:
    """The scope's settings file as it is on disk now (None: it does not exist)."""
    path = config.layers[scope].path
    shown = config.env.display(path)
    try:
        return files.read_decoded(resolve_target(path, write_guard(config, scope))).text
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
    diffs: list[str] = []  # one per try: the last is of the text the edit was made on

    def recording(text: str | None) -> FileEdit:
        edit = transform(text)
        # Diffed here, so the old text is not kept beside the new one and its bytes.
        diffs.append(unified_diff(text, edit.text, shown))
        return edit

    if dry_run:
        edit = recording(current_text(config, scope))
        done = created_note(shown)  # a preview creates nothing: it would
        edit.notes = [created_note(shown, True) if n == done else n for n in edit.notes]
    else:
        edit = edit_settings_file(config, scope, recording)
    return Written(edit, diffs[-1])


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
