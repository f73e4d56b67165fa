"""Gemini's telemetry file: the real 0.61 sample, a file growing while read, the log feed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hookdash.core.hosts.gemini.telemetry_log import (
    TelemetryTail,
    parse_telemetry,
    read_last_telemetry,
    read_telemetry,
    record_from_telemetry,
)
from hookdash.core.run.logfeed import LogFeed, attribute
from hookdash.core.run.runlog import RunLog, RunRecord
from tests.conftest import Sandbox, command_hook, definition

SAMPLE = Path(__file__).parents[3] / "data" / "telemetry-sample-0.61.log"
SAMPLE_ORDER = [
    "user-seq-1",
    "user-seq-2",
    "user-par-3",
    "proj-1",
    "alpha-ext-ba",
    "mid-ext-ba",
    "zeta-ext-ba",
    "user-bt-1",
    "user-bt-2",
    "proj-bt-1",
    "alpha-ext-bt",
    "mid-ext-bt",
    "zeta-ext-bt",
]


def hook_call(name: str, **attributes: Any) -> dict[str, Any]:
    return {
        "hrTime": [1795256628, 40000000],
        "attributes": {
            "session.id": "sess",
            "event.name": "gemini_cli.hook_call",
            "event.timestamp": "2026-11-21T10:23:48.040Z",
            "hook_event_name": "BeforeTool",
            "hook_type": "command",
            "hook_name": name,
            "duration_ms": 12,
            "success": True,
            "exit_code": 0,
            **attributes,
        },
        "_body": f"Hook call BeforeTool.{name} succeeded in 12ms",
    }


def pretty(*objects: dict[str, Any]) -> bytes:
    return b"".join((json.dumps(o, indent=2) + "\n").encode() for o in objects)


def test_the_real_sample() -> None:
    records = read_telemetry(SAMPLE)
    assert [r.id for r in records] == SAMPLE_ORDER  # the true plan order
    first = records[0]
    assert first.origin == "gemini" and first.event == "BeforeAgent"
    assert first.session_id == "83c277f5-1340-4bb2-a25f-0eb88544a24e"
    assert first.duration_ms == 61 and first.exit_code == 0 and first.success
    assert first.ts == "2026-11-21T10:23:48.040Z"
    assert first.input["prompt"] == "Please read hello.txt."  # hook_input is a JSON string
    assert first.output == {} and first.stdout == "{}" and first.stderr == ""


def test_read_last_reads_backwards() -> None:
    assert [r.id for r in read_last_telemetry(SAMPLE, 4)] == SAMPLE_ORDER[-4:]
    assert [r.id for r in read_last_telemetry(SAMPLE, 100)] == SAMPLE_ORDER


def test_failure_timeout_and_logprompts_off() -> None:
    timed_out = record_from_telemetry(
        hook_call("slow", success=False, error="Hook timed out after 500ms", exit_code=None)
    )
    assert timed_out is not None and timed_out.timed_out and timed_out.exit_code is None
    blocked = record_from_telemetry(
        hook_call("guard", exit_code=2, success=False, hook_output='{\n  "decision": "deny"\n}')
    )
    assert blocked is not None and blocked.decision == "deny"
    terse = record_from_telemetry(hook_call("trace_hook"))  # logPrompts off: no io fields
    assert terse is not None and terse.input is None and terse.stdout is None
    assert record_from_telemetry({"attributes": {"event.name": "gemini_cli.user_prompt"}}) is None
    assert record_from_telemetry([1, 2]) is None


def test_a_file_growing_while_read(tmp_path: Path) -> None:
    path = tmp_path / "telemetry.log"
    data = SAMPLE.read_bytes()
    path.write_bytes(b"")
    tail = TelemetryTail(path)
    seen: list[str] = []
    for start in range(0, len(data), 997):  # half-written objects at every step
        with open(path, "ab") as handle:
            handle.write(data[start : start + 997])
        seen += [r.id for r in tail.read_new()]
    assert seen == SAMPLE_ORDER


def test_half_written_last_object_is_left_for_later() -> None:
    whole = pretty(hook_call("a"), hook_call("b"))
    records, rest = parse_telemetry(whole[:-40])
    assert [r.id for r in records] == ["a"] and rest
    records, rest = parse_telemetry(rest + whole[-40:])
    assert [r.id for r in records] == ["b"] and rest == b""


def test_compact_lines_and_other_objects() -> None:
    lines = b"".join(
        (json.dumps(o) + "\n").encode()
        for o in (hook_call("a"), {"resourceMetrics": {"x": 1}}, hook_call("b"))
    )
    assert [r.id for r in parse_telemetry(lines)[0]] == ["a", "b"]


def test_corrupt_object_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "t.log"
    path.write_bytes(pretty(hook_call("a")) + b'{\n  "broken": \n}\n' + pretty(hook_call("b")))
    assert [r.id for r in read_telemetry(path)] == ["a", "b"]
    assert [r.id for r in read_last_telemetry(path, 5)] == ["a", "b"]


def test_attribute_fills_key_and_scope(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="g"))]}})
    hooks = sandbox.load().hooks
    record = RunRecord(ts="t", origin="gemini", event="BeforeTool", id="g", success=True)
    (filled,) = attribute([record], hooks)
    assert filled.key == "g:true" and filled.scope == "user" and filled.command == "true"
    other = record.model_copy(update={"event": "AfterTool"})
    assert attribute([other], hooks)[0].key is None


def test_feed_merges_sources_by_time(tmp_path: Path) -> None:
    telemetry = tmp_path / "telemetry.log"
    telemetry.write_bytes(
        pretty(
            hook_call("g1", **{"event.timestamp": "2026-01-01T00:00:01.000Z"}),
            hook_call("g2", **{"event.timestamp": "2026-01-01T00:00:03.000Z"}),
        )
    )
    RunLog(tmp_path).append(
        RunRecord(
            ts=f"2026-01-01T00:00:0{s}.000Z", origin="hookdash", event="E", id=f"h{s}", success=True
        )
        for s in (2, 4)
    )
    feed = LogFeed(tmp_path, telemetry)
    assert [r.id for r in feed.recent(10)] == ["g1", "h2", "g2", "h4"]
    assert [r.id for r in feed.recent(2)] == ["g2", "h4"]
    assert [r.id for r in LogFeed(tmp_path, telemetry, "gemini").recent(10)] == ["g1", "g2"]
    assert [r.id for r in LogFeed(tmp_path, telemetry, "hookdash").recent(10)] == ["h2", "h4"]

    feed.start_following()
    assert feed.read_new() == []
    with open(telemetry, "ab") as handle:
        handle.write(pretty(hook_call("g3", **{"event.timestamp": "2026-01-01T00:00:05.000Z"})))
    RunLog(tmp_path).append(
        [
            RunRecord(
                ts="2026-01-01T00:00:06.000Z", origin="hookdash", event="E", id="h6", success=True
            )
        ]
    )
    assert [r.id for r in feed.read_new()] == ["g3", "h6"]
    feed.close()
