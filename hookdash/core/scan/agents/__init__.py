"""One reader per agent (core.scan.reader's protocol), in the order scan reports them."""

from hookdash.core.scan.agents import (
    antigravity,
    claude,
    cline,
    codex,
    copilot,
    cursor,
    gemini,
    qwen,
    windsurf,
)
from hookdash.core.scan.reader import AgentReader

READERS: tuple[AgentReader, ...] = (
    gemini.READER,
    claude.READER,
    qwen.READER,
    codex.READER,
    cursor.READER,
    copilot.READER,
    antigravity.READER,
    windsurf.READER,
    cline.READER,
)

__all__ = ["READERS"]
