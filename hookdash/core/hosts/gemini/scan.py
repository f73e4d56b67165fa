"""Gemini CLI: the workspace settings file, `.gemini/settings.json` (JSON with comments).

Confirmed: hookdash's own reader of Gemini CLI 0.61 (spec/observed-0.61.md): events in
Gemini's names (BeforeTool, AfterAgent…), definitions `{matcher, sequential, hooks:
[{type, command, name, timeout}]}`; `hooks.enabled`, `hooks.disabled` and
`hooks.notifications` are settings, not events. Workspace hooks run only in a trusted
folder; a hook not in trusted_hooks.json is announced once at start and run anyway.
Its `mcpServers` are processes (or URLs) Gemini starts in a trusted folder without
asking (tests/gemini/observed-0.61.md, "MCP servers").
Extensions live in the user's home, not in a repository: not scanned.
"""

from __future__ import annotations

from collections.abc import Iterator

from hookdash.core.hosts.mcp import argv_line, server_entries, what_runs
from hookdash.core.scan.hooks_object import HooksObjectReader
from hookdash.core.scan.reader import Document, Entry, Skipped

_MCP_WHEN = (
    "Gemini CLI starts it (or contacts its URL) at every session once the folder is "
    "trusted, without asking; an interactive session asks the trust question first, and "
    "headless Gemini refuses a folder with no trust decision."
)


class GeminiReader(HooksObjectReader):
    """The shared hooks reader, and the settings file's MCP servers beside the hooks."""

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        yield from super().entries(doc)
        for entry in server_entries(doc.value, "gemini"):
            found = what_runs(entry, argv_line)
            if found is not None:
                yield Entry(
                    event="MCP server",
                    command=found[1],
                    pointer=entry.pointer,
                    name=entry.name,
                    field=found[0],
                    runs_when=_MCP_WHEN,
                    kind="mcp-server",
                    rule_id="gemini-workspace-mcp-server",
                    level="warning",
                )


READER = GeminiReader(
    agent="gemini",
    label="Gemini CLI",
    rank=0,
    files=(".gemini/settings.json",),
    fields=("command",),
    skip=frozenset({"enabled", "disabled", "notifications"}),
    variables=("GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"),
    when=(
        "Gemini CLI runs it only in a trusted folder, warning once at start for a hook it "
        "has not seen before (and then recording it as trusted)."
    ),
)
