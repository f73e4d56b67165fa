"""What blocks a tool call in Codex 0.171.0, run: on PreToolUse, exit 2, a `deny`
permission decision and `decision: "block"` stop the call (no PostToolUse; the model is told
the reason); exit 1 does not, and neither do the outputs Codex does not support there.
(observed-0.171.0.md, "Blocking")"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.codex.api_stub import shell
from tests.codex.harness import World

pytestmark = pytest.mark.codex


def _specific(decision: str, reason: str = "") -> str:
    output: dict[str, Any] = {"hookEventName": "PreToolUse", "permissionDecision": decision}
    if reason:
        output["permissionDecisionReason"] = reason
    return json.dumps({"hookSpecificOutput": output})


BLOCKING: dict[str, tuple[dict[str, Any], str]] = {
    "exit 2": ({"stderr": "no marker today", "exit_code": 2}, "no marker today"),
    "deny": ({"stdout": _specific("deny", "denied by the hook")}, "denied by the hook"),
    "decision block": (
        {"stdout": json.dumps({"decision": "block", "reason": "blocked by decision"})},
        "blocked by decision",
    ),
}
# Outputs that do not block: the hook "Completed", or "Failed" (exit 1, and the outputs
# Codex does not support on PreToolUse), and the call goes on.
NOT_BLOCKING: dict[str, tuple[dict[str, Any], str]] = {
    "exit 1": ({"stderr": "exit one", "exit_code": 1}, "Failed"),
    "continue false": ({"stdout": json.dumps({"continue": False, "stopReason": "s"})}, "Failed"),
    "ask": ({"stdout": _specific("ask", "ask me")}, "Failed"),
    "allow": ({"stdout": _specific("allow")}, "Failed"),
    "not json": ({"stdout": "not json {"}, "Completed"),
}


def _world(world: World, **says: Any) -> None:
    hooks = {
        "PreToolUse": [world.group(world.hook_says("pre", **says))],
        "PostToolUse": [world.group(world.hook("post"))],
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)


@pytest.mark.parametrize("how", list(BLOCKING))
def test_what_blocks_a_tool_call(world: World, how: str) -> None:
    says, reason = BLOCKING[how]
    _world(world, **says)
    ran = world.run(script=[[shell("touch marker")]])
    assert ran.returncode == 0
    assert ran.labels == {"pre"}  # no PostToolUse
    assert not (world.project / "marker").exists()
    assert ran.tool_outputs() == [
        f"Command blocked by PreToolUse hook: {reason}. Command: touch marker"
    ]
    assert "hook: PreToolUse Blocked" in ran.hook_lines


@pytest.mark.parametrize("how", list(NOT_BLOCKING))
def test_what_does_not_block(world: World, how: str) -> None:
    says, verdict = NOT_BLOCKING[how]
    _world(world, **says)
    ran = world.run(script=[[shell("touch marker")]])
    assert ran.returncode == 0
    assert ran.labels == {"pre", "post"}
    assert (world.project / "marker").exists()
    assert f"hook: PreToolUse {verdict}" in ran.hook_lines
