"""Gemini CLI's user-level hooks, for hookdash's baseline (core.baseline): the `hooks` of
`~/.gemini/settings.json` (`$GEMINI_CLI_HOME` moves the home), JSON with comments."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from hookdash.core.baseline.sources import UserSource, json_hooks

AGENT = "Gemini CLI"


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    home = environ.get("GEMINI_CLI_HOME") or environ.get("HOME") or os.path.expanduser("~")
    path = Path(home) / ".gemini" / "settings.json"
    return [UserSource(AGENT, path, parse=json_hooks(("command",), comments=True))]
