"""logfeed.outcome_of (a log line's colour) and is_run_of (the log's per-hook filter)."""

from __future__ import annotations

from typing import Any

import pytest

from hookdash.core.run.logfeed import is_run_of, outcome_of
from hookdash.core.run.runlog import RunRecord
from tests.conftest import Sandbox, command_hook, definition


def _record(**fields: Any) -> RunRecord:
    base: dict[str, Any] = {"ts": "2026-01-01T00:00:00.000Z", "origin": "hookdash",
                            "event": "BeforeTool", "id": "guard", "success": True}  # fmt: skip
    base.update(fields)
    return RunRecord(**base)


@pytest.mark.parametrize(
    ("fields", "outcome"),
    [
        ({"exit_code": 0, "output": {"decision": "allow"}}, "ok"),
        ({"exit_code": 0, "output": {"decision": "deny", "reason": "no"}}, "blocked"),
        ({"exit_code": 0, "output": {"decision": "block"}}, "blocked"),
        ({"success": False, "exit_code": 2, "output": {"decision": "deny"}}, "blocked"),
        ({"exit_code": 0, "output": {"continue": False}}, "stopped"),
        ({"success": False, "exit_code": 1, "output": {"systemMessage": "Warning: x"}}, "warning"),
        ({"success": False, "exit_code": 127}, "failed"),
        ({"success": False, "error": "spawn bash ENOENT"}, "failed"),
        ({"success": False, "timed_out": True, "error": "Hook timed out after 5ms"}, "timed-out"),
        ({"success": False, "error": "cancelled: hookdash killed its process group"},
         "cancelled"),
    ],
)  # fmt: skip
def test_outcome_of(fields: dict[str, Any], outcome: str) -> None:
    assert outcome_of(_record(**fields)) == outcome


def test_is_run_of(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("echo 1", name="guard"))],
                "AfterTool": [definition(command_hook("echo 2", name="guard"))],
            }
        }
    )
    before, after = sandbox.load().hooks
    mine = _record(ref=before.ref, key=before.key)
    assert is_run_of(mine, before) and not is_run_of(mine, after)
    # Gemini's records name the hook only: event and id decide, and the key when known.
    gemini = _record(origin="gemini")
    assert is_run_of(gemini, before) and not is_run_of(gemini, after)
    assert not is_run_of(_record(origin="gemini", key="guard:other"), before)
    assert not is_run_of(_record(origin="gemini", id="other"), before)


@pytest.mark.parametrize(
    ("fields", "outcome"),
    [
        # Exit 2 of a PreToolUse hook: Claude blocks the call (Gemini's rule said "failed").
        ({"event": "PreToolUse", "success": False, "exit_code": 2, "decision": "block"},
         "blocked"),
        # A deny in hookSpecificOutput: Claude blocks (Gemini's rule said "ok").
        ({"event": "PreToolUse", "exit_code": 0, "decision": "deny", "output":
          {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny"}}},
         "blocked"),
        ({"event": "PreToolUse", "exit_code": 0, "decision": "allow", "output":
          {"hookSpecificOutput": {"permissionDecision": "allow"}}}, "ok"),
        ({"event": "Stop", "exit_code": 0, "output": {"continue": False}}, "stopped"),
        ({"event": "Stop", "exit_code": 0, "output": {"decision": "block", "reason": "go on"},
          "decision": "block"}, "blocked"),
        # Exit 2 where there is nothing to block: Claude shows stderr and goes on.
        ({"event": "Notification", "success": False, "exit_code": 2, "decision": "block"},
         "warning"),
        # Any other code: a non-blocking error (Gemini's rule: exit 1 only).
        ({"event": "PreToolUse", "success": False, "exit_code": 127}, "warning"),
        ({"event": "PreToolUse", "success": False, "error": "spawn bash ENOENT"}, "failed"),
        ({"event": "PreToolUse", "success": False, "timed_out": True}, "timed-out"),
    ],
)  # fmt: skip
def test_a_claude_runs_outcome_is_claudes(fields: dict[str, Any], outcome: str) -> None:
    assert outcome_of(_record(host="claude", id="guard.sh", **fields)) == outcome
