"""Interrupt in Codex 0.171.0, run through `codex app-server`: a turn interrupted while a
command runs (`turn/interrupt`) fires Interrupt, whatever its matcher says, and not Stop;
hookdash fires it with the same fields.
(observed-0.171.0.md, "How a hook is run")"""

from __future__ import annotations

import time
from typing import Any

import pytest

from hookdash.core.hosts.codex.fire import build_codex_payload
from tests.codex.api_stub import shell
from tests.codex.differential import hookdash
from tests.codex.harness import World

pytestmark = pytest.mark.codex
TRACE_WAIT_S = 10.0


def _wait_for(world: World, label: str) -> dict[str, list[dict[str, Any]]]:
    """The traces once `label` has one, or after TRACE_WAIT_S (the hook may still be
    writing when the turn is reported interrupted)."""
    deadline = time.monotonic() + TRACE_WAIT_S
    while label not in world.traces() and time.monotonic() < deadline:
        time.sleep(0.1)
    return world.traces()


def test_an_interrupted_turn_fires_interrupt_and_not_stop(world: World) -> None:
    hooks = {
        "Interrupt": [world.group(world.hook("interrupt"), matcher="NOPE")],
        "Stop": [world.group(world.hook("stop"))],
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)
    world.clear_traces()
    world.stub.script = [[shell("sleep 30")]]
    world.stub.reset()
    with world.app_server() as server:
        thread = server.request(
            "thread/start",
            {"cwd": str(world.project), "approvalPolicy": "never", "sandbox": "danger-full-access"},
        )["thread"]["id"]
        text = {"type": "text", "text": "go", "text_elements": []}
        turn = server.request("turn/start", {"threadId": thread, "input": [text]})["turn"]["id"]
        while True:  # until the command runs
            message = server.next_message("the command to start")
            item = message.get("params", {}).get("item", {})
            if message.get("method") == "item/started" and item.get("type") == "commandExecution":
                break
        server.request("turn/interrupt", {"threadId": thread, "turnId": turn})
        while True:
            message = server.next_message("turn/completed")
            if message.get("method") == "turn/completed":
                assert message["params"]["turn"]["status"] == "interrupted"
                break
        traces = _wait_for(world, "interrupt")
    assert set(traces) == {"interrupt"}
    (payload,) = traces["interrupt"]
    assert payload["hook_event_name"] == "Interrupt"
    assert payload["turn_id"] == turn
    assert set(payload) == {
        "session_id",
        "turn_id",
        "transcript_path",
        "cwd",
        "hook_event_name",
        "model",
        "permission_mode",
    }
    # hookdash fires Interrupt with the same fields.
    assert set(build_codex_payload(hookdash(world), "Interrupt")) == set(payload)
