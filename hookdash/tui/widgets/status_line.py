"""The line at the top: which workspace, whether the folder is trusted, hooks on, counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Static

from hookdash.core import visible  # (no pydantic, no I/O)

if TYPE_CHECKING:
    from hookdash.core import HookCounts, Snapshot


class StatusLine(Static):
    def show_loading(self, workspace: str) -> None:
        """Until the first configuration is loaded (the dashboard paints before)."""
        shown = visible(workspace)
        self.update(Content.assemble((shown, "bold"), " · reading the configuration…"))

    def show(self, snapshot: Snapshot, display: Callable[[str], str], counts: HookCounts) -> None:
        """`counts`: `count_hooks` of the snapshot's hooks (worked out with the hook list,
        off the event loop for a large configuration)."""
        from hookdash.core import describe, describe_gemini

        trust = snapshot.folder_trust
        trust_style = "$text-success" if trust.trusted else "$text-error"
        hooks_style = "$text-success" if snapshot.hooks_enabled else "$text-error"
        # Most important first: a narrow terminal cuts the end of the line.
        parts: list[Content] = [
            Content.styled(visible(display(snapshot.workspace)), "bold"),
            Content.styled("hooks " + ("on" if snapshot.hooks_enabled else "OFF"), hooks_style),
            Content(counts.text),
            Content.styled("folder " + visible(describe(trust, display)), trust_style),
            Content.styled(
                visible(describe_gemini(snapshot.gemini)),
                "$text-muted" if snapshot.gemini.note is None else "$text-warning",
            ),
        ]
        if not snapshot.gemini_starts:
            parts.insert(1, Content.styled("Gemini CLI would not start", "bold $text-error"))
        self.update(Content(" · ").join(parts))
