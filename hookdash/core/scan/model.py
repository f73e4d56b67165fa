"""What `hookdash scan` reports (`scan --json`): the agents whose files the
repository carries, every hook in them, and the findings, each under a rule of the one
catalogue (core.rules). `check` reports its problems as the same findings, so both speak
SARIF and GitHub workflow commands the same way.

The report is a tree of plain dataclasses, printed as JSON by core.display.json_text in
the order the fields are declared here: `scan` builds it from what it reads itself and
validates nothing, so it starts without importing pydantic (a tenth of a second). The
same classes are the report's schema for whoever reads it back: pydantic validates and
dumps them (`TypeAdapter(ScanReport)`), as the tests do with `scan --format json`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Literal

from hookdash.core.findings import RiskFlag, Unknown
from hookdash.core.hosts.scanned import AGENT_NAMES as AGENT_NAMES
from hookdash.core.other_agents import AlsoRunBy
from hookdash.core.record_class import field as _field, record
from hookdash.core.rules import LEVEL_RANK, Level

if TYPE_CHECKING:
    from hookdash.core.problems import Problem


# Each record is frozen (a change is a `dataclasses.replace`) and keyword-only (fields with
# defaults sit among those without, in the order the JSON gives them); none is compared
# or hashed (core.scan.diff compares what identifies a hook), so each is a `record`, which
# generates only its __init__. (`_field`: a scanned hook has a field named `field`.)
@record(slots=True, kw_only=True)
class AgentFiles:
    """An agent whose hook files the repository carries, and which ones (relative paths)."""

    agent: str
    files: list[str]


@record(slots=True, kw_only=True)
class ScannedHook:
    """One command an agent would run because of a file in the repository."""

    agent: str
    file: str  # relative to the scanned root
    line: int | None
    event: str  # the agent's own name for it
    matcher: str | None
    command: str  # as written (for an http hook: its URL)
    # A flag found in a script has `file` relative to the root.
    risks: list[RiskFlag] = _field(default_factory=list)
    # Whether hookdash understood all of it, and the parts it did not (core.load.understood;
    # `file` relative to the root).
    understood: bool = False  # (a record nothing analysed is not understood)
    unknowns: list[Unknown] = _field(default_factory=list)
    runs_when: str  # one sentence: when this agent runs it
    name: str | None = None  # the hook's own name, or its bundle's (Antigravity)
    field: str = "command"  # the key the command is written under (bash, powershell, url…)
    # "setting": a command a settings key runs that is not a hook (Claude Code's
    # apiKeyHelper, statusLine, …); `event` is then that key. "mcp-server": an MCP server
    # the agent starts (`name` the server's, `event` "MCP server"). "plugin": code the
    # agent loads into its own process at start (`command` the file or package).
    kind: Literal["hook", "setting", "mcp-server", "plugin"] = "hook"
    # Every other agent that runs this hook, and when (a repository's .claude/settings.json
    # is run by Copilot CLI too).
    also_run_by: list[AlsoRunBy] = _field(default_factory=list)
    # The repository's scripts the command runs (relative to the root), as bash finds them.
    scripts: list[str] = _field(default_factory=list)


@record(slots=True, kw_only=True)
class Finding:
    """One finding, under a rule of the catalogue."""

    rule_id: str
    level: Level
    message: str
    agent: str | None
    file: str | None  # relative to the root when inside it
    line: int | None


@record(slots=True, kw_only=True)
class ScanReport:
    """Everything `hookdash scan --json` prints."""

    root: str
    agents: list[AgentFiles]
    hooks: list[ScannedHook]
    findings: list[Finding]


@record(slots=True, kw_only=True)
class DiffReport(ScanReport):
    """`hookdash scan --diff BASE`: only the hooks and findings the change since `base`
    adds or modifies; `agents` lists the files it touched."""

    base: str


def at_or_above(findings: Iterable[Finding], level: str) -> list[Finding]:
    """The findings at `level` or worse (`--fail-on`); none for `never`."""
    if level not in LEVEL_RANK:
        return []
    bar = LEVEL_RANK[level]
    return [f for f in findings if LEVEL_RANK[f.level] <= bar]


def relative_to(path: str | None, root: str) -> str | None:
    """`path` relative to `root` when it lies inside it, else as it is."""
    if path is None:
        return None
    if not os.path.isabs(path):
        return path
    try:
        inside = os.path.commonpath([path, root]) == root
    except ValueError:
        return path
    return os.path.relpath(path, root) if inside else path


def problem_findings(
    problems: Iterable[Problem], workspace: str, agent: str | None
) -> list[Finding]:
    """`check`'s problems of one agent's files (`agent`: the host's name; None for what is
    about no one agent, such as the watch over your own hooks) as findings."""
    return [
        Finding(
            rule_id=p.code,
            level=p.level,
            message=p.message + (f" Fix: {p.fix}" if p.fix else ""),
            agent=agent,
            file=relative_to(p.file, workspace),
            line=p.line,
        )
        for p in problems
    ]


def foreign_hooks(report: ScanReport, managed: Iterable[str]) -> list[ScannedHook]:
    """The hooks of agents hookdash does not manage (`managed`: the registered hosts'
    names, whose hooks the dashboard's list shows itself, each read as it reads them)."""
    names = set(managed)
    return [h for h in report.hooks if h.agent not in names]


def foreign_summary(report: ScanReport, managed: Iterable[str]) -> str | None:
    """“This repository also brings hooks for Cursor (2), Codex CLI (1)”, or None."""
    counts: dict[str, int] = {}
    for hook in foreign_hooks(report, managed):
        counts[hook.agent] = counts.get(hook.agent, 0) + 1
    if not counts:
        return None
    listed = ", ".join(f"{AGENT_NAMES[agent]} ({n})" for agent, n in counts.items())
    return f"This repository also brings hooks for {listed}"
