"""What a firing came to, verdict first: the fire screen's result and the plan's run.

The effect (one sentence on what Gemini would do), one line per hook run (outcome, exit
code, duration), the warnings, and the aggregate come first, so a hook that prints
20,000 lines cannot push them out of view; each run's stdout, stderr and parsed output
follow, folded to their first and last lines (`run_view.text_block`) — `o` shows them
whole (`screens.output`).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from hookdash.core import RUNLOG_NAME, Configuration, FireResult, state_dir, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.run_view import (
    heading,
    json_block,
    run_heading,
    run_sections,
    shorten_strings,
)

OUTPUT_HINT = " · o shows the whole output"


def runlog_shown(config: Configuration | None) -> str | None:
    """The run log's path, as the result names it (None: no configuration yet)."""
    if config is None:
        return None
    return config.env.display(str(state_dir(config.env.environ) / RUNLOG_NAME))


def fire_result_body(
    result: FireResult,
    colors: Colors,
    *,
    logged_to: str | None = None,
    single_hook: bool = True,
) -> RenderableType:
    """The result, verdict first. `logged_to`: the run log's path, said at the end;
    `single_hook`: one hook was fired (the fire screen), not the whole event (the plan)."""
    parts: list[RenderableType] = [
        heading("What Gemini would do", colors, first=True),
        Padding(Text(visible(result.effect), style="bold"), (0, 2)),
    ]
    runs = result.results
    if single_hook:
        title, note = "Run", ""
    else:
        how = "one after another" if result.sequential else "in parallel"
        title = "Runs, in Gemini's order"
        note = f"({len(runs)} hooks, {how})" if len(runs) > 1 else ""
    parts.append(heading(title, colors, note))
    for i, run in enumerate(runs, 1):
        line = run_heading(run, colors)
        if not single_hook:
            line = Text.assemble((f"{i:>2}. ", colors.dim), line)
        parts.append(Padding(line, (0, 0, 0, 2)))
    if not runs:
        parts.append(Padding(Text("no hook ran", style=colors.dim), (0, 0, 0, 2)))
    warnings = _warnings(result, single_hook)
    if warnings:
        parts.append(Text(""))
        parts += [Text(f"! {visible(w)}", style=colors.warning) for w in warnings]
    if result.run_error:
        parts.append(Text(f"! {visible(result.run_error)}", style=colors.error))
    if result.aggregate is not None:
        parts += aggregate_section(result.aggregate, "what Gemini merges", colors)
    for run in runs:
        parts.append(heading(f"── output of {visible(run.id)} ", colors))
        parts += run_sections(run, colors, with_input=False, fold=True, hint=OUTPUT_HINT)
    if logged_to is not None and runs:
        parts.append(Text(f"\nLogged to {logged_to} · l shows the live log", style=colors.dim))
    return Group(*parts)


def aggregate_section(aggregate: Any, what: str, colors: Colors) -> list[RenderableType]:
    """The aggregate of a whole event's outputs (`what` the agent makes of them), folded."""
    note = f"({what} from the event's outputs"
    note += f"; long strings cut{OUTPUT_HINT})" if shorten_strings(aggregate)[1] else ")"
    return [
        heading("aggregate", colors, note),
        json_block(aggregate, colors, fold=True, hint=OUTPUT_HINT),
    ]


def _warnings(result: FireResult, single_hook: bool) -> list[str]:
    out: list[str] = []
    if not result.gemini_would_run:
        why = "; ".join(result.gemini_would_not_run_because)
        out.append(f"Gemini CLI would not have run this hook: {why}")
    if not single_hook and result.not_run:
        out.append(f"{len(result.not_run)} planned hook(s) did not run: see the error below")
    out += [f"payload: {warning}" for warning in result.warnings]
    out += result.timeouts
    return out
