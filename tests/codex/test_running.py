"""How Codex 0.171.0 runs a command hook: the shell, the working directory, the
environment, the JSON on stdin for each event (as recorded in
payloads-observed-0.171.0.json), the timeout, and handlers of one event in parallel.
(observed-0.171.0.md, "How a hook is run")"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tests.codex import record_payloads
from tests.codex.harness import World

pytestmark = pytest.mark.codex


def _shape(value: Any) -> Any:
    """The fields of a payload and the JSON type of each, nested."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    return type(value).__name__


def test_the_payload_of_every_event_has_the_recorded_fields(world: World) -> None:
    recorded = json.loads(record_payloads.OBSERVED.read_text())
    observed = record_payloads.record(world)
    assert [(o["session"], o["event"]) for o in observed] == [
        (r["session"], r["event"]) for r in recorded
    ]
    for now, then in zip(observed, recorded, strict=True):
        assert _shape(now["stdin"]) == _shape(then["stdin"]), now["event"]
        assert now["hook_cwd"] == then["hook_cwd"] == "<PROJECT>"
    by_event: dict[tuple[str, str], dict[str, Any]] = {}
    for o in observed:  # the first of each event in each session
        by_event.setdefault((o["session"], o["event"]), o["stdin"])
    assert by_event[("exec", "SessionStart")]["source"] == "startup"
    assert by_event[("resume", "SessionStart")]["source"] == "resume"
    assert by_event[("exec", "SessionEnd")]["reason"] == "other"
    assert by_event[("exec", "PreToolUse")]["tool_input"] == {"command": "echo hookdash"}


def _probe(world: World) -> str:
    out = world.trace_dir
    return (
        f'printf "%s" "$0" > {out}/zero.txt; readlink /proc/$$/exe > {out}/exe.txt; '
        f"pwd > {out}/pwd.txt; env -0 > {out}/env.bin"
    )


def test_a_hook_runs_in_bash_in_the_sessions_directory_with_codexs_environment(
    world: World,
) -> None:
    world.write_hooks_json(
        world.user_hooks,
        {"PreToolUse": [world.group({"type": "command", "command": _probe(world)})]},
    )
    world.trust_file(world.user_hooks)
    sub = world.project / "sub"
    sub.mkdir()
    out = world.trace_dir
    for shell in (None, "/bin/sh", "/usr/bin/zsh"):
        world.run(cwd=sub, env={"SHELL": shell})
        assert (out / "zero.txt").read_text() == "/bin/bash"  # whatever $SHELL says
        assert Path((out / "exe.txt").read_text().strip()).name == "bash"
        assert (out / "pwd.txt").read_text().strip() == str(sub)
    pairs = (out / "env.bin").read_bytes().decode().split("\0")
    env = dict(p.split("=", 1) for p in pairs if "=" in p)
    # What Codex adds: nothing but its own folders at the head of PATH.
    assert set(env) - set(world.environ()) <= {"PWD", "SHLVL", "_", "SHELL", "OLDPWD"}
    machine = os.environ.get("PATH", "/usr/bin:/bin")
    assert env["PATH"].endswith(":" + machine)
    added = env["PATH"].removesuffix(":" + machine).split(":")
    install = world.codex.parents[1]  # vendor/<triple>: its codex-path folder (rg)
    assert added and all(
        Path(folder).is_relative_to(install) or Path(folder).is_relative_to(world.codex_home)
        for folder in added
    ), added
    assert all(env[name] == value for name, value in world.environ().items() if name != "PATH")


def test_a_hook_past_its_timeout_is_killed_and_the_call_goes_on(world: World) -> None:
    out = world.trace_dir
    slow = f"echo $$ > {out}/slow.pid; sleep 30; touch {out}/late"
    hooks = {
        "PreToolUse": [world.group({"type": "command", "command": slow, "timeout": 2})],
        "PostToolUse": [world.group(world.hook("post"))],
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)
    ran = world.run()
    assert "hook: PreToolUse Failed" in ran.hook_lines
    assert ran.labels == {"post"}  # the call ran
    pid = (out / "slow.pid").read_text().strip()
    assert not Path(f"/proc/{pid}").exists()  # killed, not left behind
    assert not (out / "late").exists()


def test_the_handlers_of_one_event_run_at_the_same_time(world: World) -> None:
    out = world.trace_dir
    # The first waits (at most 10 s) for the second to have started.
    first = (
        f"for i in $(seq 100); do [ -e {out}/b ] && break; sleep 0.1; done; "
        f"[ -e {out}/b ] && touch {out}/a-saw-b"
    )
    second = (
        f"touch {out}/b; for i in $(seq 100); do [ -e {out}/a-saw-b ] && break; sleep 0.1; done"
    )
    group = world.group(
        {"type": "command", "command": first}, {"type": "command", "command": second}
    )
    world.write_hooks_json(world.user_hooks, {"PreToolUse": [group]})
    world.trust_file(world.user_hooks)
    world.run()
    assert (out / "a-saw-b").exists()
