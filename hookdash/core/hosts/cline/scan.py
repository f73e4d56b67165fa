"""Cline: hook files in `.clinerules/hooks/` and `.cline/hooks/` of the workspace, each
named after the event it runs at, with or without an extension.

Confirmed in the shipped Cline CLI 3.0.65 (its @cline/shared and @cline/core 0.0.86,
`dist/storage/index.js` `resolveHooksConfigSearchPaths` and `dist/index.js`): the search
paths are `~/Documents/Cline/Hooks`, the user's Cline folder, and the workspace's
`.clinerules/hooks` and `.cline/hooks`; a regular file (a symbolic link is skipped) whose
name, without case, is an event (TaskStart, TaskResume, TaskCancel, TaskComplete,
TaskError, PreToolUse, PostToolUse, UserPromptSubmit, PreCompact, SessionShutdown) with no
extension or one of `.sh .bash .zsh .js .mjs .cjs .ts .mts .cts .py .ps1`; it runs through
the program its `#!` line names, else by extension (bash; node; `bun run` for TypeScript;
python3; pwsh), executable or not. PreCompact has no runtime event in that release: such
a file is listed, and said not to run. The Cline VS Code extension's documentation
describes only `.clinerules/hooks/` executables without an extension, and hooks to be
switched on in its settings. The script itself is the hook: its risks are its text's.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped, Syntax, listing

_DIRS = (".clinerules/hooks", ".cline/hooks")
EVENTS = (
    "TaskStart",
    "TaskResume",
    "TaskCancel",
    "TaskComplete",
    "TaskError",
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "PreCompact",
    "SessionShutdown",
)
_BY_NAME = {event.lower(): event for event in EVENTS}
EXTENSIONS = frozenset(
    {"", ".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".ps1"}
)
_NOT_RUN = frozenset({"PreCompact"})
_WHEN = (
    "Cline CLI 3.0.65 runs it at that event through the program its #! line or extension "
    "names, executable or not, with no review of each hook; the Cline VS Code extension "
    "runs it when hooks are switched on in its settings and the file is executable."
)
_PRECOMPACT = (
    "Cline CLI 3.0.65 lists PreCompact hook files but has no runtime event for them: it "
    "does not run this one (a later release may)."
)


def hook_event(name: str) -> str | None:
    """The event a file named `name` runs at, as Cline CLI 3.0.65 reads names."""
    stem, ext = os.path.splitext(name)
    if ext.lower() not in EXTENSIONS:
        return None
    return _BY_NAME.get(stem.strip().lower())


class ClineReader(BaseReader):
    agent = "cline"
    label = "Cline"
    rank = 80
    listed = _DIRS

    def paths(self, root: Path) -> list[str]:
        found: list[str] = []
        for directory in _DIRS:
            for name in listing(root, directory):
                rel = f"{directory}/{name}"
                path = root / rel
                if hook_event(name) and not path.is_symlink() and path.is_file():
                    found.append(rel)
        return found

    def watched(self) -> tuple[str, ...]:
        return _DIRS

    def syntax(self, rel: str) -> Syntax:
        return "executable"  # `PreToolUse.json` would be a program too

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        event = hook_event(doc.rel.rsplit("/", 1)[-1]) or doc.rel
        yield Entry(
            event=event,
            command=doc.rel,
            line=1,
            field="file",
            runs_when=_PRECOMPACT if event in _NOT_RUN else None,
        )

    def runs_when(self, rel: str) -> str:
        return _WHEN


READER = ClineReader()
