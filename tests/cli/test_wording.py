"""What hookdash says about itself names every agent it manages, not one."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import metadata

import pytest

from hookdash.core.hosts import host, host_names
from tests.conftest import Sandbox


def test_help_names_every_managed_agent() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "hookdash", "--help"], capture_output=True, text=True, check=True
    ).stdout
    head = " ".join(shown.split("COMMAND", 1)[0].split())
    for name in host_names():
        assert host(name).label in " ".join(shown.split()), name
    assert "Gemini CLI hooks." not in head


@pytest.mark.parametrize("name", host_names())
def test_the_package_description_names_every_managed_agent(name: str) -> None:
    assert host(name).label in metadata("hookdash")["Summary"]


@pytest.mark.parametrize(
    ("host_name", "event"), [("claude", "Stop"), ("codex", "Stop"), ("gemini", "AfterAgent")]
)
def test_plan_and_fire_say_an_event_takes_no_matcher(
    sandbox: Sandbox, host_name: str, event: str
) -> None:
    """ "Stop · no match query" left a person asking which query: it says the event takes no
    matcher (every hook runs)."""
    sandbox.trust_folder()
    for command in ("plan", "fire"):
        shown = sandbox.cli(command, "--host", host_name, event).stdout
        assert f"{event} · takes no matcher (every hook runs)" in shown, (command, shown)
        assert "match query" not in shown


@pytest.mark.parametrize("name", host_names())
def test_list_says_an_agent_that_is_not_installed_is_not_found(sandbox: Sandbox, name: str) -> None:
    """ "Claude Code 2.1.332" read as the version installed: with none on PATH, every host
    says "not found: verdicts as for <the modelled release>", as Gemini CLI's line does."""
    bare = sandbox.root / "bare-bin"
    bare.mkdir()
    env = {**sandbox.environ, "PATH": str(bare), "GEMINI_CLI_PATH": str(bare / "none")}
    shown = sandbox.cli("list", "--host", name, env=env).stdout
    h = host(name)
    assert f"{h.label} not found: verdicts as for {h.modelled_version}" in shown, shown


def test_add_offers_the_host_whose_event_it_is(sandbox: Sandbox) -> None:
    """`add PreToolUse` (not a Gemini CLI event) offers `--host claude`, as plan and fire
    choose that host by the event."""
    sandbox.trust_folder()
    added = sandbox.cli("add", "PreToolUse", "--command", "echo x")
    assert added.returncode != 0
    assert "To add it to Claude Code instead: --host claude." in added.stderr, added.stderr
