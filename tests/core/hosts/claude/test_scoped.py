"""Skills' and agents' frontmatter hooks, and mods, as hookdash reads them
(tests/claude/observed-2.1.332.md, "Skills and agents", "Mods")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hookdash.core.errors import ReadOnlyScopeError
from hookdash.core.hosts.claude import claude_plan, load_claude
from hookdash.core.hosts.claude.frontmatter import MAX_BLOCK_BYTES, read_frontmatter
from hookdash.core.hosts.claude.parking import park_claude_hook
from tests.core.hosts.claude.conftest import Machine, hooks_on
from tests.core.hosts.claude.test_plugins import enable, install

SKILL = """---
name: deploy
description: Deploy it
hooks:
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: ./scripts/check.sh
"""


def skill(machine: Machine, text: str, folder: Path | None = None, name: str = "deploy") -> Path:
    base = folder if folder is not None else machine.project / ".claude"
    return machine.write(base / "skills" / name / "SKILL.md", text + "---\nbody\n")


def test_a_skills_hook_is_listed_with_its_lifetime_and_line(machine: Machine) -> None:
    path = skill(machine, SKILL)
    [hook] = load_claude(machine.project, machine.environ()).hooks
    assert (hook.source, hook.source_name, hook.scope) == ("skill", "deploy", "project")
    assert hook.file == str(path) and hook.line == 9 and hook.matcher == "Bash"
    assert hook.runs and "once the skill 'deploy' is used" in (hook.lifetime or "")
    assert hook.review == "new"  # a repository's hook: hookdash's review covers it


def test_user_managed_and_plugin_skills_are_read(machine: Machine) -> None:
    skill(machine, SKILL, folder=machine.home / ".claude", name="a")
    skill(machine, SKILL, folder=machine.managed / ".claude", name="b")
    root = install(machine, "p", {"hooks": {}})
    skill(machine, SKILL, folder=root, name="c")
    enable(machine, machine.user, p=True)
    hooks = load_claude(machine.project, machine.environ()).hooks
    assert {(h.scope, h.source_name) for h in hooks} == {
        ("user", "a"),
        ("managed", "b"),
        ("plugin", "c"),
    }
    assert all(h.runs for h in hooks)
    assert [h.managed for h in hooks if h.scope == "managed"] == [True]


def test_an_agents_stop_runs_as_subagent_stop_and_waits_for_trust(machine: Machine) -> None:
    text = (
        "---\nname: runner\nhooks:\n  Stop:\n    - hooks:\n        - {type: command, command: x}\n"
    )
    machine.write(machine.project / ".claude" / "agents" / "runner.md", text + "---\n")
    machine.write(machine.home / ".claude" / "agents" / "mine.md", text + "---\n")
    hooks = {h.scope: h for h in load_claude(machine.project, machine.environ()).hooks}
    assert hooks["project"].event == "SubagentStop" and hooks["project"].written_event == "Stop"
    assert hooks["project"].inactive_reason == "untrusted-folder"
    assert hooks["user"].runs
    plan = claude_plan(load_claude(machine.project, machine.environ()), "SubagentStop")
    assert [h.scope for h in plan.hooks] == ["user"]
    assert any("only while that subagent runs" in n for n in plan.notes)


def test_schema_rules_drop_entries_or_all(machine: Machine) -> None:
    bad_guard = (
        SKILL
        + "          timeout: 0\n  Stop:\n    - hooks:\n        - {type: command, command: s}\n"
    )
    skill(machine, bad_guard)
    hooks = load_claude(machine.project, machine.environ()).hooks
    assert len(hooks) == 2 and all(h.inactive_reason == "invalid" for h in hooks)
    assert "no allowed-tools" in hooks[0].not_running_because[0]


def test_a_guard_at_the_top_level_drops_the_skills_hooks(machine: Machine) -> None:
    skill(machine, SKILL + "PreToolUse: []\n")
    [hook] = load_claude(machine.project, machine.environ()).hooks
    assert hook.inactive_reason == "invalid" and "top level" in hook.not_running_because[0]


def test_a_skills_session_end_does_not_run(machine: Machine) -> None:
    skill(
        machine,
        "---\nname: s\nhooks:\n  SessionEnd:\n    - hooks:\n"
        "        - {type: command, command: e}\n",
    )
    [hook] = load_claude(machine.project, machine.environ()).hooks
    assert hook.inactive_reason == "not-fired"


def test_switches_apply_and_safe_mode_is_a_note(machine: Machine) -> None:
    skill(machine, SKILL)
    machine.write(machine.user, hooks_on("PreToolUse", "u"))
    plan = claude_plan(load_claude(machine.project, machine.environ()), "PreToolUse", tool="Bash")
    assert [n for n in plan.notes if "--safe-mode" in n] == [
        "Under claude --safe-mode (or CLAUDE_CODE_SAFE_MODE=1) only managed hooks run: 0 of "
        "these 2, the others not."
    ]
    assert any("skill(s) deploy" in n for n in plan.notes)
    machine.write(machine.managed / "managed-settings.json", {"allowManagedHooksOnly": True})
    [_, hook] = load_claude(machine.project, machine.environ()).hooks
    assert hook.source == "skill" and hook.inactive_reason == "ignored-layer"


def test_hookdash_does_not_write_a_skills_hook(machine: Machine) -> None:
    path = skill(machine, SKILL)
    before = path.read_bytes()
    [hook] = load_claude(machine.project, machine.environ()).hooks
    with pytest.raises(ReadOnlyScopeError, match="frontmatter of the skill"):
        park_claude_hook(hook.ref, machine.project, machine.environ())
    assert path.read_bytes() == before


# ------------------------------------------------------------------ the frontmatter reader


def test_yaml_1_2_booleans_and_no_aliases(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    path.write_text("---\na: yes\nb: on\nc: true\n---\n")
    assert read_frontmatter(path).value == {"a": "yes", "b": "on", "c": True}
    path.write_text("---\na: &x [1, 2]\nb: [*x, *x, *x]\n---\n")
    front = read_frontmatter(path)
    assert front.value == {} and "alias" in (front.error or "")


def test_a_block_that_does_not_parse_is_a_finding(machine: Machine) -> None:
    skill(machine, "---\nname: [\nhooks: {}\n")
    snap = load_claude(machine.project, machine.environ())
    assert snap.hooks == []
    [problem] = [p for p in snap.problems if p.code == "claude-frontmatter-unparsed"]
    assert "not YAML" in problem.message


def test_no_block_a_huge_block_and_a_fifo(tmp_path: Path) -> None:
    plain = tmp_path / "plain.md"
    plain.write_text("# no frontmatter\n---\n")
    assert read_frontmatter(plain).value == {} and read_frontmatter(plain).error is None
    huge = tmp_path / "huge.md"
    huge.write_text("---\na: '" + "x" * MAX_BLOCK_BYTES + "'\n---\n")
    assert "did not read it" in (read_frontmatter(huge).error or "")
    fifo = tmp_path / "fifo.md"
    os.mkfifo(fifo)
    assert read_frontmatter(fifo).unreadable  # refused at once, never opened for a writer


def test_the_closing_dashes_end_the_block_wherever_they_stand(tmp_path: Path) -> None:
    path = tmp_path / "SKILL.md"
    path.write_text("---\nname: a---\nhooks: {}\n---\n")  # Claude's lazy `---` match
    assert read_frontmatter(path).value == {"name": "a"}


# ------------------------------------------------------------------ mods


def test_a_plugins_module_and_a_dev_mod_are_listed_never_quiet(machine: Machine) -> None:
    install(machine, "p", {"modules": ["./mod.mjs"]})
    enable(machine, machine.user, p=True)
    dev = machine.home / ".claude" / "dev-mods" / "sess-1" / "helper" / "hooks" / "hooks.json"
    machine.write(dev, {"modules": ["./m.ts"]})
    snap = load_claude(machine.project, machine.environ())
    plugin, dev_mod = snap.mods
    assert (plugin.kind, plugin.owner, plugin.loads) == ("plugin", "p@tools", True)
    assert plugin.path.endswith("hooks/mod.mjs") and plugin.unknowns
    assert (dev_mod.kind, dev_mod.owner) == ("dev", "dev-mods/sess-1/helper")
    codes = [p.code for p in snap.problems]
    assert "claude-mod" in codes and "claude-dev-mod" in codes


def test_allow_managed_mods_only_and_a_repositorys_switch(machine: Machine) -> None:
    install(machine, "p", {"modules": ["./mod.mjs"]})
    enable(machine, machine.project_file, p=True)
    snap = load_claude(machine.project, machine.environ())
    [problem] = [p for p in snap.problems if p.code == "claude-mod"]
    assert problem.severity == "error"  # the repository switches the plugin on
    options = {"allowManagedModsOnly": True}
    machine.write(
        machine.managed / "managed-settings.json",
        {"pluginConfigs": {"cc-plugin-sec-default@builtin": {"options": options}}},
    )
    [mod] = load_claude(machine.project, machine.environ()).mods
    assert not mod.loads and "allowManagedModsOnly" in mod.why


def test_a_workspace_with_only_a_skill_is_a_claude_workspace(machine: Machine) -> None:
    from hookdash.core.hosts.claude.layers import claude_has_files

    assert not claude_has_files(machine.project, machine.environ())
    skill(machine, SKILL)
    assert claude_has_files(machine.project, machine.environ())
