"""`hookdash scan`: what every coding agent would run because of files in a repository.

For each agent (its room's reader, found through core.hosts.scanned), the listed paths at
the root of the repository, and only those: the scan never walks the tree, so a
repository of 100,000 files scans as fast as an empty one, and `node_modules/**/.claude`
or `docs/hooks.json` are never read.
Nothing is read from the user's home: a hook file, or the script a hook runs, that leads
out of the repository (a symbolic link, `../`, an absolute path) is reported, not read.

Every file is read through core.files (no FIFO, device or endless file can hang the
scan), up to `MAX_HOOK_FILE_BYTES`; one that is not a regular file, too large, not UTF-8,
does not parse or holds hidden characters is a finding, never a traceback.

For every hook: the risk flags and hidden-character checks of the Gemini review
(core.load.risks `hook_risks`, core.display `iter_hidden`), applied to the command and to
the script it runs (found by core.load.command_scripts' ScriptFinder, read by
core.load.script_head), and the agent's own sentence on when it runs it; then every other
agent that runs the same hook (a reader's `also_runs`: Copilot CLI runs a repository's
.claude/settings.json), and a finding for one command one agent runs twice at the same
moment because two agents' files configure it (core.scan.double_firing).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.display import iter_hidden, shorten, visible
from hookdash.core.findings import RiskFlag, RiskSpan, Unknown
from hookdash.core.hosts.scanned import scan_readers
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.command_scripts import CommandScripts, ScriptFinder
from hookdash.core.load.risks import hook_risks, kinds_of
from hookdash.core.load.script_head import read_head
from hookdash.core.load.understood import hook_unknowns, unknowns_sentence
from hookdash.core.record_class import replace
from hookdash.core.rules import Level, rule
from hookdash.core.scan.also_run import also_run_by
from hookdash.core.scan.double_firing import double_firings
from hookdash.core.scan.model import (
    AGENT_NAMES,
    AgentFiles,
    Finding,
    ScannedHook,
    ScanReport,
)
from hookdash.core.scan.places import PlaceNames
from hookdash.core.scan.reader import AgentReader, Document, Entry, NotParsed, Skipped
from hookdash.core.scripts import ScriptInfo

# A hook file larger than this is not reviewed (a finding says so): real ones are a few KB.
MAX_HOOK_FILE_BYTES = 8 * 1024 * 1024

_TOML_WHERE = lazy_compile(r"\(at line (\d+), column (\d+)\)")
_URL_WHY = "An http hook sends the event's JSON (prompts, tool input, file contents) to this URL."
_MCP_URL_WHY = (
    "An MCP server's URL: contacted at start; the tools (and descriptions) it answers with "
    "reach the model."
)
_PLUGIN_WHY = (
    "Code the agent loads into its own process at start: it can do whatever the agent "
    "can, decided when it runs; hookdash does not follow what code does."
)


def scan_repository(root: str | Path) -> ScanReport:
    """Every agent's project-level hooks at the root of `root`."""
    top = os.path.realpath(root)
    readers = scan_readers()
    scan = _Scan(top)
    for reader in readers:
        scan.agent(reader)
    scan.also_run()
    scan.findings.extend(double_firings(scan.hooks, readers))
    return ScanReport(root=top, agents=scan.agents, hooks=scan.hooks, findings=scan.findings)


class _Scan:
    def __init__(self, root: str) -> None:
        self.root = root
        self.path = Path(root)
        self._finders_by_agent: dict[str, ScriptFinder] = {}
        self.agents: list[AgentFiles] = []
        self.hooks: list[ScannedHook] = []
        self.findings: list[Finding] = []
        self._home = os.path.expanduser("~")
        self._checked_scripts: set[str] = set()
        self._finders: dict[str, jsonc.LineFinder] = {}
        # Files their agent drops whole (Claude Code's settings that are not strict
        # JSON): why, by path.
        self._ignored: dict[str, str] = {}
        # The index of each hook's own finding (repo-hook…), by the hook's index.
        self._hook_findings: dict[int, int] = {}

    def variables(self, reader: AgentReader) -> dict[str, str]:
        """What the agent's hooks see of the environment, as far as finding their scripts
        needs: its project-directory variables (the root) and a default PATH."""
        variables = {name: self.root for name in reader.variables}
        variables["PATH"] = os.defpath
        return variables

    def finder(self, reader: AgentReader) -> ScriptFinder:
        finder = self._finders_by_agent.get(reader.agent)
        if finder is None:
            finder = ScriptFinder(self.path, self.variables(reader))
            self._finders_by_agent[reader.agent] = finder
        return finder

    def also_run(self) -> None:
        """Every other agent that runs each hook, and when."""
        for index, hook in enumerate(self.hooks):
            if hook.file in self._ignored:
                # Dropped whole by its own agent for its syntax: Copilot CLI 1.0.102 drops
                # a .claude/settings.json with a comment too (observed); no one is said
                # to run it.
                continue
            also = also_run_by(hook.agent, hook.file, hook.event, hook.kind)
            if not also:
                continue
            self.hooks[index] = replace(hook, also_run_by=also)
            at = self._hook_findings.get(index)
            if at is not None:
                finding = self.findings[at]
                names = ", ".join(AGENT_NAMES[a.agent] for a in also)
                more = f" It runs in {len(also) + 1} agents: {AGENT_NAMES[hook.agent]}, {names}."
                self.findings[at] = replace(finding, message=finding.message + more)

    # ------------------------------------------------------------------------ files

    def agent(self, reader: AgentReader) -> None:
        present: list[str] = []
        for rel in reader.paths(self.path):
            path = self.path / rel
            if not (path.exists() or path.is_symlink()):
                continue
            present.append(rel)
            doc = self._read(reader, rel)
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

    def _read(self, reader: AgentReader, rel: str) -> Document | None:
        agent = reader.agent
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
        syntax = reader.syntax(rel)
        if syntax == "executable":
            kind = files.not_regular(real)
            if kind is not None:
                self._unreadable(agent, rel, f"it is {kind}, not a regular file")
                return None
            self._hidden_in_script(agent, real, f"the hook script {rel}")
            return Document(rel=rel, path=Path(real), text=None, value=None, syntax=syntax)
        try:
            text = files.read_utf8(real, cap=MAX_HOOK_FILE_BYTES)
        except files.NotUtf8Error as exc:
            self._unreadable(agent, rel, f"it is not valid UTF-8 (line {exc.line})", exc.line)
            return None
        except OSError as exc:
            self._unreadable(agent, rel, exc.strerror or str(exc))
            return None
        if syntax != "markdown":
            # A skill's or agent's body is prose for the model (emoji joiners and all), not
            # hooks: only its hooks' own strings are checked for hidden characters (_hook).
            self._hidden_in_file(agent, rel, text)
        self._dropped(reader, rel, text)
        try:
            value = reader.parse(rel, text) if syntax == "markdown" else _parse(text, syntax)
        except NotParsed as exc:
            if rel in self._ignored:
                return None  # said once, the way Claude Code reads it
            said = f"{rel} does not parse as {syntax.upper()}"
            if syntax == "markdown":
                said = f"The frontmatter of {rel} does not parse"
            self._find(
                agent,
                "hook-file-does-not-parse",
                f"{said}: {exc.message}",
                rel,
                exc.line,
            )
            return None
        return Document(rel=rel, path=Path(real), text=text, value=value, syntax=syntax)

    def _dropped(self, reader: AgentReader, rel: str, text: str) -> None:
        """A file its agent drops whole although hookdash can read it (Claude Code parses
        its settings as strict JSON and drops the file on one comment, without a word): a
        finding with the line, and the file's hooks (still listed, read leniently, for the
        review) marked as not run."""
        dropped = reader.ignored(rel, text)
        if dropped is None:
            return
        why, line = dropped
        name = AGENT_NAMES[reader.agent]
        self._ignored[rel] = (
            f"{name} ignores this file ({why}), so it runs none of its hooks until it is fixed."
        )
        self._find(
            reader.agent,
            "hook-file-does-not-parse",
            f"{rel} is {why}: {name} ignores this file, silently; none of its hooks "
            "or other settings apply.",
            rel,
            line,
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
        runs_when = self._ignored.get(doc.rel)
        runs_when = runs_when or entry.runs_when or reader.runs_when(doc.rel)
        scripts = self._entry_scripts(reader, entry, doc)
        risks = self._risks(reader, entry, scripts)
        command = None
        if entry.field not in ("file", "url"):
            command = PlaceNames(entry.command, reader.variables).text
        unknowns = self._unknowns(reader, entry, command, scripts)
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
            scripts=[self._rel(s.path) for s in scripts if s.path],
            understood=not unknowns,
            unknowns=unknowns,
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
        elif entry.kind == "plugin":
            owner = f"the plugin {entry.command}"
            what = f"Code {name} loads at start ({entry.event})"
        # A file the agent ignores runs nothing: its entries are notes, whatever they hold.
        ignored = doc.rel in self._ignored
        self._hook_findings[len(self.hooks) - 1] = len(self.findings)
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
        # A plugin's own "code that runs" flag is its repo-plugin finding already.
        risks = [f for f in risks if f.why != _PLUGIN_WHY]
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
        if unknowns and entry.kind != "plugin":  # (a plugin's is its repo-plugin finding)
            self._find(
                reader.agent,
                "not-understood",
                f"{owner[0].upper()}{owner[1:]} of {name} in {doc.rel} is not understood: "
                f"{unknowns_sentence(unknowns)}.",
                doc.rel,
                line,
                "note",
            )

    def _unknowns(
        self, reader: AgentReader, entry: Entry, command: str | None, scripts: list[ScriptInfo]
    ) -> list[Unknown]:
        """What hookdash does not understand of the hook (`command` as the risk review
        read it, the agent's project variables spelled as one it knows; None for a hook
        that is a script file), with the files it reaches that could not be followed.
        Code an agent loads into itself is never understood (its text is what runs,
        decided when it runs); a URL runs nothing here (its flag says what it sends)."""
        if entry.kind == "plugin":
            return [Unknown(text=entry.command, why=_PLUGIN_WHY)]
        if entry.field == "url":
            return []
        found = self._found(reader, entry) if command is not None else None
        unknowns = hook_unknowns(
            command,
            scripts,
            workspace=self.root,
            home=self._home,
            reached=found.unknowns if found is not None else (),
        )
        return [replace(u, file=self._rel(u.file)) if u.file is not None else u for u in unknowns]

    def _entry_scripts(self, reader: AgentReader, entry: Entry, doc: Document) -> list[ScriptInfo]:
        """The repository's scripts the entry runs: the file itself for a hook that is a
        script (Cline) or code the agent loads (a plugin file), else those its command
        names (as bash finds them, with the agent's variables set to the root)."""
        if entry.field == "url":
            return []
        if entry.field == "file":
            path = doc.path if entry.command == doc.rel else self.path / entry.command
            real = os.path.realpath(path)
            if not self._inside(real) or not os.path.isfile(real):
                return []
            return [
                ScriptInfo(
                    path=real,
                    program=entry.command,
                    kind="script",
                    exists=True,
                    executable=True,
                )
            ]
        return self._scripts(reader, entry)

    def _risks(
        self, reader: AgentReader, entry: Entry, scripts: list[ScriptInfo]
    ) -> list[RiskFlag]:
        flags = self._flags(reader, entry, scripts)
        if entry.kind == "plugin":
            text = shorten(entry.command, 60)
            flags.insert(
                0,
                RiskFlag(
                    kind="opaque",
                    span=RiskSpan(text=text, start=0, end=len(entry.command)),
                    why=_PLUGIN_WHY,
                ),
            )
        return flags

    def _flags(
        self, reader: AgentReader, entry: Entry, scripts: list[ScriptInfo]
    ) -> list[RiskFlag]:
        agent = reader.agent
        if entry.field == "url":
            return [
                RiskFlag(
                    kind="network",
                    span=RiskSpan(text=shorten(entry.command, 60), start=0, end=len(entry.command)),
                    why=_MCP_URL_WHY if entry.kind == "mcp-server" else _URL_WHY,
                )
            ]
        if entry.field == "file" and not scripts:
            return []  # a package name, or a file outside the repository: not read
        places = None if entry.field == "file" else PlaceNames(entry.command, reader.variables)
        command = places.text if places is not None else None
        flags = hook_risks(command, scripts, workspace=self.root, home=self._home)
        flags = places.flags(flags) if places is not None else flags
        if entry.field != "file":
            for script in scripts:
                if script.path and not script.is_task:
                    self._hidden_in_script_once(agent, script.path)
        return [replace(f, file=self._rel(f.file)) if f.file is not None else f for f in flags]

    def _found(self, reader: AgentReader, entry: Entry) -> CommandScripts | None:
        """What the command runs, as bash finds it from the hook's folder (None: a folder
        outside the repository), with what the agent itself sets for this hook (a
        plugin's own folder) as paths. Each finder reads a command once."""
        finder = self.finder(reader)
        if entry.cwd or entry.variables:
            cwd = os.path.realpath(self.path / (entry.cwd or "."))
            if not self._inside(cwd):
                return None
            own = {k: os.path.join(self.root, v) for k, v in (entry.variables or {}).items()}
            finder = ScriptFinder(Path(cwd), {**self.variables(reader), **own})
        return finder.find(entry.command)

    def _scripts(self, reader: AgentReader, entry: Entry) -> list[ScriptInfo]:
        """Every script of the repository the command runs (as bash would find them);
        one outside it (the user's home, /etc…) is not read."""
        found = self._found(reader, entry)
        if found is None:
            return []
        return [
            script
            for script in found.scripts
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
        if pointer is None or doc.text is None or doc.syntax != "json":
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


def _parse(text: str, syntax: str) -> Any:
    if syntax == "toml":
        import tomllib  # here: only a repository with a TOML hook file pays for it

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
    raise NotParsed(message, line)


def _a(word: str) -> str:
    """The article before an event's name as it is said: "an AfterAgent", "a UserPromptSubmit"
    (a leading U is said "you")."""
    return "an" if word[:1].lower() in "aeio" and word else "a"
