"""The main screen: banners, a filter box, the hook tree and the selected hook's details."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any, Literal

from textual import on, work
from textual.containers import Container, Horizontal
from textual.events import Resize
from textual.timer import Timer
from textual.widgets import Footer, Input, Label
from textual.worker import WorkerCancelled, WorkerFailed

from hookdash.core import (
    EVENTS,
    Configuration,
    DisabledKey,
    EditResult,
    Hook,
    HookdashError,
    describe_hook,
    hooks_after_edit,
    registrable,
    toggle_hook,
    visible,
)
from hookdash.tui.commands import bindings_for
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.switch import SwitchChoice, SwitchScreen
from hookdash.tui.widgets.banners import Banners
from hookdash.tui.widgets.empty_state import EmptyState
from hookdash.tui.widgets.hook_details import HookDetails
from hookdash.tui.widgets.hook_tree import HookItem, HookTree
from hookdash.tui.widgets.status_line import StatusLine

# Below this width the details go under the tree instead of beside it.
NARROW_WIDTH = 110
# Large configurations filter after a pause in typing instead of on every key.
FILTER_DEBOUNCE_ABOVE = 300
FILTER_DEBOUNCE_SECONDS = 0.15
_LIST_ACTIONS = frozenset(
    {"focus_filter", "toggle_details", "zoom_details", "toggle_expand", "toggle_hook", "fire"}
)


class HooksScreen(HookdashScreen[None]):
    """Every hook of the configuration, grouped by event and layer.

    Its hook actions (switch `space`, fire `f`, plan `p`, trust review `T`) act on
    `self.selected_hook`; after a change on disk they call `self.app.reload()`.
    """

    COMMAND_SCOPE = "hooks"
    BINDINGS = bindings_for("hooks")

    def __init__(self) -> None:
        super().__init__()
        self._filter_timer: Timer | None = None
        self._switching = False  # a disable/enable is being written and reloaded

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

    def on_mount(self) -> None:
        self.query_one(HookTree).focus()

    # ------------------------------------------------------------ public API

    @property
    def selected_hook(self) -> Hook | None:
        """The hook under the cursor (switch, fire and plan act on it)."""
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

    def config_changed(self, config: Configuration) -> None:
        env = config.env
        snapshot = config.snapshot
        self.query_one(StatusLine).show(snapshot, env.display)
        notices = self.hd_app.notices()
        self.query_one(Banners).show(snapshot.problems, env.display, notices, snapshot.hooks)
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

    # ---------------------------------------------------- switching a hook off and on

    def _current(self, hook: Hook) -> Hook:
        """The hook as the loaded configuration has it (the tree may show a newer reading)."""
        config = self.hd_app.config
        if config is not None:
            for candidate in config.hooks:
                if candidate.ref == hook.ref:
                    return candidate
        return hook

    def action_toggle_hook(self) -> None:
        tree = self.query_one(HookTree)
        item = tree.current_item
        if item is not None and not isinstance(item, HookItem):
            tree.action_toggle_node()  # on a group, space folds it (Tree's own meaning)
            return
        config = self.hd_app.config
        if item is None or config is None:
            return
        if self._switching:
            self.notify("Still writing the last change…", timeout=2)
            return
        hook = self._current(item.hook)
        if not registrable(hook):
            self.notify(
                f"{visible(describe_hook(hook))} is invalid, so Gemini CLI discards it; there is "
                "nothing to switch.",
                title="Cannot switch this hook",
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        if hook.disabled:
            self._switch(hook, "user", "auto")
            return

        def chosen(choice: SwitchChoice | None) -> None:
            if choice is not None:
                self._switch(hook, choice.scope, choice.disabled_key)

        self.app.push_screen(SwitchScreen(hook, config), chosen)

    @work(group="switch")
    async def _switch(self, hook: Hook, scope: str, disabled_key: DisabledKey) -> None:
        """Write the change (in a thread), show it at once, then reload to confirm it."""
        config = self.hd_app.config
        if config is None:
            return
        self._switching = True
        try:
            try:
                result = await asyncio.to_thread(toggle_hook, config, hook, scope, disabled_key)
            except HookdashError as exc:
                self.notify(
                    visible(exc.message),
                    title="Nothing changed",
                    severity="error",
                    timeout=12,
                    markup=False,
                )
                return
            trusted = config.snapshot.folder_trust.trusted
            self.query_one(HookTree).update_hooks(hooks_after_edit(config.hooks, result, trusted))
            self._announce(result)
            # (Cancelled: a newer reload, the file watcher's, took over.)
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await self.hd_app.reload("switched a hook").wait()
        finally:
            self._switching = False

    def _announce(self, result: EditResult) -> None:
        lines = [visible(result.message), *("• " + visible(note) for note in result.notes)]
        warn = bool(result.still_disabled_by) or not result.changed
        severity: Literal["information", "warning"] = "warning" if warn else "information"
        title = {"disable": "Switched off", "enable": "Switched on"}.get(result.action, "Done")
        if not result.changed:
            title = "Nothing changed"
        elif result.still_disabled_by:
            title = "Still disabled"
        self.app.clear_notifications()  # the last switch's news is stale now
        self.notify("\n".join(lines), title=title, severity=severity, timeout=10, markup=False)

    # ---------------------------------------------------- fire, plan, trust review

    def action_fire(self) -> None:
        from hookdash.tui.screens.fire import FireScreen

        hook = self.selected_hook
        if hook is None:
            self.notify("Select a hook to fire (the plan, p, works on a whole event).", timeout=4)
            return
        if hook.event not in EVENTS:
            self.notify(
                f"'{hook.shown.event}' is not a Gemini CLI event: Gemini never fires it, so "
                "there is no payload to test this hook with.",
                title="Cannot fire this hook",
                severity="warning",
                timeout=8,
                markup=False,
            )
            return
        self.app.push_screen(FireScreen(self._current(hook)))

    def action_plan(self) -> None:
        from hookdash.tui.screens.plan import PlanScreen

        item = self.query_one(HookTree).current_item
        event: str | None = None
        hook: Hook | None = None
        if isinstance(item, HookItem):
            hook = self._current(item.hook)
            event = hook.event
        elif item is not None:
            event = item.event
        self.app.push_screen(PlanScreen(event, hook))

    def action_review_trust(self) -> None:
        from hookdash.tui.screens.trust import TrustScreen

        self.app.push_screen(TrustScreen())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_demo":
            return self.hd_app.demo is None
        # With no hook there is nothing to filter, fold, switch, fire or show details of.
        return not (action in _LIST_ACTIONS and self.has_class("-empty"))
