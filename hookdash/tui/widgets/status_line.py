"""The line at the top: which workspace, whether the folder is trusted, hooks on, counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.content import Content
from textual.widgets import Static

from hookdash.core import visible  # (no pydantic, no I/O)

if TYPE_CHECKING:
    from hookdash.core import ClaudeSnapshot, HookCounts, Snapshot


class StatusLine(Static):
    def show_loading(self, workspace: str) -> None:
        """Until the first configuration is loaded (the dashboard paints before)."""
        shown = visible(workspace)
        self.update(Content.assemble((shown, "bold"), " · reading the configuration…"))

    def show(
        self,
        snapshot: Snapshot,
        display: Callable[[str], str],
        counts: HookCounts,
        claude: ClaudeSnapshot | None = None,
    ) -> None:
        """`counts`: `count_hooks` of Gemini CLI's hooks (worked out with the hook list, off
        the event loop for a large configuration); `claude`: Claude Code's part, when it has
        files (its switch and counts)."""
        from hookdash.core import count_hooks, describe, describe_gemini

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
        if claude is not None:
            theirs = count_hooks(claude.hooks)
            on = claude.hooks_enabled and claude.claude_starts
            state = "on" if on else ("would not start" if not claude.claude_starts else "OFF")
            parts.insert(
                3,
                Content.styled(
                    f"Claude Code hooks {state}: {theirs.total} ({theirs.running} run)",
                    "$text-success" if on else "$text-error",
                ),
            )
        if not snapshot.gemini_starts:
            parts.insert(1, Content.styled("Gemini CLI would not start", "bold $text-error"))
        self.update(Content(" · ").join(parts))
