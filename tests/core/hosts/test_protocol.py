"""Both hosts behind one protocol: each is a `Host`, and what the protocol promises holds
on real files (records carry their host, scopes come from the host's own list)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hookdash.core.hosts import Host, host, host_names


def _machine(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    home = tmp_path / "home"
    workspace = tmp_path / "project"
    (home / ".gemini").mkdir(parents=True)
    (workspace / ".gemini").mkdir(parents=True)
    (workspace / ".claude").mkdir(parents=True)
    environ = {
        "HOME": str(home),
        "GEMINI_CLI_HOME": str(home),
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(tmp_path / "system" / "settings.json"),
        "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": str(tmp_path / "system" / "defaults.json"),
        "HOOKDASH_STATE_DIR": str(tmp_path / "state"),
        "HOOKDASH_CLAUDE_MANAGED_DIR": str(tmp_path / "managed"),
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "PATH": "/nonexistent",
        "GEMINI_CLI_TRUST_WORKSPACE": "true",
    }
    return workspace, environ


@pytest.mark.parametrize("name", host_names())
def test_each_host_is_a_host(name: str) -> None:
    h = host(name)
    assert isinstance(h, Host) and h.name == name
    assert h.events() and h.scopes


def test_records_carry_their_host_and_its_scopes(tmp_path: Path) -> None:
    workspace, environ = _machine(tmp_path)
    gemini_hook = {"type": "command", "command": "echo g", "name": "g"}
    (workspace / ".gemini" / "settings.json").write_text(
        json.dumps(
            {"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [gemini_hook]}]}}
        )
    )
    (workspace / ".claude" / "settings.json").write_text(
        json.dumps(
            {
                "hooks": {
                    "PreToolUse": [
                        {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo c"}]}
                    ]
                }
            }
        )
    )
    for name, event, tool, command in (
        ("gemini", "BeforeTool", "run_shell_command", "echo g"),
        ("claude", "PreToolUse", "Bash", "echo c"),
    ):
        h = host(name)
        assert h.has_files(workspace, environ)
        snapshot = h.load(workspace, environ)
        hooks = snapshot.hooks
        assert [hook.command for hook in hooks] == [command]
        assert all(hook.host == name and hook.scope in h.scopes for hook in hooks)
        assert h.matches(hooks[0].matcher, event, tool)
        assert not h.matches(hooks[0].matcher, event, "some_other_tool")
        assert [hook.command for hook in h.plan(snapshot, event, tool).hooks] == [command]


def test_no_files_no_host(tmp_path: Path) -> None:
    workspace, environ = _machine(tmp_path)
    assert not host("claude").has_files(workspace, environ)
