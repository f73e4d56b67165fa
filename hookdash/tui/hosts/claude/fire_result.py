"""What firing Claude Code hooks came to, verdict first: the Claude plan's run (ctrl+r)
and, as (title, text) sections, the output view of `f` and of `o`.

Claude reads a run its own way (exit 2 blocks, other failures do not): the verdict is
core's (`outcome_of`, Claude's reading), in the words and marks every view uses. Every text
from a hook passes `visible()` (the run views' blocks do it).
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from hookdash.core import ClaudeFireResult, outcome_of, shorten, verdict_text, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.fire_result import OUTPUT_HINT, aggregate_section
from hookdash.tui.widgets.run_view import (
    duration_text,
    heading,
    outcome_style,
    text_block,
)


def _run_line(result: ClaudeFireResult, index: int, colors: Colors) -> Text:
    """` 1. ⊘ blocked  guard.sh  claude project · exit 2 · 48 ms · json output`."""
    run = result.results[index]
    outcome = outcome_of(run)
    style = outcome_style(outcome, colors)
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{index + 1:>2}. ", style=colors.dim)
    line.append(f"{verdict_text(run)}  ", style=style)
    line.append(visible(shorten(run.id, 60)), style="bold")
    line.append(f"  claude {run.scope}", style=colors.accent)
    parts = ["timed out" if run.timed_out else f"exit {run.exit_code}"]
    if run.signal:
        parts.append(f"signal {run.signal}")
    parts.append(duration_text(run.duration_ms))
    if run.output_format:
        parts.append(f"{run.output_format} output")
    line.append(" · " + " · ".join(parts), style=colors.dim)
    return line


def claude_fire_result_body(
    result: ClaudeFireResult, colors: Colors, *, logged_to: str | None = None
) -> RenderableType:
    """The whole event's result: what Claude would do, each run, the hooks hookdash did not
    fire, the warnings, the aggregate, then each run's output folded (`o`: whole)."""
    runs = result.results
    parts: list[RenderableType] = [
        heading("What Claude Code would do", colors, first=True),
        Padding(Text(visible(result.effect), style="bold"), (0, 2)),
        heading("Runs", colors, f"({len(runs)} hooks, in parallel)" if len(runs) > 1 else ""),
    ]
    for i in range(len(runs)):
        parts.append(Padding(_run_line(result, i, colors), (0, 0, 0, 2)))
    if not runs:
        parts.append(Padding(Text("no hook ran", style=colors.dim), (0, 0, 0, 2)))
    for skipped in result.not_fired:
        why = f" – {visible(skipped.id)}: {visible(skipped.why)}"
        parts.append(Padding(Text(why, style=colors.dim), (0, 0, 0, 2)))
    if result.warnings:
        parts.append(Text(""))
        parts += [Text(f"! {visible(w)}", style=colors.warning) for w in result.warnings]
    if result.aggregate is not None:
        parts += aggregate_section(result.aggregate, "what Claude Code makes", colors)
    for run in runs:
        parts.append(heading(f"── output of {visible(shorten(run.id, 60))} ", colors))
        if run.error:
            error = Text(visible(run.error, multiline=True), style=colors.error)
            parts += [heading("error", colors), Padding(error, (0, 2))]
        for name, text in (("stdout", run.stdout), ("stderr", run.stderr)):
            parts += [heading(name, colors), text_block(text, colors, fold=True, hint=OUTPUT_HINT)]
    if logged_to is not None and runs:
        parts.append(Text(f"\nLogged to {logged_to} · l shows the live log", style=colors.dim))
    return Group(*parts)


def claude_result_sections(result: ClaudeFireResult) -> list[tuple[str, str]]:
    """(title, text) of what Claude would do, why it would not run a hook fired alone, each
    run's stdout, stderr and error, whole, and the warnings: the output view."""
    sections = [("what Claude Code would do", result.effect)]
    for why in result.claude_would_not_run_because:
        sections.append(("Claude Code would not run it", why))
    several = len(result.results) > 1
    for run in result.results:
        code = "timed out" if run.timed_out else f"exit {run.exit_code}"
        head = f"{run.outcome} · {code} · {run.duration_ms} ms"
        if several:
            head = f"{visible(shorten(run.id, 60))} · {head}"
        sections += [(f"{head} · stdout", run.stdout), ("stderr", run.stderr)]
        if run.error:
            sections.append(("error", visible(run.error, multiline=True)))
    sections += [("warning", w) for w in result.warnings]
    return sections
