"""How Codex 0.171.0 matches a hook's matcher, run: a Rust regex tested against the whole
tool name as hooks see it (`Bash`, `apply_patch`), case-sensitive; SessionStart against its
source, SessionEnd against its reason; five events take no matcher at all.
(observed-0.171.0.md, "Matchers")"""

from __future__ import annotations

import pytest

from tests.codex.api_stub import apply_patch
from tests.codex.harness import World

pytestmark = pytest.mark.codex

PATCH = "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n"
MATCHERS = [
    "Bash",
    "bash",
    "Ba.*",
    "as",
    "^Bash$",
    " Bash ",
    "Bash,Read",
    "Bash|Read",
    "Bash, Read",
    ".*",
    "",
    "*",
    "shell",
    "exec_command",
    "Edit",
    "Write",
    "Edit|Write",
    "apply_patch",
    "Apply_patch",
    "apply",
]
ON_BASH = {"Bash", "Ba.*", "^Bash$", "Bash|Read", ".*", "", "*"}
ON_PATCH = {"Edit", "Write", "Edit|Write", "apply_patch", ".*", "", "*"}


def _matched(world: World, script: list[list[dict[str, object]]] | None) -> set[str]:
    ran = world.run(script=script)
    assert ran.returncode == 0, ran.stderr
    return {MATCHERS[int(label[1:])] for label in ran.labels if label.startswith("m")}


def test_matchers_against_bash_and_apply_patch(world: World) -> None:
    groups = [world.group(world.hook(f"m{i}"), matcher=m) for i, m in enumerate(MATCHERS)]
    world.write_hooks_json(world.user_hooks, {"PreToolUse": groups})
    world.trust_file(world.user_hooks)
    assert _matched(world, None) == ON_BASH
    assert _matched(world, [[apply_patch(PATCH)]]) == ON_PATCH
    assert (world.project / "hello.txt").read_text() == "hello\n"


def test_hooks_see_the_tool_names_bash_and_apply_patch(world: World) -> None:
    world.write_hooks_json(world.user_hooks, {"PreToolUse": [world.group(world.hook("pre"))]})
    world.trust_file(world.user_hooks)
    assert world.run().traces["pre"][0]["tool_name"] == "Bash"
    patched = world.run(script=[[apply_patch(PATCH)]]).traces["pre"][0]
    assert (patched["tool_name"], patched["tool_input"]) == ("apply_patch", {"command": PATCH})


def test_an_invalid_regex_is_dropped_with_a_warning_and_the_others_keep_their_index(
    world: World,
) -> None:
    groups = [
        world.group(world.hook("before"), matcher="Bash"),
        world.group(world.hook("broken"), matcher="["),
        world.group(world.hook("after"), matcher="Bash"),
    ]
    world.write_hooks_json(world.user_hooks, {"PreToolUse": groups})
    world.trust_file(world.user_hooks)
    listed = world.listed()
    assert [h["key"].rsplit(":", 2)[1] for h in listed["hooks"]] == ["0", "2"]
    (warning,) = listed["warnings"]
    assert warning.startswith(f'invalid matcher "[" in {world.user_hooks}: regex parse error')
    ran = world.run()
    assert ran.labels == {"before", "after"}
    assert f'warning: invalid matcher "[" in {world.user_hooks}: regex parse error:' in ran.warnings


def test_session_start_matches_its_source_and_session_end_its_reason(world: World) -> None:
    hooks = {
        "SessionStart": [
            world.group(world.hook("start_startup"), matcher="startup"),
            world.group(world.hook("start_resume"), matcher="resume"),
        ],
        "SessionEnd": [
            world.group(world.hook("end_other"), matcher="other"),
            world.group(world.hook("end_exit"), matcher="prompt_input_exit"),
        ],
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)
    first = world.run()
    assert first.labels == {"start_startup", "end_other"}
    assert first.traces["start_startup"][0]["source"] == "startup"
    assert first.traces["end_other"][0]["reason"] == "other"
    resumed = world.run(script=[], prompt="again", subcommand=("resume", "--last"))
    assert resumed.labels == {"start_resume", "end_other"}
    assert resumed.traces["start_resume"][0]["source"] == "resume"


def test_user_prompt_submit_and_stop_ignore_their_matcher(world: World) -> None:
    hooks = {
        "UserPromptSubmit": [world.group(world.hook("prompt"), matcher="NOPE")],
        "Stop": [world.group(world.hook("stop"), matcher="NOPE")],
    }
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)  # trust.py leaves their matcher out of the hash
    assert [h["matcher"] for h in world.listed()["hooks"]] == [None, None]
    assert world.run().labels == {"prompt", "stop"}
