"""Adding, editing and removing Codex hooks in hooks.json and config.toml: the change and
nothing else, read back as Codex reads it; other hooks' keys do not move on add."""

from __future__ import annotations

import pytest

from hookdash.core.errors import ReadOnlyScopeError
from hookdash.core.hosts.codex.writing import (
    CodexHookFields,
    add_codex_hook,
    edit_codex_hook,
    remove_codex_hook,
)
from tests.core.hosts.codex.conftest import CodexMachine

CONFIG = '# keep me\nmodel = "gpt-5.5"  # and me\n'


@pytest.mark.parametrize("kind", ["json", "toml"])
def test_add_edit_remove(machine: CodexMachine, kind: str) -> None:
    machine.write(machine.user_toml, CONFIG)
    env = machine.environ()
    first = add_codex_hook(
        machine.repo, "PreToolUse", CodexHookFields(command="echo one", matcher="Bash",
        timeout=30), kind=kind, environ=env,  # type: ignore[arg-type]
    )  # fmt: skip
    second = add_codex_hook(
        machine.repo,
        "PreToolUse",
        CodexHookFields(command="echo two"),
        kind=kind,  # type: ignore[arg-type]
        environ=env,
    )
    snap = machine.load()
    assert [(h.key, h.matcher, h.timeout) for h in snap.hooks] == [
        (first.identifier, "Bash", 30),
        (second.identifier, None, 600),
    ]
    assert machine.user_toml.read_text().startswith(CONFIG)
    edit_codex_hook(snap.hooks[0], CodexHookFields(timeout=60), env)
    snap = machine.load()
    assert snap.hooks[0].timeout == 60 and snap.hooks[0].key == first.identifier
    removed = remove_codex_hook(snap.hooks[0], snap.hooks, env)
    assert removed.notes == [f"moved: {second.identifier}"]
    assert [h.id for h in machine.load().hooks] == ["echo two"]
    assert machine.user_toml.read_text().startswith(CONFIG)


def test_add_to_a_project(machine: CodexMachine) -> None:
    machine.trust_project()
    result = add_codex_hook(
        machine.repo,
        "Stop",
        CodexHookFields(command="echo p"),
        scope="project",
        environ=machine.environ(),
    )
    assert result.changes[0].file == str(machine.repo / ".codex" / "hooks.json")
    assert [(h.scope, h.id) for h in machine.load().hooks] == [("project", "echo p")]


def test_system_hooks_are_never_written(machine: CodexMachine) -> None:
    machine.write(
        machine.system / "requirements.toml",
        '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo s"\n',
    )
    hook = machine.load().hooks[0]
    with pytest.raises(ReadOnlyScopeError):
        edit_codex_hook(hook, CodexHookFields(command="x"), machine.environ())
    with pytest.raises(ReadOnlyScopeError):
        remove_codex_hook(hook, [hook], machine.environ())


def test_dry_run_writes_nothing(machine: CodexMachine) -> None:
    env = machine.environ()
    add_codex_hook(machine.repo, "Stop", CodexHookFields(command="echo a"), environ=env)
    before = machine.user_json.read_bytes()
    hook = machine.load().hooks[0]
    result = remove_codex_hook(hook, [hook], env, dry_run=True)
    assert result.dry_run and result.changed and "-" in result.diff
    assert machine.user_json.read_bytes() == before
