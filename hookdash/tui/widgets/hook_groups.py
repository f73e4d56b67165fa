"""The hook list as data: its groups (by event then source layer, or by source then
event), one item per hook, and the widths of each group's columns.

Pure: `HookTree` builds its nodes from these, `hook_labels` draws them.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol, TypeVar

from hookdash.core import EVENTS, visible  # (no pydantic, no I/O)

if TYPE_CHECKING:
    from hookdash.core import AnyHook as Hook, ClaudeSnapshot, HookCounts, Snapshot


class GroupSummary(NamedTuple):
    """What a group's line and details say of its hooks: worked out once, with the group
    (in a thread for a large configuration), not each time the line is drawn."""

    counts: HookCounts
    risky: int  # hooks with a risk flag
    sequential: int  # hooks of a definition with "sequential": true
    events: tuple[str, ...]  # in the order the hooks come


def summarise(hooks: Iterable[Hook]) -> GroupSummary:
    from hookdash.core import count_hooks

    items = tuple(hooks)
    return GroupSummary(
        count_hooks(items),
        sum(bool(h.risks) for h in items),
        sum(bool(getattr(h, "sequential", False)) for h in items),
        tuple(dict.fromkeys(h.event for h in items)),
    )


def resummarise(summary: GroupSummary, old: Hook, new: Hook) -> GroupSummary:
    """`summary` with one hook's reading replaced (a switch shown before the reload):
    without walking the group's other hooks."""
    gone, came = summarise((old,)), summarise((new,))
    counts = summary.counts
    return GroupSummary(
        replace(
            counts,
            running=counts.running - gone.counts.running + came.counts.running,
            disabled=counts.disabled - gone.counts.disabled + came.counts.disabled,
        ),
        summary.risky - gone.risky + came.risky,
        summary.sequential - gone.sequential + came.sequential,
        summary.events,
    )


class _Summarised:
    """A group of hooks whose summary is worked out on first use, and kept."""

    hooks: tuple[Hook, ...]

    @cached_property
    def summary(self) -> GroupSummary:
        return summarise(self.hooks)


G = TypeVar("G", bound=_Summarised)


def with_summary(group: G, summary: GroupSummary) -> G:
    """The same group with another summary (its hooks tuple is left as it was: walking
    it is what the summary saves)."""
    fresh = replace(group)  # type: ignore[type-var]
    fresh.__dict__["summary"] = summary
    return fresh


@dataclass(frozen=True)
class EventGroup(_Summarised):
    """The node of one event: its hooks, in Gemini's registration order."""

    event: str
    hooks: tuple[Hook, ...]

    @property
    def key(self) -> str:
        return f"event\x1f{self.event}"  # raw-ok: a key, never shown


@dataclass(frozen=True)
class LayerGroup(_Summarised):
    """The hooks of one event from one source: a settings layer or an extension."""

    event: str
    label: str  # Hook.layer_label: "user", "workspace", …, "extension <name>"
    file: str
    hooks: tuple[Hook, ...]
    note: str | None = None  # e.g. "ignored by Gemini CLI"

    @property
    def key(self) -> str:
        return f"layer\x1f{self.event}\x1f{self.label}"  # raw-ok: a key, never shown


@dataclass(frozen=True)
class SourceGroup(_Summarised):
    """Source first (`g`): every hook of one settings layer or extension, by event."""

    label: str  # Hook.layer_label
    file: str
    hooks: tuple[Hook, ...]
    note: str | None = None

    @property
    def key(self) -> str:
        return f"source\x1f{self.label}"


@dataclass(frozen=True)
class HookItem:
    hook: Hook

    @property
    def key(self) -> str:
        return self.hook.ref


# A group shows at most this many hooks at a time, with a line to page through the rest:
# what the event loop builds, draws and walks stays the same however many hooks there are.
PAGE = 500


@dataclass(frozen=True)
class PageItem:
    """The line that shows another page of a group's hooks (enter): the `count` hooks
    after the page shown (`later`), or the ones before it; `start`: the page it shows."""

    layer: str  # the LayerGroup.key
    start: int
    count: int
    later: bool

    @property
    def key(self) -> str:
        return f"page\x1f{self.layer}\x1f{int(self.later)}"  # raw-ok: a key, never shown


TreeItem = EventGroup | SourceGroup | LayerGroup | HookItem | PageItem
Grouping = Literal["event", "source"]

# Longer ids (unnamed hooks show their command) are cut: the details show them whole.
MAX_ID_WIDTH = 28
HIDDEN_PILL = " hidden "  # the red badge of a hook with hidden characters
# Settings layers in the order Gemini CLI merges and runs them; extensions come after,
# then Claude Code's layers in the order it reads them.
SCOPE_ORDER = ("system-defaults", "user", "workspace", "system")
CLAUDE_ORDER = ("claude managed", "claude user", "claude project", "claude local", "claude plugin")
# Before each hook's state badge when the list holds more than one host's hooks, a letter
# (the host's `mark`), not a colour, says whose it is.
HOST_MARK_WIDTH = 2  # the letter and a space


class Columns(NamedTuple):
    """The widths of one group's columns (the matcher and extra badges follow)."""

    badge: int  # the state badge
    hidden: int  # the `hidden` pill and its gap: 0 when no hook of the group has one
    ident: int
    host: int = 0  # the host's letter and its gap: 0 when the list shows one host only


def layer_key(hook: Hook) -> str:
    """The `LayerGroup.key` of the group a hook is listed in."""
    return f"layer\x1f{hook.event}\x1f{hook.layer_label}"  # raw-ok: a key, never shown


def shown_id(hook: Hook) -> str:
    """The id on one line (an unnamed hook's is its command)."""
    return " ".join(hook.shown.id.split())


def column_widths(
    hooks: Iterable[Hook], hidden: Collection[str] = (), marked: bool = False
) -> dict[str, Columns]:
    """The columns of each group of hooks (by `layer_key`; `hidden`: the refs of hooks with
    hidden characters; `marked`: each line starts with its host's letter): as wide as what
    that group shows, so that one long badge or id (`off: unknown event`) widens only the
    lines beside it, not every line of the list."""
    from hookdash.core import state_badge

    widths: dict[str, Columns] = {}
    for hook in hooks:
        key = layer_key(hook)
        old = widths.get(key, Columns(0, 0, 0))
        widths[key] = Columns(
            max(old.badge, len(state_badge(hook).label)),
            len(HIDDEN_PILL) + 2 if old.hidden or hook.ref in hidden else 0,
            min(MAX_ID_WIDTH, max(old.ident, len(shown_id(hook)))),
            HOST_MARK_WIDTH if marked else 0,
        )
    return widths


def event_order(names: Iterable[str]) -> list[str]:
    """Gemini CLI's events in its schema order, then Claude Code's in its order, then any
    other name (neither host knows it) as met."""
    from hookdash.core import CLAUDE_EVENTS

    present = list(dict.fromkeys(names))
    known = [*EVENTS, *(e for e in CLAUDE_EVENTS if e not in EVENTS)]
    return [e for e in known if e in present] + [e for e in present if e not in known]


class _Listed(Protocol):
    """What the list groups a hook by: a read hook, or one of a glimpse (tui.glimpse)."""

    @property
    def event(self) -> str: ...
    @property
    def layer_label(self) -> str: ...


_L = TypeVar("_L", bound=_Listed)


def by_event(hooks: Iterable[_L]) -> list[tuple[str, list[tuple[str, list[_L]]]]]:
    """Hooks grouped by event (in `event_order`), then by layer, as met (run order)."""
    grouped: dict[str, dict[str, list[_L]]] = {}
    for hook in hooks:
        grouped.setdefault(hook.event, {}).setdefault(hook.layer_label, []).append(hook)
    return [(event, list(grouped[event].items())) for event in event_order(grouped)]


def group_hooks(
    hooks: Iterable[Hook], layer_notes: dict[str, str] | None = None
) -> list[tuple[EventGroup, list[LayerGroup]]]:
    """Events in Gemini's schema order, then Claude's (unknown names last); layers in run
    order."""
    notes = layer_notes or {}
    out = []
    for event, labelled in by_event(hooks):
        layers = [
            LayerGroup(event, label, items[0].file, tuple(items), notes.get(items[0].file))
            for label, items in labelled
        ]
        all_hooks = tuple(h for layer in layers for h in layer.hooks)
        out.append((EventGroup(event, all_hooks), layers))
    return out


def group_by_source(
    hooks: Iterable[Hook], layer_notes: dict[str, str] | None = None
) -> list[tuple[SourceGroup, list[LayerGroup]]]:
    """Sources in Gemini's order (settings layers, then extensions by name), then Claude's
    layers; each source's events in schema order (unknown names last)."""
    notes = layer_notes or {}
    by_source: dict[str, dict[str, list[Hook]]] = {}
    for hook in hooks:
        by_source.setdefault(hook.layer_label, {}).setdefault(hook.event, []).append(hook)

    def order(label: str) -> tuple[int, str]:
        if label in SCOPE_ORDER:
            return (SCOPE_ORDER.index(label), "")
        if label in CLAUDE_ORDER:
            return (len(SCOPE_ORDER) + 1 + CLAUDE_ORDER.index(label), "")
        return (len(SCOPE_ORDER), label)

    out = []
    for label in sorted(by_source, key=order):
        events = by_source[label]
        names = event_order(events)
        layers = [
            LayerGroup(e, label, events[e][0].file, tuple(events[e]), notes.get(events[e][0].file))
            for e in names
        ]
        first = layers[0]
        all_hooks = tuple(h for layer in layers for h in layer.hooks)
        out.append((SourceGroup(label, first.file, all_hooks, first.note), layers))
    return out


def layer_notes(snapshot: Snapshot, claude: ClaudeSnapshot | None = None) -> dict[str, str]:
    """Why a layer's hooks do not run, by its file: it does not parse, Gemini (or Claude)
    ignores it, or the extension is inactive."""
    notes: dict[str, str] = {}
    for info in claude.layers if claude is not None else ():
        if info.exists and not info.loaded:
            strict = info.error is not None and info.error.message.startswith("not strict JSON")
            notes[info.path] = (
                "not strict JSON: Claude Code ignores this file"
                if strict
                else "ignored by Claude Code"
            )
    for layer in snapshot.layers:
        if layer.exists and not layer.loaded:
            notes[layer.path] = "does not parse" if layer.error is not None else "ignored by Gemini"
    for ext in snapshot.extensions:
        if not ext.active:
            reason = visible(ext.reason) if ext.reason else "inactive"
            notes[os.path.join(ext.path, "hooks", "hooks.json")] = reason
    return notes
