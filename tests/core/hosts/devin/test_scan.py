"""Devin Desktop: `.devin/hooks.json` (a linter's claim, unconfirmed) and Windsurf's
`.windsurf/hooks.json` (Devin's documentation), whose hooks name Devin in `also_run_by`."""

from __future__ import annotations

from tests.core.scan.conftest import Repo

HOOKS = {
    "hooks": {"pre_run_command": [{"command": "python3 .windsurf/check.py", "show_output": True}]}
}


def test_devin_reads_both_and_says_which_is_unconfirmed(repo: Repo) -> None:
    repo.write(".devin/hooks.json", HOOKS)
    repo.write(".windsurf/hooks.json", HOOKS)
    hooks = repo.scan().hooks
    [devin] = [h for h in hooks if h.agent == "devin"]
    [windsurf] = [h for h in hooks if h.agent == "windsurf"]
    assert "unconfirmed" in devin.runs_when
    assert [a.agent for a in windsurf.also_run_by] == ["devin"]
    assert "unconfirmed" in windsurf.also_run_by[0].when
