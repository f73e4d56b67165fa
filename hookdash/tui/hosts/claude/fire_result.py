"""What firing Claude Code hooks came to, verdict first: the Claude plan's run (ctrl+r)
and, as (title, text) sections, the output view of `f` and of `o`: the shared result
views (`widgets.host_fire_result`) in Claude's words (exit 2 blocks, other failures do
not: core's `outcome_of` reads each run as Claude does)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType

from hookdash.tui.widgets.host_fire_result import host_fire_result_body, host_result_sections

if TYPE_CHECKING:
    from hookdash.core import ClaudeFireResult
    from hookdash.tui.colors import Colors

LABEL = "Claude Code"


def claude_fire_result_body(
    result: ClaudeFireResult, colors: Colors, *, logged_to: str | None = None
) -> RenderableType:
    """The whole event's result: what Claude would do, each run, the hooks hookdash did not
    fire, the warnings, the aggregate, then each run's output folded (`o`: whole)."""
    not_fired = [(skipped.id, skipped.why) for skipped in result.not_fired]
    return host_fire_result_body(
        result, colors, label=LABEL, not_fired=not_fired, logged_to=logged_to
    )


def claude_result_sections(result: ClaudeFireResult) -> list[tuple[str, str]]:
    """(title, text) of what Claude would do, why it would not run a hook fired alone, each
    run's stdout, stderr and error, whole, and the warnings: the output view."""
    return host_result_sections(
        result, label=LABEL, would_not_run=result.claude_would_not_run_because
    )
