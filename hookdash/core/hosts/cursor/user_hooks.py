"""Cursor's user-level hooks, for hookdash's baseline (core.baseline): `~/.cursor/hooks.json`
(`{"version": 1, "hooks": {event: [{"command"}]}}`)."""

from __future__ import annotations

from collections.abc import Mapping

from hookdash.core.baseline.sources import UserSource, agents_home, json_hooks

AGENT = "Cursor"


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    path = agents_home(environ) / ".cursor" / "hooks.json"
    return [UserSource(AGENT, path, parse=json_hooks(("command",)))]
