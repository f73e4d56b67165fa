"""Opening the files hookdash reads, so that none of them can hang it or flood its memory.

Everything hookdash reads — the settings of every layer, `trustedFolders.json`,
`trusted_hooks.json`, extension manifests, `hooks.json`, install metadata,
`extension-enablement.json`, `.env` files, the scripts hooks run (for fingerprints, previews
and checks), the run log, Gemini's telemetry file and hookdash's own state — may sit in a
repository someone else wrote. A FIFO there blocks `open()` until a writer appears (that is,
forever), `/dev/zero` never ends, and a symlink can point at either. So every read here:

1. `stat`s the path first and refuses anything that is not a regular file, saying what it
   is (a FIFO, a socket, a device, a directory) — a device is never even opened, since
   opening some devices has effects of its own;
2. opens it with `O_NONBLOCK` (a FIFO swapped in after the `stat` opens at once instead of
   waiting for a writer) and checks the open descriptor again with `fstat`, so what is read
   is the regular file that was checked, whatever was swapped in between;
3. reads a whole file only up to a cap, and a script only up to a capped prefix.

The caps:
- `MAX_FILE_BYTES` (128 MiB) for a file read whole: settings files can be large (hookdash
  edits a 50 MB one within its memory bound), and nothing real comes near this.
- `SCRIPT_PREVIEW_BYTES` (64 KiB): what a preview shows of a script (its first lines).
- `SCRIPT_HASH_BYTES` (16 MiB): what a script fingerprint covers; a longer script is hashed
  over its first 16 MiB and its size is recorded with it, so growing or shrinking it still
  counts as a change.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
from collections.abc import Callable
from io import FileIO
from pathlib import Path
from typing import Final

from hookdash.core.disk.large_blocks import return_large_blocks

MAX_FILE_BYTES = 128 * 1024 * 1024
SCRIPT_PREVIEW_BYTES = 64 * 1024
SCRIPT_HASH_BYTES = 16 * 1024 * 1024

_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


class NotRegularFileError(OSError):
    """Something other than a regular file (a FIFO, a socket, a device) where hookdash
    expected one. `strerror` says what it is, ready for a message."""

    def __init__(self, path: str | Path, kind: str) -> None:
        super().__init__(errno.EINVAL, f"it is {kind}, not a regular file", str(path))
        self.kind = kind


class FileTooLargeError(OSError):
    """A file bigger than hookdash reads whole."""

    def __init__(self, path: str | Path, size: int, cap: int) -> None:
        super().__init__(
            errno.EFBIG,
            f"it is {_megabytes(size)}, more than the {_megabytes(cap)} hookdash reads",
            str(path),
        )
        self.size = size
        self.cap = cap


class NotUtf8Error(ValueError):
    """A file read as UTF-8 text that is not valid UTF-8, and where it breaks (1-based)."""

    def __init__(self, path: str | Path, line: int, column: int) -> None:
        super().__init__(f"{path} is not valid UTF-8 (line {line}, column {column})")
        self.line = line
        self.column = column


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MiB" if size >= 1024 * 1024 else f"{size:,} bytes"


# What a `stat` mode is, in words: the first test that holds names it.
_KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISREG, "a regular file"),
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def kind_of(mode: int) -> str:
    """What a `stat` mode is, in words, with its article."""
    return next((kind for test, kind in _KINDS if test(mode)), "a special file")


def _refuse(path: str | Path, mode: int) -> OSError:
    if stat.S_ISDIR(mode):
        return IsADirectoryError(errno.EISDIR, "it is a directory, not a file", str(path))
    return NotRegularFileError(path, kind_of(mode))


def not_regular(path: str | Path) -> str | None:
    """What is at `path` when it exists but is not a regular file ("a FIFO (named
    pipe)"…); None for a regular file or nothing at all. Never opens it."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return None if stat.S_ISREG(mode) else kind_of(mode)


def open_regular(path: str | Path) -> tuple[FileIO, os.stat_result]:
    """The regular file at `path` opened for reading (binary, unbuffered), and its `fstat`.

    Raises FileNotFoundError, PermissionError…, IsADirectoryError, or NotRegularFileError;
    never blocks. The caller closes the file.
    """
    before = os.stat(path)
    if not stat.S_ISREG(before.st_mode):
        raise _refuse(path, before.st_mode)
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):  # swapped between the stat and the open
            raise _refuse(path, info.st_mode)
        # Back to blocking reads: a regular file never blocks, and a clean descriptor is
        # what the rest of Python expects.
        os.set_blocking(fd, True)
        handle = FileIO(fd, "rb", closefd=True)
    except BaseException:
        os.close(fd)
        raise
    return handle, info


def _read_up_to(handle: FileIO, limit: int) -> bytes:
    chunks: list[bytes] = []
    left = limit
    while left > 0:
        chunk = handle.read(min(left, 1024 * 1024))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_bytes(path: str | Path, cap: int = MAX_FILE_BYTES) -> bytes:
    """The whole regular file at `path`; FileTooLargeError beyond `cap` bytes."""
    handle, info = open_regular(path)
    with handle:
        if info.st_size > cap:
            raise FileTooLargeError(path, info.st_size, cap)
        data = _read_up_to(handle, cap + 1)
    if len(data) > cap:  # it grew while being read
        raise FileTooLargeError(path, len(data), cap)
    return data


def read_bytes_if_any(path: str | Path, cap: int = MAX_FILE_BYTES) -> bytes | None:
    """`read_bytes`, or None when there is no file (every other OSError is raised)."""
    try:
        return read_bytes(path, cap)
    except FileNotFoundError:
        return None


def read_text(path: str | Path, cap: int = MAX_FILE_BYTES, errors: str = "replace") -> str:
    """`read_bytes` decoded as UTF-8 (`errors` as for `bytes.decode`)."""
    return read_bytes(path, cap).decode("utf-8", errors)


class DecodedFile:
    """A file's UTF-8 text, with the SHA-256 and size of its bytes."""

    __slots__ = ("sha256", "size", "text")
    text: Final[str]
    sha256: Final[bytes]
    size: Final[int]

    def __init__(self, text: str, sha256: bytes, size: int) -> None:
        self.text = text
        self.sha256 = sha256
        self.size = size


_DECODE_BLOCK = 1 << 20


def decode_file(
    handle: FileIO, path: str | Path, cap: int = MAX_FILE_BYTES, errors: str = "strict"
) -> DecodedFile:
    """The text of an open file, decoded a block at a time as it is read: a 50 MB settings
    file is never held as bytes and text at once. FileTooLargeError beyond `cap` bytes;
    with `errors="strict"`, NotUtf8Error where the bytes stop being UTF-8."""
    import hashlib  # here: OpenSSL's library is a few ms of a start that reads without hashing

    hasher = hashlib.sha256()
    text, size = _decode(handle, path, cap, errors, hasher.update)
    return DecodedFile(text, hasher.digest(), size)


def _decode(
    handle: FileIO, path: str | Path, cap: int, errors: str, update: Callable[[bytes], None]
) -> tuple[str, int]:
    """`decode_file`'s text and size, each block handed to `update` as it is read."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors)
    text = ""
    size = 0
    while True:
        block = handle.read(_DECODE_BLOCK)
        size += len(block)
        if size > cap:
            raise FileTooLargeError(path, size, cap)
        update(block)
        if size > _DECODE_BLOCK:  # a large file: its texts are to be given back when freed
            return_large_blocks()
        try:
            piece = decoder.decode(block, final=not block)
        except UnicodeDecodeError as exc:
            raise _not_utf8(path, text, exc) from None
        # Grown in place (CPython resizes a string nothing else refers to).
        text += piece
        if not block:
            return text, size


def _not_utf8(path: str | Path, before: str, exc: UnicodeDecodeError) -> NotUtf8Error:
    head = exc.object[: exc.start].decode("utf-8")  # the valid part of this block
    line = before.count("\n") + head.count("\n") + 1
    if "\n" in head:
        column = len(head) - head.rfind("\n")
    else:
        column = len(before) - (before.rfind("\n") + 1) + len(head) + 1
    return NotUtf8Error(path, line, column)


def read_decoded(
    path: str | Path, cap: int = MAX_FILE_BYTES, errors: str = "strict"
) -> DecodedFile:
    """The whole regular file at `path` as UTF-8 text (see `decode_file`)."""
    with _open_capped(path, cap) as handle:
        return decode_file(handle, path, cap, errors)


def read_utf8(path: str | Path, cap: int = MAX_FILE_BYTES, errors: str = "strict") -> str:
    """`read_decoded`'s text, for a reader that needs no digest of the file."""
    with _open_capped(path, cap) as handle:
        return _decode(handle, path, cap, errors, _ignore)[0]


def _open_capped(path: str | Path, cap: int) -> FileIO:
    """The regular file at `path`, open; FileTooLargeError when it is over `cap` bytes."""
    handle, info = open_regular(path)
    if info.st_size > cap:
        handle.close()
        raise FileTooLargeError(path, info.st_size, cap)
    return handle


def _ignore(block: bytes) -> None:
    pass


def read_head(path: str | Path, limit: int) -> tuple[bytes, int]:
    """The first `limit` bytes of the regular file at `path`, and the file's size."""
    handle, info = open_regular(path)
    with handle:
        return _read_up_to(handle, limit), info.st_size
