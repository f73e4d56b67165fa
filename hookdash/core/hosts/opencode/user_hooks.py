"""OpenCode's user-level plugins, for hookdash's baseline (core.baseline): every `.ts`,
`.js` and `.mjs` file of `~/.config/opencode/plugins/` and `plugin/` (`$XDG_CONFIG_HOME`
moves `~/.config`): code OpenCode loads at start, watched whole."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from hookdash.core.baseline.sources import UserSource, agents_home, folder_files

AGENT = "OpenCode"
_CODE = (".ts", ".js", ".mjs")


def user_sources(environ: Mapping[str, str]) -> list[UserSource]:
    given = environ.get("XDG_CONFIG_HOME")
    config = (Path(given) if given else agents_home(environ) / ".config") / "opencode"
    return [
        UserSource(AGENT, path, kind="code")
        for folder in ("plugins", "plugin")
        for path in folder_files(config / folder, _CODE)
    ]
