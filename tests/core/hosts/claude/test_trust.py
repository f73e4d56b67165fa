"""The folder trust Claude Code records in .claude.json, and the sentence it becomes."""

from __future__ import annotations

import json

from hookdash.core.hosts.claude.trust import folder_trust
from tests.core.hosts.claude.conftest import Machine


def _record(machine: Machine, folder: str, accepted: bool = True) -> None:
    data = {"projects": {folder: {"hasTrustDialogAccepted": accepted}}}
    (machine.home / ".claude.json").write_text(json.dumps(data))


def test_no_record_says_that_claude_p_asks_nothing(machine: Machine) -> None:
    trust = folder_trust(machine.project, machine.environ())
    assert trust.state == "untrusted"
    assert "`claude -p` asks nothing" in trust.sentence


def test_the_folder_or_a_parent_trusts_it(machine: Machine) -> None:
    _record(machine, str(machine.project))
    assert folder_trust(machine.project, machine.environ()).state == "trusted"
    _record(machine, str(machine.home))
    trust = folder_trust(machine.project, machine.environ())
    assert trust.state == "trusted" and trust.trusted_path == str(machine.home)
    _record(machine, str(machine.project), accepted=False)
    assert folder_trust(machine.project, machine.environ()).state == "untrusted"


def test_a_parent_outside_the_git_repository_does_not_count(machine: Machine) -> None:
    (machine.project / ".git").mkdir()
    _record(machine, str(machine.home))
    assert folder_trust(machine.project, machine.environ()).state == "untrusted"


def test_config_dir_and_unreadable_config(machine: Machine) -> None:
    config = machine.root / "cfg"
    config.mkdir()
    (config / ".claude.json").write_text("{not json")
    env = {**machine.environ(), "CLAUDE_CONFIG_DIR": str(config)}
    trust = folder_trust(machine.project, env)
    assert trust.state == "unknown" and str(config / ".claude.json") in trust.sentence
