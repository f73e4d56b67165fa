"""The one small protocol every agent's reader follows, and what a reader yields.

A reader knows one agent's rules: which paths at the root of a repository it reads, in
which syntax, the shape of the hooks inside, and when that agent runs them. It never opens
a file itself: the shared scan (core.scan.scan) reads each path safely (core.files),
parses it, and hands the reader a `Document`; the reader yields an `Entry` per command
and a `Skipped` for any part it cannot read as hooks. Lines, risks, hidden characters and
findings are the shared scan's work, the same for every agent.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol

from hookdash.core.rules import Level

# How the shared scan reads a file, by its name: `.toml` as TOML, `.json` as JSON with
# comments, anything else (Cline's hook scripts) as an executable.
Syntax = Literal["json", "toml", "executable"]


def syntax_of(rel: str) -> Syntax:
    if rel.endswith(".toml"):
        return "toml"
    return "json" if rel.endswith(".json") else "executable"


@dataclass(frozen=True)
class Document:
    """One file, read and parsed (for `executable`: only its path; the scan reads the
    script's head for its risks)."""

    rel: str  # relative to the root, with forward slashes
    path: Path
    text: str | None
    value: Any


@dataclass(frozen=True)
class Entry:
    """One command an agent's file asks it to run."""

    event: str
    command: str
    pointer: str | None = None  # JSON pointer to the command, for its line
    line: int | None = None  # when the reader knows the line itself (TOML, scripts)
    matcher: str | None = None
    name: str | None = None
    field: str = "command"
    cwd: str | None = None  # the working directory the agent runs it in, relative to root
    runs_when: str | None = None  # instead of the reader's sentence (a disabled hook)
    # "setting": a command a settings key runs that is not a hook (Claude Code's
    # apiKeyHelper, statusLine, …); `event` is then the key, and its finding is `rule_id`
    # at `level`. "mcp-server": an MCP server the agent starts (or URL it contacts);
    # `name` is the server's, `command` its program and arguments as one line (or URL).
    kind: Literal["hook", "setting", "mcp-server"] = "hook"
    rule_id: str = "repo-hook"
    level: Level | None = None
    # Variables the agent sets to a place for this command, relative to the root (a
    # Claude plugin's hooks get `CLAUDE_PLUGIN_ROOT`: the repository, when it is one).
    variables: dict[str, str] | None = None


@dataclass(frozen=True)
class Skipped:
    """A part of a hook file that is not in the shape the agent reads."""

    message: str
    pointer: str | None = None
    line: int | None = None


class AgentReader(Protocol):
    """One agent's project-level hook files."""

    @property
    def agent(self) -> str:
        """The agent's id (core.scan.model.AGENT_NAMES)."""
        ...

    def paths(self, root: Path) -> list[str]:
        """The relative paths this agent would read at the root. Fixed names, except
        where the agent reads a directory (Copilot's `.github/hooks/*.json`, Cline's
        `.clinerules/hooks/`): then one listing of that directory, never a walk."""
        ...

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        """The commands in one file."""
        ...

    def runs_when(self, rel: str) -> str:
        """One sentence: when this agent runs the hooks of the file at `rel`."""
        ...


def listing(root: Path, rel_dir: str, limit: int = 1000) -> list[str]:
    """The names in one directory at the root (sorted, at most `limit` read): what an
    agent that reads a directory sees. Empty when it is not a directory. Symbolic links
    are listed; the scan decides whether what they lead to may be read."""
    import os

    directory = root / rel_dir
    try:
        if not directory.is_dir():
            return []
        names: list[str] = []
        with os.scandir(directory) as it:
            for entry in it:
                names.append(entry.name)
                if len(names) >= limit:
                    break
    except OSError:
        return []
    return sorted(names)
