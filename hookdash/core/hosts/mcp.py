"""An `mcpServers` object as both agents write it, read into `McpServer` records.

A server is a process the agent starts (`command`, `args`, `env`, `cwd`: stdio) or a URL
it contacts. Claude Code names the transport in `type` (absent or `stdio` for a process;
`http`, `sse`, `ws` with a `url`); Gemini CLI by the key (`httpUrl`: streamable HTTP,
`url`: SSE unless `type` says `http`, `command`: stdio, in that order). Whether the
agent starts it is each host's rule (core.hosts.claude.mcp_servers,
core.hosts.gemini.mcp_servers); the risk flags and scripts are the shared scan's, over
the program and its arguments quoted as one line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Literal

from hookdash.core import jsonc
from hookdash.core.display import shorten, visible
from hookdash.core.findings import RiskFlag, RiskSpan
from hookdash.core.load.command_scripts import find_scripts
from hookdash.core.load.risks import hook_risks

if TYPE_CHECKING:  # a pydantic model, built by `list`; `scan` reads the entries only
    from hookdash.core.mcp_server import McpServer, McpStarts

Dialect = Literal["claude", "gemini"]
_URL_TYPES = ("http", "sse", "ws", "sse-ide", "ws-ide")


class ServerEntry:
    """One server of an `mcpServers` object, as the agent reads it."""

    __slots__ = ("args", "command", "env", "name", "pointer", "transport", "url")
    name: Final[str]
    pointer: Final[str]
    transport: Final[str]
    command: Final[str | None]
    args: Final[list[str]]
    url: Final[str | None]
    env: Final[dict[str, str]]

    def __init__(
        self,
        name: str,
        pointer: str,
        transport: str,
        command: str | None = None,
        args: list[str] | None = None,
        url: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.name = name
        self.pointer = pointer
        self.transport = transport
        self.command = command
        self.args = [] if args is None else args
        self.url = url
        self.env = {} if env is None else env


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _entry(name: str, pointer: str, value: Mapping[str, Any], dialect: Dialect) -> ServerEntry:
    kind = value.get("type")
    url: Any = None
    if dialect == "claude":
        transport = kind if isinstance(kind, str) and kind in _URL_TYPES else "stdio"
        url = value.get("url") if transport != "stdio" else None
    elif isinstance(value.get("httpUrl"), str):
        transport, url = "http", value["httpUrl"]
    elif isinstance(value.get("url"), str):
        transport, url = ("http" if kind == "http" else "sse"), value["url"]
    else:
        transport = "stdio"
    command = value.get("command") if transport == "stdio" else None
    env = value.get("env")
    return ServerEntry(
        name=name,
        pointer=pointer,
        transport=transport,
        command=command if isinstance(command, str) and command else None,
        args=_strings(value.get("args")) if transport == "stdio" else [],
        url=url if isinstance(url, str) else None,
        env={str(k): str(v) for k, v in env.items()} if isinstance(env, dict) else {},
    )


def server_entries(document: Any, dialect: Dialect, base: str = "") -> Iterator[ServerEntry]:
    """The servers of `document`'s `mcpServers` object (`base`: the JSON pointer of
    `document` in its file), in file order; an entry that is not an object is skipped."""
    servers = document.get("mcpServers") if isinstance(document, dict) else None
    if not isinstance(servers, dict):
        return
    for name, value in servers.items():
        if isinstance(value, dict):
            pointer = f"{base}/mcpServers/{jsonc.escape_pointer_token(str(name))}"
            yield _entry(str(name), pointer, value, dialect)


def argv_line(command: str, args: list[str]) -> str:
    """A program and its arguments (spawned with no shell) quoted as one shell line, for an
    agent with no quoting of its own (Claude's is handler.command_line, the same rule)."""
    import shlex  # here: most scans join and split no command line

    return shlex.join([command, *args])


def what_runs(entry: ServerEntry, quote: Callable[[str, list[str]], str]) -> tuple[str, str] | None:
    """(field, text) a scan reads of a server: ("command", its program and arguments as
    one line) or ("url", its URL); None when it has neither."""
    if entry.command is not None:
        return "command", quote(entry.command, entry.args)
    return ("url", entry.url) if entry.url is not None else None


def _contacted(url: str) -> RiskFlag:
    return RiskFlag(
        kind="network",
        span=RiskSpan(text=url, start=0, end=len(url)),
        why=f"contacted at start, without asking: {shorten(visible(url), 80)} answers with "
        "the tools (and their descriptions) the model is given",
    )


def server_record(
    entry: ServerEntry,
    *,
    host: Literal["gemini", "claude"],
    scope: str,
    file: str,
    line: int | None,
    starts: McpStarts,
    why: str,
    workspace: Path,
    home: Path,
    quote: Callable[[str, list[str]], str],
    extension: str | None = None,
) -> McpServer:
    """The record of one server: its command line (`quote`: the host's quoting of a
    program and its arguments), the shared risk flags and scripts of that line and of its
    `env`, and a NETWORK flag for a URL the agent contacts without asking."""
    from hookdash.core.mcp_server import McpServer

    line_text = quote(entry.command, entry.args) if entry.command is not None else None
    scripts = []
    risks: list[RiskFlag] = []
    if line_text is not None:
        variables = {"HOME": str(home), "CLAUDE_PROJECT_DIR": str(workspace)}
        scripts = list(find_scripts(line_text, workspace, variables).scripts)
        risks = hook_risks(
            line_text, scripts, workspace=str(workspace), home=str(home), env=entry.env
        )
    elif entry.url is not None and starts == "starts without asking":
        risks = [_contacted(entry.url)]
    return McpServer(
        host=host,
        name=entry.name,
        scope=scope,
        file=file,
        pointer=entry.pointer,
        line=line,
        transport=entry.transport,
        command=entry.command,
        args=entry.args,
        command_line=line_text,
        url=entry.url,
        env_keys=list(entry.env),
        extension=extension,
        starts=starts,
        why=why,
        risks=risks,
        scripts=scripts,
    )


def starts_label(server: McpServer) -> str:
    """One word for a list: started, asks, or off."""
    return {"starts without asking": "starts", "asks first (interactive)": "asks"}.get(
        server.starts, "off"
    )


def what_it_runs(server: McpServer) -> str:
    """The server's command line or URL, shortened and shown (the display rule)."""
    text = server.command_line or server.url or "(no command)"
    return visible(shorten(text, 80))
