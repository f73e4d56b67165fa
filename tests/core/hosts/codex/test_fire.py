"""Firing Codex hooks through the shared engine: the payload Codex writes, Codex's blocking
verdict (exit 2, permissionDecision deny, decision block; exit 1 does not block), the run
log with host codex."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hookdash.core.hosts.codex.fire import fire_codex_sync
from hookdash.core.hosts.codex.payloads import codex_payload
from hookdash.core.hosts.codex.planner import codex_plan
from tests.core.hosts.codex.conftest import CodexMachine, hook_group

GOOD = "sha256:def04b31df427b427b648eaa402a98aa72d5dd25963faca70bc34d8eb73b638a"


def test_pre_tool_use_payload_as_codex_writes_it(tmp_path: Path) -> None:
    payload = codex_payload("PreToolUse", "/w", tmp_path, tool="Bash")
    assert list(payload) == [
        "session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model",
        "permission_mode", "tool_name", "tool_input", "tool_use_id",
    ]  # fmt: skip
    assert payload["tool_input"] == {"command": "ls -la"}
    start = codex_payload("SessionStart", "/w", tmp_path)
    assert "turn_id" not in start and start["source"] == "startup"
    end = codex_payload("SessionEnd", "/w", tmp_path)
    assert end["reason"] == "other" and "model" not in end
    patch = codex_payload("PreToolUse", "/w", tmp_path, matcher="Edit|Write")
    assert (
        patch["tool_name"] == "apply_patch" and "*** Begin Patch" in patch["tool_input"]["command"]
    )


def trusted(machine: CodexMachine, command: str, matcher: str = "Bash") -> None:
    """One user PreToolUse hook, trusted (its hash computed by hookdash, pinned elsewhere)."""
    machine.hooks_json(machine.user_json, {"PreToolUse": [hook_group(command, matcher=matcher)]})
    hook = machine.load().hooks[0]
    machine.write(
        machine.user_toml, f'[hooks.state."{hook.key}"]\ntrusted_hash = "{hook.current_hash}"\n'
    )


@pytest.mark.parametrize(
    ("command", "blocked", "verdict"),
    [
        ("echo no >&2; exit 2", True, "block"),
        ('echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse",'
         '"permissionDecision":"deny","permissionDecisionReason":"no"}}\'', True, "deny"),
        ('echo \'{"decision":"block","reason":"no"}\'', True, "block"),
        ("echo oops >&2; exit 1", False, None),
        ("true", False, None),
    ],
)  # fmt: skip
def test_blocking_verdict(
    machine: CodexMachine, command: str, blocked: bool, verdict: str | None
) -> None:
    trusted(machine, command)
    result = fire_codex_sync(machine.load(), "PreToolUse", tool="Bash", environ=machine.environ())
    assert [r.verdict for r in result.results] == [verdict]
    assert result.blocked is blocked
    assert ("is blocked" in result.effect) is blocked


def test_fire_runs_the_plan_and_logs_host_codex(machine: CodexMachine) -> None:
    trusted(machine, "cat > got.json")
    snap = machine.load()
    assert codex_plan(snap, "PreToolUse", tool="apply_patch").hooks == []
    result = fire_codex_sync(snap, "PreToolUse", tool="Bash", environ=machine.environ())
    (run,) = result.results
    got = json.loads((machine.repo / "got.json").read_text())
    assert got["hook_event_name"] == "PreToolUse" and got["cwd"] == str(machine.repo)
    record = json.loads((machine.root / "state" / "runs.jsonl").read_text().splitlines()[-1])
    assert (record["host"], record["key"], record["exit_code"]) == ("codex", run.key, 0)


def test_a_named_untrusted_hook_runs_and_says_codex_would_not(machine: CodexMachine) -> None:
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("echo hi")]})
    snap = machine.load()
    result = fire_codex_sync(snap, "Stop", hook=snap.hooks[0], environ=machine.environ())
    assert result.results[0].stdout == "hi\n"
    assert not result.codex_would_run
    assert result.effect.startswith("Codex would not run this hook (Codex skips this hook")


def test_timeout_is_seconds(machine: CodexMachine) -> None:
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("sleep 5", timeout=0)]})
    snap = machine.load()
    assert snap.hooks[0].timeout == 1  # 0 is read as 1
    result = fire_codex_sync(snap, "Stop", hook=snap.hooks[0], environ=machine.environ())
    assert result.results[0].timed_out
