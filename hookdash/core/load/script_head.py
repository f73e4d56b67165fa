"""The first bytes of the script a hook runs, read so that no file can hang or flood us.

A hostile repository decides what a hook's command names: a FIFO (opening it for reading
blocks until a writer comes), `/dev/zero` (endless), a multi-gigabyte file. Checks and
risk flags read scripts through this module only, which reads through `core.files`: it
refuses anything that is not a regular file, opens without blocking, and reads at most
`limit` bytes.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from functools import lru_cache

from hookdash.core import files

# Enough for any hand-written hook script; what lies beyond is not read (and says so).
SCRIPT_HEAD_BYTES = 64 * 1024
# A NUL in the first bytes: a compiled program, not text anyone reviews line by line.
_BINARY_SNIFF = 8192


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
    return None if stat.S_ISREG(mode) else files.kind_of(mode)


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
        # one byte more tells whether there is more
        data, _size = files.read_head(path, limit + 1)
    except OSError as exc:
        return ScriptHead(path, None, unavailable=f"cannot read it: {exc.strerror}")
    truncated = len(data) > limit
    data = data[:limit]
    if b"\0" in data[:_BINARY_SNIFF]:
        return ScriptHead(path, None, truncated, binary=True, unavailable="a binary file")
    return ScriptHead(path, data.decode("utf-8", errors="replace"), truncated)
