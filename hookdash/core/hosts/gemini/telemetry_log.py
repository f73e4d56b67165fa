"""Gemini CLI's local telemetry file, read for the hook calls of real sessions.

With `telemetry.outfile` (or `GEMINI_TELEMETRY_OUTFILE`) Gemini appends every log record,
span and metrics dump as pretty-printed JSON (`JSON.stringify(x, null, 2) + "\\n"`), one
object after another: not JSONL. A top-level object always starts on a line that begins
with `{` (nested ones are indented, and JSON strings hold no raw newline), which is how
objects are found here, forwards and backwards. The last object may be half-written
while Gemini is running; it is left for the next read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.errors import LogUnreadableError
from hookdash.core.model import Hook
from hookdash.core.run.runlog import RecordTail, RunRecord, decision_of, segments_backward

HOOK_CALL = "gemini_cli.hook_call"
_HOOK_CALL_BYTES = HOOK_CALL.encode()
_OBJECT_START = re.compile(rb"\n(?=\{)")
_BLOCK = 256 * 1024


def _json_or_text(value: Any) -> Any:
    """hook_input/hook_output are JSON *strings* (2-space indented); keep text otherwise."""
    if not isinstance(value, str):
        return value
    try:
        return nesting.json_loads(value)
    except ValueError:
        return value


def _timestamp(record: dict[str, Any], attributes: dict[str, Any]) -> str:
    stamp = attributes.get("event.timestamp")
    if isinstance(stamp, str) and stamp:
        return stamp
    hr = record.get("hrTime")
    if isinstance(hr, list) and len(hr) == 2 and all(isinstance(x, int | float) for x in hr):
        moment = datetime.fromtimestamp(hr[0] + hr[1] / 1e9, UTC)
        return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return ""


def record_from_telemetry(record: Any) -> RunRecord | None:
    """A `gemini_cli.hook_call` log record as a run record (None for anything else)."""
    if not isinstance(record, dict):
        return None
    attributes = record.get("attributes")
    if not isinstance(attributes, dict) or attributes.get("event.name") != HOOK_CALL:
        return None
    output = _json_or_text(attributes.get("hook_output"))
    error = attributes.get("error")
    error_text = error if isinstance(error, str) else None
    exit_code = attributes.get("exit_code")
    duration = attributes.get("duration_ms")
    session = attributes.get("session.id")

    def text(key: str) -> str | None:
        value = attributes.get(key)
        return value if isinstance(value, str) else None

    return RunRecord(
        ts=_timestamp(record, attributes),
        origin="gemini",
        session_id=session if isinstance(session, str) else None,
        event=str(attributes.get("hook_event_name") or ""),
        id=str(attributes.get("hook_name") or "unknown-command"),
        duration_ms=duration if isinstance(duration, int | float) else None,
        exit_code=exit_code if isinstance(exit_code, int) else None,
        success=attributes.get("success") is True,
        timed_out=bool(error_text and error_text.startswith("Hook timed out after")),
        decision=decision_of(output),
        stdout=text("stdout"),
        stderr=text("stderr"),
        input=_json_or_text(attributes.get("hook_input")),
        output=output,
        error=error_text,
    )


def _parse_object(segment: bytes) -> Any:
    if _HOOK_CALL_BYTES not in segment:  # cheap filter before parsing
        return None
    try:
        return nesting.json_loads(segment)
    except ValueError:
        return None


def parse_telemetry(data: bytes) -> tuple[list[RunRecord], bytes]:
    """Hook-call records in `data`, and the unfinished rest (to prepend to the next read)."""
    segments = _OBJECT_START.split(data)
    rest = segments.pop()
    records = [r for r in map(record_from_telemetry, map(_parse_object, segments)) if r]
    if rest.strip() and _HOOK_CALL_BYTES in rest:
        try:
            last = nesting.json_loads(rest)
        except ValueError:
            return records, rest  # still being written
        found = record_from_telemetry(last)
        if found is not None:
            records.append(found)
        return records, b""
    return records, rest  # not a hook call (yet): decided once the next object starts


def read_telemetry(path: Path) -> list[RunRecord]:
    """Every hook call in the file, oldest first."""
    try:
        data = files.read_bytes(path)
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise LogUnreadableError(path, exc) from None
    return parse_telemetry(data)[0]


def _objects_backward(path: Path) -> Iterator[bytes]:
    """Top-level object texts from the end of the file, newest first (the last one may be
    half-written; the parser copes)."""
    return segments_backward(path, _OBJECT_START.split, block=_BLOCK, partial_tail=True)


def read_last_telemetry(path: Path, limit: int) -> list[RunRecord]:
    """The newest `limit` hook calls, oldest first, without reading the whole file."""
    newest_first: list[RunRecord] = []
    for segment in _objects_backward(path):
        record = record_from_telemetry(_parse_object(segment))
        if record is not None:
            newest_first.append(record)
            if len(newest_first) >= limit:
                break
    return newest_first[::-1]


class TelemetryTail(RecordTail):
    """Hook calls appended to the telemetry file since the last call."""

    def __init__(self, path: Path, *, from_start: bool = False) -> None:
        super().__init__(path, parse_telemetry, from_start=from_start)


def attribute(records: Iterable[RunRecord], hooks: Sequence[Hook]) -> list[RunRecord]:
    """Fill key/scope/command of Gemini's records from the unique matching hook."""
    by_name: dict[tuple[str, str], list[Hook]] = {}
    for hook in hooks:
        if hook.runs:
            by_name.setdefault((hook.event, hook.id), []).append(hook)
    out = []
    for record in records:
        if record.origin != "hookdash" and record.key is None:  # the agent's own record
            matches = by_name.get((record.event, record.id), [])
            if len({h.key for h in matches}) == 1:
                first = matches[0]
                record = record.model_copy(
                    update={
                        "key": first.key,
                        "command": first.command,
                        "scope": first.scope if len(matches) == 1 else None,
                        "extension": first.extension if len(matches) == 1 else None,
                    }
                )
        out.append(record)
    return out
