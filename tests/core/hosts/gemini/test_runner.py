"""The runner: output rules, environment, and hostile hooks (bounded time, memory, no leftovers)."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.gemini.env_sanitize import Sanitization, sanitize_environment
from hookdash.core.hosts.gemini.hook_output import chain_input, parse_output
from hookdash.core.hosts.gemini.runner import RunSettings, run_hook, run_hooks
from hookdash.core.hosts.gemini.timeouts import node_delay_ms
from hookdash.core.model import Hook
from tests.conformance.helpers import make_command_hook
from tests.conftest import until
from tests.processes import alive, group_members

# How long a killed process may still show in /proc: a moment on a loaded machine, never
# the seconds a hook that escaped the kill would live on.
GRACE = 2.0

PAYLOAD: dict[str, Any] = {
    "session_id": "sess-1",
    "transcript_path": "/tmp/t.jsonl",
    "cwd": "/tmp",
    "hook_event_name": "BeforeTool",
    "timestamp": "2026-01-01T00:00:00.000Z",
    "tool_name": "run_shell_command",
    "tool_input": {"command": "ls"},
}


def settings(**extra: Any) -> RunSettings:
    values: dict[str, Any] = {
        "environ": dict(os.environ),
        "plans_dir": "/tmp/plans dir",
        "kill_grace_s": 0.3,
    }
    values.update(extra)
    return RunSettings(**values)


def hook(command: str, **extra: Any) -> Hook:
    return make_command_hook("BeforeTool", command, **extra)


def _pids(path: Path) -> list[int]:
    return [int(x) for x in path.read_text().split()] if path.exists() else []


# ------------------------------------------------------------------ output rules


@pytest.mark.parametrize(
    ("stdout", "stderr", "code", "expected"),
    [
        ("", "", 0, (None, None)),
        ('{"decision":"block"}', "", 2, ({"decision": "block"}, "json")),
        ("", '{"decision":"block"}', 0, ({"decision": "block"}, "json")),
        ("plain", "ignored", 0, ({"decision": "allow", "systemMessage": "plain"}, "text")),
        ("oops", "", 1, ({"decision": "allow", "systemMessage": "Warning: oops"}, "text")),
        ("no", "", 3, ({"decision": "deny", "reason": "no"}, "text")),
        ("no", "", 127, ({"decision": "deny", "reason": "no"}, "text")),
        ('"{\\"a\\":1}"', "", 0, ({"a": 1}, "json")),  # double-encoded
        (
            '"not json inside"',
            "",
            0,
            ({"decision": "allow", "systemMessage": '"not json inside"'}, "text"),
        ),
        ("[]", "", 0, ([], "json")),  # an empty array is truthy in JS
        ("null", "", 2, (None, None)),
        ("true", "", 0, (None, None)),
        ("NaN", "", 0, ({"decision": "allow", "systemMessage": "NaN"}, "text")),  # not JSON
        ("\ufeff{}\u00a0", "", 0, ({}, "json")),  # JS trim strips BOM and NBSP
        ("   ", "  x  ", 2, ({"decision": "deny", "reason": "x"}, "text")),
    ],
)
def test_parse_output(stdout: str, stderr: str, code: int, expected: tuple[Any, Any]) -> None:
    assert parse_output(stdout, stderr, code) == expected


def test_chain_input_follows_gemini() -> None:
    base = {"prompt": "p", "tool_input": {"a": 1, "b": 1}, "llm_request": {"model": "m"}}
    out = {"hookSpecificOutput": {"additionalContext": "c", "tool_input": {"b": 2}}}
    assert chain_input(base, out, "BeforeAgent")["prompt"] == "p\n\nc"
    assert chain_input(base, out, "BeforeTool")["tool_input"] == {"a": 1, "b": 2}
    assert chain_input(base, out, "AfterTool") == base
    model = {"hookSpecificOutput": {"llm_request": {"config": {}}}}
    assert chain_input(base, model, "BeforeModel")["llm_request"] == {"model": "m", "config": {}}
    assert chain_input(base, {"tool_input": {"x": 1}}, "BeforeTool") == base  # top level: no


def test_node_timer_quirks() -> None:
    assert node_delay_ms(60000) == 60000
    assert node_delay_ms(0) == 1
    assert node_delay_ms(2**31) == 1  # Node clamps an out-of-range delay to 1 ms
    assert node_delay_ms(float("nan")) == 1


# ------------------------------------------------------------------ environment


async def test_environment_variables(tmp_path: Path) -> None:
    # ${NAME} is not touched by Gemini's text expansion, so bash reads the environment.
    script = (
        'printf \'%s|%s|%s|%s|%s|%s|%s\' "${GEMINI_PROJECT_DIR}" "${GEMINI_CWD}" '
        '"${CLAUDE_PROJECT_DIR}" "${GEMINI_SESSION_ID}" "${GEMINI_PLANS_DIR}" "$MINE" "$PWD"'
    )
    payload = {**PAYLOAD, "cwd": str(tmp_path), "session_id": "s p"}
    result = await run_hook(hook(script, env={"MINE": "own"}), "BeforeTool", payload, settings())
    cwd = str(tmp_path)
    assert result.stdout == f"{cwd}|{cwd}|{cwd}|s p|/tmp/plans dir|own|{cwd}"


async def test_command_text_expansion_is_shell_quoted_before_bash() -> None:
    payload = {**PAYLOAD, "cwd": "/tmp", "session_id": "s p"}
    command = 'echo $GEMINI_SESSION_ID $GEMINI_PLANS_DIR "$GEMINI_SESSION_ID" $GEMINI_CWDX'
    result = await run_hook(hook(command), "BeforeTool", payload, settings())
    assert result.command_run == (
        "echo 's p' '/tmp/plans dir' \"'s p'\" /tmpX"  # a plain prefix match, too
    )
    assert result.stdout == "s p /tmp/plans dir 's p' /tmpX\n"


async def test_hook_env_overrides_gemini_variables() -> None:
    result = await run_hook(
        hook('printf %s "${GEMINI_SESSION_ID}"', env={"GEMINI_SESSION_ID": "mine"}),
        "BeforeTool",
        PAYLOAD,
        settings(),
    )
    assert result.stdout == "mine"


async def test_stdin_is_compact_json_without_newline(tmp_path: Path) -> None:
    out = tmp_path / "stdin"
    payload = {**PAYLOAD, "tool_input": {"n": 1.0, "é": "✓"}}
    await run_hook(hook(f"cat > {out}"), "BeforeTool", payload, settings())
    data = out.read_bytes()
    assert not data.endswith(b"\n")
    assert b", " not in data and b": " not in data
    assert json.loads(data) == payload
    assert b'"n":1,' in data  # JSON.stringify writes 1.0 as 1
    assert "✓".encode() in data  # not \\u-escaped


async def test_strict_mode_sanitizes_the_environment() -> None:
    environ = {**os.environ, "GITHUB_SHA": "abc", "MY_VAR": "x", "GEMINI_CLI_X": "kept"}
    result = await run_hook(
        hook('printf "%s,%s,%s" "${MY_VAR-unset}" "$GEMINI_CLI_X" "${GEMINI_CWD}"'),
        "BeforeTool",
        PAYLOAD,
        settings(environ=sanitize_environment(environ, Sanitization())),
    )
    assert result.stdout == "unset,kept,/tmp"


# ------------------------------------------------------------------ hostile hooks


async def test_never_exits_and_ignores_sigterm(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    command = f"trap '' TERM; echo $$ > {pids}; while :; do sleep 1; done"
    started = time.monotonic()
    result = await run_hook(hook(command, timeout_ms=300), "BeforeTool", PAYLOAD, settings())
    elapsed = time.monotonic() - started
    assert result.timed_out and not result.success
    assert result.error == "Hook timed out after 300ms"
    assert result.output is None and result.exit_code is None
    assert elapsed < 30  # a hang bound: 0.3 s and the kill's grace on a quiet machine
    (pid,) = _pids(pids)
    await until(lambda: not alive(pid), GRACE, "the hook to be gone")
    assert group_members(pid) == []


async def test_grandchildren_holding_the_pipes_are_killed(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    escape = "setsid " if shutil.which("setsid") else ""
    command = (
        f"sleep 60 & echo $! >> {pids}; {escape}sleep 60 & echo $! >> {pids}; "
        f"echo $$ >> {pids}; echo started"
    )
    started = time.monotonic()
    result = await run_hook(hook(command, timeout_ms=400), "BeforeTool", PAYLOAD, settings())
    # A hang bound: the grandchildren sleep 60 s; a quiet machine returns in about 0.5 s.
    assert time.monotonic() - started < 30
    # Gemini waits for the pipes to close, so its verdict is a timeout: kept.
    assert result.timed_out
    assert result.stdout == "started\n"
    await until(lambda: not any(alive(p) for p in _pids(pids)), GRACE, "the grandchildren to go")


async def test_one_gigabyte_of_output_is_counted_not_kept() -> None:
    # Measured in a fresh interpreter, so its peak memory (VmHWM) is this run's alone.
    code = textwrap.dedent(
        """
        import asyncio, json, os
        from hookdash.core.hosts.gemini.runner import RunSettings, run_hook
        from tests.conformance.helpers import make_command_hook
        h = make_command_hook("BeforeTool", "head -c 1000000000 /dev/zero; echo end >&2")
        p = {"session_id": "s", "transcript_path": "", "cwd": "/tmp",
             "hook_event_name": "BeforeTool", "timestamp": "t"}
        loop = asyncio.new_event_loop()
        r = loop.run_until_complete(
            run_hook(h, "BeforeTool", p, RunSettings(dict(os.environ), "/tmp"))
        )
        # VmHWM, not ru_maxrss: the latter keeps the forked parent's peak across exec.
        hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0]
        print(json.dumps({"rss_kb": int(hwm.split()[1]),
                          "bytes": r.stdout_bytes, "truncated": r.stdout_truncated,
                          "kept": len(r.stdout), "tail": r.stdout[-60:], "stderr": r.stderr,
                          "success": r.success}))
        """
    )
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[4],
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["success"] and data["bytes"] == 1_000_000_000 and data["truncated"]
    assert data["kept"] < 1_100_000
    assert "kept the first 1048576 of 1000000000 bytes" in data["tail"]
    assert data["stderr"] == "end\n"
    assert data["rss_kb"] < 200_000, f"peak RSS {data['rss_kb']} KB"
    assert time.monotonic() - started < 60


async def test_invalid_utf8_is_replaced() -> None:
    result = await run_hook(hook(r"printf '\377\376ok\300'"), "BeforeTool", PAYLOAD, settings())
    assert result.success
    assert result.stdout == "\ufffd\ufffdok\ufffd"
    assert result.output == {"decision": "allow", "systemMessage": "\ufffd\ufffdok\ufffd"}


async def test_closing_stdin_early_with_a_big_payload() -> None:
    payload = {**PAYLOAD, "tool_input": {"blob": "x" * 4_000_000}}
    started = time.monotonic()
    result = await run_hook(hook("exec 0<&-; echo fine"), "BeforeTool", payload, settings())
    assert result.success and result.stdout == "fine\n"
    assert time.monotonic() - started < 5


async def test_not_reading_stdin_at_all() -> None:
    payload = {**PAYLOAD, "tool_input": {"blob": "x" * 4_000_000}}
    result = await run_hook(hook("echo ignored-stdin"), "BeforeTool", payload, settings())
    assert result.success and result.stdout == "ignored-stdin\n"


@pytest.mark.parametrize(("sig", "number"), [("KILL", 9), ("TERM", 15)])
async def test_death_by_signal(sig: str, number: int) -> None:
    result = await run_hook(
        hook(f"echo partial; kill -{sig} $$"), "BeforeTool", PAYLOAD, settings()
    )
    assert not result.success
    assert result.exit_code == 0  # Gemini's `exitCode || 0`
    assert result.signal == number
    # ...and text conversion uses 0 as well:
    assert result.output == {"decision": "allow", "systemMessage": "partial"}


async def test_command_not_found_blocks_like_gemini() -> None:
    result = await run_hook(hook("no-such-command-hookdash"), "BeforeTool", PAYLOAD, settings())
    assert result.exit_code == 127 and not result.success
    assert result.output is not None and result.output["decision"] == "deny"
    assert "no-such-command-hookdash" in result.output["reason"]


async def test_bash_missing_is_said_clearly() -> None:
    result = await run_hook(
        hook("true", env={"PATH": "/nonexistent"}), "BeforeTool", PAYLOAD, settings()
    )
    assert not result.success and not result.executed
    assert result.error is not None and "bash is not on the PATH" in result.error


async def test_missing_working_directory() -> None:
    payload = {**PAYLOAD, "cwd": "/no/such/dir"}
    result = await run_hook(hook("true"), "BeforeTool", payload, settings())
    assert not result.success and not result.executed
    assert result.error == "spawn bash ENOENT (the working directory /no/such/dir does not exist)"


async def test_untrusted_folder_never_spawns_settings_hooks(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    result = await run_hook(
        hook(f"touch {marker}", source="project"),
        "BeforeTool",
        PAYLOAD,
        settings(folder_trusted=False),
    )
    assert not marker.exists() and not result.executed
    assert result.error == "Security: Blocked execution of project hook in untrusted folder"


async def test_cancelling_kills_the_process_group(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    command = f"sleep 60 & echo $! >> {pids}; echo $$ >> {pids}; wait"
    task = asyncio.create_task(run_hook(hook(command), "BeforeTool", PAYLOAD, settings()))
    await until(lambda: len(_pids(pids)) == 2, what="both processes to start")
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await until(lambda: not any(alive(p) for p in _pids(pids)), GRACE, "the group to go")


async def test_parallel_hooks_start_together_and_keep_plan_order() -> None:
    hooks = [hook(f"sleep 0.{3 - i}; echo {i}", index=i) for i in range(3)]
    finished: list[int] = []
    started = time.monotonic()
    outcome = await run_hooks(
        hooks,
        "BeforeTool",
        PAYLOAD,
        settings(),
        sequential=False,
        on_result=lambda i, r: finished.append(i),
    )
    assert time.monotonic() - started < 0.6
    assert [r.stdout for r in outcome.results] == ["0\n", "1\n", "2\n"]
    assert finished == [2, 1, 0]  # completion order


async def test_sequential_chain_stops_where_gemini_throws() -> None:
    hooks = [
        hook("""echo '{"hookSpecificOutput":"a string"}'""", index=0),
        hook("echo second", index=1),
    ]
    payload = {**PAYLOAD, "hook_event_name": "BeforeAgent", "prompt": "p"}
    outcome = await run_hooks(hooks, "BeforeAgent", payload, settings(), sequential=True)
    assert len(outcome.results) == 1
    assert outcome.error is not None and "Gemini's runner throws" in outcome.error
    assert [h.command for h in outcome.not_run] == ["echo second"]
