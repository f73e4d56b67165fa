"""`hookdash log`: the run log, Gemini's telemetry file, --json, --limit, --follow."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
from pathlib import Path

from hookdash.core.run.runlog import RunLog, RunRecord
from tests.conftest import Sandbox, command_hook, definition

SAMPLE = Path(__file__).parents[1] / "data" / "telemetry-sample-0.61.log"


def _record(i: int) -> RunRecord:
    return RunRecord(
        ts=f"2026-01-01T00:{i // 60 % 60:02d}:{i % 60:02d}.000Z",
        origin="hookdash",
        event="BeforeTool",
        id=f"hook-{i}",
        success=i % 2 == 0,
        exit_code=i % 2,
        duration_ms=5,
    )


def test_empty_log(sandbox: Sandbox) -> None:
    result = sandbox.cli("log")
    assert result.returncode == 0
    assert "No hook runs yet" in result.stdout


def test_log_after_fire(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeAgent": [definition(command_hook("exit 2", name="b"))]}})
    sandbox.cli("fire", "BeforeAgent")
    out = sandbox.cli("log").stdout.strip().splitlines()
    assert len(out) == 1
    assert "hookdash" in out[0] and "BeforeAgent" in out[0] and "✖ exit 2 b user" in out[0]
    assert "exit 2" in out[0]


def test_json_lines_and_limit(sandbox: Sandbox) -> None:
    RunLog(sandbox.state).append(_record(i) for i in range(30))
    lines = sandbox.cli("log", "--json", "--limit", "5").stdout.splitlines()
    assert [json.loads(line)["id"] for line in lines] == [f"hook-{i}" for i in range(25, 30)]
    assert len(sandbox.cli("log").stdout.splitlines()) == 20  # the default limit


def test_telemetry_from_settings(sandbox: Sandbox, tmp_path: Path) -> None:
    telemetry = tmp_path / "telemetry.log"
    telemetry.write_bytes(SAMPLE.read_bytes())
    sandbox.write_user(
        {"telemetry": {"enabled": True, "target": "local", "outfile": str(telemetry)}}
    )
    lines = sandbox.cli("log", "--source", "gemini", "--json", "--limit", "100").stdout
    ids = [json.loads(line)["id"] for line in lines.splitlines()]
    assert len(ids) == 13 and ids[0] == "user-seq-1"
    assert {json.loads(line)["origin"] for line in lines.splitlines()} == {"gemini"}
    human = sandbox.cli("log", "--limit", "2").stdout
    assert "gemini" in human and "zeta-ext-bt" in human


def test_telemetry_from_the_environment(sandbox: Sandbox, tmp_path: Path) -> None:
    telemetry = tmp_path / "t.log"
    telemetry.write_bytes(SAMPLE.read_bytes())
    env = {**sandbox.environ, "GEMINI_TELEMETRY_OUTFILE": str(telemetry)}
    result = sandbox.cli("log", "--source", "gemini", "-n", "3", env=env, timeout=30)
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == 3


def test_gemini_source_without_telemetry_says_how(sandbox: Sandbox) -> None:
    result = sandbox.cli("log", "--source", "gemini")
    assert result.returncode == 1
    assert "telemetry.outfile" in result.stderr and "Traceback" not in result.stderr


def test_gemini_source_names_a_telemetry_file_not_there_yet(sandbox: Sandbox) -> None:
    """Issue 20: it said "No hook runs yet" without naming the missing file."""
    telemetry = sandbox.home / ".gemini" / "telemetry.log"
    sandbox.write_user(
        {"telemetry": {"enabled": True, "target": "local", "outfile": str(telemetry)}}
    )
    result = sandbox.cli("log", "--source", "gemini")
    assert result.returncode == 0, result.stderr
    assert "telemetry file ~/.gemini/telemetry.log does not exist yet" in result.stdout
    both = sandbox.cli("log")
    assert "`hookdash fire EVENT`" in both.stdout and "does not exist yet" in both.stdout
    telemetry.write_text("")
    empty = sandbox.cli("log", "--source", "gemini")
    assert "~/.gemini/telemetry.log records no hook call yet" in empty.stdout


def test_bad_limit(sandbox: Sandbox) -> None:
    assert sandbox.cli("log", "--limit", "-1").returncode == 2


def test_follow_streams_both_sources(sandbox: Sandbox, tmp_path: Path) -> None:
    telemetry = tmp_path / "telemetry.log"
    telemetry.write_text("")
    sandbox.write_user({"telemetry": {"outfile": str(telemetry)}})
    RunLog(sandbox.state).append([_record(0)])
    # A hang after Ctrl-C shows where it hung: the process's threads, dumped on SIGABRT.
    sandbox.set_env("PYTHONFAULTHANDLER", "1")
    proc = sandbox.spawn("log", "--follow", "--json")
    lines: queue.Queue[str] = queue.Queue()
    stdout = proc.stdout
    assert stdout is not None
    threading.Thread(target=lambda: [lines.put(x) for x in stdout], daemon=True).start()

    def next_record() -> dict[str, object]:
        return dict(json.loads(lines.get(timeout=15)))  # fails instead of hanging

    try:
        first = next_record()
        assert first["id"] == "hook-0"  # the recent ones first
        # Written at once, maybe before the watch is armed: `follow` reads once more when
        # it is (and it is by the time hook-1 shows, so the telemetry write below goes
        # through the watch itself).
        RunLog(sandbox.state).append([_record(1)])
        assert next_record()["id"] == "hook-1"
        data = SAMPLE.read_bytes()
        with open(telemetry, "ab") as handle:
            handle.write(data[: len(data) // 2])
        seen = next_record()
        assert seen["origin"] == "gemini" and seen["id"] == "user-seq-1"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)  # a bound for a hang only
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGABRT)
            proc.wait(timeout=30)
            assert proc.stderr is not None
            raise AssertionError("hung after Ctrl-C:\n" + proc.stderr.read()[-8000:]) from None
        finally:
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()


def test_ctrl_c_ends_follow_even_when_the_watch_will_not_stop(sandbox: Sandbox) -> None:
    """A watch that ignores its cancellation (a thread of it still waiting) does not hold
    Ctrl-C: `log --follow` leaves within its bound, exit 0. The watch is replaced by one
    that swallows every cancellation, in the process under test."""
    import sys

    RunLog(sandbox.state).append([_record(0)])
    code = (
        "import asyncio, sys\n"
        "from hookdash.core.run.logfeed import LogFeed\n"
        "async def stubborn(self, on_records, watcher=None):\n"
        "    on_records([])\n"
        "    print('WATCHING', flush=True)\n"
        "    while True:\n"
        "        try:\n"
        "            await asyncio.sleep(3600)\n"
        "        except asyncio.CancelledError:\n"
        "            pass\n"
        "LogFeed.follow = stubborn\n"
        "from hookdash.cli.main import run\n"
        "sys.argv = ['hookdash', 'log', '--follow', '--json']\n"
        "run()\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], cwd=sandbox.workspace, env=sandbox.environ,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("WATCHING"):
                break
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)  # a bound for a hang only: it waits STOP_WAIT_S, 1 s
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()
