"""Gemini CLI behind the `Host` protocol: its layers, events, matchers and planner, as the
rest of this package reads them (observed 0.61.0, and the older releases `versions` names)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookdash.core.hosts.gemini.events import EVENTS, TRIGGER_FIELD, match_kind
from hookdash.core.hosts.protocol import EditKind, HostName


class GeminiHost:
    name: HostName = "gemini"
    label = "Gemini CLI"
    modelled_version = "0.61.0"
    scopes: tuple[str, ...] = ("system-defaults", "user", "workspace", "system", "extension")
    edits: frozenset[EditKind] = frozenset(
        {"disabled-list", "global-switch", "add", "edit", "remove", "trust"}
    )

    def events(self) -> tuple[str, ...]:
        return EVENTS

    def match_field(self, event: str) -> str | None:
        kind = match_kind(event)
        if kind == "tool":
            return "tool_name"
        return TRIGGER_FIELD.get(event) if kind == "trigger" else None

    def matches(self, matcher: Any, event: str, value: str | None) -> bool:
        from hookdash.core.hosts.gemini.matcher import matches

        kind = match_kind(event)
        return matches(
            matcher,
            event,
            value if kind == "tool" else None,
            value if kind == "trigger" else None,
        )

    def _env(self, workspace: Path, environ: Mapping[str, str]) -> Any:
        from hookdash.core.hosts.gemini.environment import resolve_environment

        return resolve_environment(str(workspace), environ)

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        env = self._env(workspace, environ)
        paths = [*env.settings_paths.values(), env.extensions_dir]
        return any(Path(path).exists() for path in paths)

    def snapshot(self, workspace: Path, environ: Mapping[str, str]) -> Any:
        from hookdash.core.load.loader import load_configuration

        return load_configuration(self._env(workspace, environ)).snapshot

    def plan(
        self,
        workspace: Path,
        environ: Mapping[str, str],
        event: str,
        tool: str | None = None,
        trigger: str | None = None,
    ) -> Any:
        from hookdash.core.hosts.gemini.planner import context_for, plan_event

        hooks = self.snapshot(workspace, environ).hooks
        return plan_event(hooks, event, context_for(event, tool, trigger))

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        from hookdash.core.hosts.gemini.installed import find_gemini

        found = find_gemini(environ)
        return found.version if found else None
