"""One line of the hook list: an event or a source with its counts, a layer, or a hook
with its state badge, `hidden` pill, id (in its group's columns), badges and matcher.
Every name from the files goes through `plain()`/`.shown`: an attacker's text."""

from __future__ import annotations

from collections.abc import Collection

from rich.text import Text

from hookdash.core import EVENTS
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain
from hookdash.tui.widgets.hook_groups import (
    HIDDEN_PILL,
    MAX_ID_WIDTH,
    Columns,
    EventGroup,
    Grouping,
    LayerGroup,
    SourceGroup,
    TreeItem,
    layer_key,
    shown_id,
)


def item_label(
    item: TreeItem,
    colors: Colors,
    *,
    grouping: Grouping,
    hidden: Collection[str],
    widths: dict[str, Columns],
) -> Text:
    """One line of the list: a group with its counts, or a hook in its group's columns
    (`hidden`: the refs of hooks with hidden characters)."""
    from hookdash.core import count_hooks, hook_badges

    if isinstance(item, EventGroup):
        counts = count_hooks(item.hooks)
        known = item.event in EVENTS
        text = plain(item.event, colors.heading if known else f"bold {colors.error}")
        if not known:
            text.append("  not a Gemini CLI event", style=colors.error)
        noun = "hook" if counts.total == 1 else "hooks"
        text.append(f"  {counts.total} {noun} · {counts.running} run", style=colors.dim)
        return text
    if isinstance(item, SourceGroup):
        text = plain(item.label, f"bold {colors.accent}")
        if item.note:
            text.append(f"  ({item.note})", style=colors.error)
        counts = count_hooks(item.hooks)
        noun = "hook" if counts.total == 1 else "hooks"
        text.append(f"  {counts.total} {noun} · {counts.running} run", style=colors.dim)
        return text
    if isinstance(item, LayerGroup) and grouping == "source":
        # Under its source: the event is what tells the groups apart.
        known = item.event in EVENTS
        text = plain(item.event, colors.heading if known else f"bold {colors.error}")
        if not known:
            text.append("  not a Gemini CLI event", style=colors.error)
        return text
    if isinstance(item, LayerGroup):
        # The file is in the details pane: the line stays short enough for the hooks.
        text = plain(item.label, f"bold {colors.accent}")
        if item.note:
            text.append(f"  ({item.note})", style=colors.error)
        return text
    hook = item.hook
    shown = hook.shown
    badges = hook_badges(hook, hook.ref in hidden)
    state, extra = badges[0], badges[1:]
    columns = widths.get(layer_key(hook), Columns(0, 0, MAX_ID_WIDTH))
    text = Text(state.label.ljust(columns.badge), style=colors.badge(state.kind))
    text.append("  ")
    # Before the id, where a narrow list cannot cut it off.
    if extra and extra[0].kind == "hidden":
        text.append(HIDDEN_PILL, style=colors.badge("hidden"))
        text.append("  ")
        extra = extra[1:]
    elif columns.hidden:
        text.append(" " * columns.hidden)
    ident = shown_id(hook)
    if len(ident) > columns.ident:
        ident = ident[: columns.ident - 1] + "…"
    text.append(ident.ljust(columns.ident), style="" if hook.runs else colors.dim)
    for badge in extra:
        text.append("  ")
        pill = badge.kind in ("new", "changed")
        text.append(f" {badge.label} " if pill else badge.label, style=colors.badge(badge.kind))
    if shown.matcher:
        bad = not isinstance(hook.matcher, str)
        text.append(f"  [{shown.matcher}]", style=colors.error if bad else colors.dim)
    return text
