"""Record the stdin JSON and the working directory Codex 0.171.0 gives a command hook, for
every event a `codex exec` session fires, into `payloads-observed-0.171.0.json` beside this
file (`python -m tests.codex.record_payloads`).

Four sessions: one whose model runs a shell command, patches a file and runs a failing
command, its `codex exec resume --last`, one whose context Codex compacts (PreCompact,
PostCompact), and a `codex app-server` turn (approval policy
"on-request") whose model asks to run a command outside the sandbox: the one way to see
PermissionRequest, which `codex exec` never fires. Paths are written as <HOME>, <PROJECT> and
<CODEX_HOME>; ids and times are kept as recorded (test_running.py compares the fields and
their types, not the values).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from tests.codex.api_stub import apply_patch, serving, shell
from tests.codex.harness import World
from tests.codex.install import install, requested_version
from tests.codex.test_trust import EVENTS

OBSERVED = Path(__file__).with_name("payloads-observed-0.171.0.json")
PATCH = "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n"
RECORDER = """#!/bin/bash
# Keep stdin and the working directory under this hook's label.
label="$1"
stdin="$(cat)"
printf '{"stdin": %s, "hook_cwd": "%s"}' "$stdin" "$PWD" \\
  > "$HOOKDASH_TRACE_DIR/$label.$$.$RANDOM.json"
"""
SESSIONS: dict[str, dict[str, Any]] = {
    "exec": {
        "script": [[shell("echo hookdash")], [apply_patch(PATCH)], [shell("false", "call_2")]],
    },
    "resume": {"script": [], "subcommand": ("resume", "--last"), "prompt": "again"},
    # A token limit below what the stand-in reports: Codex compacts the context (auto).
    "compact": {
        "script": [[shell("echo hookdash")]],
        "flags": ("-c", "model_auto_compact_token_limit=12"),
    },
}


def _replace(value: Any, pairs: list[tuple[str, str]]) -> Any:
    if isinstance(value, str):
        for old, new in pairs:
            value = value.replace(old, new)
        return value
    if isinstance(value, list):
        return [_replace(v, pairs) for v in value]
    if isinstance(value, dict):
        return {k: _replace(v, pairs) for k, v in value.items()}
    return value


def record(world: World) -> list[dict[str, Any]]:
    world.tracer.write_text(RECORDER)
    world.write_hooks_json(
        world.user_hooks, {event: [world.group(world.hook(event))] for event in EVENTS}
    )
    world.trust_file(world.user_hooks)
    pairs = [
        (str(world.codex_home), "<CODEX_HOME>"),
        (str(world.project), "<PROJECT>"),
        (str(world.home), "<HOME>"),
        (str(world.root), "<ROOT>"),
    ]
    observed: list[dict[str, Any]] = []
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for session, how in SESSIONS.items():
        runs[session] = world.run(**how).traces
    world.clear_traces()
    world.stub.script = [[escalation(world)]]
    world.stub.reset()
    with world.app_server() as server:
        server.turn(world.project)
    # Its SessionEnd fires as the server is stopped, racing the stop: not kept.
    runs["app-server-escalation"] = world.traces()
    runs["app-server-escalation"].pop("SessionEnd", None)
    for session, traces in runs.items():
        for event in EVENTS:
            for trace in traces.get(event, []):
                observed.append({"event": event, "session": session, **_replace(trace, pairs)})
    return observed


def escalation(world: World) -> dict[str, Any]:
    """The model's call to run a command outside the sandbox (Codex asks for approval)."""
    arguments = {
        "cmd": f"touch {world.root}/escalated",
        "sandbox_permissions": "require_escalated",
        "justification": "needs the whole disk",
    }
    return {
        "type": "function_call",
        "name": "exec_command",
        "arguments": json.dumps(arguments),
        "call_id": "call_escalate",
    }


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="hookdash-payloads-"))
    try:
        with serving() as stub:
            world = World(root, install(requested_version()), stub)
            OBSERVED.write_text(json.dumps(record(world), indent=2) + "\n")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(OBSERVED)


if __name__ == "__main__":
    main()
