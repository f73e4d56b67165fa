"""`hookdash scan`: what every coding agent would run because of files in a repository.

For each agent (core.scan.agents), the listed paths at the root of the repository, and
only those: the scan never walks the tree, so a repository of 100,000 files scans as fast
as an empty one, and `node_modules/**/.claude` or `docs/hooks.json` are never read.
Nothing is read from the user's home: a hook file, or the script a hook runs, that leads
out of the repository (a symbolic link, `../`, an absolute path) is reported, not read.

Every file is read through core.files (no FIFO, device or endless file can hang the
scan), up to `MAX_HOOK_FILE_BYTES`; one that is not a regular file, too large, not UTF-8,
does not parse or holds hidden characters is a finding, never a traceback.

For every hook: the risk flags and hidden-character checks of the Gemini review
(core.load.risks `hook_risks`, core.display `iter_hidden`), applied to the command and to
the script it runs (found by core.load.command_scripts' ScriptFinder, read by
core.load.script_head), and the agent's own sentence on when it runs it.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.display import iter_hidden, shorten, visible
from hookdash.core.hosts.claude.files import parse_settings
from hookdash.core.load.command_scripts import ScriptFinder
from hookdash.core.load.risks import hook_risks, kinds_of
from hookdash.core.load.script_head import read_head
from hookdash.core.model import RiskFlag, RiskSpan
from hookdash.core.rules import Level, rule
from hookdash.core.scan.agents import READERS
from hookdash.core.scan.agents.claude import STRICT_JSON as CLAUDE_STRICT_JSON
from hookdash.core.scan.model import (
    AGENT_NAMES,
    AgentFiles,
    Finding,
    ScannedHook,
    ScanReport,
)
from hookdash.core.scan.reader import AgentReader, Document, Entry, Skipped, syntax_of
from hookdash.core.scripts import ScriptInfo

# A hook file larger than this is not reviewed (a finding says so): real ones are a few KB.
MAX_HOOK_FILE_BYTES = 8 * 1024 * 1024

# What the agents expand in a command to the project directory: enough to find the script
# a hook runs (nothing else is expanded, nothing is read from the environment).
_PROJECT_VARIABLES = (
    "GEMINI_PROJECT_DIR",
    "CLAUDE_PROJECT_DIR",
    "QWEN_PROJECT_DIR",
    "CURSOR_PROJECT_DIR",
    "CODEX_PROJECT_DIR",
)
_TOML_WHERE = re.compile(r"\(at line (\d+), column (\d+)\)")
_URL_WHY = "An http hook sends the event's JSON (prompts, tool input, file contents) to this URL."
_MCP_URL_WHY = (
    "An MCP server's URL: contacted at start; the tools (and descriptions) it answers with "
    "reach the model."
)


def scan_repository(root: str | Path) -> ScanReport:
    """Every agent's project-level hooks at the root of `root`."""
    top = os.path.realpath(root)
    scan = _Scan(top)
    for reader in READERS:
        scan.agent(reader)
    return ScanReport(root=top, agents=scan.agents, hooks=scan.hooks, findings=scan.findings)


class _Scan:
    def __init__(self, root: str) -> None:
        self.root = root
        self.path = Path(root)
        variables = {name: root for name in _PROJECT_VARIABLES}
        variables["PATH"] = os.defpath
        self.variables = variables
        self.finder = ScriptFinder(self.path, variables)
        self.agents: list[AgentFiles] = []
        self.hooks: list[ScannedHook] = []
        self.findings: list[Finding] = []
        self._home = os.path.expanduser("~")
        self._checked_scripts: set[str] = set()
        self._finders: dict[str, jsonc.LineFinder] = {}
        # Claude Code settings files it drops whole (not strict JSON): why, by path.
        self._ignored: dict[str, str] = {}

    # ------------------------------------------------------------------------ files

    def agent(self, reader: AgentReader) -> None:
        present: list[str] = []
        for rel in reader.paths(self.path):
            path = self.path / rel
            if not (path.exists() or path.is_symlink()):
                continue
            present.append(rel)
            doc = self._read(reader.agent, rel)
            if doc is None:
                continue
            for item in reader.entries(doc):
                if isinstance(item, Skipped):
                    self._skipped(reader.agent, doc, item)
                else:
                    self._hook(reader, doc, item)
        if present:
            self.agents.append(AgentFiles(agent=reader.agent, files=present))

    def _find(
        self,
        agent: str,
        rule_id: str,
        message: str,
        rel: str | None,
        line: int | None,
        level: Level | None = None,
    ) -> None:
        level = level or rule(rule_id).level
        self.findings.append(
            Finding(rule_id=rule_id, level=level, message=message, agent=agent, file=rel, line=line)
        )

    def _inside(self, real: str) -> bool:
        return real == self.root or real.startswith(self.root + os.sep)

    def _read(self, agent: str, rel: str) -> Document | None:
        path = self.path / rel
        real = os.path.realpath(path)
        if not self._inside(real):
            self._find(
                agent,
                "hook-file-unreadable",
                f"{rel} leads out of the repository (to {real}): hookdash does not read it, "
                f"but {AGENT_NAMES[agent]} follows the link.",
                rel,
                None,
            )
            return None
        syntax = syntax_of(rel)
        if syntax == "executable":
            kind = files.not_regular(real)
            if kind is not None:
                self._unreadable(agent, rel, f"it is {kind}, not a regular file")
                return None
            self._hidden_in_script(agent, real, f"the hook script {rel}")
            return Document(rel=rel, path=Path(real), text=None, value=None)
        try:
            text = files.read_decoded(real, cap=MAX_HOOK_FILE_BYTES).text
        except files.NotUtf8Error as exc:
            self._unreadable(agent, rel, f"it is not valid UTF-8 (line {exc.line})", exc.line)
            return None
        except OSError as exc:
            self._unreadable(agent, rel, exc.strerror or str(exc))
            return None
        self._hidden_in_file(agent, rel, text)
        if agent == "claude" and rel in CLAUDE_STRICT_JSON:
            self._claude_strict(rel, text)
        try:
            value = _parse(text, syntax)
        except _ParseError as exc:
            if rel in self._ignored:
                return None  # said once, the way Claude Code reads it
            self._find(
                agent,
                "hook-file-does-not-parse",
                f"{rel} does not parse as {syntax.upper()}: {exc.message}",
                rel,
                exc.line,
            )
            return None
        return Document(rel=rel, path=Path(real), text=text, value=value)

    def _claude_strict(self, rel: str, text: str) -> None:
        """Claude Code parses its settings as strict JSON and drops the whole file on one
        comment or trailing comma, without a word: a finding with the line and column, and
        the file's hooks (still listed, read leniently, for the review) marked as not run."""
        _value, error = parse_settings(text.removeprefix("\ufeff"))
        if error is None:
            return
        where = f" at line {error.line}, column {error.column}" if error.line else ""
        why = visible(error.message) + where
        self._ignored[rel] = (
            f"Claude Code ignores this file ({why}), so it runs none of its hooks until "
            "the file is strict JSON."
        )
        self._find(
            "claude",
            "hook-file-does-not-parse",
            f"{rel} is {why}: Claude Code ignores this file, silently; none of its hooks "
            "or other settings apply.",
            rel,
            error.line,
        )

    def _unreadable(self, agent: str, rel: str, why: str, line: int | None = None) -> None:
        self._find(
            agent,
            "hook-file-unreadable",
            f"{rel} cannot be reviewed: {why}. hookdash cannot tell what "
            f"{AGENT_NAMES[agent]} would run from it.",
            rel,
            line,
        )

    def _hidden_in_file(self, agent: str, rel: str, text: str) -> None:
        found = _hidden(text)
        if found:
            line, _column = jsonc.line_col(text, found[0].offset)
            self._find(
                agent,
                "hidden-characters",
                f"{rel} holds hidden characters ({_labels(found)}): what a reviewer reads "
                "is not what the agent reads.",
                rel,
                line,
            )

    def _hidden_in_script(self, agent: str, path: str, what: str) -> None:
        head = read_head(path)
        if head.text is None:
            return
        found = _hidden(head.text)
        if found:
            line, _column = jsonc.line_col(head.text, found[0].offset)
            self._find(
                agent,
                "hidden-characters",
                f"{what[0].upper()}{what[1:]} holds hidden characters ({_labels(found)}): "
                "what a reviewer reads is not what runs.",
                self._rel(path),
                line,
            )

    def _skipped(self, agent: str, doc: Document, item: Skipped) -> None:
        line = item.line if item.line is not None else self._line(doc, item.pointer)
        self._find(
            agent,
            "hook-file-unexpected-shape",
            f"In {doc.rel}, {item.message}: hookdash skipped it.",
            doc.rel,
            line,
        )

    # ------------------------------------------------------------------------ hooks

    def _hook(self, reader: AgentReader, doc: Document, entry: Entry) -> None:
        line = entry.line if entry.line is not None else self._line(doc, entry.pointer)
        runs_when = self._ignored.get(doc.rel) if reader.agent == "claude" else None
        runs_when = runs_when or entry.runs_when or reader.runs_when(doc.rel)
        risks = self._risks(reader.agent, entry, doc)
        hook = ScannedHook(
            agent=reader.agent,
            file=doc.rel,
            line=line,
            event=entry.event,
            matcher=entry.matcher,
            command=entry.command,
            risks=risks,
            runs_when=runs_when,
            name=entry.name,
            field=entry.field,
            kind=entry.kind,
        )
        self.hooks.append(hook)
        name = AGENT_NAMES[reader.agent]
        matcher = f" (matcher {entry.matcher!r})" if entry.matcher not in (None, "", "*") else ""
        what = f"{_a(entry.event).capitalize()} {entry.event} hook{matcher}"
        owner = f"{_a(entry.event)} {entry.event} hook"
        if entry.kind == "setting":
            what = f"The {entry.event} setting, a command that is not a hook"
        elif entry.kind == "mcp-server":
            owner = f"the MCP server '{entry.name}'"
            kind = "a URL it contacts" if entry.field == "url" else "a process it starts"
            what = f"The MCP server '{entry.name}', {kind}"
        # A file the agent ignores runs nothing: its entries are notes, whatever they hold.
        ignored = reader.agent == "claude" and doc.rel in self._ignored
        self._find(
            reader.agent,
            entry.rule_id,
            f"{what}: `{shorten(entry.command, 120)}`. {runs_when}",
            doc.rel,
            line,
            "note" if ignored else entry.level,
        )
        for what, value in (
            ("event name", entry.event),
            ("matcher", entry.matcher or ""),
            ("name", entry.name or ""),
            ("command", entry.command),
        ):
            found = list(iter_hidden(value, multiline=True))
            if found:
                self._find(
                    reader.agent,
                    "hidden-characters",
                    f"The {what} of {owner} in {doc.rel} holds hidden characters "
                    f"({_labels(found)}): what a reviewer reads is not what {name} runs.",
                    doc.rel,
                    line,
                )
        if risks:
            examples = []
            for kind in kinds_of(risks):
                flag = next(f for f in risks if f.kind == kind)
                where = f" in {flag.file}:{flag.line}" if flag.file else ""
                examples.append(f"{kind} ({shorten(flag.span.text, 60)}{where})")
            self._find(
                reader.agent,
                "risky-command",
                f"{owner[0].upper()}{owner[1:]} of {name} in {doc.rel} "
                f"{'runs a script that does' if any(f.file for f in risks) else 'does'} "
                f"what a reviewer must see: {', '.join(examples)}.",
                doc.rel,
                line,
            )

    def _risks(self, agent: str, entry: Entry, doc: Document) -> list[RiskFlag]:
        if entry.field == "url":
            return [
                RiskFlag(
                    kind="network",
                    span=RiskSpan(text=shorten(entry.command, 60), start=0, end=len(entry.command)),
                    why=_MCP_URL_WHY if entry.kind == "mcp-server" else _URL_WHY,
                )
            ]
        if entry.field == "file":  # the hook is the script itself (Cline)
            scripts = [
                ScriptInfo(
                    path=str(doc.path),
                    program=doc.rel,
                    kind="script",
                    exists=True,
                    executable=True,
                )
            ]
            command = None
        else:
            scripts = self._scripts(entry)
            command = entry.command
        flags = hook_risks(command, scripts, workspace=self.root, home=self._home)
        if entry.field != "file":
            for script in scripts:
                if script.path and not script.is_task:
                    self._hidden_in_script_once(agent, script.path)
        return [
            f.model_copy(update={"file": self._rel(f.file)}) if f.file is not None else f
            for f in flags
        ]

    def _scripts(self, entry: Entry) -> list[ScriptInfo]:
        """Every script of the repository the command runs (as bash would find them);
        one outside it (the user's home, /etc…) is not read."""
        finder = self.finder
        if entry.cwd:
            cwd = os.path.realpath(self.path / entry.cwd)
            if not self._inside(cwd):
                return []
            finder = ScriptFinder(Path(cwd), self.variables)
        return [
            script
            for script in finder.find(entry.command).scripts
            if script.kind != "command"
            and script.path
            and self._inside(os.path.realpath(script.path))
        ]

    def _hidden_in_script_once(self, agent: str, path: str) -> None:
        if path in self._checked_scripts:
            return
        self._checked_scripts.add(path)
        self._hidden_in_script(agent, path, f"the script {self._rel(path)}")

    def _line(self, doc: Document, pointer: str | None) -> int | None:
        """The line of a JSON pointer in a JSON document (one LineFinder per file)."""
        if pointer is None or doc.text is None or syntax_of(doc.rel) != "json":
            return None
        if not pointer:
            return 1
        finder = self._finders.get(doc.rel)
        if finder is None:
            finder = self._finders[doc.rel] = jsonc.LineFinder(doc.text)
        try:
            return finder.line(pointer)
        except (ValueError, IndexError, RecursionError):
            return None

    def _rel(self, path: str) -> str:
        real = os.path.realpath(path)
        return os.path.relpath(real, self.root) if self._inside(real) else path


def _hidden(text: str) -> list[Any]:
    """Hidden characters of a file's text; the CR of a CRLF line ending is not one."""
    return [
        h
        for h in iter_hidden(text, multiline=True)
        if not (h.code_point == 0x0D and text.startswith("\n", h.offset + 1))
    ]


def _labels(found: list[Any]) -> str:
    more = f" and {len(found) - 1} more" if len(found) > 1 else ""
    return f"{found[0].label}{more}"


class _ParseError(Exception):
    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def _parse(text: str, syntax: str) -> Any:
    if syntax == "toml":
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            where = _TOML_WHERE.search(str(exc))
            return _raise(visible(str(exc)), int(where.group(1)) if where else None)
        except RecursionError:
            return _raise("it is nested too deeply", None)
    try:
        return jsonc.parse(text)
    except jsonc.JsonParseError as exc:
        return _raise(visible(exc.message), exc.line)


def _raise(message: str, line: int | None) -> Any:
    raise _ParseError(message, line)


def _a(word: str) -> str:
    """The article before an event's name as it is said: "an AfterAgent", "a UserPromptSubmit"
    (a leading U is said "you")."""
    return "an" if word[:1].lower() in "aeio" and word else "a"
