"""Copies of the scripts trusted hooks run, and what changed in a script since it was trusted.

A hook that is CHANGED because its script was edited is only useful to review if the
reviewer sees *what* changed. When hookdash records trust (`fingerprints.record`) it reads
each script once, hashing all of it and keeping its first bytes; a script of at most
`COPY_CAP` bytes is also copied into hookdash's state, content-addressed by its SHA-256:
`<state dir>/trusted-scripts/<sha256>` (directory 0700, files 0600 — a script may hold
secrets). A larger one keeps only its hash, and the review says so.

Scripts are project files an attacker may have placed: a FIFO or a device (or a symlink to
one) must not hang or feed hookdash forever, so `read_script` opens through `core.files`
(without blocking, regular files only, saying what anything else is) and hashes at most
`files.SCRIPT_HASH_BYTES` of a script (its size is recorded too).
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from hookdash.core.disk import files
from hookdash.core.disk.atomic import update_file
from hookdash.core.disk.state import private_dir
from hookdash.core.record_class import record

COPY_CAP = 256 * 1024  # bytes: larger scripts keep only their hash
COPIES_DIR = "trusted-scripts"
DIFF_LINES = 1000  # diff lines handed out for display; the rest are counted
_CHUNK = 1 << 16
_BINARY_PROBE = 8192


class NotARegularFileError(OSError):
    """The path names something other than a regular file (said in `what`)."""

    def __init__(self, path: str, what: str) -> None:
        super().__init__(f"{path} is {what}, not a regular file")
        self.what = what


@record
class ScriptRead:
    """One read of a script: the hash and size of all of it, and its first bytes."""

    sha256: str
    size: int
    head: bytes  # at most `cap` bytes

    @property
    def complete(self) -> bool:
        return len(self.head) == self.size


def read_script(path: str, cap: int = COPY_CAP) -> ScriptRead:
    """Hash a regular file (its first `files.SCRIPT_HASH_BYTES`) and keep its first `cap`
    bytes, without ever blocking.

    Raises NotARegularFileError for a FIFO, device, socket or directory (also through a
    symlink), OSError when it cannot be opened or read.
    """
    try:
        handle, info = files.open_regular(path)  # follows symlinks: what a command would run
    except files.NotRegularFileError as exc:
        raise NotARegularFileError(path, exc.kind) from None
    except IsADirectoryError:
        raise NotARegularFileError(path, "a directory") from None
    digest = hashlib.sha256()
    head = bytearray()
    left = files.SCRIPT_HASH_BYTES
    with handle:
        while left > 0 and (chunk := handle.read(min(_CHUNK, left))):
            digest.update(chunk)
            if len(head) < cap:
                head += chunk[: cap - len(head)]
            left -= len(chunk)
    return ScriptRead(sha256=digest.hexdigest(), size=info.st_size, head=bytes(head))


def text_read(code: str) -> ScriptRead:
    """Project code (an npm script, a make recipe) as a read of a script of its own."""
    data = code.encode("utf-8", "surrogatepass")
    return ScriptRead(sha256=hashlib.sha256(data).hexdigest(), size=len(data), head=data)


def copies_dir(state: Path) -> Path:
    return state / COPIES_DIR


def keep_copy(state: Path, read: ScriptRead) -> bool:
    """Store a complete read of at most COPY_CAP bytes under its hash; False when the
    script is too large (only its hash is kept then)."""
    if not read.complete or read.size > COPY_CAP:
        return False
    directory = copies_dir(state)
    private_dir(state)
    private_dir(directory)

    def compute(data: bytes | None) -> bytes | None:
        return None if data == read.head else read.head

    update_file(directory / read.sha256, compute, new_mode=0o600)
    return True


def copy_of(state: Path, sha256: str) -> bytes | None:
    """The kept copy of the script with this hash, or None when there is none."""
    if not all(c in "0123456789abcdef" for c in sha256) or len(sha256) != 64:
        return None  # a damaged state file must not name a path outside the directory
    try:
        read = read_script(str(copies_dir(state) / sha256), cap=COPY_CAP + 1)
    except OSError:
        return None
    return read.head if read.complete and read.sha256 == sha256 else None


def remove_copies(state: Path, hashes: set[str]) -> None:
    """Delete the kept copies with these hashes (best effort: a leftover copy is harmless)."""
    directory = copies_dir(state)
    for sha256 in hashes:
        with contextlib.suppress(OSError):
            (directory / sha256).unlink()


# ----------------------------------------------------------------------------- the diff


class ScriptDiff(BaseModel):
    """What changed in a trusted hook's script since it was trusted."""

    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)

    script: str
    trusted_at: str
    lines: list[str] = []  # a unified diff (no line ends); empty when `unavailable`
    more: int = 0  # diff lines left out of `lines`
    unavailable: str | None = None  # why no diff can be shown


def _lines(data: bytes) -> list[str]:
    # Split on "\n" only: str.splitlines() would also split on "\r", "\x0b", "\x1c",
    # "\u2028"…, hiding exactly the characters a hostile script uses to disguise a line.
    text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _binary(data: bytes) -> bool:
    return b"\0" in data[:_BINARY_PROBE]


def unified_diff(
    before: bytes,
    after: bytes,
    before_label: str,
    after_label: str,
    max_lines: int = DIFF_LINES,
) -> tuple[list[str], int]:
    """A unified diff (3 lines of context) of two texts: its first `max_lines` lines and
    how many were left out."""
    import difflib  # here: only a changed script's review shows a diff

    diff = difflib.unified_diff(
        _lines(before), _lines(after), before_label, after_label, lineterm=""
    )
    shown: list[str] = []
    more = 0
    for line in diff:
        if len(shown) < max_lines:
            shown.append(line)
        else:
            more += 1
    return shown, more


def diff_against_copy(
    state: Path,
    script: str,
    trusted_sha256: str | None,
    trusted_size: int | None,
    trusted_at: str,
    shown_path: str,
    max_lines: int = DIFF_LINES,
) -> ScriptDiff | None:
    """The diff of `script` now against the copy kept when it was trusted; None when the
    script is unchanged (same hash, or still missing)."""
    result = ScriptDiff(script=script, trusted_at=trusted_at)
    try:
        now: ScriptRead | None = read_script(script)
    except FileNotFoundError:
        now = None
    except NotARegularFileError as exc:
        result.unavailable = f"{shown_path} is now {exc.what}; hookdash does not read it"
        return result
    except OSError as exc:
        result.unavailable = f"hookdash cannot read {shown_path} now: {exc.strerror or exc}"
        return result
    return diff_read_against_copy(
        state, script, now, trusted_sha256, trusted_size, trusted_at, shown_path, max_lines
    )


def diff_read_against_copy(
    state: Path,
    script: str,
    now: ScriptRead | None,
    trusted_sha256: str | None,
    trusted_size: int | None,
    trusted_at: str,
    shown_path: str,
    max_lines: int = DIFF_LINES,
) -> ScriptDiff | None:
    """`diff_against_copy` for a read made already (None: it is gone): project code."""
    day = trusted_at[:10]
    result = ScriptDiff(script=script, trusted_at=trusted_at)
    if now is None and trusted_sha256 is None:
        return None
    if now is not None and now.sha256 == trusted_sha256:
        return None

    before = b""  # the script did not exist when the hook was trusted
    if trusted_sha256 is not None:
        kept = copy_of(state, trusted_sha256)
        if kept is None:
            if trusted_size is not None and trusted_size > COPY_CAP:
                result.unavailable = (
                    f"it was {trusted_size:,} bytes when trusted, more than the "
                    f"{COPY_CAP // 1024} KiB hookdash keeps a copy of: only its hash was kept"
                )
            else:
                result.unavailable = (
                    "hookdash kept no copy of it when it was trusted (trusted before hookdash "
                    "kept copies, or the copy was removed): trust it again to keep one"
                )
            return result
        before = kept
    if now is not None and not now.complete:
        result.unavailable = (
            f"it is now {now.size:,} bytes, more than the {COPY_CAP // 1024} KiB hookdash compares"
        )
        return result
    after = now.head if now is not None else b""
    if _binary(before) or _binary(after):
        result.unavailable = "a binary file: its content differs from the one trusted"
        return result
    before_label = f"{shown_path} (trusted {day})" if trusted_sha256 else "(no file when trusted)"
    after_label = f"{shown_path} (now)" if now is not None else "(deleted)"
    result.lines, result.more = unified_diff(before, after, before_label, after_label, max_lines)
    return result
