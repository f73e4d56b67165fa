"""The line at the top: which workspace, whether the folder is trusted, hooks on, counts."""

from __future__ import annotations

from collections.abc import Callable

from textual.content import Content
from textual.widgets import Static

from hookdash.core import Snapshot, count_hooks, describe, describe_gemini, visible


class StatusLine(Static):
    def show(self, snapshot: Snapshot, display: Callable[[str], str]) -> None:
        trust = snapshot.folder_trust
        trust_style = "$text-success" if trust.trusted else "$text-error"
        hooks_style = "$text-success" if snapshot.hooks_enabled else "$text-error"
        # Most important first: a narrow terminal cuts the end of the line.
        parts: list[Content] = [
            Content.styled(visible(display(snapshot.workspace)), "bold"),
            Content.styled("hooks " + ("on" if snapshot.hooks_enabled else "OFF"), hooks_style),
            Content(count_hooks(snapshot.hooks).text),
            Content.styled("folder " + visible(describe(trust, display)), trust_style),
            Content.styled(
                visible(describe_gemini(snapshot.gemini)),
                "$text-muted" if snapshot.gemini.note is None else "$text-warning",
            ),
        ]
        if not snapshot.gemini_starts:
            parts.insert(1, Content.styled("Gemini CLI would not start", "bold $text-error"))
        self.update(Content(" · ").join(parts))
