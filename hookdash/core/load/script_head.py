"""The text of the scripts hooks run, read so that no file can hang or flood us.

A hostile repository decides what a hook's command names: a FIFO (opening it for reading
blocks until a writer comes), `/dev/zero` (endless), a multi-gigabyte file. Checks and
risk flags read scripts through this module only, which reads through `core.files`: it
refuses anything that is not a regular file, opens without blocking, and reads at most
`limit` bytes.

The risk flags and the hidden-character check read a script whole, up to
`SCRIPT_SCAN_BYTES` (the bytes its fingerprint covers): a payload after 64 KiB of padding
is read like one on the first line. A longer script says so (`truncated`), and that is a
finding of its own.
"""

from __future__ import annotations

import os
import stat
from typing import Final

from hookdash.core.disk import files

# What a preview reads.
SCRIPT_HEAD_BYTES = 64 * 1024
# What the risk flags and checks read: as much as the fingerprint covers.
SCRIPT_SCAN_BYTES = files.SCRIPT_HASH_BYTES
# Texts kept between reads (a load reads each script for several checks): a budget in
# characters, not a count, since one script may be 16 MiB.
_CACHE_BUDGET = 64 * 1024 * 1024
# A NUL in the first bytes: a compiled program, not text anyone reviews line by line.
_BINARY_SNIFF = 8192


class ScriptHead:
    """The start of a script file, or why there is none."""

    __slots__ = ("binary", "path", "text", "truncated", "unavailable")
    path: Final[str]
    text: Final[str | None]  # decoded as UTF-8 (invalid bytes replaced); None when unavailable
    truncated: Final[bool]  # the file is longer than what was read
    binary: Final[bool]
    unavailable: Final[str | None]  # why there is no text

    def __init__(
        self,
        path: str,
        text: str | None,
        truncated: bool = False,
        binary: bool = False,
        unavailable: str | None = None,
    ) -> None:
        self.path = path
        self.text = text
        self.truncated = truncated
        self.binary = binary
        self.unavailable = unavailable


def file_kind(mode: int) -> str | None:
    """What a non-regular file is ("a FIFO (named pipe)", …); None for a regular file."""
    return None if stat.S_ISREG(mode) else files.kind_of(mode)


def read_head(path: str, limit: int = SCRIPT_SCAN_BYTES) -> ScriptHead:
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
    key = (path, limit, info.st_ino, info.st_size, info.st_mtime_ns)
    found = _cache.get(key)
    if found is None:
        found = _read(path, limit)
        _remember(key, found)
    return found


_cache: dict[tuple[str, int, int, int, int], ScriptHead] = {}
_cached_chars = 0


def _remember(key: tuple[str, int, int, int, int], head: ScriptHead) -> None:
    global _cached_chars
    size = len(head.text or "")
    if size > _CACHE_BUDGET // 4:
        return
    while _cache and (_cached_chars + size > _CACHE_BUDGET or len(_cache) >= 1024):
        oldest = next(iter(_cache))  # insertion order: the oldest first
        _cached_chars -= len(_cache.pop(oldest).text or "")
    _cache[key] = head
    _cached_chars += size


def _read(path: str, limit: int) -> ScriptHead:
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
