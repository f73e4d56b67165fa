"""`hookdash list` and `hookdash check`, through the installed console script."""

from __future__ import annotations

import json

from tests.conftest import Sandbox, command_hook, definition


def _messy(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        "{\n  // global hooks\n"
        '  "hooks": {\n'
        '    "BeforeTool": [{"matcher": "run_shell_command", "hooks": [\n'
        '      {"name": "guard", "type": "command", "command": "true"}]}],\n'
        '    "PreToolUse": [{"hooks": [{"type": "command", "command": "true"}]}],\n'
        '    "disabled": ["guard"]\n'
        "  }\n}\n"
    )
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("true", name="guard"))]}}
    )
    sandbox.add_extension("ext", {"AfterTool": [definition(command_hook("true", name="after"))]})


def test_list_json_shape(sandbox: Sandbox) -> None:
    _messy(sandbox)
    result = sandbox.cli("list", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["workspace"] == str(sandbox.workspace)
    assert data["folder_trust"] == {
        "enabled": True, "trusted": True, "how": "file",
        "rule": str(sandbox.workspace), "level": "TRUST_FOLDER", "variable": None,
    }  # fmt: skip
    assert [layer["scope"] for layer in data["layers"]] == [
        "system-defaults", "user", "workspace", "system"
    ]  # fmt: skip
    hook = data["hooks"][0]
    for field in (
        "id", "key", "event", "scope", "extension", "file", "pointer", "gemini_source",
        "matcher", "sequential", "type", "name", "command", "command_raw", "description",
        "timeout_ms", "order", "disabled", "disabled_in", "legacy_disabled_in", "trust",
        "will_register", "runs", "not_running_because", "duplicate_of", "line",
    ):  # fmt: skip
        assert field in hook, field
    assert hook["pointer"] == "/hooks/BeforeTool/0/hooks/0" and hook["line"] == 5
    assert hook["legacy_disabled_in"] == ["user"] and hook["runs"] is True
    assert hook["timeout_ms"] == 60000 and isinstance(hook["timeout_ms"], int)
    project = data["hooks"][1]
    assert project["duplicate_of"]["scope"] == "user" and project["trust"] == "new"
    assert data["extensions"][0]["name"] == "ext"
    assert {p["code"] for p in data["problems"]} >= {"unknown-event", "legacy-hooks-disabled"}


def test_list_human_output(sandbox: Sandbox) -> None:
    _messy(sandbox)
    result = sandbox.cli("list")
    assert result.returncode == 0
    out = result.stdout
    assert "BeforeTool" in out and "PreToolUse" in out
    assert "hooks.disabled is ignored" in out  # banner
    assert "did you mean BeforeTool?" in out
    assert "duplicate NEW" in out
    assert "extension ext" in out
    assert out.index("AfterTool") < out.index("PreToolUse")  # unknown events come last
    assert "off: unknown event" in out
    assert "\x1b[" not in out  # no colours when not a terminal


def test_list_empty_state(sandbox: Sandbox) -> None:
    result = sandbox.cli("list")
    assert result.returncode == 0
    assert "No hooks configured" in result.stdout and "hookdash demo" in result.stdout


def test_check_exit_codes(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="t"))]}})
    clean = sandbox.cli("check")
    assert clean.returncode == 0 and "No problems" in clean.stdout
    _messy(sandbox)
    messy = sandbox.cli("check", "--json")
    assert messy.returncode == 1
    data = json.loads(messy.stdout)
    unknown = next(p for p in data["problems"] if p["code"] == "unknown-event")
    assert unknown["severity"] == "error" and unknown["line"] == 6
    assert unknown["file"] == str(sandbox.user_settings)
    human = sandbox.cli("check")
    assert human.returncode == 1 and "fix: Rename the key to BeforeTool." in human.stdout


def test_broken_settings_file_never_shows_a_traceback(sandbox: Sandbox) -> None:
    sandbox.write_user('{"hooks": {"BeforeTool": [}')
    for args in (("list",), ("list", "--json"), ("check",)):
        result = sandbox.cli(*args)
        assert "Traceback" not in result.stderr + result.stdout
    out = sandbox.cli("list").stdout
    assert "does not parse" in out and "settings.json:1:" in out


def test_workspace_option_and_bad_workspace(sandbox: Sandbox) -> None:
    other = sandbox.home / "other"
    other.mkdir()
    sandbox.write(
        other / ".gemini" / "settings.json",
        {"hooks": {"AfterAgent": [definition(command_hook("true"))]}},
    )
    sandbox.trust_folder(other)
    data = json.loads(sandbox.cli("--workspace", str(other), "list", "--json").stdout)
    assert data["workspace"] == str(other) and data["hooks"][0]["event"] == "AfterAgent"
    data = json.loads(sandbox.cli("list", "--workspace", str(other), "--json").stdout)
    assert data["workspace"] == str(other)
    bad = sandbox.cli("list", "--workspace", str(sandbox.root / "nope"))
    assert bad.returncode == 1 and "not a directory" in bad.stderr


def test_usage_error_exit_code(sandbox: Sandbox) -> None:
    assert sandbox.cli("list", "--bogus").returncode == 2


def test_python_dash_m(sandbox: Sandbox) -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "hookdash", "--version"], capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stdout.startswith("hookdash ")


def test_list_text_keeps_whole_lines_when_piped(sandbox: Sandbox) -> None:
    """Piped (a script, a pager), `list` prints every character of a hook's id, matcher and
    command; only a terminal gets them cut to one line."""
    sandbox.trust_folder()
    long_command = "python3 hooks/format_everything.py --check --all-files --verbose --x"
    long_matcher = "run_shell_command|write_file|replace"
    sandbox.write_workspace(
        {
            "hooks": {
                "BeforeTool": [
                    definition(
                        command_hook(long_command, name="a-rather-long-hook-name-for-a-list"),
                        matcher=long_matcher,
                    )
                ]
            }
        }
    )
    shown = sandbox.cli("list").stdout
    assert long_command in shown and long_matcher in shown, shown
    assert "a-rather-long-hook-name-for-a-list" in shown and "…" not in shown
    claude_command = "bash -c 'echo a long claude command that runs past sixty characters x'"
    sandbox.write(
        sandbox.workspace / ".claude" / "settings.json",
        {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": claude_command}]}]}},
    )
    assert claude_command in sandbox.cli("list", "--host", "claude").stdout
