"""What Claude Code 2.1.332 does with a command handler's `args`, `shell`, `onFailure`,
`async` and `asyncRewake`, run: the facts `fire --host claude` follows
(observed-2.1.332.md, "Command handler fields").

Each scenario is one PreToolUse hook before a Bash call that creates a marker file: the
call was blocked exactly when the marker is missing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.claude.harness import Ran, World

pytestmark = pytest.mark.claude

# Records how it was started: its argv, working directory and stdin, as JSON.
ARGV_TRACER = """#!/usr/bin/env python3
import json, os, sys
seen = {"argv": sys.argv, "cwd": os.getcwd(), "stdin": sys.stdin.read()}
with open(os.path.join(os.environ["HOOKDASH_TRACE_DIR"], f"argv.{os.getpid()}.json"), "w") as f:
    json.dump(seen, f)
"""


def argv_tracer(world: World) -> Path:
    path = world.bin / "argv.py"
    path.write_text(ARGV_TRACER)
    path.chmod(0o755)
    return path


def run_before_bash(world: World, *handlers: dict[str, Any]) -> tuple[Ran, bool, str]:
    """One `claude -p` run whose Bash call is guarded by `handlers`: what ran, whether the
    call ran, and what the model was told of it."""
    marker = world.root / "tool-ran"
    world.stub.tool = {"name": "Bash", "input": {"command": f"touch {marker}", "description": "m"}}
    world.write(
        world.user_settings,
        {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": list(handlers)}]}},
    )
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    told = json.dumps(world.stub.requests[-1].get("tool_result"))
    return ran, marker.exists(), told


def test_exec_form_spawns_the_program_with_its_args_and_no_shell(world: World) -> None:
    tracer = argv_tracer(world)
    args = ["a b", "$HOME", "${HOME}", "`id`", "${CLAUDE_PROJECT_DIR}/x", "$CLAUDE_PROJECT_DIR"]
    ran, tool_ran, _ = run_before_bash(
        world, {"type": "command", "command": str(tracer), "args": args}
    )
    assert tool_ran
    (seen,) = ran.traces["argv"]
    # Each element whole, nothing expanded but the `${CLAUDE_PROJECT_DIR}` placeholder.
    project = str(world.project)
    assert seen["argv"] == [
        str(tracer),
        "a b",
        "$HOME",
        "${HOME}",
        "`id`",
        f"{project}/x",
        "$CLAUDE_PROJECT_DIR",
    ]
    assert seen["cwd"] == project
    payload = json.loads(seen["stdin"])
    assert payload["hook_event_name"] == "PreToolUse" and payload["tool_name"] == "Bash"


def test_exec_form_finds_a_bare_program_on_path_and_substitutes_the_command(
    world: World,
) -> None:
    tracer = argv_tracer(world)
    ran, _, _ = run_before_bash(
        world, {"type": "command", "command": "python3", "args": [str(tracer), "x"]}
    )
    assert ran.traces["argv"][0]["argv"] == [str(tracer), "x"]
    relative = Path("${CLAUDE_PROJECT_DIR}") / ".." / ".." / "bin" / "argv.py"
    ran, _, _ = run_before_bash(world, {"type": "command", "command": str(relative), "args": []})
    assert ran.traces["argv"][0]["argv"] == [f"{world.project}/../../bin/argv.py"]


def test_a_shell_form_hook_runs_under_bin_sh_whatever_shell_says(world: World) -> None:
    """Not bash: `/bin/sh -c` (Node's `shell: true`), whatever $SHELL and `shell: "bash"`."""
    out = world.root / "interpreter"
    probe = f'echo "$0|$BASH_VERSION|$(readlink /proc/$$/exe)" > {out}'
    sh = Path("/bin/sh").resolve()
    for shell_var in (None, "/bin/bash"):
        for field in ({}, {"shell": "bash"}):
            world.env = {"SHELL": shell_var} if shell_var else {}
            run_before_bash(world, {"type": "command", "command": probe, **field})
            zero, bash_version, exe = out.read_text().strip().split("|")
            assert zero == "/bin/sh" and Path(exe) == sh, (shell_var, field)
            if sh.name != "bash":
                assert bash_version == ""


BLOCKS: dict[str, tuple[dict[str, Any], bool, str]] = {
    # name -> (handler fields, blocked, what the model is told)
    "exit-1": ({"command": "echo oops >&2; exit 1"}, False, ""),
    "exit-1-block": (
        {"command": "echo oops >&2; exit 1", "onFailure": "block"},
        True,
        'failed; blocking because onFailure is \\"block\\"\\noops',
    ),
    "exit-1-continue": ({"command": "exit 1", "onFailure": "continue"}, False, ""),
    "missing-script-block": (
        {"command": "/nonexistent/guard.sh", "onFailure": "block"},
        True,
        "not found",
    ),
    "missing-program-exec": ({"command": "/nonexistent/guard", "args": ["a"]}, False, ""),
    "missing-program-exec-block": (
        {"command": "/nonexistent/guard", "args": ["a"], "onFailure": "block"},
        True,
        "ENOENT",
    ),
    "timeout-block": (
        {"command": "sleep 3", "timeout": 1, "onFailure": "block"},
        True,
        'timed out; blocking because onFailure is \\"block\\"',
    ),
    "invalid-output-block": (
        {"command": """echo '{"continue": "yes"}'""", "onFailure": "block"},
        True,
        "Hook JSON output validation failed",
    ),
    "invalid-output": ({"command": """echo '{"continue": "yes"}'"""}, False, ""),
    "not-json-block": ({"command": "echo '{not json'", "onFailure": "block"}, False, ""),
    "powershell": ({"command": "exit 2", "shell": "powershell"}, False, ""),
    "powershell-block": (
        {"command": "exit 2", "shell": "powershell", "onFailure": "block"},
        True,
        "no PowerShell executable (pwsh or powershell) was found on PATH",
    ),
    "async-exit-2": ({"command": "exit 2", "async": True}, False, ""),
    "async-exit-1-block": ({"command": "exit 1", "async": True, "onFailure": "block"}, False, ""),
    # In `claude -p` asyncRewake is waited for: its exit 2 blocks like a plain hook's.
    "async-rewake-exit-2": (
        {"command": "echo rewake >&2; exit 2", "asyncRewake": True},
        True,
        "rewake",
    ),
}


@pytest.mark.parametrize("name", sorted(BLOCKS))
def test_what_blocks_the_call(name: str, world: World) -> None:
    if name.startswith("powershell") and any(
        (Path(d) / p).exists()
        for d in ("/usr/bin", "/usr/local/bin")
        for p in ("pwsh", "powershell")
    ):
        pytest.skip("PowerShell is installed here")
    fields, blocked, told_part = BLOCKS[name]
    _, tool_ran, told = run_before_bash(world, {"type": "command", **fields})
    assert tool_ran is not blocked, told
    assert told_part in told
