"""Factory droid's user-level hooks, for hookdash's baseline (core.baseline):
`~/.factory/hooks.json` (event keys at the top, no `hooks` wrapper), the legacy
`~/.factory/hooks/hooks.json`, and the `hooks` of `~/.factory/settings.json`."""

from __future__ import annotations

from collections.abc import Mapping

from hookdash.core.baseline.sources import UserSource, agents_home, json_events, json_hooks

AGENT = "Factory droid"


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    home = agents_home(environ) / ".factory"
    return [
        UserSource(AGENT, home / "hooks.json", parse=json_events(("command",))),
        UserSource(AGENT, home / "hooks" / "hooks.json", parse=json_events(("command",))),
        UserSource(AGENT, home / "settings.json", parse=json_hooks(("command",))),
    ]
