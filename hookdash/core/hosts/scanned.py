"""The agents `hookdash scan` reads the project files of, in the order it reports them.

Each is a room `core/hosts/<agent>/` whose `scan` module gives a `READER`
(core.scan.reader.AgentReader): the managed hosts (Gemini CLI, Claude Code) and the agents
hookdash only scans, whose room holds nothing else. The shared scan finds them here, by
id, and never names one itself.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookdash.core.scan.reader import AgentReader

# Agent ids (stable, in `scan --json`) and the names people know them by, in scan order.
AGENT_NAMES: dict[str, str] = {
    "gemini": "Gemini CLI",
    "claude": "Claude Code",
    "qwen": "Qwen Code",
    "codex": "Codex CLI",
    "cursor": "Cursor",
    "copilot": "GitHub Copilot CLI",
    "antigravity": "Antigravity CLI",
    "windsurf": "Windsurf",
    "cline": "Cline",
    "factory": "Factory droid",
    "opencode": "OpenCode",
    "amp": "Amp",
    "kiro": "Kiro",
    "goose": "Goose",
    "tabnine": "Tabnine CLI",
    "devin": "Devin Desktop",
    "vscode": "VS Code (agent hooks)",
}


@cache
def scan_readers() -> tuple[AgentReader, ...]:
    """Every scanned agent's reader, in `AGENT_NAMES` order (imported once)."""
    return tuple(
        importlib.import_module(f"hookdash.core.hosts.{agent}.scan").READER
        for agent in AGENT_NAMES
    )
