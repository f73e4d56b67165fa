"""Codex CLI behind the `Host` protocol: its files, events, matchers and plan, read as
Codex CLI 0.171.0 reads them (tests/codex pins them against the real binary)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookdash.core.hosts.codex.events import EVENTS, match_field
from hookdash.core.hosts.protocol import EditKind, HostName


class CodexHost:
    name: HostName = "codex"
    label = "Codex CLI"
    modelled_version = "0.171.0"
    scopes: tuple[str, ...] = ("system", "managed", "user", "project", "plugin")
    # Codex's own per-hook switch (`enabled = false`) and trust (`trusted_hash`), both in
    # the user's hooks.state; no global switch hookdash writes ([features] hooks is read).
    edits: frozenset[EditKind] = frozenset({"disabled-list", "add", "edit", "remove", "trust"})

    def events(self) -> tuple[str, ...]:
        return EVENTS

    def match_field(self, event: str) -> str | None:
        return match_field(event)

    def matches(self, matcher: Any, event: str, value: str | None) -> bool:
        from hookdash.core.hosts.codex.matcher import matches

        return matches(event, matcher if isinstance(matcher, str) else None, value)

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        from hookdash.core.hosts.codex.layers import codex_layers

        return any(
            layer.read.exists
            and (layer.read.kind == "json" or layer.read.handlers or layer.read.error is not None)
            for layer in codex_layers(workspace, environ)
        )

    def snapshot(self, workspace: Path, environ: Mapping[str, str]) -> Any:
        from hookdash.core.hosts.codex.registry import load_codex

        return load_codex(workspace, environ)

    def plan(
        self,
        workspace: Path,
        environ: Mapping[str, str],
        event: str,
        tool: str | None = None,
        trigger: str | None = None,
    ) -> Any:
        from hookdash.core.hosts.codex.planner import codex_plan

        return codex_plan(self.snapshot(workspace, environ), event, tool, trigger)

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        found = codex_binary(environ)
        if found is None:
            return None
        try:  # `codex --version` prints "codex-cli 0.171.0"
            done = subprocess.run(
                [found, "--version"], capture_output=True, text=True, timeout=10, check=False
            )
        except (OSError, subprocess.SubprocessError):
            return None
        words = done.stdout.split()
        return words[-1] if done.returncode == 0 and words else None


def codex_binary(environ: Mapping[str, str]) -> str | None:
    """The `codex` on PATH (`HOOKDASH_CODEX` names another, for tests), or None."""
    named = environ.get("HOOKDASH_CODEX")
    if named:
        return named
    return shutil.which("codex", path=environ.get("PATH"))
