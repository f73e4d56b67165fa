"""What the command line takes and says (issue 28, "The CLI"): an ID typed with its `~`
expanded by the shell is the same hook; a settings file that does not parse is pointed at
before anything is changed; a mistyped hook or event gets the close names; plan says which
other hosts have hooks for the event."""

from __future__ import annotations

import json

import pytest

from tests.conftest import Sandbox, command_hook, definition

CLAUDE = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "~/bin/guard.sh"}]}]}}


def test_a_gemini_id_with_its_tilde_expanded_names_the_same_hook(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("~/bin/guard.sh"))]}})
    expanded = f"{sandbox.home}/bin/guard.sh"  # what `hookdash disable ~/bin/guard.sh` gets
    env = {**sandbox.environ, "HOME": str(sandbox.home)}
    done = sandbox.cli("disable", expanded, env=env)
    assert done.returncode == 0, done.stderr
    assert "with its ~ written out as your home folder" in done.stdout + done.stderr
    disabled = json.loads(sandbox.user_settings.read_text())["hooksConfig"]["disabled"]
    assert disabled == ["~/bin/guard.sh"]  # the hook's own ID, as Gemini CLI matches it
    assert sandbox.cli("enable", expanded, env=env).returncode == 0
    assert "~/bin/guard.sh" not in sandbox.user_settings.read_text()


def test_a_claude_id_with_its_tilde_expanded_names_the_same_hook(sandbox: Sandbox) -> None:
    settings = sandbox.workspace / ".claude/settings.json"
    sandbox.write(settings, CLAUDE)
    expanded = f"{sandbox.home}/bin/guard.sh"
    env = {**sandbox.environ, "HOME": str(sandbox.home)}
    done = sandbox.cli("disable", "--host", "claude", expanded, env=env)
    assert done.returncode == 0, done.stderr
    listed = json.loads(sandbox.cli("list", "--host", "claude", "--json", env=env).stdout)
    [hook] = [h for h in listed["hooks"] if h["command"] == "~/bin/guard.sh"]
    assert hook["runs"] is False
    # A different path is still not found, with the close name offered.
    missing = sandbox.cli("disable", "--host", "claude", f"{sandbox.home}/bin/guardx.sh", env=env)
    assert missing.returncode != 0 and "No Claude Code hook" in missing.stderr


@pytest.mark.parametrize("host", ["gemini", "claude"])
def test_fire_hook_nosuch_suggests_the_close_names(sandbox: Sandbox, host: str) -> None:
    sandbox.trust_folder()
    if host == "claude":
        sandbox.write(sandbox.workspace / ".claude/settings.json", CLAUDE)
        args = ["fire", "--host", "claude", "Stop", "--hook", "~/bin/gaurd.sh", "--yes"]
    else:
        sandbox.write_workspace(
            {"hooks": {"AfterAgent": [definition(command_hook("~/bin/guard.sh"))]}}
        )
        args = ["fire", "AfterAgent", "--hook", "~/bin/gaurd.sh", "--yes"]
    fired = sandbox.cli(*args)
    assert fired.returncode != 0
    assert "Did you mean: '~/bin/guard.sh'" in fired.stderr, fired.stderr


def test_plan_a_mistyped_event_suggests_for_every_host(sandbox: Sandbox) -> None:
    planned = sandbox.cli("plan", "BeforeTol")
    assert planned.returncode == 2 and "Did you mean BeforeTool?" in planned.stderr
    claude = sandbox.cli("plan", "--host", "claude", "PreToolUs")
    assert claude.returncode == 2 and "PreToolUse" in claude.stderr, claude.stderr


def test_disable_while_the_settings_file_does_not_parse_points_at_the_error(
    sandbox: Sandbox,
) -> None:
    hook = '{"hooks": [{"type": "command", "command": "a"}]}'
    broken = '{\n  "hooks": {\n    "BeforeTool": [' + hook + "]\n  },\n  oops\n}\n"
    sandbox.write(sandbox.workspace_settings, broken)
    claude = sandbox.workspace / ".claude/settings.json"
    sandbox.write(
        claude, '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "c"}]}]},}'
    )
    before = (sandbox.workspace_settings.read_bytes(), claude.read_bytes())
    done = sandbox.cli("disable", "a")
    assert done.returncode != 0
    assert f"{sandbox.workspace_settings}:5:3: This settings file does not parse" in done.stderr
    assert "nothing was changed" in done.stderr and "No hook is configured here" not in done.stderr
    done = sandbox.cli("disable", "--host", "claude", "c")
    assert done.returncode != 0
    assert f"{claude}:1:" in done.stderr and "not strict JSON (trailing comma" in done.stderr
    assert (sandbox.workspace_settings.read_bytes(), claude.read_bytes()) == before
    assert not sandbox.user_settings.exists() or "disabled" not in sandbox.user_settings.read_text()


def test_plan_without_host_says_the_other_hosts_have_hooks_for_the_event(
    sandbox: Sandbox,
) -> None:
    sandbox.write_workspace({"hooks": {"SessionStart": [definition(command_hook("echo g"))]}})
    claude = {"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo c"}]}]}}
    sandbox.write(sandbox.workspace / ".claude/settings.json", claude)
    planned = sandbox.cli("plan", "SessionStart")
    assert planned.returncode == 0, planned.stderr
    assert "Gemini" in planned.stdout.splitlines()[0]
    assert (
        "note: Claude Code has 1 SessionStart hook here too: "
        "`hookdash plan --host claude SessionStart` shows it." in planned.stdout
    )
    notes = json.loads(sandbox.cli("plan", "SessionStart", "--json").stdout)["notes"]
    assert any("--host claude" in n for n in notes)
    # Asked for one host by name: no word of the others.
    assert "too:" not in sandbox.cli("plan", "--host", "gemini", "SessionStart").stdout
    # No other host has one: nothing said.
    sandbox.write(sandbox.workspace / ".claude/settings.json", {"hooks": {}})
    assert "too:" not in sandbox.cli("plan", "SessionStart").stdout
