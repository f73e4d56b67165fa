"""The hook list: every hook grouped by event, then by source layer, one line each."""

from __future__ import annotations

import os
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Literal, NamedTuple

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.theme import Theme
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from hookdash.core import EVENTS, visible  # (no pydantic, no I/O)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import widget_bindings
from hookdash.tui.plain import plain

if TYPE_CHECKING:
    from hookdash.core import (
        Hook,
        Snapshot,
    )


@dataclass(frozen=True)
class EventGroup:
    """The node of one event: its hooks, in Gemini's registration order."""

    event: str
    hooks: tuple[Hook, ...]

    @property
    def key(self) -> str:
        return f"event\x1f{self.event}"  # raw-ok: a key, never shown


@dataclass(frozen=True)
class LayerGroup:
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
class SourceGroup:
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


TreeItem = EventGroup | SourceGroup | LayerGroup | HookItem
Grouping = Literal["event", "source"]

# Longer ids (unnamed hooks show their command) are cut: the details show them whole.
MAX_ID_WIDTH = 28
HIDDEN_PILL = " hidden "  # the red badge of a hook with hidden characters
# Settings layers in the order Gemini CLI merges and runs them; extensions come after.
SCOPE_ORDER = ("system-defaults", "user", "workspace", "system")


class Columns(NamedTuple):
    """The widths of one group's columns (the matcher and extra badges follow)."""

    badge: int  # the state badge
    hidden: int  # the `hidden` pill and its gap: 0 when no hook of the group has one
    ident: int


def layer_key(hook: Hook) -> str:
    """The `LayerGroup.key` of the group a hook is listed in."""
    return f"layer\x1f{hook.event}\x1f{hook.layer_label}"  # raw-ok: a key, never shown


def _shown_id(hook: Hook) -> str:
    return " ".join(hook.shown.id.split())


def column_widths(hooks: Iterable[Hook], hidden: Collection[str] = ()) -> dict[str, Columns]:
    """The columns of each group of hooks (by `layer_key`; `hidden`: the refs of hooks with
    hidden characters): as wide as what that group shows, so that one long badge or id
    (`off: unknown event`) widens only the lines beside it, not every line of the list."""
    from hookdash.core import state_badge

    widths: dict[str, Columns] = {}
    for hook in hooks:
        key = layer_key(hook)
        old = widths.get(key, Columns(0, 0, 0))
        widths[key] = Columns(
            max(old.badge, len(state_badge(hook).label)),
            len(HIDDEN_PILL) + 2 if old.hidden or hook.ref in hidden else 0,
            min(MAX_ID_WIDTH, max(old.ident, len(_shown_id(hook)))),
        )
    return widths


def group_hooks(
    hooks: Iterable[Hook], layer_notes: dict[str, str] | None = None
) -> list[tuple[EventGroup, list[LayerGroup]]]:
    """Events in Gemini's schema order (unknown names last); layers in run order."""
    notes = layer_notes or {}
    by_event: dict[str, dict[str, list[Hook]]] = {}
    for hook in hooks:
        by_event.setdefault(hook.event, {}).setdefault(hook.layer_label, []).append(hook)
    events = [e for e in EVENTS if e in by_event] + [e for e in by_event if e not in EVENTS]
    out = []
    for event in events:
        layers = [
            LayerGroup(event, label, items[0].file, tuple(items), notes.get(items[0].file))
            for label, items in by_event[event].items()
        ]
        all_hooks = tuple(h for layer in layers for h in layer.hooks)
        out.append((EventGroup(event, all_hooks), layers))
    return out


def group_by_source(
    hooks: Iterable[Hook], layer_notes: dict[str, str] | None = None
) -> list[tuple[SourceGroup, list[LayerGroup]]]:
    """Sources in Gemini's order (settings layers, then extensions by name); each source's
    events in Gemini's schema order (unknown names last)."""
    notes = layer_notes or {}
    by_source: dict[str, dict[str, list[Hook]]] = {}
    for hook in hooks:
        by_source.setdefault(hook.layer_label, {}).setdefault(hook.event, []).append(hook)

    def order(label: str) -> tuple[int, str]:
        return (SCOPE_ORDER.index(label), "") if label in SCOPE_ORDER else (len(SCOPE_ORDER), label)

    out = []
    for label in sorted(by_source, key=order):
        events = by_source[label]
        names = [e for e in EVENTS if e in events] + [e for e in events if e not in EVENTS]
        layers = [
            LayerGroup(e, label, events[e][0].file, tuple(events[e]), notes.get(events[e][0].file))
            for e in names
        ]
        first = layers[0]
        all_hooks = tuple(h for layer in layers for h in layer.hooks)
        out.append((SourceGroup(label, first.file, all_hooks, first.note), layers))
    return out


class HookTree(Tree[TreeItem | None]):
    """A Tree of events → layers → hooks that keeps its selection across reloads."""

    BORDER_TITLE = "Hooks"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "fold", "Fold", show=False),
        Binding("right", "unfold", "Unfold", show=False),
        # Tree binds space to fold; on a hook, space switches it (see HooksScreen).
        *widget_bindings("HookTree"),
    ]

    class ItemHighlighted(Message):
        """The item under the cursor changed (or was reloaded): show its details."""

        def __init__(self, item: TreeItem | None) -> None:
            super().__init__()
            self.item = item

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("hooks", id=id)
        self.show_root = False
        self.guide_depth = 3
        self._collapsed: set[str] = set()
        self._widths: dict[str, Columns] = {}  # column_widths of what is shown
        self._hidden: frozenset[str] = frozenset()  # refs of hooks with hidden characters
        self.grouping: Grouping = "event"
        self.project_only = False  # only the workspace's own hooks (`o`)
        self._rebuilding = False

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_resize(self) -> None:
        # Keep the selected hook in view when the terminal shrinks.
        node = self.cursor_node
        if node is not None:
            self.call_after_refresh(self.scroll_to_node, node, animate=False)

    # ------------------------------------------------------------------ content

    @property
    def current_item(self) -> TreeItem | None:
        node = self.cursor_node
        return node.data if node is not None else None

    @property
    def selected_hook(self) -> Hook | None:
        item = self.current_item
        return item.hook if isinstance(item, HookItem) else None

    def populate(
        self,
        snapshot: Snapshot,
        query: str = "",
        select: str | None = None,
    ) -> int:
        """Rebuild from a snapshot, keeping the selection (by `Hook.ref`) and folding.

        Returns how many hooks are shown.
        """
        from hookdash.core import hidden_refs, hook_matches

        keep = select if select is not None else self._current_key()
        old_line = self.cursor_line
        hooks = [
            h
            for h in snapshot.hooks
            if (not self.project_only or h.scope == "workspace") and hook_matches(h, query)
        ]
        self._hidden = hidden_refs(snapshot.hooks, snapshot.problems)
        self._widths = column_widths(hooks, self._hidden)
        notes = self._layer_notes(snapshot)
        colors = colors_for(self.app)
        self._rebuilding = True
        self.clear()
        nodes: dict[str, TreeNode[TreeItem | None]] = {}
        groups: (
            list[tuple[EventGroup, list[LayerGroup]]] | list[tuple[SourceGroup, list[LayerGroup]]]
        )
        if self.grouping == "source":
            groups = group_by_source(hooks, notes)
        else:
            groups = group_hooks(hooks, notes)
        for top, layers in groups:
            # A filter shows every match: folding would hide them.
            expand = bool(query) or top.key not in self._collapsed
            event_node = self.root.add(self._make_label(top, colors), data=top, expand=expand)
            nodes[top.key] = event_node
            for layer in layers:
                expand = bool(query) or layer.key not in self._collapsed
                layer_node = event_node.add(
                    self._make_label(layer, colors), data=layer, expand=expand
                )
                nodes[layer.key] = layer_node
                for hook in layer.hooks:
                    item = HookItem(hook)
                    nodes[item.key] = layer_node.add_leaf(self._make_label(item, colors), data=item)
        if not hooks and snapshot.hooks:
            if query:
                empty = f"No hook matches “{query}”"
                empty += (
                    " among the project's hooks (o shows every hook)." if self.project_only else "."
                )
            else:
                empty = "No project hook: this workspace's settings have none (o shows every hook)."
            self.root.add_leaf(plain(empty, colors.dim), data=None)
        self._rebuilding = False
        self._restore_cursor(nodes.get(keep) if keep else None, old_line)
        return len(hooks)

    def select_ref(self, ref: str) -> bool:
        """Move the cursor to a hook (unfolding its groups); False if it is not shown."""
        for node in self._walk(self.root):
            if isinstance(node.data, HookItem) and node.data.key == ref:
                parent = node.parent
                while parent is not None:
                    parent.expand()
                    parent = parent.parent
                self._restore_cursor(node, self.cursor_line)
                return True
        return False

    def update_hooks(self, hooks: dict[str, Hook]) -> int:
        """Show new readings of some hooks (by `Hook.ref`) in place, with their groups'
        counts, without rebuilding the tree. Returns how many lines changed."""
        if not hooks:
            return 0
        colors = colors_for(self.app)
        changed = 0
        resized: set[str] = set()  # groups whose columns the new badges widen or narrow
        for node in list(self._walk(self.root)):
            data = node.data
            if isinstance(data, HookItem) and data.key in hooks:
                node.data = HookItem(hooks[data.key])
                changed += 1
            elif isinstance(data, EventGroup | SourceGroup | LayerGroup) and any(
                h.ref in hooks for h in data.hooks
            ):
                node.data = replace(data, hooks=tuple(hooks.get(h.ref, h) for h in data.hooks))
                if isinstance(node.data, LayerGroup):
                    widths = column_widths(node.data.hooks, self._hidden)
                    if widths != {node.data.key: self._widths.get(node.data.key)}:
                        self._widths.update(widths)
                        resized.add(node.data.key)
            else:
                continue
            node.set_label(self._make_label(node.data, colors))
        for node in self._walk(self.root):
            if isinstance(node.data, HookItem) and layer_key(node.data.hook) in resized:
                node.set_label(self._make_label(node.data, colors))
        if changed:
            self.post_message(self.ItemHighlighted(self.current_item))
        return changed

    def toggle_all(self) -> None:
        """Fold every group if any is open, else unfold them all."""
        groups = [n for n in self._walk(self.root) if n.allow_expand and n is not self.root]
        if any(n.is_expanded for n in groups):
            for node in self.root.children:
                node.collapse_all()
            self._collapsed = {n.data.key for n in groups if n.data is not None}
        else:
            for node in self.root.children:
                node.expand_all()
            self._collapsed.clear()

    # ----------------------------------------------------------------- internals

    def _current_key(self) -> str | None:
        item = self.current_item
        return item.key if item is not None else None

    def _walk(self, node: TreeNode[TreeItem | None]) -> Iterable[TreeNode[TreeItem | None]]:
        for child in node.children:
            yield child
            yield from self._walk(child)

    def _restore_cursor(self, node: TreeNode[TreeItem | None] | None, old_line: int) -> None:
        """Put the cursor on `node` now (not after a refresh: a key pressed meanwhile
        would be overridden), else near where it was, else on the first hook."""
        last = self.last_line  # (re)builds the lines, so that node.line is valid
        first_paint = node is None and old_line < 0
        if first_paint:
            # Start on the first hook, so the details show something useful.
            node = next((n for n in self._walk(self.root) if isinstance(n.data, HookItem)), None)
        if node is None and last >= 0:
            # The selected hook is gone: stay where the cursor was.
            node = self.get_node_at_line(min(max(old_line, 0), last))
        if node is not None and node.line >= 0:
            self.move_cursor(node)
        else:
            self.cursor_line = -1
        if first_paint:
            # Not yet laid out, the move scrolled as if the tree were one line high.
            self.call_after_refresh(self.scroll_home, animate=False)
        self.post_message(self.ItemHighlighted(self.current_item))

    def _layer_notes(self, snapshot: Snapshot) -> dict[str, str]:
        notes: dict[str, str] = {}
        for layer in snapshot.layers:
            if layer.exists and not layer.loaded:
                notes[layer.path] = (
                    "does not parse" if layer.error is not None else "ignored by Gemini"
                )
        for ext in snapshot.extensions:
            if not ext.active:
                reason = visible(ext.reason) if ext.reason else "inactive"
                notes[os.path.join(ext.path, "hooks", "hooks.json")] = reason
        return notes

    def _make_label(self, item: TreeItem, colors: Colors) -> Text:
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
        if isinstance(item, LayerGroup) and self.grouping == "source":
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
        badges = hook_badges(hook, hook.ref in self._hidden)
        state, extra = badges[0], badges[1:]
        columns = self._widths.get(layer_key(hook), Columns(0, 0, MAX_ID_WIDTH))
        text = Text(state.label.ljust(columns.badge), style=colors.badge(state.kind))
        text.append("  ")
        # Before the id, where a narrow list cannot cut it off.
        if extra and extra[0].kind == "hidden":
            text.append(HIDDEN_PILL, style=colors.badge("hidden"))
            text.append("  ")
            extra = extra[1:]
        elif columns.hidden:
            text.append(" " * columns.hidden)
        ident = _shown_id(hook)
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

    def _theme_changed(self, theme: Theme) -> None:
        colors = colors_for(self.app)
        for node in self._walk(self.root):
            if node.data is not None:
                node.set_label(self._make_label(node.data, colors))

    # ------------------------------------------------------------------ actions

    def action_fold(self) -> None:
        """← : fold the group under the cursor, or go to the enclosing group."""
        node = self.cursor_node
        if node is None:
            return
        if node.allow_expand and node.is_expanded:
            node.collapse()
        elif node.parent is not None and node.parent is not self.root:
            self.move_cursor(node.parent)

    def action_unfold(self) -> None:
        """→ : unfold the group under the cursor, or step into it."""
        node = self.cursor_node
        if node is None or not node.allow_expand:
            return
        if not node.is_expanded:
            node.expand()
        elif node.children:
            self.move_cursor(node.children[0])

    # ------------------------------------------------------------------ events

    @on(Tree.NodeHighlighted)
    def _highlighted(self, event: Tree.NodeHighlighted[TreeItem | None]) -> None:
        event.stop()
        if not self._rebuilding:
            self.post_message(self.ItemHighlighted(event.node.data))

    @on(Tree.NodeCollapsed)
    def _collapsed_node(self, event: Tree.NodeCollapsed[TreeItem | None]) -> None:
        if event.node.data is not None and not self._rebuilding:
            self._collapsed.add(event.node.data.key)

    @on(Tree.NodeExpanded)
    def _expanded_node(self, event: Tree.NodeExpanded[TreeItem | None]) -> None:
        if event.node.data is not None and not self._rebuilding:
            self._collapsed.discard(event.node.data.key)
