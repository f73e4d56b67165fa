"""One command configured for two agents, run twice by an agent that reads both files
(github/copilot-cli#2338: Copilot CLI runs a repository's .claude/settings.json and its own
.github/hooks/*.json)."""

from __future__ import annotations

from hookdash.core.hosts.scanned import scan_readers
from hookdash.core.scan.double_firing import command_key
from tests.core.scan.conftest import Repo


def claude(event: str, command: str, matcher: str | None = None) -> dict[str, object]:
    group: dict[str, object] = {"hooks": [{"type": "command", "command": command}]}
    if matcher is not None:
        group["matcher"] = matcher
    return {"hooks": {event: [group]}}


def copilot(event: str, command: str) -> dict[str, object]:
    return {"version": 1, "hooks": {event: [{"type": "command", "bash": command}]}}


def test_the_same_guard_for_claude_and_copilot_runs_twice_in_copilot(repo: Repo) -> None:
    repo.write(
        ".claude/settings.json", claude("PreToolUse", '"$CLAUDE_PROJECT_DIR"/guard.sh', "Bash")
    )
    repo.write(".github/hooks/guard.json", copilot("preToolUse", "./guard.sh"))
    report = repo.scan()
    found = [f for f in report.findings if f.rule_id == "double-firing"]
    assert [(f.agent, f.level, f.file) for f in found] == [
        ("copilot", "warning", ".github/hooks/guard.json"),
        ("vscode", "warning", ".github/hooks/guard.json"),
    ]
    message = found[0].message
    assert message.startswith("GitHub Copilot CLI runs `")
    assert "twice at each before-tool event" in message
    assert ".claude/settings.json:" in message and ".github/hooks/guard.json:" in message


def test_different_moments_matchers_or_commands_are_not_double(repo: Repo) -> None:
    repo.write(".claude/settings.json", claude("PreToolUse", "./guard.sh", "Edit"))
    repo.write(".github/hooks/a.json", copilot("postToolUse", "./guard.sh"))
    repo.write(".github/hooks/b.json", copilot("sessionStart", "./other.sh"))
    assert not [f for f in repo.scan().findings if f.rule_id == "double-firing"]
    # Same moment, but the matchers cannot both match: Edit vs Bash.
    repo.write(".github/copilot/settings.json", {"hooks": {"preToolUse": []}})
    repo.write(".claude/settings.local.json", claude("PreToolUse", "./x.sh", "Edit"))
    repo.write(".github/hooks/c.json", copilot("preToolUse", "./x.sh"))
    # Copilot's own hooks have no matcher: they run for every tool, so this one is double.
    assert [f.agent for f in repo.scan().findings if f.rule_id == "double-firing"] == [
        "copilot",
        "vscode",
    ]


def test_one_agents_own_files_are_not_called_double(repo: Repo) -> None:
    """Two files of the same agent: each agent's own deduplication rules apply, not this
    finding."""
    repo.write(".claude/settings.json", claude("Stop", "say done"))
    repo.write(".claude/settings.local.json", claude("Stop", "say done"))
    assert not [f for f in repo.scan().findings if f.rule_id == "double-firing"]


def test_command_key_reads_project_variables_as_the_root() -> None:
    names = sorted({n for r in scan_readers() for n in r.variables}, key=len, reverse=True)
    assert command_key('"$CLAUDE_PROJECT_DIR"/a.sh  --x', names) == "a.sh --x"
    assert command_key("${COPILOT_PROJECT_DIR}/a.sh --x", names) == "a.sh --x"
    assert command_key("./a.sh --x", names) == "a.sh --x"
    assert command_key("b.sh", names) != command_key("a.sh", names)
