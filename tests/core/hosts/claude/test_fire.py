"""`fire --host claude` in the core: the plan run through the shared engine with Claude's
environment, and the outputs read with Claude Code's semantics."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.claude.fire import claude_confirmations, fire_claude
from hookdash.core.hosts.claude.outputs import HookOutcome, aggregate, describe, read_output
from hookdash.core.hosts.claude.registry import load_claude
from hookdash.core.run.logfeed import outcome_of
from hookdash.core.run.runlog import RunLog
from tests.conftest import until
from tests.core.hosts.claude.conftest import Machine, hooks_on
from tests.processes import group_members


def _decision(value: str, reason: str) -> str:
    out = {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": value,
            "permissionDecisionReason": reason,
        }
    }
    return f"echo '{json.dumps(out)}'"


def _fire(machine: Machine, event: str, **kwargs: Any) -> Any:
    env = {
        **machine.environ(),
        "PATH": os.environ["PATH"],
        "HOOKDASH_STATE_DIR": str(machine.root / "state"),
    }
    snap = load_claude(machine.project, env)
    return asyncio.run(fire_claude(snap, event, environ=env, **kwargs))


def test_deny_wins_over_allow_and_the_effect_says_the_call_is_blocked(machine: Machine) -> None:
    machine.write(
        machine.user, hooks_on("PreToolUse", _decision("allow", "fine"), _decision("deny", "no rm"))
    )
    result = _fire(machine, "PreToolUse", tool="Bash")
    assert [r.exit_code for r in result.results] == [0, 0]
    assert result.aggregate["permission_decision"] == "deny"
    assert result.effect == "Claude Code blocks the Bash call: no rm."


def test_ask_wins_over_allow() -> None:
    outs = [
        HookOutcome(outcome="success", output=json.loads(_decision(d, d)[6:-1]))
        for d in ("allow", "ask")
    ]
    agg = aggregate("PreToolUse", outs)
    assert agg.permission_decision == "ask" and not agg.blocked
    assert describe("PreToolUse", agg, "Bash", 2).startswith("Claude Code asks you before")


def test_exit_2_blocks_with_stderr_and_exit_1_does_not(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("PreToolUse", "echo nope >&2; exit 2", "exit 1"))
    result = _fire(machine, "PreToolUse", tool="Bash")
    assert sorted(r.outcome for r in result.results) == ["blocking-error", "non-blocking-error"]
    assert result.effect.startswith("Claude Code blocks the Bash call: nope")
    machine.write(machine.user, hooks_on("PreToolUse", "exit 1"))
    result = _fire(machine, "PreToolUse", tool="Bash")
    assert result.effect.startswith("Nothing: the Bash call goes on")


def test_json_is_read_only_on_exit_0() -> None:
    assert read_output(0, '{"decision": "block"}', False, True)[1] == {"decision": "block"}
    assert read_output(2, '{"decision": "block"}', False, True) == ("blocking-error", None, None)
    assert read_output(0, "plain", False, True) == ("success", None, "text")
    assert read_output(None, "", True, True)[0] == "timed-out"


def test_stop_block_continue_and_context() -> None:
    stop = aggregate(
        "Stop",
        [HookOutcome(outcome="success", output={"decision": "block", "reason": "tests fail"})],
    )
    assert (
        describe("Stop", stop, None, 1)
        == "Claude Code does not stop: Claude is told to go on: tests fail."
    )
    halt = aggregate(
        "PostToolUse",
        [
            HookOutcome(
                outcome="success",
                output={"continue": False, "stopReason": "enough", "systemMessage": "bye"},
            )
        ],
    )
    assert halt.stop and halt.system_messages == ["bye"]
    ctx = aggregate(
        "UserPromptSubmit", [HookOutcome(outcome="success", stdout="today is Monday\n")]
    )
    assert ctx.additional_context == ["today is Monday"]


def test_the_hook_runs_in_the_workspace_with_claude_project_dir_and_the_payload(
    machine: Machine,
) -> None:
    out = machine.root / "seen.json"
    machine.write(
        machine.user,
        hooks_on(
            "SessionStart", f'cat > {out}; echo "$CLAUDE_PROJECT_DIR|$PWD" >&2', matcher="resume"
        ),
    )
    result = _fire(machine, "SessionStart", trigger="resume")
    assert result.results[0].stderr.strip() == f"{machine.project}|{machine.project}"
    seen = json.loads(out.read_text())
    assert seen["source"] == "resume" and seen["hook_event_name"] == "SessionStart"
    assert seen["cwd"] == str(machine.project)


def test_the_timeout_is_in_seconds(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("Stop", "sleep 5", timeout=1))
    result = _fire(machine, "Stop")
    assert result.results[0].timed_out and result.results[0].duration_ms < 4500


def test_identical_hooks_run_once_and_others_are_not_fired(machine: Machine) -> None:
    settings = hooks_on("Stop", "echo a", "echo a")
    settings["hooks"]["Stop"][0]["hooks"].append({"type": "http", "url": "http://127.0.0.1:9"})
    machine.write(machine.user, settings)
    result = _fire(machine, "Stop")
    assert len(result.results) == 1 and [n.type for n in result.not_fired] == ["http"]


def test_every_run_is_logged_with_host_claude(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("Stop", "echo a"))
    _fire(machine, "Stop")
    records = RunLog(machine.root / "state").read_last(5)
    assert [(r.host, r.event, r.id) for r in records] == [("claude", "Stop", "echo a")]
    assert os.stat(machine.root / "state" / "runs.jsonl").st_mode & 0o777 == 0o600


def test_a_hook_named_runs_even_where_claude_would_not(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("PreToolUse", "echo hi", matcher="Read"))
    snap_hook = load_claude(machine.project, machine.environ()).hooks[0]
    result = _fire(machine, "PreToolUse", hook=snap_hook, tool="Bash")
    assert len(result.results) == 1 and not result.claude_would_run
    assert result.effect.startswith("Claude Code would not run this hook (its matcher")


def test_untrusted_project_hooks_need_confirmation(machine: Machine) -> None:
    machine.write(machine.project_file, hooks_on("Stop", "echo p"))
    machine.write(machine.user, hooks_on("Stop", "echo u"))
    snap = load_claude(machine.project, machine.environ())
    needed = claude_confirmations(snap.hooks)
    assert [c.id for c in needed] == ["echo p"]
    assert "no trust recorded" in needed[0].reason
    Path(machine.home / ".claude.json").write_text(
        json.dumps({"projects": {str(machine.project): {"hasTrustDialogAccepted": True}}})
    )
    snap = load_claude(machine.project, machine.environ())
    assert [h.trust for h in snap.hooks if h.scope == "project"] == ["trusted"]


ARGV_TRACER = """#!/usr/bin/env python3
import json, os, sys
with open(%r, "w") as f:
    json.dump({"argv": sys.argv, "cwd": os.getcwd(), "stdin": sys.stdin.read()}, f)
"""


def _handlers(machine: Machine, event: str, *handlers: dict[str, Any]) -> None:
    machine.write(machine.user, {"hooks": {event: [{"hooks": list(handlers)}]}})


def _traced(machine: Machine, *handlers: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """Fire `handlers` at PreToolUse ("TRACER": a script recording how it was started)."""
    tracer, trace = machine.root / "argv.py", machine.root / "trace.json"
    machine.write(tracer, ARGV_TRACER % str(trace))
    tracer.chmod(0o755)
    resolved = [{k: str(tracer) if v == "TRACER" else v for k, v in h.items()} for h in handlers]
    _handlers(machine, "PreToolUse", *resolved)
    result = _fire(machine, "PreToolUse", tool="Bash")
    return result, json.loads(trace.read_text())


def test_exec_form_runs_the_program_with_its_args_and_no_shell(machine: Machine) -> None:
    """As Claude Code 2.1.332 does (test_observed_handlers): each argument whole, only
    `${CLAUDE_PROJECT_DIR}` replaced; in the workspace, the payload on stdin."""
    args = ["a b", "$HOME", "${HOME}", "`id`", "${CLAUDE_PROJECT_DIR}/x", "$CLAUDE_PROJECT_DIR"]
    result, seen = _traced(machine, {"type": "command", "command": "TRACER", "args": args})
    (run,) = result.results
    tracer = str(machine.root / "argv.py")
    project = str(machine.project)
    assert seen["argv"] == [tracer, *args[:4], f"{project}/x", "$CLAUDE_PROJECT_DIR"]
    assert seen["cwd"] == project and json.loads(seen["stdin"])["tool_name"] == "Bash"
    quoted = "'a b' '$HOME' '${HOME}' '`id`' '${CLAUDE_PROJECT_DIR}/x' '$CLAUDE_PROJECT_DIR'"
    assert run.command == f"{tracer} {quoted}"  # as written, quoted as one line


def test_exec_form_finds_a_bare_program_on_path(machine: Machine) -> None:
    tracer = str(machine.root / "argv.py")
    result, seen = _traced(machine, {"type": "command", "command": "python3", "args": [tracer]})
    assert seen["argv"] == [tracer] and result.results[0].outcome == "success"


def test_a_missing_program_is_not_started(machine: Machine) -> None:
    _handlers(machine, "PreToolUse", {"type": "command", "command": "/nonexistent/g", "args": []})
    (run,) = _fire(machine, "PreToolUse", tool="Bash").results
    assert run.outcome == "not-started" and "ENOENT" in (run.error or "")


def test_a_shell_form_hook_runs_under_bin_sh(machine: Machine) -> None:
    """Claude Code runs `/bin/sh -c`, whatever $SHELL or `shell: "bash"` say (run)."""
    probe = 'echo "$0|$(readlink /proc/$$/exe)"'
    _handlers(machine, "Stop", {"type": "command", "command": probe, "shell": "bash"})
    (run,) = _fire(machine, "Stop").results
    zero, exe = run.stdout.strip().split("|")
    assert zero == "/bin/sh" and Path(exe) == Path("/bin/sh").resolve()


def test_powershell_hooks_are_not_fired_and_said_so(machine: Machine) -> None:
    _handlers(
        machine, "PreToolUse", {"type": "command", "command": "exit 2", "shell": "powershell"}
    )
    result = _fire(machine, "PreToolUse", tool="Bash")
    assert result.results == []
    assert "runs under PowerShell (pwsh)" in result.not_fired[0].why


def test_on_failure_block_makes_a_failure_block(machine: Machine) -> None:
    """exit 1, a missing program, a timeout, output Claude's validation rejects: each blocks
    with `onFailure: "block"` and none without it (test_observed_handlers)."""
    failures: list[dict[str, Any]] = [
        {"command": "echo oops >&2; exit 1"},
        {"command": "/nonexistent/guard", "args": ["a"]},
        {"command": "sleep 3", "timeout": 0.3},
        {"command": """echo '{"continue": "yes"}'"""},
        {"command": """echo '{"decision": 5}'"""},
    ]
    for fields in failures:
        _handlers(machine, "PreToolUse", {"type": "command", **fields})
        assert not _fire(machine, "PreToolUse", tool="Bash").aggregate["blocked"], fields
        _handlers(machine, "PreToolUse", {"type": "command", **fields, "onFailure": "block"})
        result = _fire(machine, "PreToolUse", tool="Bash")
        assert result.aggregate["blocked"], fields
        assert result.effect.startswith("Claude Code blocks the Bash call: ")
        assert 'blocking because onFailure is "block"' in result.effect
    # Plain text that starts with "{" is not JSON output: no failure (run).
    _handlers(
        machine, "PreToolUse", {"type": "command", "command": "echo '{x'", "onFailure": "block"}
    )
    assert not _fire(machine, "PreToolUse", tool="Bash").aggregate["blocked"]
    # Ignored on Stop (the binary's description of the field).
    _handlers(machine, "Stop", {"type": "command", "command": "exit 1", "onFailure": "block"})
    assert not _fire(machine, "Stop").aggregate["blocked"]


def test_an_async_hook_decides_nothing(machine: Machine) -> None:
    for fields in ({"command": "echo no >&2; exit 2"}, {"command": "exit 1", "onFailure": "block"}):
        _handlers(machine, "PreToolUse", {"type": "command", "async": True, **fields})
        result = _fire(machine, "PreToolUse", tool="Bash")
        (run,) = result.results
        assert run.exit_code in (1, 2) and not result.aggregate["blocked"]
        assert "Claude Code does not wait for them" in result.effect


def test_async_rewake_blocks_as_claude_p_does(machine: Machine) -> None:
    _handlers(
        machine,
        "PreToolUse",
        {"type": "command", "command": "echo rewake >&2; exit 2", "asyncRewake": True},
    )
    result = _fire(machine, "PreToolUse", tool="Bash")
    assert result.aggregate["blocked"] and "interactive session runs it in the background" in (
        result.effect
    )


async def test_a_cancelled_firing_logs_each_hook_it_started_as_cancelled(
    machine: Machine, tmp_path: Path
) -> None:
    pid_file = tmp_path / "pid"
    slow = f"echo started; echo oops >&2; echo $$ > {pid_file}; sleep 30"
    machine.write(machine.user, hooks_on("Stop", slow))
    env = {
        **machine.environ(),
        "PATH": os.environ["PATH"],
        "HOOKDASH_STATE_DIR": str(machine.root / "state"),
    }
    task = asyncio.create_task(fire_claude(load_claude(machine.project, env), "Stop", environ=env))
    await until(lambda: pid_file.exists() and pid_file.read_text().strip(), what="the hook")
    await asyncio.sleep(0.1)  # (its output is in the pipes before the pid file is written)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    pgid = int(pid_file.read_text())
    await until(lambda: not group_members(pgid), 2.0, "the hook's process group to be killed")
    logged = RunLog(machine.root / "state").read_last(10)
    assert [(r.host, r.id, r.success) for r in logged] == [("claude", slow, False)]
    record = logged[0]
    assert outcome_of(record) == "cancelled"
    assert (record.stdout, record.stderr) == ("started\n", "oops\n")
    assert record.duration_ms is not None and record.duration_ms >= 100
