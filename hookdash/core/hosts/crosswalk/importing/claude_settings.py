"""Claude Code's settings files: where Claude reads hooks from, and reading one.

Claude Code keeps hooks in `.claude/settings.local.json`, `.claude/settings.json` (the
project) and `~/.claude/settings.json` (the user; `$CLAUDE_CONFIG_DIR` moves it), and runs
the hooks of all of them that are strict JSON.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.display import visible
from hookdash.core.hosts.claude.layers import claude_home

SourceKind = Literal["file", "local", "project", "user"]


class ClaudeSource(BaseModel):
    """A Claude Code settings file hookdash read (or looked for)."""

    path: str
    kind: SourceKind
    exists: bool
    hooks: int = 0  # how many hooks it holds
    error: str | None = None


def default_sources(workspace: Path, environ: Mapping[str, str]) -> list[tuple[Path, SourceKind]]:
    """The files Claude Code reads hooks from, most specific first."""
    found: list[tuple[Path, SourceKind]] = [
        (workspace / ".claude" / "settings.local.json", "local"),
        (workspace / ".claude" / "settings.json", "project"),
        (claude_home(environ) / "settings.json", "user"),
    ]
    seen: set[str] = set()
    out = []
    for path, kind in found:
        real = os.path.realpath(path)
        if real not in seen:  # a workspace that is the home directory lists a file twice
            seen.add(real)
            out.append((path, kind))
    return out


def count_hooks(settings: Mapping[str, Any]) -> int:
    """How many hooks a Claude settings document holds."""
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return 0
    return sum(
        len(d["hooks"])
        for defs in hooks.values()
        if isinstance(defs, list)
        for d in defs
        if isinstance(d, dict) and isinstance(d.get("hooks"), list)
    )


def read_claude_settings(path: Path) -> tuple[Any, str | None]:
    """(document, None) or (None, why it cannot be imported), read by Claude Code's own
    reader (core.hosts.claude.files): strict JSON. A file Claude Code drops whole (a comment,
    a trailing comma) is refused, not imported leniently: none of its hooks run in Claude
    Code, so importing them would start hooks that never ran."""
    from hookdash.core.hosts.claude.files import read_settings

    read = read_settings(path)
    if not read.exists:
        return None, "not found"
    if read.unreadable is not None:
        return None, read.unreadable
    error = read.error
    if error is not None:
        where = f" at line {error.line}, column {error.column}" if error.line else ""
        return None, (
            f"is {visible(error.message)}{where}: Claude Code ignores this file (none of its "
            "hooks run), so hookdash does not import it; make it strict JSON first"
        )
    return read.value, None


def claude_sources(workspace: Path, environ: Mapping[str, str]) -> list[ClaudeSource]:
    """Claude Code's own files (`default_sources`), each with whether it exists, how many
    hooks it holds, or why it cannot be read: what the dashboard's import offers."""
    sources = []
    for path, kind in default_sources(workspace, environ):
        settings, error = read_claude_settings(path)
        exists = error != "not found"
        hooks = count_hooks(settings) if settings is not None else 0
        error = error if exists else None
        sources.append(
            ClaudeSource(path=str(path), kind=kind, exists=exists, hooks=hooks, error=error)
        )
    return sources
