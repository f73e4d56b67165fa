"""The hook list: every hook grouped by event, then by source layer, one line each."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.theme import Theme
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import widget_bindings
from hookdash.tui.plain import plain
from hookdash.tui.widgets.hook_groups import (
    Columns,
    EventGroup,
    Grouping,
    HookItem,
    LayerGroup,
    SourceGroup,
    TreeItem,
    column_widths,
    group_by_source,
    group_hooks,
    layer_key,
    layer_notes,
)
from hookdash.tui.widgets.hook_labels import fit_columns, item_label
from hookdash.tui.widgets.list_keys import UP_DOWN

if TYPE_CHECKING:
    from hookdash.core import (
        AnyHook as Hook,
        ClaudeSnapshot,
        Snapshot,
    )


class HookTree(Tree[TreeItem | None]):
    """A Tree of events → layers → hooks that keeps its selection across reloads."""

    BORDER_TITLE = "Hooks"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "fold", "Fold", show=False),
        Binding("right", "unfold", "Unfold", show=False),
        # Tree binds space to fold; on a hook, space switches it (see HooksScreen).
        *widget_bindings("HookTree"),
        *UP_DOWN,  # (g groups the list: no g and G here)
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
        self._marked = False  # more than one host's hooks: each line says whose
        self.grouping: Grouping = "event"
        self.project_only = False  # only the workspace's own hooks (`o`)
        self._rebuilding = False
        self._fitted_to: int | None = None  # the room the id columns were fitted to

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_resize(self) -> None:
        if self._widths and self._room() != self._fitted_to:  # (nothing to fit before a load)
            self._refit()  # the id columns and the risk badges are fitted to the width
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
        claude: ClaudeSnapshot | None = None,
    ) -> int:
        """Rebuild from a snapshot (and Claude Code's, when it has files), keeping the
        selection (by `Hook.ref`) and folding.

        Returns how many hooks are shown.
        """
        from hookdash.core import hidden_refs, hook_matches

        keep = select if select is not None else self._current_key()
        old_line = self.cursor_line
        every: list[Hook] = [*snapshot.hooks, *(claude.hooks if claude is not None else ())]
        hooks = [
            h
            for h in every
            if (not self.project_only or h.scope in ("workspace", "project", "local"))
            and hook_matches(h, query)
        ]
        problems = [*snapshot.problems, *(claude.problems if claude is not None else ())]
        self._hidden = hidden_refs(every, problems)
        self._marked = claude is not None and bool(claude.hooks)
        colors = colors_for(self.app)
        self._widths = self._fit(self._columns(hooks), hooks, colors)
        notes = layer_notes(snapshot, claude)
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
            event_node = self.root.add(self._label(top, colors), data=top, expand=expand)
            nodes[top.key] = event_node
            for layer in layers:
                expand = bool(query) or layer.key not in self._collapsed
                layer_node = event_node.add(self._label(layer, colors), data=layer, expand=expand)
                nodes[layer.key] = layer_node
                for hook in layer.hooks:
                    item = HookItem(hook)
                    nodes[item.key] = layer_node.add_leaf(self._label(item, colors), data=item)
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

    def update_hooks(self, hooks: Mapping[str, Hook]) -> int:
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
                    widths = self._fit(self._columns(node.data.hooks), node.data.hooks, colors)
                    if widths != {node.data.key: self._widths.get(node.data.key)}:
                        self._widths.update(widths)
                        resized.add(node.data.key)
            else:
                continue
            node.set_label(self._label(node.data, colors))
        for node in self._walk(self.root):
            if isinstance(node.data, HookItem) and layer_key(node.data.hook) in resized:
                node.set_label(self._label(node.data, colors))
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

    def _columns(self, hooks: Iterable[Hook]) -> dict[str, Columns]:
        return column_widths(hooks, self._hidden, self._marked)

    def _room(self) -> int | None:
        """The cells a hook's line has (its guides take two levels), None before layout."""
        width = self.scrollable_content_region.width
        return width - 2 * self.guide_depth if width > 0 else None

    def _fit(
        self, widths: dict[str, Columns], hooks: Iterable[Hook], colors: Colors
    ) -> dict[str, Columns]:
        room = self._room()
        self._fitted_to = room
        if room is None:
            return widths
        return fit_columns(widths, hooks, colors, self._hidden, room)

    def _refit(self) -> None:
        """The id columns again for the list's new width, and every line with them."""
        colors = colors_for(self.app)
        hooks = [n.data.hook for n in self._walk(self.root) if isinstance(n.data, HookItem)]
        self._widths = self._fit(self._columns(hooks), hooks, colors)
        for node in self._walk(self.root):
            if isinstance(node.data, HookItem):
                node.set_label(self._label(node.data, colors))

    def _label(self, item: TreeItem, colors: Colors) -> Text:
        return item_label(
            item,
            colors,
            grouping=self.grouping,
            hidden=self._hidden,
            widths=self._widths,
            room=self._room(),
        )

    def _theme_changed(self, theme: Theme) -> None:
        colors = colors_for(self.app)
        for node in self._walk(self.root):
            if node.data is not None:
                node.set_label(self._label(node.data, colors))

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
