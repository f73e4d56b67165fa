"""The MCP servers Gemini CLI 0.61 starts: `mcpServers` of the settings layers and of the
active extensions' `gemini-extension.json`, beside the hooks.

What a run showed (tests/gemini/observed-0.61.md, "MCP servers"):
- in a trusted folder (trustedFolders.json or GEMINI_CLI_TRUST_WORKSPACE=true) every
  server starts without asking, the workspace's, the user's and an extension's, headless
  or not, and no warning names them;
- in a folder not trusted no server starts at all; with no trust decision headless Gemini
  exits 55 before any starts (an interactive session asks the trust question first);
- servers merge by name, the later layer winning; `mcp.excluded` keeps the servers it
  names from starting, `mcp.allowed` every server it does not name.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.display import hidden_characters, shorten, visible
from hookdash.core.hosts.gemini.expand import expand_settings_value
from hookdash.core.hosts.mcp import ServerEntry, argv_line, server_entries, server_record
from hookdash.core.load.risks import kinds_of
from hookdash.core.model import McpServer, McpStarts
from hookdash.core.problems import SEVERITY_RANK, Problem, Severity
from hookdash.core.record_class import record

if TYPE_CHECKING:
    from hookdash.core.hosts.gemini.extensions import Extension
    from hookdash.core.hosts.gemini.folder_trust import FolderTrust
    from hookdash.core.hosts.gemini.layers import Layer, Scope

ORDER: tuple[Scope, ...] = ("system-defaults", "user", "workspace", "system")
_ASKS = (
    "the folder has no trust decision: an interactive session asks whether to trust it "
    "first and starts it once you do; headless Gemini CLI refuses the folder (exit 55) "
    "before any server starts"
)
_UNTRUSTED = "the folder is not trusted: Gemini CLI starts no MCP server here, not even yours"
# The loader builds only the settings hooks need (a 50 MB file of servers must cost its
# text, not its document); these two members are read here, up to this size.
MEMBER_LIMIT = jsonc.BIG
Lists = dict[str, list[str]]


def _member(layer: Layer, key: str, environ: Mapping[str, str]) -> Any:
    """One top-level member of a layer, parsed and `$VAR`-expanded as Gemini reads it;
    None when absent, `TooLarge` when over MEMBER_LIMIT."""
    for member in layer.root or []:
        if member.key == key and layer.text is not None:
            if member.end - member.start > MEMBER_LIMIT:
                return TooLarge(member.end - member.start)
            try:
                value = jsonc.parse(layer.text[member.start : member.end], comments=True)
            except jsonc.JsonParseError:
                return None
            return expand_settings_value(value, environ)
    return None


@record
class TooLarge:
    size: int


def _lists(layers: dict[Scope, Layer], trusted: bool, environ: Mapping[str, str]) -> Lists:
    """`mcp.excluded` and `mcp.allowed` as Gemini merges them: arrays with no merge
    strategy, so the last layer that sets one replaces the others' (the workspace's only
    in a trusted folder)."""
    out: Lists = {}
    for scope in ORDER:
        layer = layers[scope]
        if not layer.usable or (scope == "workspace" and not trusted):
            continue
        mcp = _member(layer, "mcp", environ)
        for key in ("excluded", "allowed"):
            value = mcp.get(key) if isinstance(mcp, dict) else None
            if isinstance(value, list):
                out[key] = [str(v) for v in value]
    return out


def _verdict(
    entry: ServerEntry,
    trust: FolderTrust,
    starts: bool,
    lists: Lists,
    winner: str | None,
) -> tuple[McpStarts, str]:
    """Whether Gemini starts a server, and why (`winner`: the later source that defines a
    server of the same name, if any)."""
    if not starts:
        return "not started", "Gemini CLI does not start with these settings"
    if not trust.trusted:
        return (
            ("asks first (interactive)", _ASKS)
            if trust.how == "none"
            else (
                "not started",
                _UNTRUSTED,
            )
        )
    if winner is not None:
        return "not started", f"{winner} defines a server of this name: Gemini CLI uses that one"
    excluded = lists.get("excluded", [])
    allowed = lists.get("allowed")
    if entry.name in excluded:
        return "not started", "mcp.excluded names it"
    if allowed is not None and entry.name not in allowed:
        return "not started", "mcp.allowed does not name it"
    verb = "contacts it" if entry.command is None else "starts it"
    return "starts without asking", (
        f"Gemini CLI {verb} at every session in this trusted folder, headless or not, "
        "without asking"
    )


def gemini_mcp_servers(
    layers: dict[Scope, Layer],
    extensions: list[Extension],
    trust: FolderTrust,
    starts: bool,
    workspace: Path,
    home: Path,
    environ: Mapping[str, str],
    too_large: list[tuple[Layer, int]],
) -> list[McpServer]:
    """Every server of the settings layers (in merge order) and of the active extensions,
    each with whether Gemini CLI starts it; `too_large` gets the layers whose mcpServers
    is over MEMBER_LIMIT (not listed)."""
    found: list[tuple[str, str, Any, ServerEntry, str | None]] = []  # scope, file, lines…
    for scope in ORDER:
        layer = layers[scope]
        if not layer.usable:
            continue
        value = _member(layer, "mcpServers", environ)
        if isinstance(value, TooLarge):
            too_large.append((layer, value.size))
            continue
        for entry in server_entries({"mcpServers": value}, "gemini"):
            found.append((scope, str(layer.path), layer, entry, None))
    for ext in extensions:
        if ext.info.active:
            manifest = Path(ext.info.path) / "gemini-extension.json"
            for entry in server_entries(ext.manifest, "gemini"):
                found.append(("extension", str(manifest), None, entry, ext.info.name))
    # The settings' server of a name is the last layer's; an extension's only fills in.
    winner: dict[str, str] = {}
    for source, file, _, entry, _ext in found:
        if source != "extension" or entry.name not in winner:
            winner[entry.name] = f"the {source} {'manifest' if _ext else 'settings'} {file}"
    out: list[McpServer] = []
    lists = _lists(layers, trust.trusted, environ)
    texts: dict[str, jsonc.LineFinder | None] = {}
    for source, file, read, entry, extension in found:
        mine = f"the {source} {'manifest' if extension else 'settings'} {file}"
        starts_, why = _verdict(
            entry, trust, starts, lists, winner[entry.name] if winner[entry.name] != mine else None
        )
        line = read.line_of(entry.pointer) if read is not None else _line(texts, file, entry)
        out.append(
            server_record(
                entry,
                host="gemini",
                scope=source,
                file=file,
                line=line,
                starts=starts_,
                why=why,
                workspace=workspace,
                home=home,
                quote=argv_line,
                extension=extension,
            )
        )
    return out


def _line(texts: dict[str, jsonc.LineFinder | None], file: str, entry: ServerEntry) -> int | None:
    """The line of a server in an extension's manifest (read once per file)."""
    if file not in texts:
        try:
            texts[file] = jsonc.LineFinder(files.read_text(Path(file)))
        except (OSError, ValueError):
            texts[file] = None
    finder = texts[file]
    return finder.line(entry.pointer) if finder is not None else None


def _severity(server: McpServer) -> Severity | None:
    if server.starts == "starts without asking":
        return "error" if server.command is not None else "warning"
    if server.starts == "asks first (interactive)":
        return "warning"
    return "info" if server.why == _UNTRUSTED else None


def mcp_server_problems(servers: list[McpServer]) -> list[Problem]:
    """A workspace's server (gemini-workspace-mcp-server) at the level of what Gemini CLI
    does with it, worst first; each server's risk flags and hidden characters."""
    found: list[Problem] = []
    out: list[Problem] = []
    for server in servers:
        severity = _severity(server) if server.scope == "workspace" else None
        if severity is not None:
            found.append(_workspace_problem(server, severity))
        out += _risk_problems(server) + _hidden_problems(server)
    return sorted(found, key=lambda p: SEVERITY_RANK[p.severity]) + out


def _at(server: McpServer, **fields: Any) -> Problem:
    return Problem(file=server.file, pointer=server.pointer, line=server.line, **fields)


def _workspace_problem(server: McpServer, severity: Severity) -> Problem:
    shown = visible(shorten(server.command_line or server.url or "", 80))
    kind = "a process" if server.command is not None else f"a URL ({server.transport})"
    why = visible(server.why)
    return _at(
        server,
        severity=severity,
        code="gemini-workspace-mcp-server",
        message=f"This workspace's settings start the MCP server "
        f"'{visible(shorten(server.name, 60))}', {kind}: `{shown}`. "
        f"{why[0].upper()}{why[1:]}.",
        fix="Read the command (and the script it runs); unless you expect it, do not trust "
        "this folder (Gemini CLI then starts no server here). mcp.excluded in your user "
        "settings keeps it off too, unless the workspace sets its own mcp.excluded, which "
        "replaces yours.",
    )


def _risk_problems(server: McpServer) -> list[Problem]:
    if not server.risks or server.command is None:
        return []
    first = {k: next(f for f in server.risks if f.kind == k) for k in kinds_of(server.risks)}
    examples = [f"{k} ({visible(shorten(f.span.text, 60))})" for k, f in first.items()]
    return [
        _at(
            server,
            severity="warning",
            code="risky-command",
            message=f"The command of the MCP server '{visible(shorten(server.name, 60))}' or "
            f"the script it runs does what a reviewer must not miss: {'; '.join(examples)}.",
            fix="Read the command and its script; keep it only if you expect each of these "
            "(`hookdash list --json` lists every flag under mcp_servers).",
        )
    ]


def _hidden_problems(server: McpServer) -> list[Problem]:
    out: list[Problem] = []
    texts = (("name", server.name), ("command", server.command_line), ("url", server.url))
    for what, text in texts:
        found = hidden_characters(text, multiline=True) if text else []
        if found:
            more = f" and {len(found) - 1} more" if len(found) > 1 else ""
            out.append(
                _at(
                    server,
                    severity="error",
                    code="hidden-characters",
                    message=f"The {what} of the MCP server '{visible(server.name)}' holds "
                    f"hidden characters ({found[0].label}{more}): what a reviewer reads is "
                    "not what Gemini CLI starts.",
                    fix="Remove them (hookdash shows them as ␛, ␍ or <U+202E>); do not start "
                    "it until you know why they are there.",
                )
            )
    return out


def too_large_problem(layer: Layer, size: int) -> Problem:
    """A layer whose `mcpServers` is too large for hookdash to list: Gemini starts them."""
    return Problem(
        severity="warning" if layer.scope == "workspace" else "info",
        code="gemini-workspace-mcp-server",
        message=f"The mcpServers object of this {layer.scope} settings file is "
        f"{size // 1_000_000 or 1} MB: hookdash does not list the servers of an object this "
        "large, and Gemini CLI starts each of them in a trusted folder.",
        fix="Read the file's mcpServers yourself before you trust this folder.",
        file=str(layer.path),
        pointer="/mcpServers",
        line=None,
    )
