"""`disable|enable|add|edit|remove|hooks --host claude` through the installed console
script: the same confirmations and exit codes as the Gemini commands."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.conftest import Sandbox


def _claude(sandbox: Sandbox, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **sandbox.environ,
        "HOME": str(sandbox.home),
        "CLAUDE_CONFIG_DIR": str(sandbox.home / ".claude"),
        "HOOKDASH_CLAUDE_MANAGED_DIR": str(sandbox.root / "managed"),
    }
    return sandbox.cli(*args, env=env)


def _user(sandbox: Sandbox) -> Path:
    return sandbox.home / ".claude" / "settings.json"


def test_disable_parks_and_enable_puts_back_byte_for_byte(sandbox: Sandbox) -> None:
    text = (
        '{\n\t"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [\n'
        '\t\t{"type": "command", "command": "guard.sh"}]}]}\n}\n'
    )
    sandbox.write(_user(sandbox), text)
    off = _claude(sandbox, "disable", "--host", "claude", "guard.sh", "--json")
    assert off.returncode == 0, off.stderr
    data = json.loads(off.stdout)
    assert data["host"] == "claude" and data["action"] == "disable" and data["changed"]
    listed = json.loads(_claude(sandbox, "list", "--host", "claude", "--json").stdout)["hooks"]
    assert [(h["id"], h["parked"], h["not_running_because"]) for h in listed] == [
        ("guard.sh", True, ["off: parked by hookdash"])
    ]
    shown = _claude(sandbox, "list", "--host", "claude")
    assert "parked" in shown.stdout and "off: parked by hookdash" in shown.stdout
    plan = _claude(sandbox, "plan", "--host", "claude", "PreToolUse", "--tool", "Bash", "--json")
    assert json.loads(plan.stdout)["skipped"][0]["reason"] == "parked"
    on = _claude(sandbox, "enable", "--host", "claude", "guard.sh")
    assert on.returncode == 0, on.stderr
    assert "exact bytes" in on.stdout
    assert _user(sandbox).read_text() == text


def test_add_edit_and_remove_with_its_confirmation(sandbox: Sandbox) -> None:
    add = _claude(
        sandbox, "add", "--host", "claude", "PreToolUse", "--command", "lint.sh",
        "--matcher", "Edit|Write", "--timeout", "30", "--scope", "project",
    )  # fmt: skip
    assert add.returncode == 0, add.stderr
    project = sandbox.workspace / ".claude" / "settings.json"
    assert json.loads(project.read_text())["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"] == 30
    edit = _claude(sandbox, "edit", "--host", "claude", "lint.sh", "--command", "lint2.sh")
    assert edit.returncode == 0, edit.stderr
    asked = _claude(sandbox, "remove", "--host", "claude", "lint2.sh", "--json")
    assert asked.returncode == 3 and json.loads(asked.stdout)["needs_confirmation"] is True
    assert "lint2.sh" in project.read_text()
    done = _claude(sandbox, "remove", "--host", "claude", "lint2.sh", "--yes")
    assert done.returncode == 0, done.stderr
    assert json.loads(project.read_text()) == {}


def test_usage_errors_and_refusals(sandbox: Sandbox) -> None:
    named = _claude(sandbox, "add", "--host", "claude", "Stop", "--command", "x", "--name", "n")
    assert named.returncode == 2 and "--name" in named.stderr
    gemini = _claude(sandbox, "add", "Stop", "--command", "x", "--scope", "project")
    assert gemini.returncode == 2 and "Claude Code file" in gemini.stderr
    event = _claude(sandbox, "add", "--host", "claude", "AfterTool", "--command", "x")
    assert event.returncode == 1 and "Claude Code calls it PostToolUse" in event.stderr
    nothing = _claude(sandbox, "edit", "--host", "claude", "x")
    assert nothing.returncode == 2
    missing = _claude(sandbox, "disable", "--host", "claude", "nope", "--json")
    assert missing.returncode == 1 and json.loads(missing.stdout)["error"] == "hook-not-found"
    assert not _user(sandbox).exists()


def test_hooks_off_and_on(sandbox: Sandbox) -> None:
    sandbox.write(_user(sandbox), '{"model": "x"}')
    off = _claude(sandbox, "hooks", "off", "--host", "claude")
    assert off.returncode == 0 and json.loads(_user(sandbox).read_text())["disableAllHooks"]
    on = _claude(sandbox, "hooks", "on", "--host", "claude", "--json")
    assert on.returncode == 0 and json.loads(on.stdout)["action"] == "hooks-on"
    assert _user(sandbox).read_text() == '{"model": "x"}'


def test_add_help_names_claudes_own_default_timeout(sandbox: Sandbox) -> None:
    """The help is a literal (the parser does not load Claude's host): it must say the
    default the fire engine uses, the one the binary has."""
    from hookdash.core import CLAUDE_COMMAND_TIMEOUT_S

    shown = " ".join(_claude(sandbox, "add", "--help").stdout.split())
    assert f"Claude's default for a command hook: {CLAUDE_COMMAND_TIMEOUT_S:g})" in shown
