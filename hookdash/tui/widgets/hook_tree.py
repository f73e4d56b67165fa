"""The hook list: every hook grouped by event, then by source layer, one line each (at
most PAGE a group at a time: see hook_outline)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
    MAX_ID_WIDTH,
    PAGE,
    Columns,
    EventGroup,
    Grouping,
    HookItem,
    LayerGroup,
    PageItem,
    SourceGroup,
    TreeItem,
    by_event,
    column_widths,
    resummarise,
    with_summary,
)
from hookdash.tui.widgets.hook_labels import (
    after_widths,
    fit_columns,
    glimpse_event_line,
    glimpse_line,
    item_label,
    source_name,
)
from hookdash.tui.widgets.hook_outline import Outline, View, make_outline
from hookdash.tui.widgets.list_keys import UP_DOWN

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hookdash.core import AnyHook as Hook, ClaudeSnapshot, HostSnapshot, Snapshot
    from hookdash.tui.glimpse import Glimpse


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
        self._outline: Outline | None = None  # what is shown
        self._fresh: dict[str, Hook] = {}  # readings shown in place since (update_hooks)
        self._node_of: dict[str, TreeNode[TreeItem | None]] = {}  # by key: the groups, hooks shown
        self._layer_nodes: dict[str, TreeNode[TreeItem | None]] = {}  # the LayerGroup nodes
        self._pages: dict[str, int] = {}  # each group's page: the index of its first hook
        self._glimpsed: dict[int, str] = {}  # a glimpsed hook's node id: its Hook.ref

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_resize(self) -> None:
        # (Nothing to fit before a load.)
        if self._outline is not None and self._room() != self._fitted_to:
            self._refit()  # the id columns and the risk badges are fitted to the width
        # Keep the selected hook in view when the terminal shrinks.
        node = self.cursor_node
        if node is not None:
            self.call_after_refresh(self.scroll_to_node, node, animate=False)

    def get_label_width(self, node: TreeNode[TreeItem | None]) -> int:
        """The label's width without rendering it (Tree's default renders every label
        each time the tree changes: a second on the event loop for 40,000 hooks). The
        labels are plain Texts; a group's has the fold icon in front (2 cells)."""
        label = node.label
        width = label.cell_len if isinstance(label, Text) else len(str(label))
        return width + (2 if node.allow_expand else 0)

    # ------------------------------------------------------------------ content

    @property
    def current_item(self) -> TreeItem | None:
        node = self.cursor_node
        return node.data if node is not None else None

    @property
    def selected_hook(self) -> Hook | None:
        item = self.current_item
        return item.hook if isinstance(item, HookItem) else None

    @property
    def glimpsing(self) -> bool:
        """Whether the list is a glimpse (`show_glimpse`), not yet the configuration's."""
        return bool(self._glimpsed)

    @property
    def view(self) -> View:
        """The view the list shows, but for the filter's text (the screen's)."""
        return View(self.grouping, self.project_only)

    def populate(
        self,
        snapshot: Snapshot,
        query: str = "",
        select: str | None = None,
        claude: ClaudeSnapshot | None = None,
        others: Sequence[HostSnapshot] = (),
    ) -> int:
        """Rebuild from a snapshot (and Claude Code's, when it has files), keeping the
        selection (by `Hook.ref`) and folding.

        Returns how many hooks are shown. (Works the outline out here: see `show` for a
        large configuration.)"""
        view = self.view._replace(query=query)
        outline = make_outline(snapshot, view, colors_for(self.app), claude, others)
        return self.show(outline, select)

    def show(self, outline: Outline, select: str | None = None) -> int:
        """Rebuild from an outline, keeping the selection (by `Hook.ref`, or a group's
        key) and folding: at most PAGE hooks a group, the page with the selection.

        Returns how many hooks are shown."""
        keep = select if select is not None else self._current_key()
        old_line = self.cursor_line
        self._glimpsed = {}
        self._outline = outline
        self._fresh = {}
        self._hidden = outline.hidden
        self._marked = outline.marked
        colors = colors_for(self.app)
        self._widths = self._fit()
        query = outline.view.query
        self._rebuilding = True
        self.clear()
        self._node_of = {}
        self._layer_nodes = {}
        for top, layers in outline.groups:
            # A filter shows every match: folding would hide them.
            expand = bool(query) or top.key not in self._collapsed
            top_node = self.root.add(self._label(top, colors), data=top, expand=expand)
            self._node_of[top.key] = top_node
            for layer in layers:
                expand = bool(query) or layer.key not in self._collapsed
                node = top_node.add(self._label(layer, colors), data=layer, expand=expand)
                self._node_of[layer.key] = node
                self._layer_nodes[layer.key] = node
                self._fill(node, self._page_for(layer, keep), colors)
        if not outline.shown and outline.total:
            if query:
                empty = f"No hook matches “{query}”"
                empty += (
                    " among the project's hooks (o shows every hook)."
                    if outline.view.project_only
                    else "."
                )
            else:
                empty = "No project hook: this workspace's settings have none (o shows every hook)."
            self.root.add_leaf(plain(empty, colors.dim), data=None)
        self._rebuilding = False
        self._restore_cursor(self._node_of.get(keep) if keep else None, old_line)
        return outline.shown

    def show_glimpse(self, glimpse: Glimpse) -> None:
        """The list as last read (`tui.glimpse`), drawn before the configuration is read:
        every group unfolded, every hook `checking…`, the cursor on the first. Its lines
        carry no item, so no key acts on them; `show` replaces them, keeping the hook
        under the cursor."""

        colors = colors_for(self.app)
        marked = any(h.mark for h in glimpse.hooks)
        self._rebuilding = True
        self.clear()
        self._glimpsed = {}
        first: TreeNode[TreeItem | None] | None = None
        for event, layers in by_event(glimpse.hooks):
            hooks = [h for _, items in layers for h in items]
            top = self.root.add(glimpse_event_line(event, hooks, colors), data=None, expand=True)
            for label, items in layers:
                node = top.add(source_name(label, None, colors), data=None, expand=True)
                width = min(MAX_ID_WIDTH, max(len(h.ident) for h in items))
                for hook in items[:PAGE]:
                    leaf = node.add_leaf(glimpse_line(hook, colors, width, marked), data=None)
                    self._glimpsed[leaf.id] = hook.ref
                    first = first or leaf
        self._rebuilding = False
        self.border_title = f"Hooks ({len(glimpse.hooks)})"
        # (last_line builds the lines: the first hook's line is known after it.)
        if first is not None and self.last_line >= 0 and first.line >= 0:
            # The cursor is set, not moved: not yet laid out, a move scrolls as if the tree
            # were one line high, and the first frame showed the list two lines down.
            self.cursor_line = first.line

    def select_ref(self, ref: str) -> bool:
        """Move the cursor to a hook (unfolding its groups, turning to its page); False if
        it is not shown."""
        node = self._node_of.get(ref)
        where = self._outline.where.get(ref) if self._outline is not None else None
        if node is None and where is not None:
            layer = self._layer_nodes[where[0]]
            self._turn_to(layer, where[1] - where[1] % PAGE)
            node = self._node_of.get(ref)
        if node is None or not isinstance(node.data, HookItem):
            return False
        parent = node.parent
        while parent is not None:
            parent.expand()
            parent = parent.parent
        self._restore_cursor(node, self.cursor_line)
        return True

    def update_hooks(self, hooks: Mapping[str, Hook]) -> int:
        """Show new readings of some hooks (by `Hook.ref`) in place, with their groups'
        counts, without rebuilding the tree (nor walking it: the work grows with the
        hooks changed, not with the list). Returns how many lines changed."""
        outline = self._outline
        if not hooks or outline is None:
            return 0
        colors = colors_for(self.app)
        changed = 0
        relabel: list[TreeNode[TreeItem | None]] = []
        layers: set[str] = set()
        for ref, hook in hooks.items():
            if ref not in outline.where:
                continue  # not in this view
            key, index = outline.where[ref]
            layer = self._layer_nodes[key]
            group = layer.data
            assert isinstance(group, LayerGroup)
            old = self._fresh.get(ref, group.hooks[index])
            self._fresh[ref] = hook
            layers.add(key)
            for node in (layer, layer.parent):
                data = node.data if node is not None else None
                if node is not None and isinstance(data, EventGroup | SourceGroup | LayerGroup):
                    node.data = with_summary(data, resummarise(data.summary, old, hook))
                    relabel.append(node)
            node = self._node_of.get(ref)
            if node is not None:
                node.data = HookItem(hook)
                relabel.append(node)
                changed += 1
        for key in layers:
            if self._remeasure(key):  # the new badges widen or narrow the group's columns
                relabel.extend(self._layer_nodes[key].children)
        for node in relabel:
            if node.data is not None:
                node.set_label(self._label(node.data, colors))
        if relabel:
            self.post_message(self.ItemHighlighted(self.current_item))
        return changed

    def toggle_all(self) -> None:
        """Fold every group if any is open, else unfold them all."""
        groups = [*self.root.children, *self._layer_nodes.values()]
        if any(n.is_expanded for n in groups):
            for node in self.root.children:
                node.collapse_all()
            self._collapsed = {n.data.key for n in groups if n.data is not None}
        else:
            for node in self.root.children:
                node.expand_all()
            self._collapsed.clear()

    # ----------------------------------------------------------------- paging

    def _page_for(self, layer: LayerGroup, keep: str | None) -> int:
        """The first hook of the page a group shows: the selected hook's, else the one it
        showed (while it still has that many), else the first."""
        outline = self._outline
        where = outline.where.get(keep) if outline is not None and keep else None
        if where is not None and where[0] == layer.key:
            return where[1] - where[1] % PAGE
        start = self._pages.get(layer.key, 0)
        return start if start < len(layer.hooks) else 0

    def _fill(self, node: TreeNode[TreeItem | None], start: int, colors: Colors) -> None:
        """A group's page of hooks from `start`, with the lines to the pages around it."""
        group = node.data
        assert isinstance(group, LayerGroup)
        self._pages[group.key] = start
        total = len(group.hooks)
        if start:
            before = PageItem(group.key, max(0, start - PAGE), start, later=False)
            node.add_leaf(self._label(before, colors), data=before)
        for hook in group.hooks[start : start + PAGE]:
            item = HookItem(self._fresh.get(hook.ref, hook))
            self._node_of[item.key] = node.add_leaf(self._label(item, colors), data=item)
        if start + PAGE < total:
            after = PageItem(group.key, start + PAGE, total - start - PAGE, later=True)
            node.add_leaf(self._label(after, colors), data=after)

    def _turn_to(self, node: TreeNode[TreeItem | None], start: int) -> None:
        """Show another page of a group's hooks in place of the one shown."""
        for child in node.children:
            if isinstance(child.data, HookItem):
                self._node_of.pop(child.data.key, None)
        self._rebuilding = True
        node.remove_children()
        self._fill(node, start, colors_for(self.app))
        self._rebuilding = False

    @on(Tree.NodeSelected)
    def _page_selected(self, event: Tree.NodeSelected[TreeItem | None]) -> None:
        item = event.node.data
        if not isinstance(item, PageItem):
            return
        event.stop()
        layer = self._layer_nodes.get(item.layer)
        if layer is None:
            return
        self._turn_to(layer, item.start)
        # On the first hook of the page shown next, the last of the one before.
        hooks = [n for n in layer.children if isinstance(n.data, HookItem)]
        if hooks:
            self._restore_cursor(hooks[0] if item.later else hooks[-1], self.cursor_line)

    # ----------------------------------------------------------------- internals

    def _current_key(self) -> str | None:
        item = self.current_item
        if item is not None:
            return item.key
        node = self.cursor_node  # a glimpsed hook's (`show_glimpse`)
        return self._glimpsed.get(node.id) if node is not None else None

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

    def _fit(self) -> dict[str, Columns]:
        """The outline's columns fitted to the list's width (a step per group)."""
        room = self._room()
        self._fitted_to = room
        widths = self._outline.widths if self._outline is not None else {}
        if room is None:
            return dict(widths)
        after = self._outline.after if self._outline is not None else {}
        return fit_columns(widths, after, room)

    def _remeasure(self, key: str) -> bool:
        """One group's columns again after a switch shown in place: exactly when the group
        fits one page, else only wider (the reload that follows measures it all, off the
        event loop). True if they changed."""
        outline = self._outline
        layer = self._layer_nodes[key].data
        if outline is None or not isinstance(layer, LayerGroup):
            return False
        colors = colors_for(self.app)
        fresh = [self._fresh.get(h.ref, h) for h in layer.hooks[:PAGE]]
        if len(layer.hooks) > PAGE:
            fresh = [h for h in fresh if h.ref in self._fresh]
        widths = column_widths(fresh, self._hidden).get(key, Columns(0, 0, 0))
        after = after_widths(fresh, colors, self._hidden).get(key, 0)
        if len(layer.hooks) > PAGE:
            old = outline.widths.get(key, Columns(0, 0, 0))
            widths = Columns(*(max(a, b) for a, b in zip(old, widths, strict=True)))
            after = max(after, outline.after.get(key, 0))
        outline.widths[key], outline.after[key] = widths, after
        fitted = self._fit()
        if fitted.get(key) == self._widths.get(key):
            return False
        self._widths = fitted
        return True

    def _refit(self) -> None:
        """The id columns again for the list's new width, and the lines shown that change
        with it: those of the groups whose columns changed, and the risky hooks' (their
        risk badge is fitted to the width too)."""
        colors = colors_for(self.app)
        before, self._widths = self._widths, self._fit()
        for key, layer in self._layer_nodes.items():
            refit = before.get(key) != self._widths.get(key)
            for node in layer.children:
                if isinstance(node.data, HookItem) and (refit or node.data.hook.risks):
                    node.set_label(self._label(node.data, colors))

    def _label(self, item: TreeItem, colors: Colors) -> Text:
        return item_label(
            item,
            colors,
            # (The outline's: the screen may have switched the view, the outline to come.)
            grouping=self._outline.view.grouping if self._outline is not None else self.grouping,
            hidden=self._hidden,
            widths=self._widths,
            room=self._room(),
        )

    def _theme_changed(self, theme: Theme) -> None:
        colors = colors_for(self.app)
        for node in self._walk(self.root):  # (the lines shown: at most PAGE a group)
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
