"""`hookdash fire --host claude` against the real Claude Code 2.1.332: the same PreToolUse
hooks block the Bash call in a `claude -p` run exactly when hookdash's fire says they do.

Each scenario's hooks print a fixed output (or exit with a code); Claude runs them before
a Bash call that would create a marker file, and hookdash fires them at PreToolUse. What
was observed: exit 2, `permissionDecision: "deny"` and `decision: "block"` block the call;
with two hooks, deny wins over allow and over ask, and ask over allow (a `-p` run, which
cannot ask, refuses the call and tells the model the ask's reason); exit 1 does not block.
The handler's fields: an exec-form hook's exit 2 blocks; `onFailure: "block"` blocks on exit
1, a missing program, output that fails validation; an async hook's exit 2 does not; a
shell-form hook runs under /bin/sh (`[[` is a bashism dash does not know).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.claude.harness import World
from tests.claude.test_differential import _hookdash_json

pytestmark = pytest.mark.claude


def _decision(value: str) -> dict[str, Any]:
    return {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": value,
            "permissionDecisionReason": f"because {value}",
        }
    }


SCENARIOS: dict[str, list[Any]] = {
    "exit-2": ["EXIT 2"],
    "exit-1": ["EXIT 1"],
    "deny": [_decision("deny")],
    "block": [{"decision": "block", "reason": "old style"}],
    "deny+allow": [_decision("deny"), _decision("allow")],
    "ask+allow": [_decision("ask"), _decision("allow")],
    "ask+deny": [_decision("ask"), _decision("deny")],
    "allow": [_decision("allow")],
    # The handler's fields (test_observed_handlers.py): exec form, onFailure, async, /bin/sh.
    "exec-exit-2": [
        {"command": "/bin/sh", "args": ["-c", "cat >/dev/null; echo exec-2 >&2; exit 2"]}
    ],
    "exec-missing": [{"command": "/nonexistent/guard", "args": ["a"]}],
    "exec-missing-block": [{"command": "/nonexistent/guard", "args": ["a"], "onFailure": "block"}],
    "exit-1-block": [{"command": "cat >/dev/null; exit 1", "onFailure": "block"}],
    "invalid-output-block": [
        {"command": """cat >/dev/null; echo '{"continue": "yes"}'""", "onFailure": "block"}
    ],
    "async-exit-2": [{"command": "cat >/dev/null; exit 2", "async": True}],
    "bashism-exit-2": [{"command": "cat >/dev/null; [[ 1 == 1 ]] && exit 2"}],
}
# What the model is told when the call does not run (the block's reason).
TOLD = {
    "exit-2": "blocked-by-exit-2",
    "deny": "because deny",
    "block": "old style",
    "deny+allow": "because deny",
    "ask+allow": "because ask",
    "ask+deny": "because deny",
    "exec-exit-2": "exec-2",
    "exec-missing-block": "blocking because onFailure is",
    "exit-1-block": "blocking because onFailure is",
    "invalid-output-block": "blocking because onFailure is",
}


def _hooks(world: World, outputs: list[Any]) -> list[dict[str, Any]]:
    hooks = []
    for i, output in enumerate(outputs):
        if isinstance(output, dict) and "command" in output:  # a handler as it is
            hooks.append({"type": "command", **output})
            continue
        if output == "EXIT 2":
            command = "cat >/dev/null; echo blocked-by-exit-2 >&2; exit 2"
        elif output == "EXIT 1":
            command = "cat >/dev/null; echo not-a-block >&2; exit 1"
        else:
            path = world.bin / f"output-{i}.json"
            path.write_text(json.dumps(output))
            command = f"cat >/dev/null; cat {path}"
        hooks.append({"type": "command", "command": command})
    return hooks


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_fire_says_blocked_exactly_when_claude_blocks(
    name: str, world: World, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    world.stub.tool = {"name": "Bash", "input": {"command": "touch ran-marker", "description": "m"}}
    world.write(
        world.user_settings,
        {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": _hooks(world, SCENARIOS[name])}]}},
    )
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    claude_ran_it = (world.project / "ran-marker").exists()
    told = world.stub.requests[-1].get("tool_result")

    monkeypatch.setenv("HOOKDASH_STATE_DIR", str(world.root / "state"))
    argv = ["fire", "--host", "claude", "PreToolUse", "--tool", "Bash", "--yes"]
    fired = _hookdash_json([*argv, "--workspace", str(world.project)], world, monkeypatch, capsys)
    aggregate = fired["aggregate"]
    refused_in_p = aggregate["blocked"] or aggregate["permission_decision"] == "ask"
    assert refused_in_p is not claude_ran_it, (name, fired["effect"])
    if name in TOLD:
        assert TOLD[name] in json.dumps(told) and TOLD[name] in fired["effect"]
    if not claude_ran_it and aggregate["blocked"]:
        assert fired["effect"].startswith("Claude Code blocks the Bash call")
