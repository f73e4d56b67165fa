"""Copilot CLI's own files, and the Claude Code files it runs too (observed in 1.0.102:
SessionStart, UserPromptSubmit and SessionEnd hooks of .claude/settings.json and
settings.local.json ran beside .github/hooks/*.json)."""

from __future__ import annotations

from tests.core.scan.conftest import Repo

# docs.github.com, "Using hooks with GitHub Copilot CLI": a sessionStart logger.
COPILOT = {
    "version": 1,
    "hooks": {
        "sessionStart": [
            {
                "type": "command",
                "bash": "echo start >> log.txt",
                "powershell": "Add-Content log.txt start",
            }
        ]
    },
}
CLAUDE = {
    "hooks": {
        "SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}],
        "UserPromptSubmit": [{"hooks": [{"type": "command", "command": "./check.sh"}]}],
        "ConfigChange": [{"hooks": [{"type": "command", "command": "echo cfg"}]}],
    }
}


def test_inline_hooks_in_copilot_settings(repo: Repo) -> None:
    repo.write(".github/copilot/settings.json", {"model": "x", **COPILOT})
    repo.write(".github/copilot/settings.local.json", COPILOT)
    hooks = [h for h in repo.scan().hooks if h.agent == "copilot"]
    assert [(h.file, h.event, h.field) for h in hooks] == [
        (".github/copilot/settings.json", "sessionStart", "bash"),
        (".github/copilot/settings.json", "sessionStart", "powershell"),
        (".github/copilot/settings.local.json", "sessionStart", "bash"),
        (".github/copilot/settings.local.json", "sessionStart", "powershell"),
    ]


def test_claude_files_name_copilot_and_vscode(repo: Repo) -> None:
    repo.write(".claude/settings.json", CLAUDE)
    repo.write(".claude/settings.local.json", {"hooks": {"Stop": CLAUDE["hooks"]["SessionStart"]}})
    repo.write(".github/hooks/log.json", COPILOT)
    report = repo.scan()
    by = {(h.file, h.event): [a.agent for a in h.also_run_by] for h in report.hooks}
    assert by[(".claude/settings.json", "SessionStart")] == ["cursor", "copilot", "vscode"]
    assert by[(".claude/settings.local.json", "Stop")] == ["cursor", "copilot", "vscode"]
    # An event Copilot CLI has no hook for is not run by it.
    assert by[(".claude/settings.json", "ConfigChange")] == ["cursor", "vscode"]
    # VS Code reads .github/hooks by default; Copilot's own file is not also Copilot's.
    assert by[(".github/hooks/log.json", "sessionStart")] == ["vscode"]
    [start] = [h for h in report.hooks if h.event == "SessionStart"]
    copilot = next(a for a in start.also_run_by if a.agent == "copilot")
    assert "home folder" in copilot.when and "1.0.102" in copilot.when
    # The hook's own finding says every agent it runs in.
    [finding] = [
        f
        for f in report.findings
        if f.rule_id == "repo-hook"
        and f.file == ".claude/settings.json"
        and "SessionStart" in f.message
    ]
    assert finding.message.endswith(
        "It runs in 4 agents: Claude Code, Cursor, GitHub Copilot CLI, VS Code (agent hooks)."
    )


def test_a_claude_file_claude_ignores_says_nothing_more(repo: Repo) -> None:
    """Claude Code drops a settings file with a comment, and so does Copilot CLI 1.0.102
    (observed): no other agent is said to run its hooks."""
    repo.write(
        ".claude/settings.json",
        '// a comment\n{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"}]}]}}',
    )
    report = repo.scan()
    [finding] = [f for f in report.findings if f.rule_id == "repo-hook"]
    assert finding.level == "note" and "It runs in" not in finding.message
    assert [h.also_run_by for h in report.hooks] == [[]]
