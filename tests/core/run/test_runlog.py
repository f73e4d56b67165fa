"""The run log: mode 0600, rotation, concurrent appends, reading backwards, tailing."""

from __future__ import annotations

import json
import multiprocessing
import os
import stat
from pathlib import Path

import pytest

from hookdash.core.run.runlog import (
    MAX_TEXT_BYTES,
    RunLog,
    RunLogTail,
    RunRecord,
    encode_record,
)


def record(i: int, **extra: object) -> RunRecord:
    values: dict[str, object] = {
        "ts": f"2026-01-01T00:00:{i % 60:02d}.{i % 1000:03d}Z",
        "origin": "hookdash",
        "event": "BeforeTool",
        "id": f"hook-{i}",
        "success": True,
        "input": {"i": i},
    }
    values.update(extra)
    return RunRecord.model_validate(values)


def test_created_0600_even_with_a_permissive_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        log = RunLog(tmp_path / "state")
        log.append([record(1)])
    finally:
        os.umask(old)
    assert stat.S_IMODE(log.path.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "state").stat().st_mode) == 0o700


def test_a_widened_file_is_narrowed_never_widened(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    log.path.write_text("")
    log.path.chmod(0o644)
    log.append([record(1)])
    assert stat.S_IMODE(log.path.stat().st_mode) == 0o600
    log.path.chmod(0o400)  # stricter than ours: left alone
    os.chmod(log.path, 0o600)
    log.append([record(2)])
    assert stat.S_IMODE(log.path.stat().st_mode) == 0o600


def test_lines_are_the_contract_shape(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    log.append([record(1, decision="deny", exit_code=2)])
    data = json.loads(log.path.read_text().splitlines()[0])
    for key in [
        "v",
        "ts",
        "origin",
        "session_id",
        "event",
        "id",
        "key",
        "scope",
        "command",
        "duration_ms",
        "exit_code",
        "success",
        "timed_out",
        "decision",
        "stdout",
        "stderr",
        "input",
        "output",
        "error",
    ]:
        assert key in data
    assert data["v"] == 1 and data["decision"] == "deny"


def test_rotation_at_the_bound(tmp_path: Path) -> None:
    size = len(encode_record(record(0)))
    log = RunLog(tmp_path, max_bytes=size * 20)
    for i in range(100):
        log.append([record(i)])
    assert log.path.stat().st_size <= size * 20
    assert log.rotated_path.stat().st_size <= size * 20
    assert stat.S_IMODE(log.rotated_path.stat().st_mode) == 0o600
    assert not (tmp_path / "runs.jsonl.2").exists()
    want = len(log.path.read_bytes().splitlines()) + 10  # more than the new file holds
    newest = log.read_last(want)
    assert [r.id for r in newest] == [f"hook-{i}" for i in range(100 - want, 100)]


def test_read_last_skips_garbage_and_a_half_written_line(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    log.append([record(1), record(2)])
    with open(log.path, "ab") as handle:
        handle.write(b"not json\n")
        handle.write(encode_record(record(3)))
        handle.write(b'{"v":1,"ts":"2026')  # a writer mid-line
    assert [r.id for r in log.read_last(10)] == ["hook-1", "hook-2", "hook-3"]
    assert [r.id for r in log.read_last(1)] == ["hook-3"]
    assert RunLog(tmp_path / "missing").read_last(5) == []


def test_read_last_skips_a_half_written_line_longer_than_a_block(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    log.append([record(1), record(2)])
    with open(log.path, "ab") as handle:
        handle.write(b'{"v":1,"stdout":"' + b"x" * 300_000)  # a big record, mid-write
    assert [r.id for r in log.read_last(10)] == ["hook-1", "hook-2"]
    log.path.write_bytes(b'{"v":1,"stdout":"' + b"x" * 300_000)  # nothing complete yet
    assert log.read_last(10) == []


def test_huge_output_is_capped_in_the_record(tmp_path: Path) -> None:
    line = encode_record(record(1, stdout="x" * 300_000, stdout_bytes=300_000))
    data = json.loads(line)
    assert len(data["stdout"]) < MAX_TEXT_BYTES + 200
    assert data["stdout"].endswith(f"[run log kept {MAX_TEXT_BYTES} of 300000 bytes]")
    big = json.loads(encode_record(record(2, input={"blob": "y" * 900_000})))
    assert "hookdash_omitted" in big["input"]


def _writer(directory: str, start: int) -> None:
    log = RunLog(Path(directory), max_bytes=20_000)
    for i in range(start, start + 200):
        log.append([record(i, stdout="z" * 50)])


def test_concurrent_writers_never_interleave(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_writer, args=(str(tmp_path), n * 1000)) for n in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(30)
    lines = []
    for path in (tmp_path / "runs.jsonl.1", tmp_path / "runs.jsonl"):
        lines += path.read_bytes().splitlines()
    assert lines and all(json.loads(line)["v"] == 1 for line in lines)


def test_tail_reads_new_records_across_rotation(tmp_path: Path) -> None:
    log = RunLog(tmp_path, max_bytes=len(encode_record(record(0))) * 6)
    log.append([record(0)])
    tail = RunLogTail(log.path)  # starts at the end: record 0 is old news
    assert tail.read_new() == []
    seen: list[str] = []
    for i in range(1, 60):
        log.append([record(i)])
        if i % 4 == 0:  # less often than every rotation would lose a rotated file
            seen += [r.id for r in tail.read_new()]
    seen += [r.id for r in tail.read_new()]
    assert seen == [f"hook-{i}" for i in range(1, 60)]


def test_tail_handles_partial_lines_and_a_file_that_appears_later(tmp_path: Path) -> None:
    path = tmp_path / "runs.jsonl"
    tail = RunLogTail(path)
    assert tail.read_new() == []
    line = encode_record(record(5))
    with open(path, "ab") as handle:
        handle.write(line[:20])
        handle.flush()
        assert tail.read_new() == []
        handle.write(line[20:])
    assert [r.id for r in tail.read_new()] == ["hook-5"]


@pytest.mark.parametrize("limit", [0, 1, 50])
def test_read_last_limits(tmp_path: Path, limit: int) -> None:
    log = RunLog(tmp_path)
    log.append(record(i) for i in range(10))
    assert len(log.read_last(limit)) == min(limit, 10) if limit else True


def test_records_name_their_host_and_old_ones_are_geminis(tmp_path: Path) -> None:
    log = RunLog(tmp_path)
    old = record(1).model_dump(mode="json")
    del old["host"]  # a line written before hosts existed
    log.path.write_text(json.dumps(old) + "\n")
    log.append([record(2, host="claude"), record(3)])
    assert [(r.id, r.host) for r in log.read_last(10)] == [
        ("hook-1", "gemini"),
        ("hook-2", "claude"),
        ("hook-3", "gemini"),
    ]
    assert [r.id for r in log.read_last(1, host="claude")] == ["hook-2"]
    assert [r.id for r in log.read_last(5, host="gemini")] == ["hook-1", "hook-3"]
