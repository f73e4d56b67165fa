"""GitHub Copilot CLI's user-level hooks, for hookdash's baseline (core.baseline): every
`~/.copilot/hooks/*.json` (`{"version": 1, "hooks": {event: [{"bash", "powershell"}]}}`;
`$COPILOT_HOME` moves the folder)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from hookdash.core.baseline.sources import UserSource, agents_home, folder_files, json_hooks

AGENT = "GitHub Copilot CLI"


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    given = environ.get("COPILOT_HOME")
    home = Path(given) if given else agents_home(environ) / ".copilot"
    parse = json_hooks(("bash", "powershell", "command"))
    return [
        UserSource(AGENT, path, parse=parse) for path in folder_files(home / "hooks", (".json",))
    ]
