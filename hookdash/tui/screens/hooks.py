"""The main screen: banners, a filter box, the hook tree and the selected hook's details."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
from typing import TYPE_CHECKING, Any, Literal

from rich.style import Style
from rich.text import Text
from textual import on, work
from textual.app import SuspendNotSupported
from textual.containers import Container, Horizontal
from textual.events import Paste, Resize
from textual.timer import Timer
from textual.widgets import Input, Label
from textual.worker import WorkerCancelled, WorkerFailed

from hookdash.core import EVENTS, HookdashError, shorten, visible  # (no pydantic, no I/O)
from hookdash.tui.colors import colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.editor import editor_command
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.switch import SwitchChoice, SwitchScreen
from hookdash.tui.widgets.banners import Banners
from hookdash.tui.widgets.empty_state import EmptyState
from hookdash.tui.widgets.filter_box import FilterBox
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.hook_details import HookDetails
from hookdash.tui.widgets.hook_tree import EventGroup, HookItem, HookTree, LayerGroup
from hookdash.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from hookdash.core import (
        AuthoringResult,
        Configuration,
        DisabledKey,
        EditResult,
        Hook,
    )


# Below this width the details go under the tree instead of beside it.
NARROW_WIDTH = 110
# How long a toast stays. Short: it sits over the list, and what it says about a write
# shows in the list too (the badge, the selected hook); a refusal needs time to be read.
NEWS_SECONDS = 5
REFUSAL_SECONDS = 8
# Below this height the banners fold into one summary line (the list needs the rows).
SHORT_HEIGHT = 20
# Under the zoomed details: how to get back (the Footer is full of the list's keys).
ZOOM_HINT = "z or esc: back · ↑ ↓ pgup pgdn: scroll"
# Large configurations filter after a pause in typing instead of on every key.
FILTER_DEBOUNCE_ABOVE = 300
FILTER_DEBOUNCE_SECONDS = 0.15
# The title of the notification after each kind of write.
ANNOUNCED = {
    "disable": "Switched off",
    "enable": "Switched on",
    "add": "Added",
    "edit": "Changed",
    "remove": "Removed",
    "hooks-on": "Hooks on",
    "hooks-off": "Hooks off",
}
_LIST_ACTIONS = frozenset(
    {
        "focus_filter",
        "toggle_details",
        "zoom_details",
        "toggle_expand",
        "toggle_grouping",
        "toggle_project_only",
        "toggle_hook",
        "fire",
        "edit_hook",
        "remove_hook",
        "open_editor",
    }
)


class HooksScreen(HookdashScreen[None]):
    """Every hook of the configuration, grouped by event and layer.

    Its hook actions (switch `space`, fire `f`, plan `p`, trust review `T`, edit `e`,
    remove `d`, open in an editor `E`) act on `self.selected_hook`; `a` adds one, `H`
    switches all hooks, `u` undoes the last write. Writes go through `app.write` (for
    `u`); after a change on disk they call `self.app.reload()`.
    """

    COMMAND_SCOPE = "hooks"
    BINDINGS = bindings_for("hooks")

    def __init__(self) -> None:
        super().__init__()
        self._filter_timer: Timer | None = None
        self._switching = False  # a disable/enable is being written and reloaded
        self._select_when_loaded: str | None = None  # a hook just written: show it once loaded

    def compose(self) -> Any:
        yield StatusLine(id="status")
        yield Banners(id="banners")
        with Horizontal(id="filter-bar"):
            yield Label("Filter", id="filter-label")
            yield FilterBox(
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
        if self.hd_app.config is None:  # the first paint comes before the first load
            env = self.hd_app.env
            self.query_one(StatusLine).show_loading(env.display(str(env.workspace)))

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
        wanted = self._select_when_loaded
        if wanted is not None and any(h.ref == wanted for h in config.hooks):
            self._select_when_loaded = None
            self.select_hook(wanted)

    def _refresh_tree(self, select: str | None = None) -> None:
        config = self.hd_app.config
        if config is None:
            return
        query = self.query_one("#filter", Input).value
        tree = self.query_one(HookTree)
        shown = tree.populate(config.snapshot, query, select=select)
        total = len(config.snapshot.hooks)
        narrowed = bool(query) or tree.project_only
        title = f"Hooks {shown}/{total}" if narrowed else f"Hooks ({total})"
        views = [
            *(["project only"] if tree.project_only else []),
            *(["by source"] if tree.grouping == "source" else []),
        ]
        tree.border_title = " · ".join([title, *views])

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
        self.refresh_bindings()  # esc (clear) is in the Footer only while there is a filter
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
        self.action_filter_done()

    def action_filter_done(self) -> None:
        if self._filter_timer is not None:
            self._filter_timer.stop()
            self._filter_timer = None
            self._refresh_tree()
        self.set_focus(self.query_one(HookTree))

    def on_paste(self, event: Paste) -> None:
        """A paste on the list (not in the filter box) is a filter: a terminal with
        bracketed paste delivers a pasted "/guard" as one event, never as keys."""
        text = event.text.strip().splitlines()[0] if event.text.strip() else ""
        filter_box = self.query_one("#filter", Input)
        if not text or self.focused is filter_box or self.has_class("-empty"):
            return
        event.stop()
        self.set_focus(filter_box)
        filter_box.value = text.removeprefix("/")
        filter_box.cursor_position = len(filter_box.value)

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")
        self.set_class(event.size.height < SHORT_HEIGHT, "-short")

    # --------------------------------------------------------------- actions

    def action_focus_filter(self) -> None:
        # Keys that arrive with the `/` in one burst (a paste, fast typing over ssh) must
        # reach the filter, not run as commands on the list. So `/` is a priority binding
        # (the app runs it before it hands the next key to the focused widget), and focus
        # moves now, not after the messages already queued (as Widget.focus would).
        self.set_focus(self.query_one("#filter", Input))

    def action_clear_filter(self) -> None:
        filter_box = self.query_one("#filter", Input)
        if filter_box.value:
            filter_box.value = ""
        self.set_focus(self.query_one(HookTree))

    def action_toggle_details(self) -> None:
        details = self.query_one(HookDetails)
        details.display = not details.display
        self.set_class(not details.display, "-no-details")
        if not details.display and self.maximized is details:
            self.minimize()

    def action_zoom_details(self) -> None:
        details = self.query_one(HookDetails)
        if self.maximized is details:
            self.action_unzoom()
        else:
            details.display = True
            self.remove_class("-no-details")
            self.maximize(details, container=False)
            details.border_subtitle = ZOOM_HINT
            self.set_focus(details)

    def action_unzoom(self) -> None:
        self.minimize()

    def minimize(self) -> None:
        # (Also what Textual runs for `esc` while zoomed, before any binding.)
        super().minimize()
        self.query_one(HookDetails).border_subtitle = ""
        self.set_focus(self.query_one(HookTree))

    def action_toggle_grouping(self) -> None:
        tree = self.query_one(HookTree)
        tree.grouping = "event" if tree.grouping == "source" else "source"
        self._refresh_tree()

    def action_toggle_project_only(self) -> None:
        tree = self.query_one(HookTree)
        tree.project_only = not tree.project_only
        self._refresh_tree()

    def action_toggle_banners(self) -> None:
        self.query_one(Banners).toggle_unfolded()

    def action_toggle_expand(self) -> None:
        self.query_one(HookTree).toggle_all()

    def action_open_demo(self) -> None:
        self.hd_app.ask_open_demo()

    def action_leave_demo(self) -> None:
        self.hd_app.leave_demo()

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
        from hookdash.core import describe_hook, registrable

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
                timeout=REFUSAL_SECONDS,
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
        from hookdash.core import hooks_after_edit, toggle_hook

        config = self.hd_app.config
        if config is None:
            return
        self._switching = True
        try:
            verb = "on" if hook.disabled else "off"
            try:
                result = await self.hd_app.write(
                    f"switch '{visible(hook.id)}' {verb}",
                    toggle_hook,
                    config,
                    hook,
                    scope,
                    disabled_key,
                )
            except HookdashError as exc:
                self.notify(
                    visible(exc.message),
                    title="Nothing changed",
                    severity="error",
                    timeout=REFUSAL_SECONDS,
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
        from hookdash.core import AuthoringResult  # loaded by the write already

        warnings = result.warnings if isinstance(result, AuthoringResult) else []
        lines = [
            visible(result.message),
            *("! " + visible(warning) for warning in warnings),
            *("• " + visible(note) for note in result.notes),
        ]
        if result.changed:
            lines.append("(u undoes it)")
        warn = bool(result.still_disabled_by) or not result.changed or bool(warnings)
        severity: Literal["information", "warning"] = "warning" if warn else "information"
        title = ANNOUNCED.get(result.action, "Done")
        if not result.changed:
            title = "Nothing changed"
        elif result.still_disabled_by:
            title = "Still disabled"
        self.app.clear_notifications()  # the last write's news is stale now
        text = visible("\n".join(lines), multiline=True)
        self.notify(text, title=title, severity=severity, timeout=NEWS_SECONDS, markup=False)

    # ---------------------------------------------------- fire, plan, trust review

    def action_fire(self) -> None:
        from hookdash.tui.screens.fire import FireScreen

        item = self.query_one(HookTree).current_item
        if isinstance(item, EventGroup | LayerGroup):
            # A group has no one hook to fire: its event's plan lists the hooks Gemini
            # would run for it, in order, and goes to any of them.
            self.action_plan()
            self.notify(
                f"f fires one hook: here is what Gemini would run for {visible(item.event)}. "
                "enter on a hook goes to it in the list; f there fires it.",
                title="A group, not a hook",
                timeout=NEWS_SECONDS,
                markup=False,
            )
            return
        hook = self.selected_hook
        if hook is None:
            self.notify(
                "Select a hook to fire it (f on an event group opens that event's plan).",
                timeout=5,
            )
            return
        if hook.event not in EVENTS:
            self.notify(
                f"'{hook.shown.event}' is not a Gemini CLI event: Gemini never fires it, so "
                "there is no payload to test this hook with.",
                title="Cannot fire this hook",
                severity="warning",
                timeout=REFUSAL_SECONDS,
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
        elif isinstance(item, EventGroup | LayerGroup):
            event = item.event
        self.app.push_screen(PlanScreen(event, hook))

    def action_review_trust(self) -> None:
        from hookdash.tui.screens.trust import TrustScreen

        self.app.push_screen(TrustScreen())

    # ---------------------------------------------------- writing hooks

    def _writable_hook(self) -> Hook | None:
        """The selected hook, if hookdash may write it; otherwise say why and None."""
        from hookdash.core import resolve_hook  # the writing modules load on first use

        config = self.hd_app.config
        hook = self.selected_hook
        if hook is None or config is None:
            self.notify("Select a hook first (a adds one).", timeout=4)
            return None
        hook = self._current(hook)
        try:
            resolve_hook(config, hook.ref)
        except HookdashError as exc:
            self._refused(exc, "hookdash does not write this hook")
            return None
        return hook

    def _refused(self, exc: HookdashError, title: str) -> None:
        self.notify(visible(exc.message, multiline=True), title=title, severity="error",
                    timeout=REFUSAL_SECONDS, markup=False)  # fmt: skip

    def action_add_hook(self) -> None:
        from hookdash.tui.screens.hook_form import HookFormScreen

        item = self.query_one(HookTree).current_item
        event = item.hook.event if isinstance(item, HookItem) else getattr(item, "event", None)
        self.app.push_screen(HookFormScreen(event=event), self._form_done)

    def action_edit_hook(self) -> None:
        from hookdash.core import draft_of
        from hookdash.tui.screens.hook_form import HookFormScreen

        hook = self._writable_hook()
        config = self.hd_app.config
        if hook is None or config is None:
            return
        if hook.event not in EVENTS:
            self.notify(
                f"'{visible(hook.event)}' is not a Gemini CLI event, so the form cannot show "
                "it: E opens the file at the hook, d removes it.",
                title="Cannot edit this hook here",
                severity="warning",
                timeout=REFUSAL_SECONDS,
                markup=False,
            )
            return
        try:
            original = draft_of(config, hook)
        except HookdashError as exc:
            self._refused(exc, "Cannot edit this hook")
            return
        self.app.push_screen(HookFormScreen(hook=hook, original=original), self._form_done)

    def _form_done(self, result: AuthoringResult | None) -> None:
        if result is not None:
            self._after_write(result, "wrote a hook")

    def _after_write(self, result: EditResult, reason: str) -> None:
        self._announce(result)
        select = result.hooks[0].ref if result.hooks and result.action != "remove" else None
        self._reload_then(reason, select)

    def _reload_then(self, reason: str, select: str | None) -> None:
        """Read the configuration again; then (the reload's view) select `select`."""
        self._select_when_loaded = select
        self.hd_app.reload(reason)

    def action_remove_hook(self) -> None:
        hook = self._writable_hook()
        if hook is not None:
            self._ask_and_remove(hook)

    @work(group="remove", exclusive=True)
    async def _ask_and_remove(self, hook: Hook) -> None:
        from hookdash.core import remove_hook

        config = self.hd_app.config
        if config is None:
            return
        try:
            preview = await asyncio.to_thread(remove_hook, config, hook.ref, dry_run=True)
        except HookdashError as exc:
            self._refused(exc, "Nothing removed")
            return
        body = self._preview_body(preview, "Remove it? u undoes it afterwards.")
        question = ConfirmScreen(f"Remove {shorten(visible(hook.id), 60)}?", body, "Remove")
        if not await self.app.push_screen_wait(question):
            return
        try:
            result = await self.hd_app.write(
                f"remove '{visible(hook.id)}'", remove_hook, config, hook.ref
            )
        except HookdashError as exc:
            self._refused(exc, "Nothing removed")
            return
        self._after_write(result, "removed a hook")

    def _preview_body(self, preview: AuthoringResult, question: str) -> Text:
        """A dry run, as a confirmation shows it: what it does, notes, the diff."""
        colors = colors_for(self.app)
        body = Text()
        body.append(visible(preview.message.replace("Would ", "This will ", 1)), style="bold")
        for note in preview.notes:
            body.append("\n• " + visible(note))
        if preview.diff:
            body.append("\n\n")
            for line in preview.diff.splitlines():
                style: str | Style = colors.dim if line.startswith("@@") else ""
                if line.startswith("+") and not line.startswith("+++"):
                    style = colors.success
                elif line.startswith("-") and not line.startswith("---"):
                    style = colors.error
                body.append(visible(line, multiline=True) + "\n", style=style)
        body.append("\n" + question)
        return body

    def action_switch_all(self) -> None:
        self._ask_and_switch_all()

    @work(group="switch-all", exclusive=True)
    async def _ask_and_switch_all(self) -> None:
        from hookdash.core import switch_hooks, switch_scope

        config = self.hd_app.config
        if config is None:
            return
        enable = not config.snapshot.hooks_enabled
        scope = switch_scope(config)
        state = "on" if enable else "off"
        try:
            preview = await asyncio.to_thread(switch_hooks, config, enable, scope, dry_run=True)
        except HookdashError as exc:
            self._refused(exc, "Nothing changed")
            return
        if not preview.diff:
            self._announce(preview)
            return
        now = "on" if config.snapshot.hooks_enabled else "off"
        body = Text(f"Hooks are {now} now.\n\n")
        body.append_text(self._preview_body(preview, f"Switch all hooks {state}?"))
        title = f"Switch all hooks {state}?"
        if not await self.app.push_screen_wait(ConfirmScreen(title, body, f"Switch {state}")):
            return
        try:
            result = await self.hd_app.write(
                f"switch all hooks {state}", switch_hooks, config, enable, scope
            )
        except HookdashError as exc:
            self._refused(exc, "Nothing changed")
            return
        self._after_write(result, f"hooks {state}")

    def action_undo(self) -> None:
        self._ask_and_undo()

    @work(group="undo", exclusive=True)
    async def _ask_and_undo(self) -> None:
        from hookdash.core import UndoRefused, undo

        stack = self.hd_app.undo_stack
        config = self.hd_app.config
        if config is None:
            return
        if not stack:
            self.notify(
                "Nothing to undo: hookdash has written nothing in this session (u undoes "
                "add, edit, remove, switching, hooks on/off, trust and the safe fixes).",
                timeout=6,
            )
            return
        entry = stack[-1]
        display = config.env.display
        body = Text()
        body.append(f"Undo “{entry.label}”?\n\n", style="bold")
        body.append("Puts back, exactly as they were before it:\n")
        for file in entry.files:
            state = "removed (it did not exist)" if file.before is None else "its old bytes"
            body.append(f"• {visible(display(file.path))}: {state}\n")
        body.append("\nRefused if one of them changed since hookdash wrote it.")
        if not await self.app.push_screen_wait(ConfirmScreen("Undo", body, "Undo")):
            return
        try:
            result = await asyncio.to_thread(undo, entry, display)
        except UndoRefused as exc:
            stack.remove(entry)  # it can never apply again: the file is not hookdash's now
            left = f" {len(stack)} older write(s) can still be undone." if stack else ""
            self.notify(visible(exc.message) + left, title="Not undone", severity="error",
                        timeout=REFUSAL_SECONDS, markup=False)  # fmt: skip
            return
        except HookdashError as exc:
            self._refused(exc, "Not undone")
            return
        stack.remove(entry)
        self.app.clear_notifications()
        self.notify(visible(result.message), title="Undone", timeout=NEWS_SECONDS, markup=False)
        self._reload_then("undo", None)

    def action_open_editor(self) -> None:
        hook = self.selected_hook
        config = self.hd_app.config
        if hook is None or config is None:
            self.notify("Select a hook to open its file.", timeout=4)
            return
        self._edit_in_editor(self._current(hook), config)

    @work(group="editor", exclusive=True)
    async def _edit_in_editor(self, hook: Hook, config: Configuration) -> None:
        where = config.env.display(hook.file) + (f":{hook.line}" if hook.line else "")
        argv = editor_command(config.env.environ, hook.file, hook.line)
        if argv is None:
            self.notify(
                "Neither $VISUAL nor $EDITOR is set, so hookdash does not know your editor "
                f"(set one, e.g. export EDITOR=nano). The hook is at {visible(where)}.",
                title="No editor",
                severity="warning",
                timeout=REFUSAL_SECONDS,
                markup=False,
            )
            return
        try:
            try:
                with self.app.suspend():
                    code = subprocess.run(argv, check=False).returncode
            except SuspendNotSupported:
                # No terminal to hand over (e.g. a web or headless driver): a GUI editor
                # (or a script) can still run; it gets no terminal input.
                completed = await asyncio.to_thread(
                    subprocess.run, argv, check=False, stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                )  # fmt: skip
                code = completed.returncode
        except OSError as exc:
            self.notify(
                f"Could not start {visible(argv[0])}: {exc.strerror or exc}.",
                title="No editor",
                severity="error",
                timeout=REFUSAL_SECONDS,
                markup=False,
            )
            return
        note = "" if code == 0 else f" (the editor exited with {code})"
        self.notify(f"Back from the editor{note}: reading {visible(where)} again.", timeout=5,
                    markup=False)  # fmt: skip
        self._reload_then("editor closed", hook.ref)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        in_filter = self.focused is self.query_one("#filter", Input)
        if action == "focus_filter" and in_filter:
            return False  # a `/` typed in the filter is text (the binding has priority)
        if action == "filter_done":
            return in_filter
        zoomed = self.maximized is not None
        if action == "unzoom":
            return zoomed
        if action == "clear_filter":
            # In the Footer (esc) only when there is something to leave or clear.
            return not zoomed and (in_filter or bool(self.query_one("#filter", Input).value))
        if action == "open_demo":
            return self.hd_app.demo is None
        if action == "leave_demo":
            return self.hd_app.can_leave_demo
        # With no hook there is nothing to filter, fold, switch, fire or show details of.
        return not (action in _LIST_ACTIONS and self.has_class("-empty"))
