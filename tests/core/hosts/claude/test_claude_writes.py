"""add, edit, remove and hooks off|on on Claude Code files: Claude's shape, its rules
checked first, strict JSON in and out, byte-exact round trips, the shared undo."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hookdash.core import (
    add_claude_hook,
    edit_claude_hook,
    load_claude,
    recording_writes,
    remove_claude_hook,
    switch_claude_hooks,
    undo,
    undo_entry,
)
from hookdash.core.disk import atomic
from hookdash.core.errors import (
    EditError,
    FileChangedError,
    OutsideWorkspaceError,
    ReadOnlyScopeError,
)
from tests.core.hosts.claude.conftest import Machine, hooks_on


def _env(machine: Machine) -> dict[str, str]:
    return {**machine.environ(), "HOOKDASH_STATE_DIR": str(machine.root / "state")}


def _add(machine: Machine, event: str, command: str, **more: object) -> str:
    result = add_claude_hook(
        event, command, workspace=machine.project, environ=_env(machine), **more
    )  # type: ignore[arg-type]
    return result.message


def test_add_creates_the_user_file_in_claudes_shape(machine: Machine) -> None:
    _add(machine, "PreToolUse", "guard.sh", matcher="Bash", timeout="5")
    assert json.loads(machine.user.read_text()) == {
        "hooks": {
            "PreToolUse": [
                {
                    "matcher": "Bash",
                    "hooks": [{"type": "command", "command": "guard.sh", "timeout": 5}],
                }
            ]
        }
    }
    hook = load_claude(machine.project, _env(machine)).hooks[0]
    assert (hook.scope, hook.runs, hook.timeout) == ("user", True, 5)


def test_add_joins_the_group_with_the_identical_matcher_else_makes_one(machine: Machine) -> None:
    machine.write(machine.project_file, hooks_on("PreToolUse", "a.sh", matcher="Bash"))
    assert "added to the 1st PreToolUse group (matcher 'Bash'), beside the hooks" in _add(
        machine, "PreToolUse", "b.sh", matcher="Bash", scope="project"
    )
    assert "a new matcher group" in _add(
        machine, "PreToolUse", "c.sh", matcher="Edit", scope="project"
    )
    groups = json.loads(machine.project_file.read_text())["hooks"]["PreToolUse"]
    assert [[h["command"] for h in g["hooks"]] for g in groups] == [["a.sh", "b.sh"], ["c.sh"]]


@pytest.mark.parametrize(
    ("event", "fields", "message"),
    [
        ("BeforeTool", {}, "Gemini CLI event; Claude Code calls it PreToolUse"),
        ("PreTooluse", {}, "Did you mean PreToolUse"),
        ("PreToolUse", {"matcher": "Bash("}, "regex JavaScript accepts"),
        ("PreToolUse", {"timeout": "0"}, "positive number of seconds"),
        ("PreToolUse", {"timeout": "-3"}, "positive number of seconds"),
        ("PreToolUse", {"timeout": "soon"}, "not a number of seconds"),
        ("PreToolUse", {"scope": "managed"}, "administrator"),
        ("PreToolUse", {"scope": "workspace"}, "use --scope project"),
    ],
)
def test_add_refuses_what_claude_would_not_read(
    machine: Machine, event: str, fields: dict[str, str], message: str
) -> None:
    with pytest.raises(EditError, match=message):
        _add(machine, event, "x.sh", **fields)
    assert not machine.user.exists()


def test_a_matcher_on_an_event_without_a_match_query_is_a_warning(machine: Machine) -> None:
    result = add_claude_hook("Stop", "x.sh", matcher="Bash", environ=_env(machine),
                             workspace=machine.project)  # fmt: skip
    assert "ignores this matcher" in result.warnings[0]


def test_add_then_remove_gives_the_original_bytes_back(machine: Machine) -> None:
    text = '{\r\n\t"model": "é",\r\n\t"other": [1, 2]\r\n}\r\n'
    machine.user.parent.mkdir(parents=True)
    machine.user.write_bytes(text.encode())
    _add(machine, "Stop", "x.sh")
    assert machine.user.read_bytes() != text.encode()
    dry = remove_claude_hook("x.sh", machine.project, _env(machine), dry_run=True)
    assert dry.dry_run and "-" in dry.diff and machine.user.read_bytes() != text.encode()
    remove_claude_hook("x.sh", machine.project, _env(machine))
    assert machine.user.read_bytes() == text.encode()


def test_remove_keeps_a_list_the_user_wrote(machine: Machine) -> None:
    machine.write(
        machine.user, {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}
    )
    remove_claude_hook("x", machine.project, _env(machine))
    assert json.loads(machine.user.read_text()) == {"hooks": {"Stop": []}}


def test_edit_changes_fields_in_place_and_moves_a_shared_handler(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("PreToolUse", "a.sh", "b.sh", matcher="Bash"))
    env = _env(machine)
    edit_claude_hook("a.sh", command="a2.sh", timeout="7", workspace=machine.project, environ=env)
    edit_claude_hook("b.sh", matcher="Edit|Write", workspace=machine.project, environ=env)
    assert json.loads(machine.user.read_text())["hooks"]["PreToolUse"] == [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "a2.sh", "timeout": 7}]},
        {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "b.sh"}]},
    ]
    edit_claude_hook("a2.sh", timeout="", matcher="", workspace=machine.project, environ=env)
    assert json.loads(machine.user.read_text())["hooks"]["PreToolUse"][0] == {
        "hooks": [{"type": "command", "command": "a2.sh"}]
    }


def test_a_write_is_refused_when_the_file_changed_since_it_was_read(
    machine: Machine, monkeypatch: pytest.MonkeyPatch
) -> None:
    machine.write(machine.user, hooks_on("Stop", "a.sh"))
    real = atomic.update_text_file

    def racing(path: Path, compute: object, **kw: object) -> object:
        path.write_text(path.read_text().replace("a.sh", "someone-else.sh"))
        return real(path, compute, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("hookdash.core.hosts.claude.writing.update_text_file", racing)
    with pytest.raises(FileChangedError, match="changed on disk since hookdash read it"):
        _add(machine, "Stop", "b.sh")
    assert "someone-else.sh" in machine.user.read_text() and "b.sh" not in machine.user.read_text()


def test_a_project_file_linked_out_of_the_project_is_refused(machine: Machine) -> None:
    outside = machine.write(machine.root / "elsewhere.json", {})
    machine.project_file.parent.mkdir(parents=True)
    os.symlink(outside, machine.project_file)
    with pytest.raises(OutsideWorkspaceError, match="leads outside"):
        _add(machine, "Stop", "x.sh", scope="project")
    assert outside.read_text() == "{}"


def test_a_plugin_or_managed_hook_is_never_edited(machine: Machine) -> None:
    machine.write(machine.managed / "managed-settings.json", hooks_on("Stop", "admin.sh"))
    for write in (
        lambda: remove_claude_hook("admin.sh", machine.project, _env(machine)),
        lambda: edit_claude_hook(
            "admin.sh", command="x", workspace=machine.project, environ=_env(machine)
        ),
    ):
        with pytest.raises(ReadOnlyScopeError):
            write()


def test_a_write_is_undone_through_the_shared_journal(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("Stop", "a.sh"))
    before = machine.user.read_bytes()
    with recording_writes() as journal:
        _add(machine, "Stop", "b.sh")
    entry = undo_entry("add b.sh", journal)
    assert entry is not None
    undo(entry)
    assert machine.user.read_bytes() == before


# ------------------------------------------------------------------ hooks off|on


def test_hooks_off_then_on_gives_the_exact_bytes_back(machine: Machine) -> None:
    text = '{\n\t"model": "x" ,\n\t"hooks": {}\n}'
    machine.write(machine.project_file, text)
    env = _env(machine)
    off = switch_claude_hooks(False, "project", machine.project, env)
    assert json.loads(machine.project_file.read_text())["disableAllHooks"] is True
    assert any("your own hooks included" in n for n in off.notes)
    assert not load_claude(machine.project, env).hooks_enabled
    on = switch_claude_hooks(True, "project", machine.project, env)
    assert machine.project_file.read_text() == text
    assert any("byte for byte" in n for n in on.notes)


def test_hooks_on_removes_what_off_added_after_other_changes(machine: Machine) -> None:
    machine.write(machine.user, {"model": "x"})
    env = _env(machine)
    switch_claude_hooks(False, "user", machine.project, env)
    data = json.loads(machine.user.read_text())
    machine.write(machine.user, {**data, "later": 1})
    switch_claude_hooks(True, "user", machine.project, env)
    assert json.loads(machine.user.read_text()) == {"model": "x", "later": 1}


def test_hooks_on_sets_false_a_switch_the_user_wrote(machine: Machine) -> None:
    machine.write(machine.user, {"disableAllHooks": True})
    result = switch_claude_hooks(True, "user", machine.project, _env(machine))
    assert json.loads(machine.user.read_text()) == {"disableAllHooks": False}
    assert any("you had written it true" in n for n in result.notes)


def test_hooks_on_names_the_project_that_keeps_them_off(machine: Machine) -> None:
    machine.write(machine.user, {"disableAllHooks": True})
    machine.write(machine.project_file, {"disableAllHooks": True})
    result = switch_claude_hooks(True, "user", machine.project, _env(machine))
    assert any("project settings" in n and "stay off" in n for n in result.notes)


def test_written_ref_names_the_hook_an_add_or_a_moving_edit_wrote(machine: Machine) -> None:
    from hookdash.core import claude_settings_path, written_claude_ref

    env = _env(machine)
    added = add_claude_hook("Stop", "a.sh", scope="project", workspace=machine.project, environ=env)
    assert claude_settings_path("project", machine.project, env) == machine.project_file
    ref = written_claude_ref(added)
    hooks = load_claude(machine.project, env).hooks
    assert [h.ref for h in hooks if h.id == "a.sh"] == [ref]
    add_claude_hook("PreToolUse", "b.sh", matcher="Bash", workspace=machine.project, environ=env)
    add_claude_hook("PreToolUse", "c.sh", matcher="Bash", workspace=machine.project, environ=env)
    target = next(h for h in load_claude(machine.project, env).hooks if h.id == "c.sh")
    # A new matcher for a handler that shares its group moves it: the ref moves too.
    moved = edit_claude_hook(target.ref, matcher="Edit", workspace=machine.project, environ=env)
    after = next(h for h in load_claude(machine.project, env).hooks if h.id == "c.sh")
    assert written_claude_ref(moved) == after.ref != target.ref
    # Only a field changed: no handler was added, the hook keeps its ref.
    same = edit_claude_hook(after.ref, timeout="9", workspace=machine.project, environ=env)
    assert written_claude_ref(same) is None
