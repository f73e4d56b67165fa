"""Codex CLI's user-level hooks, for hookdash's baseline (core.baseline): `hooks.json` and
the `[hooks]` table of `config.toml` in `$CODEX_HOME` (else `~/.codex`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from hookdash.core.baseline.sources import UserSource, agents_home, json_hooks, toml_hooks

AGENT = "Codex CLI"


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    given = environ.get("CODEX_HOME")
    home = Path(given) if given else agents_home(environ) / ".codex"
    return [
        UserSource(AGENT, home / "hooks.json", parse=json_hooks(("command",))),
        UserSource(AGENT, home / "config.toml", parse=toml_hooks(("command",))),
    ]
