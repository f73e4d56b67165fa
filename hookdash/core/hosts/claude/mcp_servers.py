"""The MCP servers Claude Code 2.1.332 starts for a workspace: processes (and URLs) a
repository brings in its `.mcp.json`, beside the hooks.

What a run showed (tests/claude/observed-2.1.332.md, "MCP servers"), `claude -p` in a
folder never trusted:
- every server of the `.mcp.json` of the working directory and of each folder above it
  starts without asking (the closest file's server of a name; a file that is not strict
  JSON is dropped silently); a URL server is contacted the same way;
- `enableAllProjectMcpServers` and `enabledMcpjsonServers` change nothing there;
  `disabledMcpjsonServers` in any settings file keeps a server from starting;
- `mcpServers` in a settings file starts nothing; the user's `~/.claude.json` servers
  start too.
Read from the binary: an interactive session asks about each `.mcp.json` server first,
unless a settings file (the repository's own `.claude/settings.json` included) approves
it with `enableAllProjectMcpServers` or `enabledMcpjsonServers`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.display import shorten, visible
from hookdash.core.hosts.claude.files import SettingsRead, read_settings
from hookdash.core.hosts.claude.handler import command_line
from hookdash.core.hosts.claude.layers import ClaudeLayer, git_root
from hookdash.core.hosts.claude.trust import global_config_path
from hookdash.core.hosts.mcp import ServerEntry, server_entries, server_record
from hookdash.core.model import McpServer, McpStarts
from hookdash.core.problems import SEVERITY_RANK, Problem, Severity

if TYPE_CHECKING:
    from collections.abc import Mapping

    from hookdash.core.hosts.claude.registry import Switches

MCP_JSON = ".mcp.json"
_P_STARTS = "`claude -p` starts it at every start without asking (whatever the approval keys say)"
_ASKS = "an interactive session asks about it first"
_USER = "your own server (~/.claude.json): Claude Code starts it in every folder"
_SETTINGS_KEY = (
    "Claude Code does not read `mcpServers` from a settings file: it starts nothing (servers "
    "go in .mcp.json or ~/.claude.json)"
)


def mcp_json_files(workspace: Path) -> list[Path]:
    """The `.mcp.json` Claude reads for `workspace`: its own and every folder's above it,
    outermost first (the closest file's server of a name is the one started)."""
    return [folder / MCP_JSON for folder in reversed([workspace, *workspace.parents])]


def _lines(read: SettingsRead) -> jsonc.LineFinder | None:
    return jsonc.LineFinder(read.text) if read.text else None


def _approved_by(name: str, layers: list[ClaudeLayer]) -> ClaudeLayer | None:
    """The settings file that approves a `.mcp.json` server for an interactive session."""
    for layer in layers:
        settings = layer.settings
        named = settings.get("enabledMcpjsonServers")
        if settings.get("enableAllProjectMcpServers") is True or (
            isinstance(named, list) and name in named
        ):
            return layer
    return None


def _disabled_by(name: str, layers: list[ClaudeLayer]) -> ClaudeLayer | None:
    for layer in layers:
        named = layer.settings.get("disabledMcpjsonServers")
        if isinstance(named, list) and name in named:
            return layer
    return None


def _where(layer: ClaudeLayer) -> str:
    return f"the {layer.scope} settings {layer.path}"


def _project_verdict(
    entry: ServerEntry, layers: list[ClaudeLayer], closer: str | None, switch: Switches
) -> tuple[McpStarts, str]:
    """Whether Claude starts a `.mcp.json` server, and the sentence that says why."""
    if switch.starts is not None:
        return "not started", "Claude Code does not start: a managed settings file does not parse"
    if closer is not None:
        return "not started", (
            f"the closer {closer} has a server of this name: Claude Code starts that one"
        )
    disabled = _disabled_by(entry.name, layers)
    if disabled is not None:
        return "not started", f"disabledMcpjsonServers names it in {_where(disabled)}"
    verb = "contacts it" if entry.command is None else "starts it"
    approved = _approved_by(entry.name, layers)
    asks = (
        f"nor does an interactive session ask: {_where(approved)} approve it"
        if approved is not None
        else _ASKS
    )
    said = _P_STARTS.replace("starts it", verb)
    return "starts without asking", f"{said}; {asks}"


def _user_config(path: Path) -> SettingsRead:
    """`~/.claude.json` as read for its top-level `mcpServers` (Claude's own file: JSON;
    hookdash only reads it)."""
    try:
        text = files.read_text(path)
        return SettingsRead(path, exists=True, text=text, value=json.loads(text))
    except (OSError, ValueError):
        return SettingsRead(path, exists=False)


def claude_mcp_servers(
    layers: list[ClaudeLayer],
    switch: Switches,
    workspace: Path,
    home: Path,
    environ: Mapping[str, str],
) -> list[McpServer]:
    """Every MCP server of the workspace's `.mcp.json` files, the user's `~/.claude.json`
    and (starting nothing) a settings file's `mcpServers`, each with whether Claude starts it."""
    out: list[McpServer] = []

    def record(
        entry: ServerEntry, scope: str, read: SettingsRead, starts: McpStarts, why: str
    ) -> McpServer:
        lines = _lines(read)
        return server_record(
            entry,
            host="claude",
            scope=scope,
            file=str(read.path),
            line=lines.line(entry.pointer) if lines else None,
            starts=starts,
            why=why,
            workspace=workspace,
            home=home,
            quote=command_line,
        )

    reads = [read_settings(path) for path in mcp_json_files(workspace)]
    closest: dict[str, str] = {}
    for read in reads:
        for entry in server_entries(read.value if read.usable else None, "claude"):
            closest[entry.name] = str(read.path)
    for read in reads:
        if not read.usable:
            continue
        for entry in server_entries(read.value, "claude"):
            winner = closest[entry.name]
            closer = winner if winner != str(read.path) else None
            starts, why = _project_verdict(entry, layers, closer, switch)
            out.append(record(entry, "project", read, starts, why))
    user = _user_config(global_config_path(environ))
    mine: McpStarts = "not started" if switch.starts is not None else "starts without asking"
    for entry in server_entries(user.value, "claude"):
        out.append(record(entry, "user", user, mine, _USER))
    for layer in layers:
        if layer.scope in ("project", "local"):
            for entry in server_entries(layer.settings, "claude"):
                out.append(record(entry, layer.scope, layer.read, "not started", _SETTINGS_KEY))
    return out


def _in_repository(server: McpServer, workspace: Path) -> bool:
    """A server of the workspace's repository: a `.mcp.json` at or under its git root (the
    workspace itself outside a repository), or a project or local settings file."""
    if server.scope in ("project", "local") and not server.file.endswith(MCP_JSON):
        return True
    if server.scope != "project":
        return False
    root = git_root(workspace) or workspace
    folder = Path(server.file).parent
    return folder == root or root in folder.parents


def _severity(server: McpServer) -> Severity | None:
    if server.starts == "not started":
        return "info" if not server.file.endswith(MCP_JSON) else None
    return "error" if server.command is not None else "warning"


def mcp_server_problems(servers: list[McpServer], workspace: Path) -> list[Problem]:
    """A repository's server (claude-project-mcp-server) at the level of what Claude Code
    does with it, worst first; the shared risk and hidden-character findings of each."""
    from hookdash.core.hosts.claude.checks import hidden_problems, risk_problem

    found: list[Problem] = []
    out: list[Problem] = []
    for server in servers:
        # A folder above the repository is as good as the repository's own: `claude -p`
        # starts its servers the same way, so the finding is at the same level.
        mine = _in_repository(server, workspace)
        above = server.scope == "project" and server.file.endswith(MCP_JSON) and not mine
        severity = _severity(server) if mine or above else None
        if severity is not None:
            found.append(_repository_problem(server, severity, above))
        where = (server.file, server.pointer, server.line)
        if server.risks and server.command is not None:
            out.append(risk_problem("MCP server", server.name, server.risks, None, where))
        texts = [("name", server.name), ("command", server.command_line), ("url", server.url)]
        out += hidden_problems(f"the MCP server '{visible(server.name)}'", texts, where)
    return sorted(found, key=lambda p: SEVERITY_RANK[p.severity]) + out


def _repository_problem(server: McpServer, severity: Severity, above: bool = False) -> Problem:
    what = server.command_line or server.url or ""
    shown = visible(shorten(what, 80))
    name = visible(shorten(server.name, 60))
    source = "settings" if not server.file.endswith(MCP_JSON) else ".mcp.json"
    if severity == "info":
        message = (
            f"This repository's {server.scope} settings define the MCP server '{name}' "
            f"(`{shown}`): {_SETTINGS_KEY}."
        )
        fix = "Nothing to do for Claude Code; move it to .mcp.json if it was meant to start."
    else:
        kind = "a process" if server.command is not None else f"a URL ({server.transport})"
        owner = (
            f"The .mcp.json of {visible(str(Path(server.file).parent))}, a folder above this "
            "repository,"
            if above
            else f"This repository's {source}"
        )
        message = (
            f"{owner} starts the MCP server '{name}', {kind}: `{shown}`. "
            f"{visible(server.why)[0].upper()}{visible(server.why)[1:]}."
        )
        fix = (
            "Read the command (and the script it runs); unless you expect it, name the server "
            "in disabledMcpjsonServers of your own .claude/settings.local.json, or do not "
            "start Claude Code here."
        )
    return Problem(
        severity=severity,
        code="claude-project-mcp-server",
        message=message,
        fix=fix,
        file=server.file,
        pointer=server.pointer,
        line=server.line,
    )
