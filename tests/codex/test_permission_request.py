"""PermissionRequest in Codex 0.171.0, run through `codex app-server` (a thread with the
approval policy "on-request": `codex exec` always runs with "never", so it never fires it).
When the model asks to run a command outside the sandbox, the hook runs before Codex asks
the person: `decision.behavior: "allow"` runs it without asking, `"deny"` or exit 2
rejects it with the hook's reason, and without a hook the client is asked.
(observed-0.171.0.md, "How a hook is run")"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.codex.harness import World
from tests.codex.record_payloads import escalation

pytestmark = pytest.mark.codex


def _decision(behavior: str, **more: str) -> str:
    decision = {"behavior": behavior, **more}
    output = {"hookEventName": "PermissionRequest", "decision": decision}
    return json.dumps({"hookSpecificOutput": output})


def _turn(world: World, handler: dict[str, Any] | None) -> tuple[list[str], list[Any]]:
    if handler is not None:
        world.write_hooks_json(world.user_hooks, {"PermissionRequest": [world.group(handler)]})
        world.trust_file(world.user_hooks)
    world.clear_traces()
    world.stub.script = [[escalation(world)]]
    world.stub.reset()
    world.stub.requests.clear()
    with world.app_server() as server:
        asked = server.turn(world.project)
    told = [r["tool_output"] for r in world.stub.requests if r.get("tool_output") is not None]
    return [a["method"] for a in asked], told


def test_without_a_hook_codex_asks_the_client(world: World) -> None:
    asked, _ = _turn(world, None)
    assert asked == ["item/commandExecution/requestApproval"]
    assert not (world.root / "escalated").exists()


def test_the_payload(world: World) -> None:
    _turn(world, world.hook("perm"))
    (payload,) = world.traces()["perm"]
    assert payload["hook_event_name"] == "PermissionRequest"
    assert payload["tool_name"] == "Bash"
    assert payload["tool_input"] == {
        "command": f"touch {world.root}/escalated",
        "description": "needs the whole disk",
    }
    assert payload["permission_mode"] == "default"
    assert set(payload) == {
        "session_id",
        "turn_id",
        "transcript_path",
        "cwd",
        "hook_event_name",
        "model",
        "permission_mode",
        "tool_name",
        "tool_input",
    }


def test_allow_runs_it_without_asking(world: World) -> None:
    asked, _ = _turn(world, world.hook_says("perm", stdout=_decision("allow")))
    assert asked == []
    assert (world.root / "escalated").exists()


@pytest.mark.parametrize("how", ["deny", "exit 2"])
def test_deny_and_exit_2_reject_it_with_the_reason(world: World, how: str) -> None:
    if how == "deny":
        handler = world.hook_says("perm", stdout=_decision("deny", message="not here"))
    else:
        handler = world.hook_says("perm", stderr="not here", exit_code=2)
    asked, told = _turn(world, handler)
    assert asked == []
    assert not (world.root / "escalated").exists()
    assert told == ['exec_command failed: CreateProcess { message: "Rejected(\\"not here\\")" }']
