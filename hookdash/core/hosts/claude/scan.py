"""Claude Code: `.claude/settings.json` (shared), `.claude/settings.local.json` (personal,
usually git-ignored, but a repository can still carry one), and a plugin at the root of
the repository: `.claude-plugin/plugin.json` with `hooks/hooks.json` beside it.

Shape: `{"hooks": {Event: [{"matcher", "hooks": [{"type": "command", "command",
"timeout"}]}]}}`; `type: "http"` hooks post the event to `url`; `prompt` and `agent`
hooks run no command. A plugin's manifest may hold its hooks inline (`"hooks": {...}`) or
name other files; hookdash reads inline hooks and `hooks/hooks.json`, and reports a named
file it did not read.

When: hooks of a project's settings run only after the folder trust prompt is accepted in
an interactive session; `claude -p` skips that prompt (public issues
anthropics/claude-code#10409 and #12100, "Skipping … hook execution - workspace trust not
accepted"). A plugin's hooks run only once the plugin is installed and enabled, not
because a folder holding one is opened.

Skills and agents: the `hooks:` of the YAML frontmatter of `.claude/skills/<name>/SKILL.md`
and `.claude/agents/*.md`, found, parsed and judged as `hookdash list` does
(core.hosts.claude.definitions, core.hosts.claude.frontmatter): a skill's hooks run once it
is used, for the rest of the session; an agent's only while that subagent runs, once the
folder is trusted; its Stop hook runs as SubagentStop.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.core.display import visible
from hookdash.core.hosts.claude.definitions import (
    SKILL_SESSION_END,
    Definition,
    definition_name,
    dropped_whole_of,
    kind_definitions,
    lifetime,
)
from hookdash.core.hosts.claude.files import parse_settings
from hookdash.core.hosts.claude.handler import command_line
from hookdash.core.hosts.claude.schema import hook_errors
from hookdash.core.hosts.claude.settings_commands import (
    arms,
    command_entries,
    repository_effect,
    repository_severity,
)
from hookdash.core.hosts.mcp import server_entries, what_runs
from hookdash.core.record_class import replace
from hookdash.core.rules import Level, level_of
from hookdash.core.scan.reader import BaseReader, Document, Entry, NotParsed, Skipped, Syntax
from hookdash.core.scan.shapes import hooks_object

if TYPE_CHECKING:  # the host's models: `scan` builds none (it starts without pydantic)
    from hookdash.core.hosts.claude.model import ClaudeHookSource, ClaudeScope

_SETTINGS = (".claude/settings.json", ".claude/settings.local.json")
_MCP_JSON = ".mcp.json"  # the MCP servers Claude Code starts (core.hosts.claude.mcp_servers)
# Read by Claude Code as strict JSON (`JSON.parse`): a comment or a trailing comma drops
# the whole file, silently (tests/claude/observed-2.1.332.md). The plugin files are not
# in the observed facts, so they are read as before.
STRICT_JSON = frozenset((*_SETTINGS, _MCP_JSON))
_MANIFEST = ".claude-plugin/plugin.json"
_PLUGIN_HOOKS = "hooks/hooks.json"
_FIELDS = ("command", "url")

_SETTINGS_WHEN = (
    "Claude Code runs it after you accept the folder trust prompt in an interactive "
    "session, and without any prompt under `claude -p`."
)
_MCP_WHEN = (
    "Claude Code starts it (or contacts its URL) when `claude -p` starts here, without "
    "asking; an interactive session asks first, unless a settings file approves it "
    "(enableAllProjectMcpServers, enabledMcpjsonServers), the repository's own included."
)
_SETTINGS_MCP = "Claude Code does not read mcpServers from a settings file: it starts nothing"
# The project's skills and agents (core.hosts.claude.definitions lists them).
_CLAUDE_DIR = ".claude"
_SKILLS = ".claude/skills"
_AGENTS = ".claude/agents"
_AGENT_TRUST = (
    "once you accept the folder trust prompt (Claude Code skips a project agent's hooks "
    "until then, even under `claude -p`)"
)
_PLUGIN_WHEN = (
    "Claude Code runs it once this repository is installed and enabled as a plugin "
    "(/plugin install, or claude --plugin-dir), not merely by opening the folder."
)


class ClaudeReader(BaseReader):
    agent = "claude"
    label = "Claude Code"
    rank = 10
    variables = ("CLAUDE_PROJECT_DIR",)

    def paths(self, root: Path) -> list[str]:
        found = [*_SETTINGS, _MCP_JSON]
        if (root / _MANIFEST).exists() or (root / _MANIFEST).is_symlink():
            found += [_MANIFEST, _PLUGIN_HOOKS]
        found += _definition_paths(root, _CLAUDE_DIR, "project")
        if _MANIFEST in found:  # the repository is a plugin: its own skills and agents
            found += _definition_paths(root, "", "plugin")
        return found

    def watched(self) -> tuple[str, ...]:
        return (
            *_SETTINGS,
            _MCP_JSON,
            _MANIFEST,
            _PLUGIN_HOOKS,
            f"{_SKILLS}/*/SKILL.md",
            f"{_AGENTS}/*.md",
            "skills/*/SKILL.md",  # a plugin's, at the root (read only beside its manifest)
            "agents/*.md",
        )

    def syntax(self, rel: str) -> Syntax:
        return "markdown" if _definition(rel) is not None else super().syntax(rel)

    def parse(self, rel: str, text: str) -> Any:
        """A skill's or an agent's frontmatter, read as Claude Code reads it (the reading
        `hookdash list` uses): NotParsed when Claude would load it without any."""
        from hookdash.core.hosts.claude.frontmatter import frontmatter_of

        front = frontmatter_of(Path(rel), text)
        if front.error is not None:
            definition = _definition(rel)
            what = definition.source if definition is not None else "file"
            raise NotParsed(
                f"{visible(front.error)}. Claude Code loads the {what} without any of its "
                "frontmatter (its hooks included), with a warning in its debug log only",
                front.error_line or 1,
            )
        return front

    def ignored(self, rel: str, text: str) -> tuple[str, int | None] | None:
        """Claude Code parses these as strict JSON (the deep reader's own parse,
        core.hosts.claude.files) and drops the whole file on one comment or trailing
        comma, without a word."""
        if rel not in STRICT_JSON:
            return None
        _value, error = parse_settings(text.removeprefix("\ufeff"))
        if error is None:
            return None
        where = f" at line {error.line}, column {error.column}" if error.line else ""
        return visible(error.message) + where, error.line

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        if doc.syntax == "markdown":
            yield from _frontmatter_hooks(doc)
            return
        if doc.rel == _MCP_JSON:
            yield from _mcp_servers(doc, _MCP_WHEN)
            return
        hooks = doc.value.get("hooks") if isinstance(doc.value, dict) else None
        if doc.rel == _MANIFEST and isinstance(hooks, (str, list)):
            named = [hooks] if isinstance(hooks, str) else hooks
            for path in named:
                if str(path).lstrip("./") != _PLUGIN_HOOKS:
                    yield Skipped(
                        f"the manifest names a hooks file ({path}) that hookdash does not "
                        "read: review it by hand",
                        "/hooks",
                    )
            return
        if doc.rel == _PLUGIN_HOOKS:  # the repository is the plugin: its own folder
            for item in hooks_object(doc.value, _FIELDS):
                plugin = {"CLAUDE_PLUGIN_ROOT": "."}
                yield replace(item, variables=plugin) if isinstance(item, Entry) else item
            return
        yield from hooks_object(doc.value, _FIELDS)
        if doc.rel in _SETTINGS:
            yield from _settings_commands(doc)
            yield from _mcp_servers(doc, f"{_SETTINGS_MCP}.")

    def runs_when(self, rel: str) -> str:
        if rel == _MCP_JSON:
            return _MCP_WHEN
        return _SETTINGS_WHEN if rel in _SETTINGS else _PLUGIN_WHEN


def _definition_paths(root: Path, base: str, scope: ClaudeScope) -> list[str]:
    """The skill and agent files under `base` (relative to the root); a skills or agents
    folder that leads out of the repository is not listed but given itself, so that the
    scan reports the link instead of reading names outside."""
    out: list[str] = []
    top = os.path.realpath(root)
    kinds: tuple[tuple[ClaudeHookSource, str], ...] = (("skill", "skills"), ("agent", "agents"))
    for source, name in kinds:
        rel = f"{base}/{name}" if base else name
        real = os.path.realpath(root / rel)
        if real != top and not real.startswith(top + os.sep):
            out.append(rel)
            continue
        found = kind_definitions(root / base if base else root, source, scope)
        out += [d.path.relative_to(root).as_posix() for d in found]
    return out


def _definition(rel: str) -> Definition | None:
    """The project skill or agent a path names (`.claude/skills/<name>/SKILL.md`,
    `.claude/agents/<name>.md`), or None."""
    parts = rel.split("/")
    if len(parts) == 4 and rel.startswith(_SKILLS + "/") and parts[3] == "SKILL.md":
        return Definition("skill", Path(rel), "project")
    if len(parts) == 3 and rel.startswith(_AGENTS + "/") and rel.endswith(".md"):
        return Definition("agent", Path(rel), "project")
    # A plugin's own (the repository is one: `paths` lists these only beside its manifest).
    if len(parts) == 3 and parts[0] == "skills" and parts[2] == "SKILL.md":
        return Definition("skill", Path(rel), "plugin")
    if len(parts) == 2 and parts[0] == "agents" and rel.endswith(".md"):
        return Definition("agent", Path(rel), "plugin")
    return None


def _frontmatter_hooks(doc: Document) -> Iterator[Entry | Skipped]:
    """The hooks of a skill's or an agent's frontmatter (`doc.value`, a Frontmatter), each
    at its command's line and with when it runs: the skill's or agent's lifetime, or why
    Claude Code runs none of them."""
    definition = _definition(doc.rel)
    front = doc.value
    if definition is None or not isinstance(front.value, dict) or "hooks" not in front.value:
        return
    name = definition_name(definition, front.value)
    runs = f"Claude Code runs it {lifetime(definition.source, name)}"
    if definition.scope == "plugin":
        runs += f". {_PLUGIN_WHEN.removesuffix('.')}"
    elif definition.source == "agent":
        runs += f", {_AGENT_TRUST}"
    hooks = {"hooks": front.value["hooks"]}
    whole = dropped_whole_of(definition, front)
    entries = hook_errors(hooks).dropped
    for item in hooks_object(hooks, _FIELDS):
        if isinstance(item, Skipped):
            yield replace(item, line=front.line(item.pointer or ""))
            continue
        when = f"{runs}."
        if definition.source == "agent" and item.event == "Stop":
            # Claude Code runs a subagent's Stop hook as SubagentStop, when it finishes.
            item = replace(item, event="SubagentStop")
            when = f"{runs}; written as Stop, it runs as SubagentStop when the subagent finishes."
        at = item.pointer or ""
        why = whole
        why = why or next(
            (f"Claude Code ignores this entry ({w})" for p, w in entries if _under(at, p)), None
        )
        if why is None and definition.source == "skill" and item.event == "SessionEnd":
            why = SKILL_SESSION_END
        if why is not None:
            when = f"It does not run: {visible(why)}."
        yield replace(
            item,
            line=front.line(at),
            runs_when=when,
            level="note" if why is not None else None,
            # A plugin's hooks run with its folder (the repository) as CLAUDE_PLUGIN_ROOT.
            variables={"CLAUDE_PLUGIN_ROOT": "."} if definition.scope == "plugin" else None,
        )


def _under(pointer: str, parent: str) -> bool:
    return pointer == parent or pointer.startswith(parent + "/")


def _mcp_servers(doc: Document, runs_when: str) -> Iterator[Entry]:
    """The file's MCP servers: in .mcp.json, each started (a process: error) or contacted
    (a URL: warning) without asking under `claude -p`; in a settings file, none (note)."""
    for entry in server_entries(doc.value, "claude"):
        found = what_runs(entry, command_line)
        if found is None:
            continue
        field, text = found
        level: Level = "note"
        if doc.rel == _MCP_JSON:
            level = "error" if field == "command" else "warning"
        yield Entry(
            event="MCP server",
            command=text,
            pointer=entry.pointer,
            name=entry.name,
            field=field,
            runs_when=runs_when,
            kind="mcp-server",
            rule_id="claude-project-mcp-server",
            level=level,
        )


def _settings_commands(doc: Document) -> Iterator[Entry]:
    """The commands the file's settings keys run that are not hooks (apiKeyHelper,
    statusLine, …), each at the level of what Claude Code does with a repository's value
    (core.hosts.claude.settings_commands)."""
    scope: ClaudeScope = "project" if doc.rel == _SETTINGS[0] else "local"
    env = doc.value.get("env") if isinstance(doc.value, dict) else None
    for key, name, pointer, command in command_entries(doc.value):
        armed = doc.rel if arms(key, env) else None
        yield Entry(
            event=name,
            command=command,
            pointer=pointer,
            runs_when=repository_effect(key, scope, armed),
            kind="setting",
            rule_id="claude-project-settings-command",
            level=level_of(repository_severity(key, scope, armed is not None)),
        )


READER = ClaudeReader()
