"""hookdash's run log: one JSON line per hook run in `<state dir>/runs.jsonl`.

The file holds hook input and output, which can hold secrets, so it is created with
mode 0600 (and never widened). Before an append would take it past `MAX_LOG_BYTES` it is
renamed to `runs.jsonl.1` (replacing the previous one) and a new file is started, so the
log never takes more than about twice that on disk. Appends take an exclusive `flock`,
so the dashboard and the CLI can write at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Callable, Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, Literal

from pydantic import BaseModel, ConfigDict

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.disk.atomic import ensure_directory
from hookdash.core.disk.state import STATE_DIR_MODE
from hookdash.core.errors import LogUnreadableError
from hookdash.core.shown import ShownRun

RUNLOG_NAME = "runs.jsonl"
MAX_LOG_BYTES = 64 * 1024 * 1024  # ~100,000 typical records; with .1, at most ~128 MiB
# What a record keeps of stdout and stderr (the run itself keeps more; see runner).
MAX_TEXT_BYTES = 64 * 1024
# A record bigger than this keeps its input/output only as a size note.
MAX_RECORD_BYTES = 512 * 1024
_BLOCK = 64 * 1024

Origin = Literal["hookdash", "gemini"]


def open_log(path: Path) -> IO[bytes] | None:
    """The log file at `path` opened for reading (never blocking: see `files`), or None
    when there is none yet; LogUnreadableError when it is there but cannot be read."""
    try:
        handle, _info = files.open_regular(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise LogUnreadableError(path, exc) from None
    return handle


class RunRecord(BaseModel):
    """One hook call, from hookdash's engine or from Gemini CLI's telemetry."""

    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)

    v: int = 1
    ts: str  # when the hook finished (ISO 8601, UTC)
    origin: Origin
    # Whose hook: "gemini" or "claude" (a record written before hosts existed is Gemini's).
    host: str = "gemini"
    session_id: str | None = None
    event: str
    id: str
    key: str | None = None
    scope: str | None = None
    command: str | None = None
    duration_ms: int | float | None = None
    exit_code: int | None = None
    success: bool
    timed_out: bool = False
    decision: str | None = None
    stdout: str | None = None
    stderr: str | None = None
    input: Any = None
    output: Any = None
    error: str | None = None
    # Beyond the contract's fields:
    run_id: str | None = None  # groups the hooks of one engine firing
    extension: str | None = None
    ref: str | None = None
    started_at: str | None = None
    output_format: str | None = None
    stdout_bytes: int | None = None
    stderr_bytes: int | None = None

    @property
    def shown(self) -> ShownRun:
        """Its text as a terminal may show it (core.display's rule): how views read it."""
        return ShownRun(self)


def decision_of(output: Any) -> str | None:
    value = output.get("decision") if isinstance(output, dict) else None
    return value if isinstance(value, str) else None


def _cap_text(text: str | None, total: int | None) -> str | None:
    if text is None:
        return None
    data = text.encode("utf-8", "backslashreplace")
    if len(data) <= MAX_TEXT_BYTES:
        return text
    kept = data[:MAX_TEXT_BYTES].decode("utf-8", "ignore")
    return f"{kept}\n… [run log kept {MAX_TEXT_BYTES} of {total or len(data)} bytes]"


def _dumps(data: dict[str, Any]) -> bytes:
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode(
        "utf-8", "backslashreplace"
    )


def encode_record(record: RunRecord) -> bytes:
    """The record's line, with stdout/stderr capped and oversized input/output summarised."""
    updates = {}
    for field in ("stdout", "stderr"):
        text = getattr(record, field)
        if text is not None and len(text) > MAX_TEXT_BYTES // 4:  # may be over in UTF-8
            updates[field] = _cap_text(text, getattr(record, f"{field}_bytes"))
    if updates:
        record = record.model_copy(update=updates)
    try:
        line = record.model_dump_json().encode() + b"\n"  # the fast path (pydantic-core)
    except (ValueError, UnicodeError):  # e.g. a lone surrogate from a hook's JSON
        line = _dumps(record.model_dump(mode="json"))
    if len(line) > MAX_RECORD_BYTES:
        data = record.model_dump(mode="json")
        for field in ("input", "output"):
            size = len(_dumps({"x": data[field]}))
            data[field] = {"hookdash_omitted": f"{field} of {size} bytes, too big for the run log"}
        line = _dumps(data)
    return line


def _open_for_append(path: Path) -> tuple[int, int]:
    """(fd, inode) of the log opened for appending, created 0600 (umask can only narrow)."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
    info = os.fstat(fd)
    if info.st_mode & 0o077:  # someone made it readable by others: narrow it, never widen
        with contextlib.suppress(OSError):
            os.fchmod(fd, 0o600)
    return fd, info.st_ino


class RunLog:
    """Appends records to `runs.jsonl` and reads the newest back."""

    def __init__(self, directory: Path, max_bytes: int = MAX_LOG_BYTES) -> None:
        self.directory = directory
        self.path = directory / RUNLOG_NAME
        self.rotated_path = directory / (RUNLOG_NAME + ".1")
        self.max_bytes = max_bytes

    def append(self, records: Iterable[RunRecord]) -> None:
        """Append in one write, under an exclusive lock, rotating first if needed."""
        payload = b"".join(encode_record(r) for r in records)
        if not payload:
            return
        try:
            fd, inode = _open_for_append(self.path)
        except FileNotFoundError:
            ensure_directory(self.directory, STATE_DIR_MODE)
            fd, inode = _open_for_append(self.path)
        try:
            while True:
                fcntl.flock(fd, fcntl.LOCK_EX)
                try:
                    current = os.stat(self.path)
                except FileNotFoundError:
                    current = None
                if current is None or current.st_ino != inode:
                    # Another writer rotated the file while we waited for the lock.
                    os.close(fd)
                    fd, inode = _open_for_append(self.path)
                    continue
                if current.st_size and current.st_size + len(payload) > self.max_bytes:
                    os.replace(self.path, self.rotated_path)
                    os.close(fd)
                    fd, inode = _open_for_append(self.path)
                    continue
                os.write(fd, payload)
                break
        finally:
            os.close(fd)

    def read_last(self, limit: int, host: str | None = None) -> list[RunRecord]:
        """The newest `limit` records (of `host`'s hooks only, when given), oldest first,
        reading backwards from the end."""
        newest_first: list[RunRecord] = []
        for path in (self.path, self.rotated_path):
            for line in _lines_backward(path):
                record = parse_record(line)
                if record is not None and (host is None or record.host == host):
                    newest_first.append(record)
                    if len(newest_first) >= limit:
                        return newest_first[::-1]
        return newest_first[::-1]


def parse_record(line: bytes) -> RunRecord | None:
    if not line.strip():
        return None
    try:
        return RunRecord.model_validate_json(line)  # the fast path (pydantic-core)
    except ValueError:  # ValidationError included
        pass
    # pydantic's parser refuses a lone surrogate escape ("\ud800"), which hook output and
    # names can hold and `encode_record` writes; Python's parser takes it.
    try:
        return RunRecord.model_validate(nesting.json_loads(line))
    except ValueError:
        return None


def segments_backward(
    path: Path,
    split: Callable[[bytes], list[bytes]],
    *,
    block: int = _BLOCK,
    partial_tail: bool,
) -> Iterator[bytes]:
    """A file's segments from the end, newest first, reading `block` bytes at a time.

    `split` cuts bytes so that every part but the first starts a new segment. With
    `partial_tail=False`, what follows the last separator is still being written and is
    skipped, however many blocks it spans.
    """
    handle = open_log(path)
    if handle is None:
        return
    try:
        pos = handle.seek(0, os.SEEK_END)
        carry = b""
        skipping = not partial_tail
        while pos > 0:
            step = min(block, pos)
            pos -= step
            handle.seek(pos)
            parts = split(handle.read(step) + carry)
            if skipping:
                if len(parts) == 1:  # no separator yet: all of it is the unfinished tail
                    continue
                parts.pop()
                skipping = False
            carry = parts[0]  # may start mid-segment: completed by the next block back
            yield from reversed(parts[1:])
        if carry and not skipping:
            yield carry
    finally:
        handle.close()


def _lines_backward(path: Path) -> Iterator[bytes]:
    """Complete lines from the end; a last line without its newline is still being written."""
    return segments_backward(path, lambda chunk: chunk.split(b"\n"), partial_tail=False)


class FileTail:
    """New bytes of a file since the last read, across rotation and truncation.

    The first read starts at the end of a file that already exists (or at its start with
    `from_start`); a file that appears later, or replaces a rotated one, is read from 0.
    """

    def __init__(self, path: Path, *, from_start: bool = False) -> None:
        self.path = path
        self._handle: IO[bytes] | None = None
        self._inode: int | None = None
        self._first = True
        self._from_start = from_start

    def _open(self, at_end: bool) -> bool:
        self._handle = open_log(self.path)
        if self._handle is None:
            return False
        self._inode = os.fstat(self._handle.fileno()).st_ino
        if at_end:
            self._handle.seek(0, os.SEEK_END)
        return True

    def read(self) -> tuple[bytes, bool]:
        """(new bytes, truncated): truncated means earlier partial data is void."""
        if self._handle is None:
            at_end = self._first and not self._from_start
            self._first = False
            if not self._open(at_end):
                return b"", False
        assert self._handle is not None
        data = self._handle.read()
        try:
            current = os.stat(self.path)
        except OSError:
            current = None
        if current is None or current.st_ino != self._inode:
            # Rotated or replaced: finish the old file, then the new one from its start.
            data += self._handle.read()
            self._handle.close()
            self._handle = None
            if current is not None and self._open(at_end=False):
                assert self._handle is not None
                data += self._handle.read()
            return data, False
        if current.st_size < self._handle.tell():
            self._handle.seek(0)
            return self._handle.read(), True
        return data, False

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


# Complete records read from the front of some bytes, and the incomplete rest.
RecordParser = Callable[[bytes], tuple[list[RunRecord], bytes]]


class RecordTail:
    """Records appended to a file since the last call (for `log --follow` and the TUI):
    `parse` reads the complete ones; the rest waits for the bytes that complete it."""

    def __init__(self, path: Path, parse: RecordParser, *, from_start: bool = False) -> None:
        self.path = path
        self._parse = parse
        self._tail = FileTail(path, from_start=from_start)
        self._pending = b""

    def read_new(self) -> list[RunRecord]:
        data, truncated = self._tail.read()
        if truncated:
            self._pending = b""
        if not data and not self._pending:
            return []
        records, self._pending = self._parse(self._pending + data)
        return records

    def close(self) -> None:
        self._tail.close()


def _parse_lines(data: bytes) -> tuple[list[RunRecord], bytes]:
    lines = data.split(b"\n")
    partial = lines.pop()
    return [r for r in (parse_record(line) for line in lines) if r is not None], partial


class RunLogTail(RecordTail):
    """The run log records appended since the last call."""

    def __init__(self, path: Path, *, from_start: bool = False) -> None:
        super().__init__(path, _parse_lines, from_start=from_start)


def log_firing(log: RunLog, records: Iterable[RunRecord]) -> str | None:
    """Append one firing's records, newest last (parallel hooks end in any order; every
    reader of the log expects time order). A log that cannot be written does not fail the
    firing: the warning to show, else None."""
    try:
        log.append(sorted(records, key=lambda record: record.ts))
    except OSError as exc:
        return f"could not append to the run log {log.path}: {exc.strerror or exc}"
    return None


def run_record(
    result: BaseModel, *, event: str, run_id: str, session: Any, decision: str | None
) -> RunRecord:
    """One hook run's record, for either host's result model: the fields it shares with the
    record as they are (`host` too, when the result has one), stamped when the run ended."""
    shared = set(RunRecord.model_fields) & set(type(result).model_fields) - {"event"}
    data = result.model_dump(include=shared)
    started = datetime.fromisoformat(data["started_at"].replace("Z", "+00:00"))
    finished = started.timestamp() + data["duration_ms"] / 1000
    ts = datetime.fromtimestamp(finished, UTC).isoformat(timespec="milliseconds")
    return RunRecord(
        **data,
        ts=ts.replace("+00:00", "Z"),
        origin="hookdash",
        session_id=session if isinstance(session, str) else None,
        event=event,
        decision=decision,
        run_id=run_id,
    )
