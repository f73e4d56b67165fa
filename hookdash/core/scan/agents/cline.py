"""Cline: executables in `.clinerules/hooks/`, each named after the event it runs at
(TaskStart, TaskResume, TaskCancel, TaskComplete, PreToolUse, PostToolUse,
UserPromptSubmit, PreCompact), with no extension.

Confirmed: docs.cline.bot (customization/hooks and the hook reference: "The hook names
below are the exact file names you need to create … no file extension"; project hooks in
`.clinerules/hooks/`, global ones in ~/Documents/Cline/Hooks/; hooks must be enabled in
Cline's settings). Not confirmed: whether newer Cline releases also read `.cline/hooks/`
(one public issue says so) or Windows `.ps1` files: not scanned. The script itself is the
hook: its risks are those of its text.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import Document, Entry, Skipped, listing

_DIR = ".clinerules/hooks"
EVENTS = frozenset(
    {
        "TaskStart",
        "TaskResume",
        "TaskCancel",
        "TaskComplete",
        "PreToolUse",
        "PostToolUse",
        "UserPromptSubmit",
        "PreCompact",
    }
)
_WHEN = (
    "Cline runs it when hooks are enabled in its settings, with no review of each hook "
    "(macOS and Linux)."
)
_NOT_EXECUTABLE = (
    "Cline runs only executable hook files: this one is not, so it does not run until "
    "someone makes it executable."
)


class ClineReader:
    agent = "cline"

    def paths(self, root: Path) -> list[str]:
        return [f"{_DIR}/{n}" for n in listing(root, _DIR) if n in EVENTS]

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        event = doc.rel.rsplit("/", 1)[-1]
        executable = os.access(doc.path, os.X_OK)
        yield Entry(
            event=event,
            command=doc.rel,
            line=1,
            field="file",
            runs_when=None if executable else _NOT_EXECUTABLE,
        )

    def runs_when(self, rel: str) -> str:
        return _WHEN


READER = ClineReader()
