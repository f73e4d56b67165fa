"""Tabnine's agent settings (`.tabnine/agent/settings.json`, Gemini CLI's format)."""

from __future__ import annotations

from tests.core.scan.conftest import Repo


def test_tabnine_settings_in_geminis_format(repo: Repo) -> None:
    repo.write(
        ".tabnine/agent/settings.json",
        """{
  // Gemini CLI's shape
  "hooks": {
    "enabled": true,
    "BeforeTool": [
      {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "./guard.sh"}]}
    ]
  }
}""",
    )
    [hook] = [h for h in repo.scan().hooks if h.agent == "tabnine"]
    assert (hook.event, hook.matcher, hook.command, hook.line) == (
        "BeforeTool",
        "run_shell_command",
        "./guard.sh",
        6,
    )
