"""Claude Code behind the `Host` protocol: its layers, events, matchers and plan, read as
Claude Code 2.1.332 reads them (tests/claude/observed-2.1.332.md)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookdash.core.hosts.claude.events import EVENTS, match_field
from hookdash.core.hosts.protocol import EditKind, HostName


class ClaudeHost:
    name: HostName = "claude"
    label = "Claude Code"
    modelled_version = "2.1.332"
    scopes: tuple[str, ...] = ("managed", "user", "project", "local", "plugin")
    # No per-hook off switch and no per-hook trust in Claude's files: hookdash parks.
    edits: frozenset[EditKind] = frozenset({"park", "global-switch", "add", "edit", "remove"})

    def events(self) -> tuple[str, ...]:
        return tuple(EVENTS)

    def match_field(self, event: str) -> str | None:
        return match_field(event)

    def matches(self, matcher: Any, event: str, value: str | None) -> bool:
        from hookdash.core.hosts.claude.matcher import matches

        if match_field(event) is None:
            return True  # Claude ignores the matcher of such an event
        return matches(event, matcher if isinstance(matcher, str) else None, value or "")

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        from hookdash.core.hosts.claude.layers import claude_layers

        # A repository's .mcp.json alone is a Claude Code file: its servers start. (Named
        # here, not imported: the dashboard's first paint imports no pydantic.)
        if (workspace / ".mcp.json").is_file():
            return True
        return any(layer.read.exists for layer in claude_layers(workspace, environ))

    def snapshot(self, workspace: Path, environ: Mapping[str, str]) -> Any:
        from hookdash.core.hosts.claude.registry import load_claude

        return load_claude(workspace, environ)

    def plan(
        self,
        workspace: Path,
        environ: Mapping[str, str],
        event: str,
        tool: str | None = None,
        trigger: str | None = None,
    ) -> Any:
        from hookdash.core.hosts.claude.planner import claude_plan

        return claude_plan(self.snapshot(workspace, environ), event, tool, trigger)

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        found = shutil.which("claude", path=environ.get("PATH"))
        if found is None:
            return None
        try:  # `claude --version` prints "2.1.332 (Claude Code)"
            done = subprocess.run(
                [found, "--version"], capture_output=True, text=True, timeout=10, check=False
            )
        except (OSError, subprocess.SubprocessError):
            return None
        words = done.stdout.split()
        return words[0] if done.returncode == 0 and words else None
