"""The first bytes of the script a hook runs, read so that no file can hang or flood us.

A hostile repository decides what a hook's command names: a FIFO (opening it for reading
blocks until a writer comes), `/dev/zero` (endless), a multi-gigabyte file. Checks and
risk flags read scripts through this module only: it refuses anything that is not a
regular file, opens without blocking, and reads at most `limit` bytes.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from functools import lru_cache

# Enough for any hand-written hook script; what lies beyond is not read (and says so).
SCRIPT_HEAD_BYTES = 64 * 1024
# A NUL in the first bytes: a compiled program, not text anyone reviews line by line.
_BINARY_SNIFF = 8192

_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


@dataclass(frozen=True)
class ScriptHead:
    """The start of a script file, or why there is none."""

    path: str
    text: str | None  # decoded as UTF-8 (invalid bytes replaced); None when unavailable
    truncated: bool = False  # the file is longer than what was read
    binary: bool = False
    unavailable: str | None = None  # why there is no text


def file_kind(mode: int) -> str | None:
    """What a non-regular file is ("a FIFO (named pipe)", …); None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((label for test, label in _KINDS if test(mode)), "not a regular file")


def read_head(path: str, limit: int = SCRIPT_HEAD_BYTES) -> ScriptHead:
    """At most `limit` bytes of the regular file at `path` (symlinks followed)."""
    try:
        info = os.stat(path)
    except OSError as exc:
        return ScriptHead(path, None, unavailable=f"cannot read it: {exc.strerror}")
    kind = file_kind(info.st_mode)
    if kind is not None:
        return ScriptHead(path, None, unavailable=f"it is {kind}, not a regular file")
    # Keyed on the file's identity and age: a load reads each script once, and an edited
    # script is read again.
    return _read(path, limit, info.st_ino, info.st_size, info.st_mtime_ns)


@lru_cache(maxsize=256)
def _read(path: str, limit: int, inode: int, size: int, mtime_ns: int) -> ScriptHead:
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO after the stat, open returns at
        # once instead of waiting for a writer; fstat below then refuses it.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        return ScriptHead(path, None, unavailable=f"cannot read it: {exc.strerror}")
    try:
        kind = file_kind(os.fstat(fd).st_mode)
        if kind is not None:
            return ScriptHead(path, None, unavailable=f"it is {kind}, not a regular file")
        chunks: list[bytes] = []
        wanted = limit + 1  # one byte more tells whether there is more
        while wanted > 0:
            chunk = os.read(fd, min(wanted, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            wanted -= len(chunk)
    except OSError as exc:
        return ScriptHead(path, None, unavailable=f"cannot read it: {exc.strerror}")
    finally:
        os.close(fd)
    data = b"".join(chunks)
    truncated = len(data) > limit
    data = data[:limit]
    if b"\0" in data[:_BINARY_SNIFF]:
        return ScriptHead(path, None, truncated, binary=True, unavailable="a binary file")
    return ScriptHead(path, data.decode("utf-8", errors="replace"), truncated)
