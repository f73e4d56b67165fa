"""Atomic, symlink-following, mode- and owner-preserving file replacement.

`update_file(path, compute)` reads the file, asks `compute` for the new content, writes it
to a temporary file in the same directory, fsyncs it, checks the file did not change on
disk meanwhile, and renames the temporary file over the target. A crash or kill at any
point leaves the old file or the new one, never a mix. If another program changed the file
between the read and the rename, `compute` is run again on the fresh content (the edits
hookdash makes are expressed on the text, so they can be re-applied); if it keeps changing,
`FileChangedError`.

- A symlink is followed to its final target, which is replaced; the link stays a link.
  A caller that must keep a write inside a directory (a workspace write: the repository's
  links may not lead out of it) passes `confine`, which sees the resolved target before
  anything is read or created and refuses it by raising.
- The new file gets the old one's mode and owner (refused if the owner cannot be kept).
- A file or directory that is read-only — no write permission for us, or no write bit
  at all (which also stops root, who passes every permission check) — is refused with
  the reason, before anything is written.
- A file with several hard links is refused: renaming over it would split the links.
- Nothing hookdash creates is writable by group or others, whatever the umask: a new file
  is created 0644 (Gemini's own files are 0666 minus the umask) and new directories 0755
  (hookdash's state: 0700), each then narrowed by the umask.
- hookdash writers serialise on an advisory lock on the directory, so two hookdash
  processes never interleave; holding it, a writer also removes temporary files that a
  killed hookdash left behind for the same target.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from hookdash.core.disk import files
from hookdash.core.disk.write_journal import record_write, recording
from hookdash.core.errors import FileChangedError, FileWriteError

ATTEMPTS = 3
_TEMP_MARK = ".hookdash-"
_TEMP_SUFFIX = ".tmp"


@dataclass(frozen=True)
class WriteOutcome:
    """What `update_file` did."""

    path: Path  # as given
    target: Path  # the file actually written (symlinks followed)
    # The old content: None when the file did not exist, or when it was not kept (kept
    # while a journal records, for undo, and otherwise up to KEEP_BEFORE bytes).
    before: bytes | None
    after: bytes | None  # None: nothing written (compute returned None)
    attempts: int  # > 1: the file changed on disk and the edit was re-applied
    before_sha256: bytes | None = None  # the old content's digest; None: did not exist


# The old bytes an outcome keeps without a journal: enough for every settings file a
# person writes, and a 50 MB one is not held twice while an edit builds its new text.
KEEP_BEFORE = 1 << 20


@dataclass(frozen=True)
class _Before:
    """The file as read before an edit, by digest: the bytes themselves go to `compute`
    (which may drop them as soon as it has decoded them) and stay here only when kept."""

    st: os.stat_result | None
    sha256: bytes | None  # None: no file
    size: int
    data: bytes | None  # kept (see WriteOutcome.before)

    @classmethod
    def of(cls, data: bytes | None, st: os.stat_result | None, keep: bool) -> _Before:
        if data is None:
            return cls(st, None, 0, None)
        kept = data if keep or len(data) <= KEEP_BEFORE else None
        return cls(st, hashlib.sha256(data).digest(), len(data), kept)

    def holds(self, data: bytes | None) -> bool:
        """Whether `data` is exactly this content (None: still no file)."""
        if data is None or self.sha256 is None:
            return data is None and self.sha256 is None
        return len(data) == self.size and hashlib.sha256(data).digest() == self.sha256


# Sees the file a write would replace (every link followed) and raises to refuse it.
Confine = Callable[[Path], None]


def resolve_target(path: Path, confine: Confine | None = None) -> Path:
    """The file a write to `path` must replace: the end of its symlink chain, accepted by
    `confine` (which raises to refuse it)."""
    target = Path(os.path.realpath(path))
    if confine is not None:
        confine(target)
    return target


def temp_name(target: Path) -> str:
    return f".{target.name}{_TEMP_MARK}{os.getpid()}-{secrets.token_hex(4)}{_TEMP_SUFFIX}"


def _describe(exc: OSError) -> str:
    if exc.errno == errno.EROFS:
        return "the file system is read-only"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or str(exc)


def _read(target: Path, decode: bool) -> tuple[bytes | str | None, _Before]:
    """The file's content — bytes, or with `decode` its UTF-8 text, decoded as it is read
    (NotUtf8Error where it is not UTF-8) — and what is kept of it (`_Before`)."""
    try:
        handle, info = files.open_regular(target)
        with handle:
            if info.st_size > files.MAX_FILE_BYTES:
                raise files.FileTooLargeError(target, info.st_size, files.MAX_FILE_BYTES)
            if not decode:
                data = handle.readall()
                return data, _Before.of(data, info, keep=recording())
            decoded = files.decode_file(handle, target)
            keep = recording() or decoded.size <= KEEP_BEFORE
            # Valid UTF-8 encodes back to exactly the bytes read.
            kept = decoded.text.encode("utf-8") if keep else None
            return decoded.text, _Before(info, decoded.sha256, decoded.size, kept)
    except FileNotFoundError:
        return None, _Before(None, None, 0, None)
    except IsADirectoryError:
        raise FileWriteError(f"{target} is a directory, not a file.", path=str(target)) from None
    except (files.NotRegularFileError, files.FileTooLargeError) as exc:
        raise FileWriteError(
            f"{target}: {exc.strerror}; hookdash leaves it unchanged.", path=str(target)
        ) from None
    except OSError as exc:
        raise FileWriteError(
            f"hookdash cannot read {target} ({_describe(exc)}).", path=str(target)
        ) from None


def _unchanged(target: Path, before: _Before) -> bool:
    """Whether the file still holds exactly what was read (or is still absent): compared
    by digest, reading in blocks, so a large file is not held twice."""
    try:
        handle, info = files.open_regular(target)
    except FileNotFoundError:
        return before.sha256 is None
    except OSError:
        return False
    with handle:
        if before.sha256 is None or info.st_size != before.size:
            return False
        hasher = hashlib.sha256()
        read = 0
        while chunk := handle.read(1 << 20):
            hasher.update(chunk)
            read += len(chunk)
        return read == before.size and hasher.digest() == before.sha256


def _no_write_bits(mode: int) -> bool:
    return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _check_writable(path: Path, target: Path, st: os.stat_result | None) -> None:
    shown = str(path) if path == target else f"{path} (a link to {target})"
    if st is not None:
        if not os.access(target, os.W_OK) or _no_write_bits(st.st_mode):
            raise FileWriteError(
                f"{shown} is read-only; hookdash leaves it unchanged (make it writable, "
                "e.g. chmod u+w, if you want hookdash to edit it).",
                path=str(path),
            )
        if st.st_nlink > 1:
            raise FileWriteError(
                f"{shown} has {st.st_nlink} hard links; replacing it atomically would "
                "separate them, so hookdash leaves it unchanged (use a symlink instead).",
                path=str(path),
            )
    directory = target.parent
    try:
        dst = os.stat(directory)
    except FileNotFoundError:
        return  # created below, in a parent we will check when creating it
    if not os.access(directory, os.W_OK | os.X_OK) or _no_write_bits(dst.st_mode):
        raise FileWriteError(
            f"The directory {directory} is read-only, so hookdash cannot replace "
            f"{target.name} in it safely; nothing was changed.",
            path=str(path),
        )


@contextlib.contextmanager
def _directory_lock(directory: Path) -> Iterator[None]:
    """An advisory lock shared by hookdash writers in `directory` (POSIX only)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - cannot open the directory: write without lock
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def _remove_stale_temps(target: Path) -> None:
    """Remove temp files a killed hookdash left for `target` (only called under the lock,
    so no live hookdash writer owns one)."""
    prefix = f".{target.name}{_TEMP_MARK}"
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix) and name.endswith(_TEMP_SUFFIX):
            with contextlib.suppress(OSError):
                os.unlink(target.parent / name)


def _fsync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - some file systems refuse fsync on a directory
        pass
    finally:
        os.close(fd)


NEW_FILE_MODE = 0o644
NEW_DIR_MODE = 0o755


def ensure_directory(path: Path, mode: int = NEW_DIR_MODE) -> None:
    """Create `path` and any missing parents, each with `mode` (narrowed by the umask;
    `Path.mkdir(parents=True)` would give the parents 0777 minus the umask)."""
    missing: list[Path] = []
    current = path
    while not current.is_dir():
        missing.append(current)
        if current.parent == current:
            break
        current = current.parent
    for directory in reversed(missing):
        try:
            os.mkdir(directory, mode)
        except FileExistsError:
            if not directory.is_dir():
                raise


def _write_temp(target: Path, data: bytes, st: os.stat_result | None, new_mode: int | None) -> Path:
    tmp = target.parent / temp_name(target)
    # Private while being written; the final mode is set before the rename. A new file
    # without a mode gets NEW_FILE_MODE minus the umask: never group/other-writable.
    create_mode = 0o600 if st is not None or new_mode is not None else NEW_FILE_MODE
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, create_mode)
    try:
        _write_all(fd, data)
        if st is not None:
            os.fchmod(fd, stat.S_IMODE(st.st_mode))
            _keep_owner(fd, target, st)
        elif new_mode is not None:
            os.fchmod(fd, new_mode)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    os.close(fd)
    return tmp


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def replace_private_file(target: Path, data: bytes, dir_mode: int) -> None:
    """Replace `target` with `data` in one rename, the file private to its owner (0600),
    creating its directory (`dir_mode`) if need be: for what hookdash keeps for itself and
    may lose in a crash, but must never find half-written (kept output). Unlike
    `update_file`: no fsync (speed over durability), no lock, no comparison with what it
    replaces, and symlinks are not followed (the temporary file is renamed over the name)."""
    ensure_directory(target.parent, dir_mode)
    tmp = target.parent / temp_name(target)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _keep_owner(fd: int, target: Path, st: os.stat_result) -> None:
    mine = os.fstat(fd)
    if (mine.st_uid, mine.st_gid) == (st.st_uid, st.st_gid):
        return
    try:
        os.fchown(fd, st.st_uid, st.st_gid)
    except PermissionError:
        raise FileWriteError(
            f"{target} is owned by user {st.st_uid}, "
            f"group {st.st_gid}; replacing it would give it to you instead, so hookdash "
            "leaves it unchanged.",
        ) from None


def _install(tmp: Path, target: Path, exists: bool) -> bool:
    """Move `tmp` into place. A new file is linked, which fails if the target appeared
    meanwhile (False: try again); an existing one is renamed over."""
    if exists:
        os.replace(tmp, target)
        return True
    try:
        os.link(tmp, target)
    except FileExistsError:
        return False
    except OSError:  # pragma: no cover - a file system without hard links
        if target.exists():
            return False
        os.replace(tmp, target)
        return True
    os.unlink(tmp)
    return True


def update_file(
    path: Path,
    compute: Callable[[bytes | None], bytes | None],
    *,
    new_mode: int | None = None,
    dir_mode: int = NEW_DIR_MODE,
    attempts: int = ATTEMPTS,
    confine: Confine | None = None,
) -> WriteOutcome:
    """Replace the file at `path` with `compute(current content)`, atomically.

    `compute` gets the current bytes (None: no file) and returns the new bytes, or None
    for "nothing to change". It may raise; nothing is written then. A new file is created
    (with its missing directories, `dir_mode`) with `new_mode`, or 0644 minus the umask.
    `confine` may refuse the file the links lead to (see `resolve_target`).
    """
    return _update(path, compute, False, new_mode, dir_mode, attempts, confine)


def update_text_file(
    path: Path,
    compute: Callable[[str | None, bytes | None], bytes | None],
    *,
    new_mode: int | None = None,
    dir_mode: int = NEW_DIR_MODE,
    attempts: int = ATTEMPTS,
    confine: Confine | None = None,
) -> WriteOutcome:
    """`update_file` for a UTF-8 text file: `compute` gets the text, decoded as the file
    is read (`files.NotUtf8Error` where it is not UTF-8), and the SHA-256 of its bytes. It
    holds the only reference to the text (the old bytes are kept only while a journal
    records, for undo, or when small), so editing a large file holds its text and its new
    text, never its bytes beside them."""
    return _update(path, compute, True, new_mode, dir_mode, attempts, confine)


def _update(
    path: Path,
    compute: Callable[..., bytes | None],
    decode: bool,
    new_mode: int | None,
    dir_mode: int,
    attempts: int,
    confine: Confine | None,
) -> WriteOutcome:
    target = resolve_target(path, confine)
    # No directory yet: create it (and its parents) only if there is something to write.
    if not target.parent.is_dir() and (compute(None, None) if decode else compute(None)) is None:
        return WriteOutcome(path, target, None, None, 1)
    try:
        ensure_directory(target.parent, dir_mode)
    except OSError as exc:
        raise FileWriteError(
            f"hookdash cannot create the directory {target.parent} ({_describe(exc)}).",
            path=str(path),
        ) from None
    with _directory_lock(target.parent):
        _remove_stale_temps(target)
        for attempt in range(1, attempts + 1):
            content, before = _read(target, decode)
            held = [content]
            del content  # handed over: `compute` holds the only reference to it
            after = compute(held.pop(), before.sha256) if decode else compute(held.pop())
            if after is None or before.holds(after):
                return WriteOutcome(path, target, before.data, None, attempt, before.sha256)
            _check_writable(path, target, before.st)
            if not _replace(path, target, before, after, new_mode):
                continue
            _fsync_directory(target.parent)
            outcome = WriteOutcome(path, target, before.data, after, attempt, before.sha256)
            record_write(outcome)
            return outcome
    raise FileChangedError(
        f"{path} kept changing on disk while hookdash was writing it ({attempts} tries); "
        "hookdash left it as the other program wrote it. Try again.",
        path=str(path),
    )


def _replace(path: Path, target: Path, before: _Before, after: bytes, new_mode: int | None) -> bool:
    """Write `after` next to `target` and move it into place, unless the file is no longer
    `before` (False: compute again)."""
    try:
        tmp = _write_temp(target, after, before.st, new_mode)
    except OSError as exc:
        raise FileWriteError(
            f"hookdash cannot write next to {target} ({_describe(exc)}); the file was not changed.",
            path=str(path),
        ) from None
    try:
        # The last moment to notice another writer: re-read and compare.
        if not _unchanged(target, before) or not _install(tmp, target, before.sha256 is not None):
            os.unlink(tmp)
            return False
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise FileWriteError(
            f"hookdash cannot replace {target} ({_describe(exc)}); the file was not changed.",
            path=str(path),
        ) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return True


def remove_file(
    path: Path, check: Callable[[bytes | None], None], confine: Confine | None = None
) -> WriteOutcome:
    """Delete the file at `path` (its symlink target) after `check` accepted its current
    content (it raises to refuse), under the same lock as `update_file`; a file already
    gone is left gone. What an undo does to a file the undone write created."""
    target = resolve_target(path, confine)
    if not target.parent.is_dir():
        check(None)
        return WriteOutcome(path, target, None, None, 1)
    with _directory_lock(target.parent):
        content, read = _read(target, decode=False)
        before = content if isinstance(content, bytes) else None
        check(before)
        if before is None:
            return WriteOutcome(path, target, None, None, 1)
        _check_writable(path, target, None)  # the directory must let us unlink
        try:
            os.unlink(target)
        except OSError as exc:
            raise FileWriteError(
                f"hookdash cannot remove {target} ({_describe(exc)}).", path=str(path)
            ) from None
        _fsync_directory(target.parent)
    outcome = WriteOutcome(path, target, before, None, 1, read.sha256)
    record_write(outcome)
    return outcome
