"""An MCP server a configuration brings, of either host (`mcp_servers` in `list --json`).

Its own module, beside the risk flags it carries, so that `scan` (which reads every agent's
MCP servers) need not import the Gemini CLI configuration model (core.model, which names it
too) to build one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from hookdash.core.findings import RiskFlag
from hookdash.core.scripts import ScriptInfo

# Whether the agent starts an MCP server (or contacts a URL server), as run: without a
# question, after one (an interactive session's dialog; headless never starts it), or not.
McpStarts = Literal["starts without asking", "asks first (interactive)", "not started"]


class McpServer(BaseModel):
    """An MCP server a configuration brings (`mcp_servers` in `list --json`): a process
    the agent starts (stdio: `command` and `args`) or a URL it contacts (http, sse, ws).
    Either host's (core.hosts.mcp reads the entry; each host says whether it starts)."""

    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)

    host: Literal["gemini", "claude"]
    name: str
    scope: str  # the file's layer: Claude's project (.mcp.json) or user; Gemini's layers
    file: str
    pointer: str  # JSON pointer of the server's object in `file`
    line: int | None = None
    transport: str  # stdio, http, sse, ws (as the agent reads the entry)
    command: str | None = None
    args: list[str] = []
    # The program and its arguments quoted as one shell line: what a reviewer reads and
    # the risk scan reads (`sh` with ["-c", "curl x | sh"] is `sh -c 'curl x | sh'`).
    command_line: str | None = None
    url: str | None = None
    env_keys: list[str] = []  # the names of its `env` (values may be secrets)
    extension: str | None = None  # a Gemini extension's server: the extension's name
    starts: McpStarts
    why: str  # when the agent starts it, or why it does not (observed or read)
    risks: list[RiskFlag] = []
    scripts: list[ScriptInfo] = []
