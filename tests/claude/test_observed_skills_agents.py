"""What Claude Code 2.1.332 does with the `hooks:` of a skill's or an agent's frontmatter, run
headless: the API stand-in makes the model call the Skill or Agent tool, then Bash. Each
test pins a fact of observed-2.1.332.md's "Skills and agents" and asks hookdash (in
process, before the run) what it makes of the same files.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.claude import load_claude
from hookdash.core.hosts.claude.model import ClaudeHook
from tests.claude.api_stub import first_text, tool_results
from tests.claude.harness import World

pytestmark = pytest.mark.claude

BASH = {"name": "Bash", "input": {"command": "echo main", "description": "Print a marker"}}
AGENT_PROMPT = "HOOKDASH-SUBAGENT run echo sub"


def frontmatter(world: World, name: str, events: dict[str, str], more: str = "") -> str:
    """A SKILL.md / agent .md: `events` maps an event to the label its hook records."""
    lines = ["---", f"name: {name}", "description: a harness definition", more, "hooks:"]
    for event, label in events.items():
        lines += [
            f"  {event}:",
            "    - hooks:",
            "        - type: command",
            f"          command: {world.tracer} {label}",
        ]
    return "\n".join([*lines, "---", "Run the marker command.", ""])


def skill(world: World, name: str, events: dict[str, str], folder: Path | None = None) -> Path:
    path = (folder or world.project / ".claude") / "skills" / name / "SKILL.md"
    return world.write(path, frontmatter(world, name, events))


def agent(world: World, name: str, events: dict[str, str], folder: Path | None = None) -> Path:
    path = (folder or world.project / ".claude") / "agents" / f"{name}.md"
    return world.write(path, frontmatter(world, name, events))


def use_skill(world: World, name: str | None) -> None:
    """The model calls Skill(name) first (unless None), then Bash, then says done."""

    def choose(messages: list[Any], names: list[str]) -> dict[str, Any] | None:
        steps = ([{"name": "Skill", "input": {"skill": name}}] if name else []) + [BASH]
        done = tool_results(messages)
        return steps[done] if done < len(steps) else None

    world.stub.choose = choose


def run_agent(world: World, name: str) -> None:
    """The model starts the subagent `name`, which calls Bash (echo sub); then the main
    conversation calls Bash (echo main)."""

    def choose(messages: list[Any], names: list[str]) -> dict[str, Any] | None:
        done = tool_results(messages)
        if AGENT_PROMPT in first_text(messages):
            sub = {"name": "Bash", "input": {"command": "echo sub", "description": "x"}}
            return sub if done == 0 else None
        start = {
            "name": "Agent",
            "input": {"description": "run it", "prompt": AGENT_PROMPT, "subagent_type": name},
        }
        return [start, BASH][done] if done < 2 else None

    world.stub.choose = choose


def listed(world: World) -> list[ClaudeHook]:
    env = {
        "HOME": str(world.home),
        "CLAUDE_CONFIG_DIR": str(world.config_dir),
        "HOOKDASH_CLAUDE_MANAGED_DIR": str(world.managed_dir),
    }
    return [h for h in load_claude(world.project, env).hooks if h.source != "settings"]


def trust_project(world: World) -> None:
    world.write(
        world.config_dir / ".claude.json",
        {"projects": {str(world.project): {"hasTrustDialogAccepted": True}}},
    )


def commands(ran_traces: list[dict[str, Any]]) -> list[Any]:
    return [p.get("tool_input", {}).get("command") for p in ran_traces]


def test_a_skills_hooks_run_from_its_use_to_the_end_of_the_session(world: World) -> None:
    skill(
        world,
        "deploy",
        {
            "PreToolUse": "s-pre",
            "PostToolUse": "s-post",
            "Stop": "s-stop",
            "SessionEnd": "s-end",
        },
    )
    world.write(
        world.user_settings,
        {"hooks": {e: [{"hooks": [world.hook(f"u-{e}")]}] for e in ("PreToolUse", "SessionEnd")}},
    )
    hooks = {h.event: h for h in listed(world)}
    use_skill(world, "deploy")
    ran = world.run(allowed="Bash Skill")
    assert ran.returncode == 0, ran.stderr
    # The user's PreToolUse ran for the Skill call and for Bash; the skill's only for Bash.
    assert [p["tool_name"] for p in ran.traces["u-PreToolUse"]] == ["Skill", "Bash"]
    assert [p["tool_name"] for p in ran.traces["s-pre"]] == ["Bash"]
    # Its PostToolUse already ran for the Skill call that added it.
    assert [p["tool_name"] for p in ran.traces["s-post"]] == ["Skill", "Bash"]
    assert ran.count("s-stop") == 1
    # SessionEnd: the user's ran, the skill's did not.
    assert ran.count("u-SessionEnd") == 1 and "s-end" not in ran.labels
    # hookdash: the skill's hooks run (from its use on), its SessionEnd does not.
    assert all(hooks[e].runs for e in ("PreToolUse", "PostToolUse", "Stop"))
    assert hooks["SessionEnd"].inactive_reason == "not-fired"
    assert hooks["PreToolUse"].source == "skill" and hooks["PreToolUse"].source_name == "deploy"


def test_a_skill_never_used_runs_no_hook(world: World) -> None:
    skill(world, "deploy", {"PreToolUse": "s-pre", "Stop": "s-stop"})
    use_skill(world, None)
    ran = world.run(allowed="Bash Skill")
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == set()


def test_a_user_skills_hooks_run_too(world: World) -> None:
    skill(world, "tidy", {"PreToolUse": "user-skill"}, folder=world.config_dir)
    use_skill(world, "tidy")
    assert commands(world.run(allowed="Bash Skill").traces["user-skill"]) == ["echo main"]
    [hook] = listed(world)
    assert hook.scope == "user" and hook.runs


def test_an_agents_hooks_run_only_while_its_subagent_runs(world: World) -> None:
    agent(
        world,
        "runner",
        {"PreToolUse": "a-pre", "Stop": "a-stop", "SubagentStop": "a-substop"},
        folder=world.config_dir,
    )
    world.write(world.user_settings, {"hooks": {"PreToolUse": [{"hooks": [world.hook("u")]}]}})
    hooks = {(h.written_event or h.event): h for h in listed(world)}
    run_agent(world, "runner")
    ran = world.run(allowed="Bash Agent")
    assert ran.returncode == 0, ran.stderr
    # The user's hook ran for the Agent call and both Bash calls.
    assert sorted(map(str, commands(ran.traces["u"]))) == ["None", "echo main", "echo sub"]
    assert commands(ran.traces["a-pre"]) == ["echo sub"]  # not the main conversation's
    assert ran.traces["a-pre"][0]["agent_type"] == "runner"
    # Its Stop ran as SubagentStop, beside its own SubagentStop.
    assert [p["hook_event_name"] for p in ran.traces["a-stop"]] == ["SubagentStop"]
    assert ran.count("a-substop") == 1
    assert hooks["Stop"].event == "SubagentStop" and hooks["Stop"].runs
    assert hooks["PreToolUse"].source == "agent" and hooks["PreToolUse"].runs


def test_a_project_agents_hooks_wait_for_the_folders_trust(world: World) -> None:
    agent(world, "runner", {"PreToolUse": "a-pre"})
    [untrusted] = listed(world)
    run_agent(world, "runner")
    ran = world.run(allowed="Bash Agent")
    assert ran.returncode == 0, ran.stderr
    assert "a-pre" not in ran.labels  # skipped under -p: the folder was never trusted
    assert untrusted.inactive_reason == "untrusted-folder"
    trust_project(world)
    [trusted] = listed(world)
    assert commands(world.run(allowed="Bash Agent").traces["a-pre"]) == ["echo sub"]
    assert trusted.runs


def test_an_invalid_guard_entry_drops_all_of_a_skills_hooks(world: World) -> None:
    path = world.project / ".claude" / "skills" / "deploy" / "SKILL.md"
    world.write(
        path,
        "---\nname: deploy\ndescription: d\nhooks:\n"
        "  PreToolUse:\n    - hooks:\n        - type: command\n"
        f"          command: {world.tracer} s-pre\n          timeout: 0\n"
        "  PostToolUse:\n    - hooks:\n        - type: command\n"
        f"          command: {world.tracer} s-post\n---\nbody\n",
    )
    hooks = listed(world)
    use_skill(world, "deploy")
    ran = world.run(allowed="Bash Skill")
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == set()
    assert hooks and all(h.inactive_reason == "invalid" for h in hooks)


def test_a_tab_indented_frontmatter_is_read_on_the_second_try(world: World) -> None:
    path = world.project / ".claude" / "skills" / "deploy" / "SKILL.md"
    world.write(
        path,
        "---\nname: deploy\ndescription: d\nhooks:\n"
        "\tPreToolUse:\n\t\t- hooks:\n\t\t\t- type: command\n"
        f"\t\t\t  command: {world.tracer} s-pre\n---\nbody\n",
    )
    [hook] = listed(world)
    use_skill(world, "deploy")
    assert commands(world.run(allowed="Bash Skill").traces["s-pre"]) == ["echo main"]
    assert hook.runs
