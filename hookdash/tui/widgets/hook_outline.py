"""The hook list worked out for one configuration and one view: the hooks the view keeps,
their groups with their summaries, each group's columns, and where each hook is.

Everything here grows with the hooks, so for a large configuration `HooksScreen` has it
made in a thread; `HookTree.show` then adds nodes for at most `PAGE` hooks a group. So the
event loop's share of a load, a filter or a change of view stays the same, whatever the
number of hooks. Pure: no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from hookdash.tui.colors import Colors
from hookdash.tui.widgets.hook_groups import (
    Columns,
    EventGroup,
    Grouping,
    LayerGroup,
    SourceGroup,
    column_widths,
    group_by_source,
    group_hooks,
    layer_notes,
)
from hookdash.tui.widgets.hook_labels import after_widths

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hookdash.core import AnyHook as Hook, ClaudeSnapshot, HookCounts, HostSnapshot, Snapshot


class View(NamedTuple):
    """How the list is looked at: by event or by source, the project's hooks only, the
    filter's text."""

    grouping: Grouping = "event"
    project_only: bool = False
    query: str = ""


@dataclass(frozen=True)
class Outline:
    """What `HookTree.show` needs to draw a view of a snapshot without walking its hooks."""

    view: View
    groups: list[tuple[EventGroup, list[LayerGroup]]] | list[tuple[SourceGroup, list[LayerGroup]]]
    shown: int  # how many hooks the view keeps
    total: int  # how many the snapshot has
    hidden: frozenset[str]  # the refs of hooks with hidden characters
    widths: dict[str, Columns]  # each group's columns (by layer key), before fitting
    after: dict[str, int]  # each group's widest line after the id (see fit_columns)
    where: dict[str, tuple[str, int]]  # a shown hook's ref: its group's key, its index there
    marked: bool = False  # more than one host's hooks: each line says whose


def listed_hooks(
    snapshot: Snapshot, claude: ClaudeSnapshot | None = None, more: Sequence[HostSnapshot] = ()
) -> tuple[list[Hook], bool]:
    """Every host's hooks, in the list's order, and whether they are more than one host's
    (then each line says whose)."""
    others: list[Any] = [h for snap in more for h in snap.hooks]
    every: list[Hook] = [*snapshot.hooks, *(claude.hooks if claude is not None else ()), *others]
    return every, (claude is not None and bool(claude.hooks)) or bool(others)


def make_outline(
    snapshot: Snapshot,
    view: View,
    colors: Colors,
    claude: ClaudeSnapshot | None = None,
    more: Sequence[HostSnapshot] = (),
) -> Outline:
    """The hooks of `snapshot` (and of Claude Code's, when it has files) that `view` keeps,
    grouped, measured and indexed."""
    from hookdash.core import hidden_refs, hook_matches

    every, marked = listed_hooks(snapshot, claude, more)
    hooks = [
        h
        for h in every
        if (not view.project_only or h.scope in ("workspace", "project", "local"))
        and hook_matches(h, view.query)
    ]
    problems = [*snapshot.problems, *(claude.problems if claude is not None else ())]
    problems += [p for snap in more for p in snap.problems]
    hidden = hidden_refs(every, problems)
    notes = layer_notes(snapshot, claude)
    groups: list[tuple[EventGroup, list[LayerGroup]]] | list[tuple[SourceGroup, list[LayerGroup]]]
    if view.grouping == "source":
        groups = group_by_source(hooks, notes)
    else:
        groups = group_hooks(hooks, notes)
    where: dict[str, tuple[str, int]] = {}
    for top, layers in groups:
        _ = top.summary  # worked out here, not when the line is drawn
        for layer in layers:
            _ = layer.summary
            for index, hook in enumerate(layer.hooks):
                where[hook.ref] = (layer.key, index)
    return Outline(
        view,
        groups,
        len(hooks),
        len(every),
        hidden,
        column_widths(hooks, hidden, marked),
        after_widths(hooks, colors, hidden),
        where,
        marked,
    )


@dataclass(frozen=True)
class Digest:
    """What the main screen says of a whole configuration beyond the list (the status
    line's counts, the trust banner, finding a hook by ref): worked out with the outline."""

    counts: HookCounts
    to_review: int  # the project hooks to review (`untrusted_project_hooks`)
    review_summary: str | None  # `untrusted_summary` of them
    by_ref: dict[str, Hook]


def make_digest(
    snapshot: Snapshot, claude: ClaudeSnapshot | None = None, more: Sequence[HostSnapshot] = ()
) -> Digest:
    """(`counts` and the review are Gemini CLI's: the status line counts Claude Code's
    hooks itself, and its review is hookdash's own.)"""
    from hookdash.core import count_hooks, untrusted_project_hooks, untrusted_summary

    untrusted = untrusted_project_hooks(snapshot.hooks)
    by_ref: dict[str, Hook] = {h.ref: h for h in snapshot.hooks}
    if claude is not None:
        by_ref.update((h.ref, h) for h in claude.hooks)
    for other in more:
        by_ref.update((h.ref, h) for h in other.hooks)  # type: ignore[misc]
    return Digest(
        count_hooks(snapshot.hooks),
        len(untrusted),
        untrusted_summary(untrusted) if untrusted else None,
        by_ref,
    )
