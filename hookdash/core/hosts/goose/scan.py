"""Goose: a plugin's hooks in `.agents/plugins/<name>/hooks/hooks.json`, in Claude Code's
plugin format (`{"hooks": {Event: [{"matcher"?, "hooks": [{"type": "command",
"command"}]}]}}`).

From Goose's documentation only: not confirmed in shipped code (Goose is not on npm), nor
whether Goose asks before running a workspace plugin's hooks. One listing of
`.agents/plugins/`, then one fixed path per plugin folder: never a walk.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped, listing
from hookdash.core.scan.shapes import hooks_object

_DIR = ".agents/plugins"
_FILE = "hooks/hooks.json"
_WHEN = (
    "Goose runs it when the plugin is loaded in this workspace (per Goose's documentation; "
    "whether it asks first is not confirmed)."
)


class GooseReader(BaseReader):
    agent = "goose"
    label = "Goose"
    rank = 130
    listed = (_DIR,)

    def paths(self, root: Path) -> list[str]:
        return [f"{_DIR}/{name}/{_FILE}" for name in listing(root, _DIR, limit=200)]

    def watched(self) -> tuple[str, ...]:
        return (_DIR,)

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        return hooks_object(doc.value, ("command",))

    def runs_when(self, rel: str) -> str:
        return _WHEN


READER = GooseReader()
