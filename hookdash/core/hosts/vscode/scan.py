"""VS Code's agent hooks (Copilot's agent mode in the editor): no file of its own in a
repository; it runs the hooks of the files its `chat.hookFilesLocations` setting lists,
by default `.github/hooks` (Copilot CLI's format), `.claude/settings.json` and
`.claude/settings.local.json` (and the user's `~/.claude/settings.json`).

From VS Code's documentation only (agent hooks, a preview feature; VS Code is not on npm):
not confirmed in a shipped VS Code. Workspace hooks run only in a trusted workspace
(VS Code's Restricted Mode runs no agent).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped

_DEFAULT_FILES = (".claude/settings.json", ".claude/settings.local.json")
_DEFAULT_DIR = ".github/hooks/"
_ALSO = (
    "VS Code's agent hooks run it too in a trusted workspace: chat.hookFilesLocations "
    "lists this file by default (per VS Code's documentation; not confirmed in a shipped "
    "VS Code)."
)


class VscodeReader(BaseReader):
    agent = "vscode"
    label = "VS Code (agent hooks)"
    rank = 160

    def paths(self, root: Path) -> list[str]:
        return []

    def watched(self) -> tuple[str, ...]:
        return ()

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        return iter(())

    def runs_when(self, rel: str) -> str:
        return _ALSO

    def also_runs(self, agent: str, rel: str, kind: str, event: str) -> str | None:
        if kind != "hook":
            return None
        name = rel.removeprefix(_DEFAULT_DIR)
        in_dir = rel.startswith(_DEFAULT_DIR) and "/" not in name and name.endswith(".json")
        return _ALSO if rel in _DEFAULT_FILES or in_dir else None


READER = VscodeReader()
