"""Qwen Code's user-level hooks, for hookdash's baseline (core.baseline): the `hooks` of
`~/.qwen/settings.json` (Gemini CLI's shape, JSON with comments)."""

from __future__ import annotations

from collections.abc import Mapping

from hookdash.core.baseline.sources import UserSource, agents_home, json_hooks

AGENT = "Qwen Code"


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    path = agents_home(environ) / ".qwen" / "settings.json"
    return [UserSource(AGENT, path, parse=json_hooks(("command", "url"), comments=True))]
