"""One line of the hook list: an event or a source with its counts, a layer, or a hook
with its state badge, `hidden` pill, id (in its group's columns), badges and matcher.
Every name from the files goes through `plain()`/`.shown`: an attacker's text."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from rich.text import Text

from hookdash.core import shorten, visible  # (no pydantic, no I/O)
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain
from hookdash.tui.widgets.hook_groups import (
    HIDDEN_PILL,
    HOST_MARK_WIDTH,
    MAX_ID_WIDTH,
    PAGE,
    Columns,
    EventGroup,
    Grouping,
    GroupSummary,
    LayerGroup,
    PageItem,
    SourceGroup,
    TreeItem,
    layer_key,
    shown_id,
)

if TYPE_CHECKING:
    from hookdash.core import AnyHook as Hook
    from hookdash.tui.glimpse import GlimpsedHook

# A risky hook's id is cut down to this to make room for its risk flags' words, and
# down to the shortest to make room for their count (`⚠ 2 risks`), not below.
MIN_ID_WIDTH = 10
SHORTEST_ID_WIDTH = 6
# The narrowest a group's id column gets to leave room for the matcher and badges after it.
FIT_ID_WIDTH = 12
# A matcher is cut (after the id) down to this, to keep a long line's risk flags in view.
MIN_MATCHER_WIDTH = 6


def _event_name(event: str, colors: Colors, hosts: Iterable[str] = ()) -> Text:
    """An event's name, in red with why when no host of its hooks (`hosts`: their names)
    knows it."""
    from hookdash.core import all_hosts

    every = all_hosts()
    names: set[str] = set(hosts) or {every[0].name}
    theirs = [h for h in every if h.name in names]  # in the registry's order
    known = any(event in h.events() for h in theirs)
    text = plain(event, colors.heading if known else f"bold {colors.error}")
    if not known:
        labels = " or ".join(h.label for h in theirs)
        text.append(f"  not a {labels} event", style=colors.error)
    return text


def host_letter(name: str) -> str:
    """The letter that says whose a hook is when the list holds several hosts' hooks."""
    from hookdash.core import host

    # (A host's record may carry its own letter: Codex's X, since C is Claude's.)
    return host(name).mark or name[:1].upper()


def source_name(label: str, note: str | None, colors: Colors) -> Text:
    text = plain(label, f"bold {colors.accent}")
    if note:
        text.append(f"  ({note})", style=colors.error)
    return text


def _with_counts(text: Text, summary: GroupSummary, colors: Colors) -> Text:
    counts = summary.counts
    noun = "hook" if counts.total == 1 else "hooks"
    text.append(f"  {counts.total} {noun} · {counts.running} run", style=colors.dim)
    risky = summary.risky
    if risky:  # also on a folded group: the review starts here
        text.append(f" · ⚠ {risky} risky", style=colors.risk)
    return text


def hook_line(
    hook: Hook, colors: Colors, hidden: bool, columns: Columns, room: int | None = None
) -> Text:
    """A hook in its group's columns: state badge, `hidden` pill, id, badges, matcher,
    risk flags. `room`: the cells the line has, if known (see `_fit_risks`)."""
    from hookdash.core import UNKNOWN_MARK, hook_badges, risk_badge

    badges = hook_badges(hook, hidden)
    state, extra = badges[0], badges[1:]
    # (The badge's style is the line's base style, as it always was: the id inherits it.)
    head = Text(style=colors.badge(state.kind))
    if columns.host:  # more than one host listed: a letter says whose (G, C)
        head.append(host_letter(hook.host), style=f"bold {colors.accent}")
        head.append(" " * (columns.host - 1))
    head.append(state.label.ljust(columns.badge))
    head.append("  ")
    # Before the id, where a narrow list cannot cut it off.
    if extra and extra[0].kind == "hidden":
        head.append(HIDDEN_PILL, style=colors.badge("hidden"))
        head.append("  ")
    elif columns.hidden:
        head.append(" " * columns.hidden)
    tail = _after_id(hook, colors, hidden)
    ident, width = shown_id(hook), columns.ident
    risks = risk_badge(hook)
    # Not understood: a quiet mark at the very end (the details say which parts), fitted
    # with the risk badge, the id cut first.
    unknown = "" if hook.understood else f"  {UNKNOWN_MARK}"
    left = None if room is None else room - len(head) - len(tail) - len(unknown)
    flags = ""
    if risks is not None:
        # Last, so they never push the matcher out of view; made to fit (see _fit_risks).
        left = None if left is None else left - 2
        width, risks = _fit_risks(width, risks, risk_badge(hook, short=True) or risks, left)
        flags = f"  {risks}"
    elif unknown and left is not None:
        width = max(min(width, left), SHORTEST_ID_WIDTH)
    over = 0 if room is None else len(head) + width + len(tail) + len(flags) + len(unknown) - room
    if over > 0 and hook.shown.matcher:
        # Still too long (a long state word, as in an untrusted folder): the matcher is
        # cut with an ellipsis, not the risk flags by the terminal (the details show it).
        kept = max(len(hook.shown.matcher) - over, MIN_MATCHER_WIDTH)
        tail = _after_id(hook, colors, hidden, matcher_width=kept)
    tail.append(flags, style=colors.risk)
    if unknown:
        tail.append(unknown, style=colors.dim)
    if len(ident) > width:
        ident = ident[: width - 1] + "…"
    head.append(ident.ljust(width), style="" if hook.runs else colors.dim)
    return head + tail


def _after_id(hook: Hook, colors: Colors, hidden: bool, matcher_width: int | None = None) -> Text:
    """What follows the id: the badges after the state (but `hidden`), the matcher, cut
    to `matcher_width` cells if given (the risk badge comes last, fitted to the line's
    room: see hook_line)."""
    from hookdash.core import hook_badges

    text = Text()
    for badge in hook_badges(hook, hidden)[1:]:
        if badge.kind == "hidden":
            continue
        text.append("  ")
        pill = badge.kind in ("new", "changed")
        text.append(f" {badge.label} " if pill else badge.label, style=colors.badge(badge.kind))
    matcher = hook.shown.matcher
    if matcher:
        if matcher_width is not None and len(matcher) > matcher_width:
            matcher = matcher[: matcher_width - 1] + "…"
        bad = not isinstance(hook.matcher, str)
        text.append(f"  [{matcher}]", style=colors.error if bad else colors.dim)
    return text


def after_widths(hooks: Iterable[Hook], colors: Colors, hidden: Collection[str]) -> dict[str, int]:
    """The cells each group's widest line takes after the id (by `layer_key`): what
    `fit_columns` leaves room for. (The same in any theme: `colors` only styles.)"""
    after: dict[str, int] = {}
    for hook in hooks:
        key = layer_key(hook)
        after[key] = max(after.get(key, 0), _after_id(hook, colors, hook.ref in hidden).cell_len)
    return after


def fit_columns(widths: dict[str, Columns], after: dict[str, int], room: int) -> dict[str, Columns]:
    """The columns, each group's id column narrowed (down to FIT_ID_WIDTH) so that its
    lines fit in `room` cells (`after`: see `after_widths`): a long id is cut with an
    ellipsis, not the matcher and badges after it."""
    fitted = {}
    for key, columns in widths.items():
        free = room - columns.host - columns.badge - 2 - columns.hidden - after.get(key, 0)
        ident = max(min(columns.ident, free), min(columns.ident, FIT_ID_WIDTH))
        fitted[key] = columns._replace(ident=ident)
    return fitted


def _fit_risks(width: int, full: str, short: str, room: int | None) -> tuple[int, str]:
    """The id column's width and the risk badge on a risky hook's line of `room` cells
    (None: unknown): the full badge if it fits, first without the column's padding, then
    with the id cut (the details show it whole) down to MIN_ID_WIDTH; else only how many
    kinds (`⚠ 2 risks`), the id cut down to SHORTEST_ID_WIDTH if need be (the terminal
    cuts what still does not fit)."""
    if room is None:
        return width, full
    for badge, shortest in ((full, MIN_ID_WIDTH), (short, SHORTEST_ID_WIDTH)):
        fitted = min(width, room - len(badge))
        if fitted >= shortest or fitted == width:
            return fitted, badge
    return min(width, SHORTEST_ID_WIDTH), short


# A glimpsed hook's state badge: whether it runs is not known before the read.
CHECKING = "checking…"


def glimpse_event_line(event: str, hooks: Collection[GlimpsedHook], colors: Colors) -> Text:
    """An event's line in a glimpse (`tui.glimpse`): its hooks counted, nothing judged."""
    text = _event_name(event, colors, (h.host for h in hooks))
    count = len(hooks)
    noun = "hook" if count == 1 else "hooks"
    text.append(f"  {count} {noun} · {CHECKING}", style=colors.dim)
    return text


def glimpse_line(hook: GlimpsedHook, colors: Colors, ident_width: int, marked: bool) -> Text:
    """A glimpsed hook's line: `checking…` where its state badge goes, its id and matcher
    (`marked`: the host's letter first, as on the read list). The id in the plain style:
    dim would say the hook does not run, which is not known yet."""
    text = Text()
    if marked:
        text.append(hook.mark or " ", style=f"bold {colors.accent}")
        text.append(" " * (HOST_MARK_WIDTH - 1))
    text.append(CHECKING, style=colors.dim)
    text.append("  ")
    text.append(shorten(visible(hook.ident), ident_width).ljust(ident_width))
    if hook.matcher:
        text.append(f"  [{visible(hook.matcher)}]", style=colors.dim)
    return text


def page_line(item: PageItem, colors: Colors) -> Text:
    """“700 more… (enter to show the next 500)”, or the way back to the page before."""
    if item.later:
        text = f"{item.count} more… (enter to show the next {min(item.count, PAGE)})"
    else:
        text = f"{item.count} before… (enter to show the previous {PAGE})"
    return Text(text, style=colors.dim)


def item_label(
    item: TreeItem,
    colors: Colors,
    *,
    grouping: Grouping,
    hidden: Collection[str],
    widths: dict[str, Columns],
    room: int | None = None,
) -> Text:
    """One line of the list: a group with its counts, or a hook in its group's columns
    (`hidden`: the refs of hooks with hidden characters; `room`: the cells a hook's line
    has, if known)."""
    if isinstance(item, EventGroup):
        return _with_counts(
            _event_name(item.event, colors, (h.host for h in item.hooks)), item.summary, colors
        )
    if isinstance(item, SourceGroup):
        return _with_counts(source_name(item.label, item.note, colors), item.summary, colors)
    if isinstance(item, PageItem):
        return page_line(item, colors)
    if isinstance(item, LayerGroup) and grouping == "source":
        # Under its source: the event is what tells the groups apart.
        return _event_name(item.event, colors, (h.host for h in item.hooks))
    if isinstance(item, LayerGroup):
        # The file is in the details pane: the line stays short enough for the hooks.
        return source_name(item.label, item.note, colors)
    hook = item.hook
    columns = widths.get(layer_key(hook), Columns(0, 0, MAX_ID_WIDTH))
    return hook_line(hook, colors, hook.ref in hidden, columns, room)
