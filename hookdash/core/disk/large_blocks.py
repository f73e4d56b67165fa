"""Large blocks of memory go back to the system as soon as they are freed.

glibc's malloc raises its mmap threshold each time a large block is freed (up to 32 MiB),
so the next large strings — a 50 MB settings file's text, then its new text — are carved
from the heap, where growing one in place may copy it and freeing it may not give the
memory back. A fixed threshold keeps every block over 256 KiB in a mapping of its own:
grown with `mremap`, unmapped when freed. An edit of a 50 MB file then costs its two texts
(old and new), not their copies too: 144 MiB at most instead of up to 154 MiB.

Set once, when the first large file is read (`files.decode_file`): nothing at start-up,
and a process that never reads one keeps glibc's defaults.
"""

from __future__ import annotations

import functools
import sys

_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter
_THRESHOLD = 256 * 1024


@functools.cache
def return_large_blocks() -> None:
    """Fix malloc's mmap threshold, once (glibc on Linux; elsewhere nothing to do)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # here: an import that start-up does not pay for

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):  # pragma: no cover - a libc without mallopt
        return
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    mallopt(_M_MMAP_THRESHOLD, _THRESHOLD)
