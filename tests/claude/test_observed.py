"""What Claude Code 2.1.332 does with hooks, run headless (`claude -p`) against the loopback
API stand-in. Each test pins one fact of `observed-2.1.332.md` beside it: the facts the
Claude host of hookdash must reproduce, and tell a reviewer, where the docs say otherwise
or say nothing.
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from tests.claude.harness import World

pytestmark = pytest.mark.claude

EVENTS = ("SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd")


def every_event(world: World, layer: str) -> dict[str, Any]:
    return {"hooks": {event: [{"hooks": [world.hook(f"{layer}-{event}")]}] for event in EVENTS}}


def test_every_layer_fires_every_event_without_a_trust_prompt(world: World) -> None:
    world.write(world.user_settings, every_event(world, "user"))
    world.write(world.project_settings, every_event(world, "project"))
    world.write(world.local_settings, every_event(world, "local"))
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    expected = {f"{layer}-{event}" for layer in ("user", "project", "local") for event in EVENTS}
    assert ran.labels == expected
    # The folder was never trusted (no ~/.claude.json entry for it): `-p` asks nothing.
    pre = ran.traces["project-PreToolUse"][0]
    assert pre["hook_event_name"] == "PreToolUse" and pre["tool_name"] == "Bash"
    assert pre["tool_input"]["command"] == "echo hookdash-harness"
    assert pre["cwd"] == str(world.project)
    assert ran.traces["project-SessionStart"][0]["source"] == "startup"


def test_a_projects_disable_all_hooks_silences_the_users_hooks(world: World) -> None:
    world.write(world.user_settings, every_event(world, "user"))
    world.write(world.project_settings, {**every_event(world, "project"), "disableAllHooks": True})
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == set()


def test_one_trailing_comma_drops_the_whole_file_silently(world: World) -> None:
    world.write(world.user_settings, every_event(world, "user"))
    text = (
        '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": '
        f'[{{"type": "command", "command": "{world.tracer} project"}}]}}]}},}}'
    )
    world.write(world.project_settings, text)
    ran = world.run()
    assert ran.returncode == 0
    assert "project" not in ran.labels and "user-PreToolUse" in ran.labels
    assert "settings" not in ran.stderr.lower()  # not a word about it


def test_a_comment_drops_the_file_too_and_a_bom_does_not(world: World) -> None:
    pre = '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "%s %s"}]}]}}'
    world.write(world.project_settings, "{\n// JSONC is not read\n" + pre[1:] % (world.tracer, "c"))
    world.local_settings.write_bytes(b"\xef\xbb\xbf" + (pre % (world.tracer, "bom")).encode())
    assert world.run().labels == {"bom"}


def test_an_unknown_event_is_ignored_and_the_rest_of_the_file_read(world: World) -> None:
    world.write(
        world.project_settings,
        {
            "hooks": {
                "BeforeTool": [{"hooks": [world.hook("gemini-name")]}],
                "PreToolUse": [{"matcher": "Bash", "hooks": [world.hook("claude-name")]}],
            }
        },
    )
    ran = world.run()
    assert ran.labels == {"claude-name"}


MATCHERS = {
    # matcher as written -> whether it matched the tool "Bash"
    "Bash": True,
    "Read|Bash": True,
    "Read,Bash": True,
    "Read, Bash": True,
    " Bash": True,
    "Bash ": True,
    "Bash|": True,
    "Bash,": True,
    "*": True,
    "": True,
    None: True,  # absent
    "bash": False,  # case-sensitive
    "Bas": False,  # a plain name is compared whole
    "Read": False,
    "Ba.*": True,  # a regex...
    "as.?": True,  # ...searched, not anchored
    "^Bash$": True,
    "(Bash)": True,
    "B.sh": True,
    "Bash|Re.d": True,
    ".*": True,
    "mcp__.*": False,
    "[": False,  # not a valid regex: matches nothing, no error
}


def test_matcher_forms(world: World) -> None:
    definitions = []
    labels = {}
    for i, matcher in enumerate(MATCHERS):
        label = f"m{i}"
        labels[label] = matcher
        definition: dict[str, Any] = {"hooks": [world.hook(label)]}
        if matcher is not None:
            definition["matcher"] = matcher
        definitions.append(definition)
    world.write(world.project_settings, {"hooks": {"PreToolUse": definitions}})
    ran = world.run()
    matched = {labels[label] for label in ran.labels}
    assert {m: m in matched for m in MATCHERS} == MATCHERS


def test_identical_commands_run_once_across_definitions_and_layers(world: World) -> None:
    same = world.hook("same")
    world.write(
        world.user_settings, {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [same]}]}}
    )
    world.write(
        world.project_settings,
        {
            "hooks": {
                "PreToolUse": [
                    {"matcher": "Bash", "hooks": [same, same]},
                    {"matcher": "*", "hooks": [same]},
                    {"matcher": "Bash", "hooks": [world.hook("other")]},
                ]
            }
        },
    )
    ran = world.run()
    assert ran.count("same") == 1 and ran.count("other") == 1


def test_session_start_matches_its_source(world: World) -> None:
    world.write(
        world.local_settings,
        {
            "hooks": {
                "SessionStart": [
                    {"matcher": "startup", "hooks": [world.hook("startup")]},
                    {"matcher": "resume", "hooks": [world.hook("resume")]},
                    {"hooks": [world.hook("any")]},
                ]
            }
        },
    )
    assert world.run().labels == {"startup", "any"}


def test_claude_project_dir_is_where_claude_started(world: World) -> None:
    out = world.root / "project-dir.txt"
    world.write(
        world.project_settings,
        {
            "hooks": {
                "Stop": [
                    {
                        "hooks": [
                            {"type": "command", "command": f'echo "$CLAUDE_PROJECT_DIR" > {out}'}
                        ]
                    }
                ]
            }
        },
    )
    world.run()
    assert out.read_text().strip() == str(world.project)


def test_from_a_subdirectory_of_a_git_repository(world: World) -> None:
    """The repository root's settings.local.json is read, its settings.json is not."""
    subprocess.run(["git", "init", "-q", str(world.project)], check=True)
    world.write(
        world.project_settings,
        {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [world.hook("shared")]}]}},
    )
    world.write(
        world.local_settings,
        {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [world.hook("local")]}]}},
    )
    sub = world.project / "src"
    sub.mkdir()
    assert world.run(cwd=sub).labels == {"local"}
    assert world.run().labels == {"shared", "local"}


def can_mount_privately() -> bool:
    try:
        done = subprocess.run(
            ["unshare", "-m", "--propagation", "private", "true"], capture_output=True, timeout=10
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


needs_private_mounts = pytest.mark.skipif(
    not can_mount_privately(),
    reason="the managed layer lives in /etc/claude-code: the harness lays it over /etc in a "
    "private mount namespace (unshare -m, overlayfs), which needs root",
)


@needs_private_mounts
def test_managed_settings_and_their_drop_in_directory(world: World) -> None:
    world.write(world.managed_dir / "managed-settings.json", every_event(world, "managed"))
    world.write(
        world.managed_dir / "managed-settings.d" / "10-guard.json",
        {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [world.hook("drop-in")]}]}},
    )
    world.write(world.project_settings, every_event(world, "project"))
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    assert {"managed-PreToolUse", "drop-in", "project-PreToolUse"} <= ran.labels


@needs_private_mounts
def test_allow_managed_hooks_only(world: World) -> None:
    world.write(
        world.managed_dir / "managed-settings.json",
        {**every_event(world, "managed"), "allowManagedHooksOnly": True},
    )
    world.write(world.user_settings, every_event(world, "user"))
    world.write(world.project_settings, every_event(world, "project"))
    ran = world.run()
    assert ran.labels == {f"managed-{event}" for event in EVENTS}


@needs_private_mounts
def test_a_projects_disable_all_hooks_does_not_silence_managed_hooks(world: World) -> None:
    world.write(world.managed_dir / "managed-settings.json", every_event(world, "managed"))
    world.write(world.project_settings, {"disableAllHooks": True})
    ran = world.run()
    assert ran.labels == {f"managed-{event}" for event in EVENTS}


def test_exit_code_2_of_a_pre_tool_use_hook_blocks_the_tool(world: World) -> None:
    marker = world.root / "tool-ran"
    world.stub.tool = {"name": "Bash", "input": {"command": f"touch {marker}", "description": "x"}}
    world.write(
        world.project_settings,
        {
            "hooks": {
                "PreToolUse": [{"matcher": "Bash", "hooks": [world.hook("guard", exit_code=2)]}],
                "PostToolUse": [{"hooks": [world.hook("after")]}],
            }
        },
    )
    ran = world.run()
    assert "guard" in ran.labels and "after" not in ran.labels
    assert not marker.exists()


def test_timeouts_are_seconds(world: World) -> None:
    killed, kept = world.root / "killed", world.root / "kept"
    world.write(
        world.project_settings,
        {
            "hooks": {
                "PreToolUse": [
                    {
                        "hooks": [
                            {"type": "command", "command": f"sleep 3; touch {killed}", "timeout": 1}
                        ]
                    },
                    {
                        "hooks": [
                            {"type": "command", "command": f"sleep 0.5; touch {kept}", "timeout": 2}
                        ]
                    },
                ]
            }
        },
    )
    ran = world.run()
    assert ran.returncode == 0
    assert not killed.exists()  # killed after 1 s (not left to run for the default 60 s)
    assert kept.exists()  # 2 means 2 s, not 2 ms


def test_a_users_disable_all_hooks_silences_project_hooks_too(world: World) -> None:
    world.write(world.user_settings, {"disableAllHooks": True})
    world.write(world.project_settings, every_event(world, "project"))
    assert world.run().labels == set()


def test_a_settings_file_nested_200000_levels_deep_still_runs_its_hooks(world: World) -> None:
    """No nesting limit found: an unknown key nested 200,000 arrays deep beside the hook, or
    200,000 objects deep inside the hook's own handler, and the hook runs. hookdash reads
    as deep (core/hosts/claude/files.py READ_DEPTH) and says so where it stops."""
    from hookdash.core.hosts.claude.files import READ_DEPTH

    depth = READ_DEPTH - 1  # the settings object is the first level
    beside = json.dumps({"hooks": {"PreToolUse": [{"hooks": [world.hook("beside")]}]}})[:-1]
    world.write(world.project_settings, beside + ', "x": ' + "[" * depth + "]" * depth + "}")
    handler = json.dumps(world.hook("inside"))[:-1] + ', "x": '
    handler += '{"a":' * depth + "1" + "}" * depth + "}"
    world.write(world.local_settings, '{"hooks": {"PreToolUse": [{"hooks": [' + handler + "]}]}}")
    assert world.run().labels == {"beside", "inside"}
