"""Which files Claude Code reads: the layers, the git-root rule for local settings, the
managed directory and its drop-ins."""

from __future__ import annotations

import os

from hookdash.core.hosts.claude.layers import claude_layers, local_root
from tests.core.hosts.claude.conftest import Machine


def _paths(machine: Machine, workspace: os.PathLike[str] | None = None) -> list[tuple[str, str]]:
    layers = claude_layers(machine.project if workspace is None else workspace, machine.environ())
    return [(layer.scope, str(layer.path)) for layer in layers if layer.ignored_reason is None]


def test_the_layers_in_merge_order(machine: Machine) -> None:
    drop_ins = machine.managed / "managed-settings.d"
    for name in ("20-b.json", "10-a.json", ".hidden.json", "notes.txt"):
        machine.write(drop_ins / name, {})
    assert _paths(machine) == [
        ("user", str(machine.user)),
        ("project", str(machine.project_file)),
        ("local", str(machine.local_file)),
        ("managed", str(machine.managed / "managed-settings.json")),
        ("managed", str(drop_ins / "10-a.json")),
        ("managed", str(drop_ins / "20-b.json")),
    ]


def test_claude_config_dir_moves_the_user_file(machine: Machine) -> None:
    env = {**machine.environ(), "CLAUDE_CONFIG_DIR": str(machine.root / "cfg")}
    layers = claude_layers(machine.project, env)
    assert layers[0].path == machine.root / "cfg" / "settings.json"


def test_from_a_git_subdirectory_local_comes_from_the_root_and_project_from_here(
    machine: Machine,
) -> None:
    (machine.project / ".git").mkdir()
    sub = machine.project / "src"
    sub.mkdir()
    machine.write(machine.project_file, {})
    paths = _paths(machine, sub)
    assert ("project", str(sub / ".claude" / "settings.json")) in paths
    assert ("local", str(machine.local_file)) in paths
    assert ("local", str(sub / ".claude" / "settings.local.json")) in paths
    assert ("project", str(machine.project_file)) not in paths
    skipped = [layer for layer in claude_layers(sub, machine.environ()) if layer.ignored_reason]
    assert [layer.path for layer in skipped] == [machine.project_file]


def test_a_repository_at_home_keeps_local_settings_in_the_workspace(machine: Machine) -> None:
    (machine.home / ".git").mkdir()
    assert local_root(machine.project, machine.home) == machine.project


def test_a_workspace_at_home_has_no_second_copy_of_the_user_file(machine: Machine) -> None:
    machine.write(machine.user, {})
    scopes = [scope for scope, _ in _paths(machine, machine.home)]
    assert scopes.count("user") == 1 and "project" not in scopes
