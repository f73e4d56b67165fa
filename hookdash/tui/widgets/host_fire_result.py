"""What firing a host's hooks came to, verdict first, for a host whose firing goes through
the host protocol's records (`FireOutcome`, `RunResult`): the fire screen's result and,
as (title, text) sections, the output view (`o`).

A host's own words come in as arguments: its name as a person reads it, the hooks it
planned but hookdash did not fire and why, why it would not run a hook fired alone. The
verdict of each run is core's (`outcome_of`: the host's reading of the run), in the words
and marks every view uses. Every text from a hook passes `visible()` (the run views'
blocks do it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from hookdash.core import outcome_of, shorten, verdict_text, visible
from hookdash.tui.widgets.fire_result import OUTPUT_HINT, aggregate_section
from hookdash.tui.widgets.run_view import duration_text, heading, outcome_style, text_block

if TYPE_CHECKING:
    from hookdash.core import FireOutcome, RunResult
    from hookdash.tui.colors import Colors


def _run_line(run: RunResult, index: int, host: str, colors: Colors) -> Text:
    """` 1. ⊘ blocked  guard.sh  claude project · exit 2 · 48 ms · json output`."""
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{index + 1:>2}. ", style=colors.dim)
    line.append(f"{verdict_text(run)}  ", style=outcome_style(outcome_of(run), colors))
    line.append(visible(shorten(run.id, 60)), style="bold")
    line.append(f"  {host} {run.scope}", style=colors.accent)
    parts = ["timed out" if run.timed_out else f"exit {run.exit_code}"]
    if run.signal:
        parts.append(f"signal {run.signal}")
    parts.append(duration_text(run.duration_ms))
    if run.output_format:
        parts.append(f"{run.output_format} output")
    line.append(" · " + " · ".join(parts), style=colors.dim)
    return line


def host_fire_result_body(
    result: FireOutcome,
    colors: Colors,
    *,
    label: str,
    not_fired: Sequence[tuple[str, str]] = (),
    logged_to: str | None = None,
) -> RenderableType:
    """What `label` would do, each run, the hooks hookdash did not fire (`not_fired`: id,
    why), the warnings, the aggregate, then each run's output folded (`o`: whole)."""
    runs = result.results
    parts: list[RenderableType] = [
        heading(f"What {label} would do", colors, first=True),
        Padding(Text(visible(result.effect), style="bold"), (0, 2)),
        heading("Runs", colors, f"({len(runs)} hooks, in parallel)" if len(runs) > 1 else ""),
    ]
    for i, run in enumerate(runs):
        parts.append(Padding(_run_line(run, i, result.host, colors), (0, 0, 0, 2)))
    if not runs:
        parts.append(Padding(Text("no hook ran", style=colors.dim), (0, 0, 0, 2)))
    for ident, why in not_fired:
        line = f" – {visible(ident)}: {visible(why)}"
        parts.append(Padding(Text(line, style=colors.dim), (0, 0, 0, 2)))
    if result.warnings:
        parts.append(Text(""))
        parts += [Text(f"! {visible(w)}", style=colors.warning) for w in result.warnings]
    if result.aggregate is not None:
        parts += aggregate_section(result.aggregate, f"what {label} makes", colors)
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


def host_result_sections(
    result: FireOutcome, *, label: str, would_not_run: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """(title, text) of what `label` would do, why it would not run a hook fired alone,
    each run's stdout, stderr and error, whole, and the warnings: the output view."""
    sections = [(f"what {label} would do", result.effect)]
    sections += [(f"{label} would not run it", why) for why in would_not_run]
    several = len(result.results) > 1
    for run in result.results:
        code = "timed out" if run.timed_out else f"exit {run.exit_code}"
        verdict = verdict_text(run)
        head = f"{verdict} · {run.duration_ms} ms"
        if code not in verdict:
            head = f"{verdict} · {code} · {run.duration_ms} ms"
        if several:
            head = f"{visible(shorten(run.id, 60))} · {head}"
        sections += [(f"{head} · stdout", run.stdout), ("stderr", run.stderr)]
        if run.error:
            sections.append(("error", visible(run.error, multiline=True)))
    sections += [("warning", w) for w in result.warnings]
    return sections
