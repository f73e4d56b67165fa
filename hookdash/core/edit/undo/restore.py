"""Undoing a write hookdash made: exactly the bytes before, and only while each file is
still as hookdash left it.

A front end records the files one action writes (`write_journal.recording_writes` around
the call: add, edit, remove, a switch, hooks on|off, trust — settings files, Gemini's
`trusted_hooks.json` and hookdash's own state alike) and turns them into an `UndoEntry`
with `undo_entry`: per file, the bytes before the action (None: it did not exist) and the
SHA-256 of the bytes it left. `undo` puts the old bytes back through the same atomic write
(`atomic.update_file`; a file the action created is removed) after checking that every
file still has the bytes hookdash wrote: a file changed since — by hand, by Gemini CLI, by
git — is refused with the reason and nothing is touched, so an undo never throws away a
change hookdash did not make.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path

from pydantic import BaseModel

from hookdash.core.disk import files
from hookdash.core.disk.atomic import (
    Confine,
    WriteOutcome,
    remove_file,
    resolve_target,
    update_file,
)
from hookdash.core.errors import FileWriteError, HookdashError, UndoRefused


class FileBefore(BaseModel):
    """One file an action wrote: what it held before, and the digest of what it left."""

    path: str  # the file written (its symlinks followed)
    before: bytes | None  # None: the action created it
    after_sha256: str | None  # None: the action removed it


class UndoEntry(BaseModel):
    """What undoing one action restores."""

    label: str  # the action, as a person reads it ("add 'guard' to BeforeTool")
    files: list[FileBefore]


class UndoResult(BaseModel):
    message: str
    restored: list[str]  # the files put back, as written in `FileBefore.path`


def digest(data: bytes | None) -> str | None:
    return None if data is None else hashlib.sha256(data).hexdigest()


def undo_entry(label: str, writes: Sequence[WriteOutcome]) -> UndoEntry | None:
    """The entry that undoes `writes` (in the order made; a file written twice keeps its
    first `before` and its last result), or None when nothing was written."""
    files: dict[Path, FileBefore] = {}
    for write in writes:
        after = digest(write.after)
        known = files.get(write.target)
        if known is None:
            files[write.target] = FileBefore(
                path=str(write.target), before=write.before, after_sha256=after
            )
        else:
            known.after_sha256 = after
    kept = [f for f in files.values() if digest(f.before) != f.after_sha256]
    return UndoEntry(label=label, files=kept) if kept else None


def _unmoved(entry: UndoEntry, file: FileBefore, shown: str) -> Confine:
    """Refuses the undo when the file hookdash wrote (recorded with its links followed) is
    now reached through a link to somewhere else: a directory swapped for a symlink must
    not carry the old bytes out of where they were written."""

    def confine(target: Path) -> None:
        if target != Path(file.path):
            raise UndoRefused(
                f"Cannot undo “{entry.label}”: {shown} now leads to {target} (a link was put "
                "on its way since hookdash wrote it). Nothing was undone.",
                path=file.path,
            )

    return confine


def _read(path: Path, confine: Confine) -> bytes | None:
    try:
        return files.read_bytes_if_any(resolve_target(path, confine))
    except OSError as exc:
        raise FileWriteError(f"hookdash cannot read {path} ({exc.strerror or exc}).") from None


def _refusal(entry: UndoEntry, file: FileBefore, now: bytes | None, shown: str) -> UndoRefused:
    what = "was removed" if now is None else "changed"
    return UndoRefused(
        f"Cannot undo “{entry.label}”: {shown} {what} since hookdash wrote it (by hand, by "
        "Gemini CLI or another program), and putting the old bytes back would throw that "
        "change away. Nothing was undone.",
        path=file.path,
    )


def undo(entry: UndoEntry, display: Callable[[str], str] = str) -> UndoResult:
    """Put back every file of `entry` as it was before the action, or refuse (UndoRefused,
    nothing touched) when one of them no longer holds what hookdash wrote."""
    for file in entry.files:
        now = _read(Path(file.path), _unmoved(entry, file, display(file.path)))
        if digest(now) != file.after_sha256:
            raise _refusal(entry, file, now, display(file.path))
    restored: list[str] = []
    for file in reversed(entry.files):
        shown = display(file.path)
        unmoved = _unmoved(entry, file, shown)

        def check(current: bytes | None, file: FileBefore = file, shown: str = shown) -> None:
            # Checked again under the write lock: a change in the meantime still refuses.
            if digest(current) != file.after_sha256:
                raise _refusal(entry, file, current, shown)

        try:
            if file.before is None:
                remove_file(Path(file.path), check, unmoved)
            else:

                def compute(
                    current: bytes | None,
                    check: Callable[[bytes | None], None] = check,
                    old: bytes = file.before,
                ) -> bytes:
                    check(current)
                    return old

                update_file(Path(file.path), compute, confine=unmoved)
        except HookdashError as exc:
            if restored:
                done = ", ".join(display(p) for p in restored)
                exc.message += f" (Already put back: {done}.)"
                exc.args = (exc.message,)
            raise
        restored.append(file.path)
    names = ", ".join(display(p) for p in reversed(restored))
    verb = "is" if len(restored) == 1 else "are"
    return UndoResult(
        message=f"Undid “{entry.label}”: {names} {verb} back to the bytes before it.",
        restored=restored,
    )
