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
from pathlib import Path
from typing import Any, Final, Literal, Protocol

from hookdash.core.record_class import record
from hookdash.core.rules import Level
from hookdash.core.scan.events import event_kind

EntryKind = Literal["hook", "setting", "mcp-server", "plugin"]

# How the shared scan reads a file: `.toml` as TOML, `.json`/`.jsonc` (and what a reader
# says is JSON) as JSON with comments, anything else (Cline's hook scripts, a plugin's code)
# as an executable: not parsed, its head read for risks and hidden characters. "markdown"
# (a reader says so: Claude Code's skills and agents) is read safely as text by the scan and
# parsed by the reader itself (`AgentReader.parse`: the agent's own reading of its
# frontmatter, the one `list` uses too).
Syntax = Literal["json", "toml", "executable", "markdown"]


class NotParsed(Exception):
    """A file that does not parse as its syntax: what is wrong, and the line (1-based)."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def syntax_of(rel: str) -> Syntax:
    """The syntax a file's name says (a reader may say otherwise: `AgentReader.syntax`)."""
    if rel.endswith(".toml"):
        return "toml"
    return "json" if rel.endswith((".json", ".jsonc")) else "executable"


class Document:
    """One file, read and parsed (for `executable`: only its path; the scan reads the
    script's head for its risks)."""

    __slots__ = ("path", "rel", "syntax", "text", "value")
    rel: Final[str]  # relative to the root, with forward slashes
    path: Final[Path]
    text: Final[str | None]
    value: Final[Any]
    syntax: Final[Syntax]

    def __init__(
        self, rel: str, path: Path, text: str | None, value: Any, syntax: Syntax = "json"
    ) -> None:
        self.rel = rel
        self.path = path
        self.text = text
        self.value = value
        self.syntax = syntax


@record
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
    # "plugin": code the agent loads into its own process at start (`command` is the
    # file, or the package it names); never quiet, whatever its text shows.
    kind: EntryKind = "hook"
    rule_id: str = "repo-hook"
    level: Level | None = None
    # Variables the agent sets to a place for this command, relative to the root (a
    # Claude plugin's hooks get `CLAUDE_PLUGIN_ROOT`: the repository, when it is one).
    variables: dict[str, str] | None = None


@record
class Skipped:
    """A part of a hook file that is not in the shape the agent reads."""

    message: str
    pointer: str | None = None
    line: int | None = None


class AgentReader(Protocol):
    """One agent's project-level hook files (a room's `scan` module gives one as READER)."""

    @property
    def agent(self) -> str:
        """The agent's id (stable, in `scan --json`): its room's name."""
        ...

    @property
    def label(self) -> str:
        """The agent as people name it ("GitHub Copilot CLI")."""
        ...

    @property
    def rank(self) -> int:
        """Its place in scan order (lower first)."""
        ...

    @property
    def variables(self) -> tuple[str, ...]:
        """The variables the agent sets to the project directory when it runs a hook
        (`CLAUDE_PROJECT_DIR`…): the scan resolves them to the root to find scripts."""
        ...

    def paths(self, root: Path) -> list[str]:
        """The relative paths this agent would read at the root. Fixed names, except
        where the agent reads a directory (Copilot's `.github/hooks/*.json`, Cline's
        `.clinerules/hooks/`): then one listing of that directory, never a walk."""
        ...

    def watched(self) -> tuple[str, ...]:
        """Every file and folder (relative; a `*` stands for one name, as in
        `.claude/skills/*/SKILL.md`) whose content `paths` may read: `scan --diff` reads only
        these from the base revision."""
        ...

    def syntax(self, rel: str) -> Syntax:
        """How to read the file at `rel` (`syntax_of` its name, unless the agent says
        otherwise: a Cline hook named `PreToolUse.json` is a program, not JSON)."""
        ...

    def ignored(self, rel: str, text: str) -> tuple[str, int | None] | None:
        """Why the agent drops this whole file although hookdash can read it (Claude Code's
        strict JSON), with the line: the file's hooks are then listed as not run."""
        ...

    def parse(self, rel: str, text: str) -> Any:
        """The value of a file of the reader's own syntax ("markdown"), as `entries` takes
        it; NotParsed when it does not parse (the message says what the agent then does)."""
        ...

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        """The commands in one file."""
        ...

    def runs_when(self, rel: str) -> str:
        """One sentence: when this agent runs the hooks of the file at `rel`."""
        ...

    def event_kind(self, event: str) -> str:
        """The kind of moment one of its events is (core.scan.events), to tell when two
        agents run the same command at the same moment."""
        ...

    def also_runs(self, agent: str, rel: str, kind: str, event: str) -> str | None:
        """When this agent runs a hook of another agent's file (`agent` the file's owner,
        `kind` the entry kind, `event` the owner's event name): one sentence, or None when
        it does not run it."""
        ...


class BaseReader:
    """What most readers share: no variables, the syntax of the file's name, no file
    dropped whole, the shared event kinds, no other agent's file run; `watched` is what
    `paths` names, with directories a reader lists given in `listed`."""

    agent: str
    label: str
    rank: int = 1000
    variables: tuple[str, ...] = ()
    listed: tuple[str, ...] = ()

    def paths(self, root: Path) -> list[str]:
        raise NotImplementedError

    def watched(self) -> tuple[str, ...]:
        fixed = [p for p in self.paths(Path("/nonexistent-root")) if "*" not in p]
        return (*fixed, *self.listed)

    def syntax(self, rel: str) -> Syntax:
        return syntax_of(rel)

    def ignored(self, rel: str, text: str) -> tuple[str, int | None] | None:
        return None

    def parse(self, rel: str, text: str) -> Any:
        raise NotParsed(f"hookdash has no reading of {rel} for this agent", None)

    def event_kind(self, event: str) -> str:
        return event_kind(event)

    def also_runs(self, agent: str, rel: str, kind: str, event: str) -> str | None:
        return None


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
