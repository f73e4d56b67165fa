"""The hookdash dashboard: a Textual app over `hookdash.core`.

The app owns the one piece of state every screen shows: `config`, the loaded
`Configuration` (a reactive attribute; screens `watch` it). It is loaded by `loader`
(default `core.load_configuration`) in a daemon thread, so the event loop never
reads files, and replaced as a whole on every reload:

    file change ─▶ core's DirectoryWatcher (watchfiles, async worker) ─▶ reload()
    reload() ─▶ _load (exclusive; a daemon thread) ─▶ ConfigurationLoaded ─▶ app.config
    app.config ─▶ each screen re-renders, keeping its selection (by Hook.ref)

Screens that write (switch, trust review, the hook form, remove, hooks on/off) make the
write through `write()`, which runs it in a thread and records the files it changed on
`undo_stack` (`u` puts back the last entry's bytes), then call `reload()`, so the view
changes at once instead of waiting for the watcher; they read `config` and `env` for
everything they pass to core. Hooks fired from the dashboard run through
`core.engine.fire` with `config` (so with `env.environ`, the demo's when in the demo),
which appends to the run log that the live log screen follows.
"""

from __future__ import annotations

import asyncio
import gc
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar, ParamSpec, TypeVar

from textual import events, work
from textual.app import App
from textual.content import Content
from textual.message import Message
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.worker import Worker

from hookdash.core import visible  # (the display rule: no pydantic, no I/O)
from hookdash.tui.baseline import baseline_notice, confirm_body, first_look_message
from hookdash.tui.commands import DashboardCommands, HookJumpCommands, bindings_for
from hookdash.tui.daemon_thread import in_daemon_thread
from hookdash.tui.key_order import KeyHandled, KeyOrder
from hookdash.tui.loading import (
    EarlyLoad,
    Loaded,
    Loader,
    load_view,
    other_agents_line,
    own_hooks,
)
from hookdash.tui.messages import SessionMessage, plain_message, toast_text
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.styles import stylesheet_paths
from hookdash.tui.widgets.banners import Notice

# The first screen paints before anything else is imported: the configuration (and with
# it pydantic), the file watcher and the other screens load after the first paint.
if TYPE_CHECKING:
    from hookdash.core import (
        AnyHook,
        BaselineStatus,
        Configuration,
        DemoEnvironment,
        DirectoryWatcher,
        GeminiEnvironment,
        UndoEntry,
        WatchTarget,
    )
    from hookdash.tui.glimpse import Glimpse

P = ParamSpec("P")
T = TypeVar("T")

# Writes `u` can undo, newest last; older ones fall off (each keeps its files' old bytes).
UNDO_LIMIT = 50
# The cyclic collector while the dashboard runs: young objects every 700 allocations (as
# by default), a full pass after 100 middle-aged ones instead of 10 (see
# HookdashApp._freeze_startup_objects).
COLLECTOR_THRESHOLDS = (700, 10, 100)


class ConfigurationLoaded(Message):
    """A (re)load finished; posted from the loading thread."""

    def __init__(
        self,
        config: Configuration,
        reason: str | None,
        others: str | None,
        targets: list[WatchTarget],
        baseline: BaselineStatus | None = None,
        since_ns: int = 0,
    ) -> None:
        super().__init__()
        self.config = config
        self.since_ns = since_ns  # the wall clock before it read its files (0: not known)
        self.reason = reason
        self.baseline = baseline  # your own hooks since you last looked (tui.baseline)
        self.others = others  # the banner line on other agents' hooks (`other_agents_line`)
        self.targets = targets  # what the watcher follows (grows with the hooks: off the loop)


class HookdashApp(App[None]):
    """The dashboard. See the module docstring for how configuration flows."""

    TITLE = "hookdash"
    CSS_PATH: ClassVar[list[str | PurePath]] = list(stylesheet_paths())
    BINDINGS = bindings_for("app")
    COMMANDS = App.COMMANDS | {DashboardCommands, HookJumpCommands}
    COMMAND_PALETTE_DISPLAY = "^p"

    config: var[Configuration | None] = var(None, always_update=True)
    """The loaded configuration; None until the first load finishes."""

    def __init__(
        self,
        env: GeminiEnvironment,
        *,
        configuration: Configuration | None = None,
        loader: Loader | None = None,
        watch: bool = True,
        demo: DemoEnvironment | None = None,
        notice: str | None = None,
        clock: Callable[[], datetime] | None = None,
        session_id: str | None = None,
        early: EarlyLoad | None = None,
        glimpse: Glimpse | None = None,
    ) -> None:
        """`configuration`: already loaded (skips the first load); `loader`: how to load
        one (by default `core.load_configuration`); `watch`: follow file
        changes — settings and the live log (off for snapshot tests and screenshots);
        `demo`: the demo copy shown; `notice`: a line shown above everything (e.g. why the
        demo opened); `clock` and `session_id`: fixed values for the payloads the fire
        screen generates (snapshots; by default now and a fresh id); `early`: the first
        load, started before Textual; `glimpse`: the list as last read, drawn until the
        first load is shown (hookdash.tui.glimpse)."""
        super().__init__()
        self.env = env
        self.demo = demo
        self.notice = notice
        # The configuration the dashboard opened on, to come back to from the demo (none
        # when it opened on the demo: `hookdash demo`, or nothing configured).
        self.own_env: GeminiEnvironment | None = env if demo is None else None
        self.owned_demos: list[DemoEnvironment] = []  # created here: the caller cleans up
        self._loader = loader
        self._initial = configuration
        self._early = early
        self.glimpse = glimpse  # (None once a configuration is shown)
        # When the configuration shown was read (wall clock, before its files were): armed,
        # the watcher reads again only if a file changed since. 0 for a configuration
        # handed over (read before the app existed): always read again.
        self._loaded_since = 0 if configuration is not None else time.time_ns()
        self.arm_checked = False  # the watch armed, and whether to read again decided
        self._others: str | None = None  # other agents' hooks, read with the configuration
        self._baseline: BaselineStatus | None = None  # your own hooks, read with it too
        self._targets: list[WatchTarget] = []  # what the watcher follows, made with it
        self._watching = watch
        self._watcher: DirectoryWatcher | None = None
        self.clock = clock
        self.session_id = session_id
        self.undo_stack: list[UndoEntry] = []  # this session's writes, newest last
        # Fire's payload drafts, per hook (event · id), kept until the app quits.
        self.fire_drafts: dict[str, str] = {}
        self.key_order = KeyOrder(self, self._route)
        self.messages: list[SessionMessage] = []  # every notification, whole (`m`)

    # ------------------------------------------------------------------ lifecycle

    def get_default_screen(self) -> Screen[None]:
        return HooksScreen()

    def on_mount(self) -> None:
        if self._initial is not None:
            self._others = other_agents_line(self._initial)
            self._own_hooks(own_hooks(self._initial))
            self._apply(self._initial)
            self._initial = None
        elif self._early is not None and self._early.done():
            # Loaded while Textual started: the hooks are in the first frame.
            early, self._early = self._early, None
            self._loaded_since = early.started_ns
            loaded = self._early_result(early, self.env)
            if loaded is None:
                self.reload("start")
            else:
                self._others = loaded.others
                self._own_hooks(loaded.baseline)
                self._apply(loaded.config, loaded.targets)
                self._keep_glimpse(loaded.config, loaded.targets, early.started_ns)
        else:
            # Paint first: loading (pydantic's import included) would otherwise hold the
            # first frame back by a third of a second. The watcher starts with the first
            # configuration (it watches that configuration's files).
            self.call_after_refresh(self.reload, "start")

    # ------------------------------------------------------------------ keys in order

    async def on_event(self, event: events.Event) -> None:
        # A key typed right after tab (or enter, esc, backspace…) waits until that key's
        # binding has run: see hookdash.tui.key_order.
        if not self.key_order.hold(event):
            await self._route(event)

    async def _route(self, event: events.Event) -> None:
        if not isinstance(event, events.Key) or event.is_forwarded:
            await super().on_event(event)
            return
        target = self.focused or self.screen  # where Textual sends it
        await super().on_event(event)
        self.key_order.routed(event, target)

    def on_key(self, event: events.Key) -> None:
        self.key_order.reached_app(event)

    async def on_key_handled(self, message: KeyHandled) -> None:
        await self.key_order.handled(message)

    # ------------------------------------------------------------------ loading

    def reload(self, reason: str | None = None) -> Worker[None]:
        """Read the configuration again (off the event loop); the view follows.

        Returns the worker: `await app.reload().wait()` to wait for the new view.
        """
        return self._load(self.env, reason)

    @work(exclusive=True, group="load", name="load configuration")
    async def _load(self, env: GeminiEnvironment, reason: str | None) -> None:
        early, self._early = self._early, None
        self._loaded_since = early.started_ns if early is not None else time.time_ns()
        since = self._loaded_since
        try:
            loaded = await in_daemon_thread(self._read, early, env, self._loader)
        except Exception as exc:  # an unexpected bug must not take the dashboard down
            self.notify(
                visible(f"Could not read the configuration: {exc}"),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.post_message(
            ConfigurationLoaded(
                loaded.config, reason, loaded.others, loaded.targets, loaded.baseline, since
            )
        )

    @staticmethod
    def _read(early: EarlyLoad | None, env: GeminiEnvironment, loader: Loader | None) -> Loaded:
        """(In the loading thread, which quitting does not wait for.) The load started
        before Textual when it is of `env` and succeeded; else a load now (a failure of
        the early one is reported by this one, as usual). The watch targets grow with the
        hooks (their scripts), so they are found here too (`load_view`)."""
        return HookdashApp._early_result(early, env) or load_view(env, loader)

    @staticmethod
    def _early_result(early: EarlyLoad | None, env: GeminiEnvironment) -> Loaded | None:
        """The load started before Textual, when it is of `env`; None when there is none
        or it failed (the caller loads again, and reports a failure as usual)."""
        if early is None or early.env is not env:
            return None
        try:
            return early.result()
        except Exception:
            return None

    def on_configuration_loaded(self, message: ConfigurationLoaded) -> None:
        if message.config.env is not self.env:
            return  # loaded for an environment the app has left (demo switch)
        self._others = message.others
        self._own_hooks(message.baseline)
        self._apply(message.config, message.targets)
        self._keep_glimpse(message.config, message.targets, message.since_ns)

    def _keep_glimpse(
        self, config: Configuration, targets: list[WatchTarget], since_ns: int
    ) -> None:
        """Keep what the list is made of for the next start (hookdash.tui.glimpse), in a
        thread: for the dashboard's own configuration read by the usual loader, while it
        follows its files (not the demo's temporary copy, nor a test's or screenshot's)."""
        if not self._watching or self.demo is not None or self._loader is not None:
            return
        if not since_ns:
            return
        from hookdash.tui.glimpse import record_glimpse

        threading.Thread(
            target=record_glimpse, args=(config, targets, since_ns), name="glimpse", daemon=True
        ).start()

    def _apply(self, config: Configuration, targets: list[WatchTarget] | None = None) -> None:
        """Show `config`; `targets`: its watch targets, made with it off the event loop
        (None: made here, for a configuration handed over at start)."""
        first = self.config is None
        self.glimpse = None  # (the list is the configuration's from now on)
        self.config = config
        if targets is None:
            from hookdash.core import watch_targets

            targets = watch_targets(config)
        self._targets = targets
        if self._watcher is not None:
            self._watcher.retarget(targets)
        if first:
            # After the hooks are drawn: the watcher (watchfiles' import) can wait.
            self.call_after_refresh(self._start_watching)
            self.call_after_refresh(self._freeze_startup_objects)

    def _start_watching(self) -> None:
        if not self._watching or self._watcher is not None:
            return
        from hookdash.core import DirectoryWatcher

        # Armed, it reads once more (a change made before is not missed).
        self._watcher = DirectoryWatcher(self._targets)
        self.run_worker(self._watcher.run(self._files_changed), name="watch files", group="watch")

    @staticmethod
    def _freeze_startup_objects() -> None:
        """Leave what start-up made (modules, classes, the first screen) out of the cyclic
        garbage collector's full passes, and make those passes rarer: on a busy live log
        each walks every record, line and style made since, 30 to 90 ms at a time, long
        enough to delay a key press noticeably (several a second at CPython's default
        thresholds, which a freeze makes more frequent still: it empties the generation
        whose size paces them). The objects stay alive as they are; anything made later
        is collected as usual, young objects as often as by default."""
        gc.freeze()
        gc.set_threshold(*COLLECTOR_THRESHOLDS)

    async def _files_changed(self, paths: set[Path]) -> None:
        if not paths:
            # The watch was just armed: a file may have changed after the load read it.
            # Read again only then (looked at off the loop: a huge configuration's files).
            from hookdash.core import changed_since

            targets, since = self._targets, self._loaded_since
            changed = await in_daemon_thread(changed_since, targets, since)
            self.arm_checked = True
            if not changed:
                return
        self.reload("files changed")

    # ------------------------------------------------------------------ state

    @property
    def watching(self) -> bool:
        """Whether the app follows files (the settings, the live log)."""
        return self._watching

    @property
    def watcher(self) -> DirectoryWatcher | None:
        """The settings' watcher while the app follows files (`watcher.ready`: armed)."""
        return self._watcher

    @property
    def selected_hook(self) -> AnyHook | None:
        """The hook selected in the hook list, of either host (the log filters on it)."""
        screen = self._hooks_screen()
        return screen.selected_hook if screen is not None else None

    def notices(self) -> list[Notice]:
        """Lines shown above the banners: the demo, and why it opened."""
        out: list[Notice] = []
        if self.notice:
            out.append(Notice("notice", self.notice))
        if self.demo is not None:
            # The way back first: a narrow terminal cuts the end of the line.
            back = "D (or click): back to your configuration · " if self.can_leave_demo else ""
            text = (
                f"DEMO · {back}~ = {visible(str(self.demo.root))} (a temporary copy, deleted "
                "on quit) · edit its files: the view follows"
            )
            action = "app.leave_demo" if self.can_leave_demo else None
            out.append(Notice("demo", text, action))
        if self._others and self.config is not None:
            out.append(Notice("notice", self._others, "app.show_other_agents"))
        own = baseline_notice(self._baseline, self._home())
        if own is not None and self.config is not None:
            out.insert(0, own)  # the worst first: something may have planted a hook
        return out

    def _home(self) -> Path:
        """The home whose agents' files the baseline watches (`~` in what it says)."""
        from hookdash.core import agents_home

        return agents_home(self.env.environ)

    def _own_hooks(self, status: BaselineStatus | None) -> None:
        """Keep what changed in your own hooks; say once that a first look recorded them."""
        self._baseline = status
        message = first_look_message(status)
        if message is not None and self.demo is None:
            # Said once, in the session's messages (m), not as a toast: the first look is
            # silent by design, and nothing needs doing.
            at = datetime.now().strftime("%H:%M:%S")
            self.messages.append(SessionMessage(at, "Your own hooks", "information", message))

    def action_accept_baseline(self) -> None:
        """B: every change to your own hooks with its diff; yes records them as seen."""
        from hookdash.tui.screens.confirm import ConfirmScreen

        status = self._baseline
        if status is None or not status.changes:
            self.notify("Nothing changed in your own hooks since you last looked.", timeout=3)
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            from hookdash.core import HookdashError, accept_baseline

            try:
                accepted = accept_baseline(self.env.environ)
            except HookdashError as exc:
                self.notify(visible(exc.message), severity="error", markup=False)
                return
            self._baseline = accepted
            self.notify(
                f"Accepted: {accepted.watched} hooks, scripts and plugin files of your agents "
                "are the baseline now.",
                timeout=4,
                markup=False,
            )
            self.reload("baseline accepted")

        count = len(status.changes)
        title = f"Your own hooks: {count} change{'s' if count > 1 else ''} since you last looked"
        body = confirm_body(status, self._home())
        self.push_screen(ConfirmScreen(title, body, "Accept (it was me)"), answered)

    def _hooks_screen(self) -> HooksScreen | None:
        for screen in self.screen_stack:
            if isinstance(screen, HooksScreen):
                return screen
        return None

    def go_to_hook(self, ref: str) -> None:
        """Back to the hook list, with this hook (a `Hook.ref`) selected."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HooksScreen):
            self.pop_screen()
        screen = self._hooks_screen()
        if screen is not None:
            screen.select_hook(ref)

    def switch_environment(self, env: GeminiEnvironment, demo: DemoEnvironment | None) -> None:
        """Show another environment (the demo); the watcher follows on the next load."""
        self.env = env
        self.demo = demo
        self.reload("environment switched")

    def open_demo(self) -> None:
        """Show the demo instead of the configuration (the copy made the first time)."""
        if self.demo is not None:
            self.notify("This is the demo already.", timeout=3)
            return
        if self.owned_demos:
            demo = self.owned_demos[-1]  # as it was left, edits included
        else:
            from hookdash.core import create_demo

            demo = create_demo()
            self.owned_demos.append(demo)
        self.notice = None
        self.switch_environment(demo.env, demo)

    def ask_open_demo(self) -> None:
        """Open the demo after a yes: it replaces the whole view of your configuration."""
        from hookdash.tui.screens.confirm import ConfirmScreen

        if self.demo is not None:
            self.notify("This is the demo already.", timeout=3)
            return
        body = Content.assemble(
            "The dashboard will show hookdash's bundled demo instead of ",
            (self.env.display(self.env.workspace), "bold"),
            ": a temporary copy of a made-up project, deleted when you quit. Nothing of "
            "yours is read or written while it is shown.\n\n",
            "Come back to your configuration with ",
            ("D", "bold"),
            ", a click on the DEMO banner, or the command palette's ",
            ("Back to my configuration", "bold"),
            ".",
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.open_demo()

        self.push_screen(ConfirmScreen("Open the demo?", body, "Open the demo"), answered)

    @property
    def can_leave_demo(self) -> bool:
        """In the demo, opened from a configuration of yours (one to go back to)."""
        return self.demo is not None and self.own_env is not None

    def leave_demo(self) -> None:
        """Back to the configuration the dashboard opened on."""
        if self.own_env is None or self.demo is None:
            return
        self.switch_environment(self.own_env, None)
        self.notify("Back to your configuration.", timeout=3)

    # ------------------------------------------------------------------ writing

    async def write(
        self, label: str, edit: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """Run a core write (`edit(*args, **kwargs)`) in a thread and remember the files
        it changed — all of them, also when it fails half-way — as the newest undo entry,
        `label` saying what it was ("add 'guard' to BeforeTool")."""
        from hookdash.core import recording_writes, undo_entry

        entries: list[UndoEntry] = []

        def run() -> T:
            with recording_writes() as writes:
                try:
                    return edit(*args, **kwargs)
                finally:
                    entry = undo_entry(label, writes)
                    if entry is not None:
                        entries.append(entry)

        try:
            return await asyncio.to_thread(run)
        finally:
            self.undo_stack.extend(entries)
            del self.undo_stack[:-UNDO_LIMIT]

    # ------------------------------------------------------------------ messages

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, cut to a few lines (hookdash.tui.messages); the whole message is kept
        for `m`."""
        text = plain_message(message, markup)
        at = datetime.now().strftime("%H:%M:%S")
        self.messages.append(SessionMessage(at, title, severity, text))
        short = toast_text(text)
        if short is not None:
            message, markup = short, False
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def action_messages(self) -> None:
        from hookdash.tui.screens.output import OutputScreen

        sections = [
            (f"{m.at} · {m.severity}" + (f" · {m.title}" if m.title else ""), m.text)
            for m in self.messages
        ]
        if not sections:
            self.notify("No message yet this session.", timeout=3)
            return
        self.push_screen(OutputScreen("Messages of this session, newest last", sections))

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The problem list and the log do not offer themselves.
        if action == "live_log":
            # Not from a question (answer it first), nor from the log itself.
            scope = getattr(self.screen, "COMMAND_SCOPE", None)
            return scope not in ("log", "switch", "confirm")
        return not (
            action == "show_problems" and getattr(self.screen, "COMMAND_SCOPE", None) == "problems"
        )

    def action_live_log(self) -> None:
        from hookdash.tui.screens.log import LogScreen

        if isinstance(self.screen, LogScreen):
            return
        if not self.is_screen_installed("log"):
            # Installed once: it keeps following the log (and its buffer) while hidden.
            self.install_screen(LogScreen(), "log")
        self.push_screen("log")

    def action_help(self) -> None:
        from hookdash.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_show_problems(self, code: str | None = None) -> None:
        from hookdash.tui.screens.help import HelpScreen
        from hookdash.tui.screens.problems import ProblemsScreen

        if isinstance(self.screen, ProblemsScreen):
            return
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
        self.push_screen(ProblemsScreen(focus_code=code))

    def action_show_other_agents(self) -> None:
        from hookdash.tui.screens.other_agents import OtherAgentsScreen

        if not isinstance(self.screen, OtherAgentsScreen):
            self.push_screen(OtherAgentsScreen())

    def action_open_demo(self) -> None:
        """(The empty state's button: asked for in so many words, so no question.)"""
        self.open_demo()

    def action_leave_demo(self) -> None:
        """(A click on the DEMO banner.)"""
        self.leave_demo()

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

    def action_reload(self) -> None:
        self.reload("reload key")
        self.notify("Reloading the configuration…", timeout=2)
