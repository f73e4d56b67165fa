"""add, edit, remove, hooks on|off and import claude through the installed console script."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from tests.conftest import Sandbox

CLAUDE = Path(__file__).parents[1] / "core" / "edit" / "data" / "claude"


def _ok(result: Any) -> str:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return str(result.stdout)


def _listed(sandbox: Sandbox) -> dict[str, dict[str, Any]]:
    data = json.loads(_ok(sandbox.cli("list", "--json")))
    return {h["id"]: h for h in data["hooks"]}


def test_what_add_writes_is_what_list_reports(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.script("hooks/guard.sh", "exit 0")
    sandbox.write_user('{\n  // mine\n  "hooksConfig": {"disabled": ["off"]}\n}\n')
    _ok(
        sandbox.cli(
            "add",
            "BeforeTool",
            "--command",
            "./hooks/guard.sh",
            "--name",
            "guard",
            "--matcher",
            "run_shell_command",
            "--timeout",
            "5000",
        )
    )
    _ok(
        sandbox.cli(
            "add",
            "BeforeTool",
            "--command",
            "echo audit",
            "--name",
            "audit",
            "--matcher",
            "run_shell_command",
            "--sequential",
        )
    )
    _ok(
        sandbox.cli(
            "add",
            "BeforeTool",
            "--command",
            "echo ws",
            "--name",
            "ws",
            "--scope",
            "workspace",
            "--description",
            "project guard",
        )
    )
    _ok(
        sandbox.cli(
            "add", "SessionStart", "--command", "echo hi", "--name", "hi", "--matcher", "startup"
        )
    )
    _ok(sandbox.cli("add", "AfterTool", "--command", "echo off", "--name", "off"))
    hooks = _listed(sandbox)
    seen = {
        i: (h["event"], h["scope"], h["matcher"], h["timeout_ms"], h["order"], h["sequential"],
            h["runs"], h["trust"])
        for i, h in hooks.items()
    }  # fmt: skip
    assert seen == {
        "guard": (
            "BeforeTool",
            "user",
            "run_shell_command",
            5000,
            0,
            False,
            True,
            "not-applicable",
        ),
        "audit": (
            "BeforeTool",
            "user",
            "run_shell_command",
            60000,
            1,
            True,
            True,
            "not-applicable",
        ),
        "ws": ("BeforeTool", "workspace", None, 60000, 2, False, True, "trusted"),
        "hi": ("SessionStart", "user", "startup", 60000, 0, False, True, "not-applicable"),
        "off": ("AfterTool", "user", None, 60000, 0, False, False, "not-applicable"),
    }
    assert hooks["off"]["not_running_because"] == ["disabled in hooksConfig.disabled (user)"]
    assert hooks["ws"]["description"] == "project guard"
    assert sandbox.user_settings.read_text().startswith('{\n  // mine\n  "hooksConfig"')


def test_add_prints_the_change_warnings_and_json(sandbox: Sandbox) -> None:
    out = _ok(sandbox.cli("add", "BeforeAgent", "--command", "echo x", "--matcher", "x",
                          "--timeout", "30"))  # fmt: skip
    assert out.startswith(
        "Added 'echo x' to BeforeAgent in user settings (~/.gemini/settings.json)"
    )
    assert "warning: The hook has no name" in out
    assert "warning: The timeout is 30" in out
    assert "matcher ('x') is ignored" in out
    data = json.loads(
        _ok(sandbox.cli("add", "AfterTool", "--command", "y", "--name", "y", "--json"))
    )
    assert data["action"] == "add" and data["changed"] is True
    assert data["changes"][0]["key"] == "/hooks/AfterTool/0/hooks/0"
    assert data["changes"][0]["value"] == {"name": "y", "type": "command", "command": "y"}
    assert data["hooks"][0]["ref"] == "user:/hooks/AfterTool/0/hooks/0"
    assert "diff" in data and "warnings" in data


def test_add_refusals_exit_1_with_the_reason(sandbox: Sandbox) -> None:
    result = sandbox.cli("add", "PreToolUse", "--command", "x", "--name", "x")
    assert result.returncode == 1
    assert "Gemini CLI calls it BeforeTool" in result.stderr
    timeout = sandbox.cli("add", "BeforeTool", "--command", "x", "--timeout", "5s", "--json")
    assert timeout.returncode == 1
    assert json.loads(timeout.stdout)["error"] == "hook-invalid"
    sandbox.write_user('{"hooks": ')
    broken = sandbox.cli("add", "BeforeTool", "--command", "x")
    assert broken.returncode == 1 and "does not parse" in broken.stderr
    assert "Traceback" not in broken.stderr + timeout.stderr + result.stderr
    assert sandbox.user_settings.read_text() == '{"hooks": '
    missing = sandbox.cli("add", "BeforeTool")
    assert missing.returncode == 2  # --command is required


def test_edit(sandbox: Sandbox) -> None:
    _ok(sandbox.cli("add", "BeforeTool", "--command", "v1", "--name", "lint"))
    _ok(sandbox.cli("disable", "lint"))
    out = _ok(sandbox.cli("edit", "lint", "--name", "lint2", "--command", "v2", "--parallel"))
    assert out.startswith(
        "Changed command, name of lint (BeforeTool, user, line 9)."
    )  # its command
    assert '~ ~/.gemini/settings.json  hooksConfig.disabled  "lint" → "lint2"' in out
    assert _listed(sandbox)["lint2"]["disabled"] is True
    nothing = sandbox.cli("edit", "lint2")
    assert nothing.returncode == 2 and "nothing to change" in nothing.stderr
    unknown = sandbox.cli("edit", "nope", "--command", "x")
    assert unknown.returncode == 1 and "No hook has the ID 'nope'" in unknown.stderr


def test_remove_asks_first(sandbox: Sandbox) -> None:
    _ok(sandbox.cli("add", "BeforeTool", "--command", "echo a", "--name", "a"))
    before = sandbox.user_settings.read_bytes()
    asked = sandbox.cli("remove", "a")
    assert asked.returncode == 3
    assert asked.stdout.startswith("Would remove a (BeforeTool, user, line 9)")
    assert '-            "name": "a",' in asked.stdout
    assert "run the command again with --yes" in asked.stdout
    assert sandbox.user_settings.read_bytes() == before
    asked_json = sandbox.cli("remove", "a", "--json")
    assert asked_json.returncode == 3
    assert json.loads(asked_json.stdout)["needs_confirmation"] is True
    out = _ok(sandbox.cli("remove", "a", "--yes"))
    assert out.startswith("Removed a (BeforeTool, user, line 9)")
    assert jsonc.parse(sandbox.user_settings.read_text()) == {}  # as before the add: no file
    # (hookdash created the file's `hooks` object, so it is gone again)


def test_hooks_off_and_on(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    out = _ok(sandbox.cli("hooks", "off"))
    assert "Gemini CLI runs no hook at all" in out
    assert json.loads(_ok(sandbox.cli("list", "--json")))["hooks_enabled"] is False
    data = json.loads(_ok(sandbox.cli("hooks", "on", "--scope", "workspace", "--json")))
    assert data["action"] == "hooks-on"
    assert any("overrides hooksConfig.enabled in the user settings" in n for n in data["notes"])
    assert json.loads(_ok(sandbox.cli("list", "--json")))["hooks_enabled"] is True
    bad = sandbox.cli("hooks", "maybe")
    assert bad.returncode == 2


def test_import_claude(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    claude = sandbox.workspace / ".claude"
    shutil.copytree(CLAUDE / "hooks", claude / "hooks")
    shutil.copy(CLAUDE / "bash-guard.json", claude / "settings.json")
    sandbox.set_env("CLAUDE_CONFIG_DIR", str(sandbox.root / "no-claude-home"))  # not ~/.claude
    asked = sandbox.cli("import", "claude")
    assert asked.returncode == 3, asked.stderr
    assert asked.stdout.startswith("Would import 2 Claude Code hook(s) into workspace settings")
    assert "+ BeforeTool    block-dangerous  matcher ^run_shell_command$  timeout 10000 ms" in (
        asked.stdout
    )
    assert "Not carried over" not in asked.stdout
    assert "! only its output format does not carry over: it answers with" in asked.stdout
    assert '+            "timeout": 10000,' in asked.stdout
    assert not sandbox.workspace_settings.exists()
    # Issue 20: a preview creates nothing, and says it would.
    assert "note: Would create ~/project/.gemini/settings.json." in asked.stdout
    assert "Created" not in asked.stdout
    done = json.loads(_ok(sandbox.cli("import", "claude", "--yes", "--json")))
    assert done["changed"] is True
    assert [r["name"] for r in done["imported"]] == ["block-dangerous", "prettier"]
    assert done["not_carried"] == []
    assert done["imported"][0]["caveats"][0]["kind"] == "output"
    hooks = _listed(sandbox)
    assert hooks["block-dangerous"]["timeout_ms"] == 10000
    assert hooks["prettier"]["matcher"] == "^(replace|write_file)$"
    again = sandbox.cli("import", "claude")
    assert again.returncode == 0 and again.stdout.startswith("Nothing new to import")
    missing = sandbox.cli("import", "claude", str(sandbox.root / "nope.json"))
    assert missing.returncode == 1 and "not found" in missing.stderr
