"""Hooks modules ("mods"), `--safe-mode` and the managed drop-in folder of Claude Code
2.1.332, run headless. A mod shows itself only in Claude's debug log (`--debug-file`): a
module may import nothing but its plugin's files and "claude-code", so it cannot leave a
mark of its own. Each test pins a fact of observed-2.1.332.md ("Mods", "Safe mode",
"Managed drop-ins") and asks hookdash (in process) what it makes of the same files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.claude import claude_plan, load_claude
from hookdash.core.hosts.claude.model import ClaudeSnapshot
from tests.claude.harness import MARKETPLACE, Ran, World
from tests.claude.test_observed import needs_private_mounts

pytestmark = pytest.mark.claude

M = f"m@{MARKETPLACE}"
REGISTERS = 'export function register(on) {\n  on("session.start", (e, next) => next());\n}\n'


def mod_plugin(world: World, module: str = REGISTERS) -> Path:
    """Plugin m, with a SessionStart command hook (label `plugin`) and a hooks module."""
    root = world.install_plugin("m", {"SessionStart": [{"hooks": [world.hook("plugin")]}]})
    document = json.loads((root / "hooks" / "hooks.json").read_text())
    world.write(root / "hooks" / "hooks.json", {**document, "modules": ["./mod.mjs"]})
    world.write(root / "hooks" / "mod.mjs", module)
    return root


def debug_run(world: World, *flags: str) -> tuple[Ran, str]:
    log = world.root / "debug.log"
    log.unlink(missing_ok=True)
    argv = [str(world.claude), "-p", "hi", "--output-format", "json", "--allowedTools", "Bash"]
    ran = world.run(argv=[*argv, *flags, "--debug-file", str(log)])
    assert ran.returncode == 0, ran.stderr
    return ran, log.read_text() if log.exists() else ""


def snapshot(world: World) -> ClaudeSnapshot:
    env = {
        "HOME": str(world.home),
        "CLAUDE_CONFIG_DIR": str(world.config_dir),
        "HOOKDASH_CLAUDE_MANAGED_DIR": str(world.managed_dir),
    }
    return load_claude(world.project, env)


def policy(allow: Any) -> dict[str, Any]:
    options = {"allowManagedModsOnly": allow}
    return {"pluginConfigs": {"cc-plugin-sec-default@builtin": {"options": options}}}


def test_a_plugins_module_loads_by_default(world: World) -> None:
    mod_plugin(world)
    world.enable(world.user_settings, {M: True})
    [mod] = snapshot(world).mods
    ran, log = debug_run(world)
    assert f"hooks module {M} loaded" in log
    assert f"hooks module {M} session.start settled" in log  # its hook ran
    assert ran.labels == {"plugin"}
    assert mod.loads and mod.kind == "plugin" and mod.unknowns


def test_a_module_imports_nothing_but_its_plugin_and_claude_code(world: World) -> None:
    mod_plugin(world, 'import { readFileSync } from "node:fs";\n' + REGISTERS)
    world.enable(world.user_settings, {M: True})
    _, log = debug_run(world)
    assert 'cannot import "node:fs"' in log and f"hooks module {M} loaded" not in log


def test_a_switched_off_plugin_loads_no_module(world: World) -> None:
    mod_plugin(world)
    world.enable(world.user_settings, {M: False})
    [mod] = snapshot(world).mods
    _, log = debug_run(world)
    assert f"hooks module {M}" not in log
    assert not mod.loads


@needs_private_mounts
def test_allow_managed_mods_only_leaves_the_module_out_not_the_commands(world: World) -> None:
    mod_plugin(world)
    world.enable(world.user_settings, {M: True})
    world.write(world.managed_dir / "managed-settings.json", policy(True))
    [mod] = snapshot(world).mods
    ran, log = debug_run(world)
    assert "mods are limited to your organization's by policy (allowManagedModsOnly)" in log
    assert f"hooks module {M} session.start settled" not in log
    assert ran.labels == {"plugin"}  # the plugin's command hook still ran
    assert not mod.loads and "allowManagedModsOnly" in mod.why


@needs_private_mounts
def test_a_modules_top_level_code_runs_before_the_policy_judges_it(world: World) -> None:
    mod_plugin(world, 'throw new Error("hookdash-top-level-ran");\n' + REGISTERS)
    world.enable(world.user_settings, {M: True})
    world.write(world.managed_dir / "managed-settings.json", policy(True))
    _, log = debug_run(world)
    assert f"hooks module {M} failed to load: Error: hookdash-top-level-ran" in log


@needs_private_mounts
def test_allow_managed_mods_only_false_changes_nothing(world: World) -> None:
    mod_plugin(world)
    world.enable(world.user_settings, {M: True})
    world.write(world.managed_dir / "managed-settings.json", policy(False))
    [mod] = snapshot(world).mods
    _, log = debug_run(world)
    assert f"hooks module {M} session.start settled" in log
    assert mod.loads


# ------------------------------------------------------------------ safe mode, drop-ins


def every_layer(world: World) -> None:
    def hooks(label: str) -> dict[str, Any]:
        return {"PreToolUse": [{"hooks": [world.hook(label)]}]}

    world.install_plugin("p", hooks("plugin"))
    world.enable(world.user_settings, {f"p@{MARKETPLACE}": True}, hooks=hooks("user"))
    world.write(world.project_settings, {"hooks": hooks("project")})
    world.write(world.managed_dir / "managed-settings.json", {"hooks": hooks("managed")})
    world.write(world.managed_dir / "managed-settings.d" / "10-x.json", {"hooks": hooks("dropin")})


@needs_private_mounts
@pytest.mark.parametrize("how", ["flag", "environment"])
def test_safe_mode_runs_only_managed_hooks(world: World, how: str) -> None:
    every_layer(world)
    plan = claude_plan(snapshot(world), "PreToolUse", tool="Bash")
    if how == "flag":
        argv = [str(world.claude), "-p", "x", "--output-format", "json", "--allowedTools", "Bash"]
        ran = world.run(argv=[*argv, "--safe-mode"])
    else:
        ran = world.run(env={"CLAUDE_CODE_SAFE_MODE": "1"})
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == {"managed", "dropin"}
    assert world.run().labels == {"managed", "dropin", "user", "project", "plugin"}
    [note] = [n for n in plan.notes if "--safe-mode" in n]
    assert "2 of these 5" in note


@needs_private_mounts
def test_a_later_drop_in_overrides_the_managed_file(world: World) -> None:
    world.write(world.user_settings, {"hooks": {"PreToolUse": [{"hooks": [world.hook("user")]}]}})
    world.write(world.managed_dir / "managed-settings.json", {"allowManagedHooksOnly": True})
    drop_ins = world.managed_dir / "managed-settings.d"
    world.write(drop_ins / "20-off.json", {"allowManagedHooksOnly": False})
    assert world.run().labels == {"user"}  # the drop-in's false wins over the file's true
    assert [h.runs for h in snapshot(world).hooks] == [True]
    world.write(drop_ins / "30-on.json", {"allowManagedHooksOnly": True})
    assert world.run().labels == set()  # and the last drop-in by name wins over the others
    assert [h.runs for h in snapshot(world).hooks] == [False]
