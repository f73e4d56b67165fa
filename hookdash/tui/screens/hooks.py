"""The main screen: banners, a filter box, the hook tree and the selected hook's details."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from textual import on
from textual.containers import Container, Horizontal
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Label

from hookdash.core.registry import Hook
from hookdash.core.snapshot import Configuration
from hookdash.tui.commands import bindings_for
from hookdash.tui.widgets.banners import Banners
from hookdash.tui.widgets.empty_state import EmptyState
from hookdash.tui.widgets.hook_details import HookDetails
from hookdash.tui.widgets.hook_tree import HookTree
from hookdash.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from hookdash.tui.app import HookdashApp

# Below this width the details go under the tree instead of beside it.
NARROW_WIDTH = 110
# Large configurations filter after a pause in typing instead of on every key.
FILTER_DEBOUNCE_ABOVE = 300
FILTER_DEBOUNCE_SECONDS = 0.15
_LIST_ACTIONS = frozenset({"focus_filter", "toggle_details", "zoom_details", "toggle_expand"})


class HooksScreen(Screen[None]):
    """Every hook of the configuration, grouped by event and layer.

    Phase 2 adds its hook actions here (fire `f`, plan `p`, toggle `space`, …): a
    `Command` with scope "hooks" in tui/commands.py and an `action_…` method below that
    uses `self.selected_hook` and, after a change on disk, `self.app.reload()`.
    """

    COMMAND_SCOPE = "hooks"
    BINDINGS = bindings_for("hooks")

    def __init__(self) -> None:
        super().__init__()
        self._filter_timer: Timer | None = None

    def compose(self) -> Any:
        yield StatusLine(id="status")
        yield Banners(id="banners")
        with Horizontal(id="filter-bar"):
            yield Label("Filter", id="filter-label")
            yield Input(
                placeholder="id, command, event, layer, matcher, badge…  (/)",
                id="filter",
                compact=True,
            )
        with Container(id="body"):
            yield HookTree(id="tree")
            yield HookDetails(id="details")
            yield EmptyState(id="empty")
        yield Footer()

    @property
    def hd_app(self) -> HookdashApp:
        return cast("HookdashApp", self.app)

    def on_mount(self) -> None:
        self.watch(self.app, "config", self._config_changed)
        self.query_one(HookTree).focus()

    # ------------------------------------------------------------ public API

    @property
    def selected_hook(self) -> Hook | None:
        """The hook under the cursor (phase 2 actions act on it)."""
        return self.query_one(HookTree).selected_hook

    def select_hook(self, ref: str) -> bool:
        """Show a hook (by `Hook.ref`), clearing a filter that hides it."""
        tree = self.query_one(HookTree)
        if tree.select_ref(ref):
            tree.focus()
            return True
        filter_box = self.query_one("#filter", Input)
        if filter_box.value:
            filter_box.value = ""
            self._refresh_tree(select=ref)
            tree.focus()
            return True
        return False

    # ------------------------------------------------------------ rendering

    def _config_changed(self, config: Configuration | None) -> None:
        if config is None:
            return
        env = config.env
        snapshot = config.snapshot
        self.query_one(StatusLine).show(snapshot, env.display)
        notices = self.hd_app.notices()
        self.query_one(Banners).show(snapshot.problems, env.display, notices)
        empty = not snapshot.hooks
        self.set_class(empty, "-empty")
        self.refresh_bindings()
        if empty:
            self.query_one(EmptyState).show(env)
        self._refresh_tree()

    def _refresh_tree(self, select: str | None = None) -> None:
        config = self.hd_app.config
        if config is None:
            return
        query = self.query_one("#filter", Input).value
        tree = self.query_one(HookTree)
        shown = tree.populate(config.snapshot, query, select=select)
        total = len(config.snapshot.hooks)
        tree.border_title = f"Hooks {shown}/{total}" if query else f"Hooks ({total})"

    @on(HookTree.ItemHighlighted)
    def _show_details(self, event: HookTree.ItemHighlighted) -> None:
        config = self.hd_app.config
        details = self.query_one(HookDetails)
        if config is None:
            details.show(None, None, str)
            return
        details.show(event.item, config.snapshot, config.env.display)

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        config = self.hd_app.config
        if self._filter_timer is not None:
            self._filter_timer.stop()
            self._filter_timer = None
        if config is not None and len(config.hooks) > FILTER_DEBOUNCE_ABOVE:
            # Rebuilding thousands of lines per keystroke lags: wait for a pause in typing.
            self._filter_timer = self.set_timer(FILTER_DEBOUNCE_SECONDS, self._refresh_tree)
        else:
            self._refresh_tree()

    @on(Input.Submitted, "#filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        if self._filter_timer is not None:
            self._filter_timer.stop()
            self._filter_timer = None
            self._refresh_tree()
        self.query_one(HookTree).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    # --------------------------------------------------------------- actions

    def action_focus_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_clear_filter(self) -> None:
        if self.maximized is not None:
            self.minimize()
            return
        filter_box = self.query_one("#filter", Input)
        if filter_box.value:
            filter_box.value = ""
        self.query_one(HookTree).focus()

    def action_toggle_details(self) -> None:
        details = self.query_one(HookDetails)
        details.display = not details.display
        self.set_class(not details.display, "-no-details")
        if not details.display and self.maximized is details:
            self.minimize()

    def action_zoom_details(self) -> None:
        details = self.query_one(HookDetails)
        if self.maximized is details:
            self.minimize()
            self.query_one(HookTree).focus()
        else:
            details.display = True
            self.remove_class("-no-details")
            self.maximize(details, container=False)
            details.focus()

    def action_toggle_expand(self) -> None:
        self.query_one(HookTree).toggle_all()

    def action_open_demo(self) -> None:
        self.hd_app.open_demo()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_demo":
            return self.hd_app.demo is None
        # With no hook there is nothing to filter, fold or show details of.
        return not (action in _LIST_ACTIONS and self.has_class("-empty"))
