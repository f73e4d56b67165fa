"""The plan of an event as the plan screens show it: the summary line (what the event is
matched with, how many hooks run and how), one option per hook that runs and per hook
left out (with why), and, while the event is fired, one line per hook started.

The hook and skipped lines are either host's (`run_option`, `skipped_rows`); the summary
here is Gemini's (Claude Code's: `tui.hosts.claude.plan_view`). Pure rendering: the screen keeps
the form, the highlighted hook and the run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual.widgets.option_list import Option

from hookdash.core import (
    FIRED_TRIGGERS,
    OUTCOME_MARKS,
    TRIGGER_FIELD,
    AnyHook,
    Configuration,
    Hook,
    HookRunResult,
    Plan,
    match_kind,
    outcome_label,
    outcome_of,
    visible,
)
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain
from hookdash.tui.widgets.run_view import duration_text, outcome_style

SKIP_WORDS = {
    "disabled": "disabled",
    "matcher": "matcher",
    "duplicate": "duplicate",
    "untrusted-folder": "folder untrusted",
    "hooks-disabled": "hooks off",
    "ignored-layer": "file ignored",
    "invalid": "invalid",
    "unknown-event": "unknown event",
    "gemini-refuses-to-start": "Gemini won't start",
    "planner-error": "planner throws",
    "claude-refuses-to-start": "Claude won't start",
    "parked": "parked",
    "plugin-off": "plugin off",
}
# An option of the plan's list and the ref of its hook (None: a heading, a separator).
PlanRows = tuple[list[Option | None], list[str | None]]


def run_option(
    index: int,
    hook: AnyHook,
    display: Callable[[str], str],
    colors: Colors,
    note: str = "",
    warning: str = "",
) -> Option:
    """`index. id  layer  [matcher]`, then where it is written and its command; `warning`
    (what changes how the host runs it) and `note` (dim) end the first line."""
    shown = hook.shown
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(f"{index:>2}. ", style=colors.dim)
    line.append(shown.id, style=f"bold {colors.success}")
    line.append(f"  {shown.layer_label}", style=colors.accent)
    if isinstance(hook.matcher, str) and hook.matcher:
        line.append(f"  [{shown.matcher}]", style=colors.dim)
    if warning:
        line.append(f"  {warning}", style=colors.warning)
    if note:
        line.append(f"  {note}", style=colors.dim)
    where = visible(display(hook.file)) + (f":{hook.line}" if hook.line else "")
    more = Text(where, style=colors.dim)
    if hook.command:
        more.append("\n" + " ".join(shown.command.split()))
    return Option(Group(line, Padding(more, (0, 0, 0, 4))))


class SkipLine(NamedTuple):
    """A hook the plan leaves out, as its line shows it (either host's)."""

    id: str
    ref: str
    layer: str  # already through visible()
    reason: str  # a planner's reason code (SKIP_WORDS)
    detail: str | None  # why, in a sentence


def skipped_rows(skipped: list[SkipLine], colors: Colors) -> PlanRows:
    """ "Not run (N)", then each hook left out: its layer and why."""
    title = Text(f"Not run ({len(skipped)})", style=colors.heading)
    items: list[Option | None] = [Option(title, disabled=True)]
    refs: list[str | None] = [None]
    for one in skipped:
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(" – ", style=colors.dim)
        line.append(visible(one.id), style="bold")
        line.append(f"  {one.layer}", style=colors.accent)
        word = SKIP_WORDS.get(one.reason, one.reason)  # raw-ok: a literal
        line.append(f"  {visible(word)}", colors.warning)
        parts: list[RenderableType] = [line]
        if one.detail:
            parts.append(Padding(plain(one.detail, colors.dim), (0, 0, 0, 4)))
        items.append(Option(Group(*parts)))
        refs.append(one.ref)
    return items, refs


def _skip_lines(result: Plan, config: Configuration) -> list[SkipLine]:
    by_ref = {h.ref: h for h in config.hooks}
    lines = []
    for skipped in result.skipped:
        found = by_ref.get(skipped.ref)
        layer = found.shown.layer_label if found is not None else skipped.scope
        line = SkipLine(skipped.id, skipped.ref, layer, skipped.reason, skipped.detail)
        lines.append(line)  # (skipped_rows shows its id and detail through visible())
    return lines


def plan_rows(result: Plan, config: Configuration, event: str, colors: Colors) -> PlanRows:
    """The plan's list: the hooks that run, in order, then those left out."""
    items: list[Option | None] = []
    refs: list[str | None] = []
    for i, hook in enumerate(result.hooks, 1):
        sequential = '"sequential": true' if hook.sequential else ""
        items.append(run_option(i, hook, config.env.display, colors, warning=sequential))
        refs.append(hook.ref)
    if result.skipped:
        if items:
            items.append(None)  # a separator line (not an option: no ref)
        skipped_items, skipped_refs = skipped_rows(_skip_lines(result, config), colors)
        items += skipped_items
        refs += skipped_refs
    if not items:
        items.append(Option(Text(f"No hook is configured for {event}."), disabled=True))
        refs.append(None)
    return items, refs


def _summary_head(result: Plan, event: str) -> Text:
    kind = match_kind(event)
    context = result.context
    if kind == "tool":
        label = f"tool {visible(context.tool_name)}" if context.tool_name else "any tool"
    elif kind == "trigger":
        field = TRIGGER_FIELD[event]
        label = f"{field} {visible(context.trigger)}" if context.trigger else f"any {field}"
    else:
        label = "no match context"
    head = Text()
    head.append(event, style="bold")
    head.append(f" · {label}: ")
    n = len(result.hooks)
    if n:
        mode = (
            ' one after another (a matching definition says "sequential": true)'
            if result.sequential
            else " in parallel"
            if n > 1
            else ""
        )
        head.append(f"Gemini runs {n} hook{'s' if n > 1 else ''}{mode}", style="bold")
    else:
        head.append("Gemini runs no hook", style="bold")
    return head


def _trigger_note(result: Plan, event: str, colors: Colors) -> Text | None:
    """No trigger picked, or one Gemini never fires the event with."""
    field = TRIGGER_FIELD[event]
    trigger = result.context.trigger
    fired = ", ".join(FIRED_TRIGGERS[event])
    if not trigger:
        return Text(
            f"No {field}: Gemini always passes one ({fired}); pick one to see which hooks "
            "match it.",
            style=colors.dim,
        )
    if trigger not in FIRED_TRIGGERS[event]:
        return Text(
            f"Gemini CLI 0.61 never fires {event} with {field} {visible(repr(trigger))} "
            f"(it uses {fired}).",
            style=colors.warning,
        )
    return None


def plan_summary(result: Plan, event: str, colors: Colors) -> RenderableType:
    """The line over the list, and what the match context leaves open."""
    kind = match_kind(event)
    lines: list[RenderableType] = [_summary_head(result, event)]
    if result.error:
        lines.append(plain(f"! {result.error}", colors.error))
    if kind == "tool" and not result.context.tool_name:
        lines.append(
            Text(
                "No tool name: Gemini always passes one, so every hook is listed as if its "
                "matcher matched. Type a tool name to see which do.",
                style=colors.dim,
            )
        )
    note = _trigger_note(result, event, colors) if kind == "trigger" else None
    if note is not None:
        lines.append(note)
    return Group(*lines)


def progress_lines(
    progress: list[tuple[Hook, HookRunResult | None]],
    colors: Colors,
    unfinished: str,
    running: bool,
) -> Text:
    """One line per hook started: its outcome and duration once it ended."""
    text = Text()
    for hook, run in progress:
        if run is None:
            text.append(f"  {unfinished} ", style=colors.heading)
            text.append(visible(hook.id), style="bold")
            text.append("  running\n" if running else "  cancelled\n", colors.dim)
            continue
        outcome = outcome_of(run)
        text.append(f"  {OUTCOME_MARKS[outcome]} ", style=outcome_style(outcome, colors))
        text.append(visible(hook.id), style="bold")
        text.append(f"  {outcome_label(run)} · {duration_text(run.duration_ms)}\n", colors.dim)
    return text
