"""Claude Code's plan of an event as the plan screen shows it: the summary line (what the
event's matcher is tested against and the value, how many hooks Claude runs), the folder
trust sentence where it applies, then one option per hook Claude runs, per hook it leaves
out (with why), and Claude's notes. The hook and skipped lines are `plan_view`'s.

Pure rendering: the screen keeps the form and the highlighted hook.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.text import Text
from textual.widgets.option_list import Option

from hookdash.core import NO_MATCHER, ClaudeHook, ClaudePlan, visible
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain
from hookdash.tui.widgets.plan_view import PlanRows, SkipLine, run_option, skipped_rows


def _hook_note(hook: ClaudeHook) -> str:
    """What the line adds for Claude: the plugin, the `if` condition, a hook hookdash does
    not fire."""
    parts = []
    if hook.plugin:
        parts.append(visible(hook.plugin))
    if hook.condition is not None:
        parts.append(f"if {visible(str(hook.condition))}")
    if not hook.hookdash_fires:
        parts.append(f"({visible(str(hook.type))}: Claude runs it, hookdash does not fire it)")
    return "  ".join(parts)


def claude_plan_rows(plan: ClaudePlan, display: Callable[[str], str], colors: Colors) -> PlanRows:
    """The hooks Claude runs, in order, then those it leaves out, then its notes."""
    items: list[Option | None] = []
    refs: list[str | None] = []
    for i, hook in enumerate(plan.hooks, 1):
        items.append(run_option(i, hook, display, colors, _hook_note(hook)))
        refs.append(hook.ref)
    if plan.skipped:
        if items:
            items.append(None)  # a separator line (not an option: no ref)
        lines = [SkipLine(s.id, s.ref, f"claude {s.scope}", s.reason, s.why) for s in plan.skipped]
        skipped_items, skipped_refs = skipped_rows(lines, colors)
        items += skipped_items
        refs += skipped_refs
    if not items:
        none = f"No Claude Code hook is configured for {visible(plan.event)}."
        items.append(Option(Text(none), disabled=True))
        refs.append(None)
    if plan.notes:
        items.append(None)
        items.append(Option(Text("Notes", style=colors.heading), disabled=True))
        refs.append(None)
        for note in plan.notes:
            items.append(Option(plain(f" · {note}", colors.dim), disabled=True))
            refs.append(None)
    return items, refs


def claude_plan_head(plan: ClaudePlan) -> Text:
    """`PreToolUse · tool_name 'Bash': Claude Code runs 2 hooks in parallel`."""
    if plan.match_field is None:
        label = NO_MATCHER
    elif plan.value:
        label = f"{visible(plan.match_field)} {visible(repr(plan.value))}"
    else:
        label = f"any {visible(plan.match_field)}"
    head = Text()
    head.append(visible(plan.event), style="bold")
    head.append(f" · {label}: ")
    n = len(plan.hooks)
    runs = f"Claude Code runs {n} hook{'s' if n != 1 else ''}" if n else "Claude Code runs no hook"
    head.append(runs + (" in parallel" if n > 1 else ""), style="bold")
    return head


def claude_plan_summary(plan: ClaudePlan, no_ask: str | None, colors: Colors) -> RenderableType:
    """The line over the list and, when the plan runs project hooks of a folder Claude Code
    does not trust, `no_ask` (`claude_no_ask_line`: `claude -p` runs them without asking)."""
    lines: list[RenderableType] = [claude_plan_head(plan)]
    if no_ask is not None and any(h.scope in ("project", "local") for h in plan.hooks):
        lines.append(plain(f"! {no_ask}", colors.warning))
    return Group(*lines)
