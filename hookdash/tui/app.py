"""The hookdash dashboard: a Textual app over `hookdash.core`.

The app owns the one piece of state every screen shows: `config`, the loaded
`Configuration` (a reactive attribute; screens `watch` it). It is loaded by `loader`
(default `core.load_configuration`) in a thread worker, so the event loop never
reads files, and replaced as a whole on every reload:

    file change ─▶ core's DirectoryWatcher (watchfiles, async worker) ─▶ reload()
    reload() ─▶ _load (thread worker, exclusive) ─▶ ConfigurationLoaded ─▶ app.config
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
from collections.abc import Callable
from datetime import datetime
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, ClassVar, ParamSpec, TypeVar

from textual import work
from textual.app import App
from textual.message import Message
from textual.reactive import var
from textual.screen import Screen
from textual.worker import Worker, get_current_worker

from hookdash.core import (
    Configuration,
    DemoEnvironment,
    DirectoryWatcher,
    GeminiEnvironment,
    Hook,
    create_demo,
    load_configuration,
    visible,
    watch_targets,
)

if TYPE_CHECKING:
    from hookdash.core import UndoEntry
from hookdash.tui.commands import DashboardCommands, HookJumpCommands, bindings_for
from hookdash.tui.screens.help import HelpScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.problems import ProblemsScreen
from hookdash.tui.styles import stylesheet_paths

Loader = Callable[[GeminiEnvironment], Configuration]
P = ParamSpec("P")
T = TypeVar("T")

# Writes `u` can undo, newest last; older ones fall off (each keeps its files' old bytes).
UNDO_LIMIT = 50


class ConfigurationLoaded(Message):
    """A (re)load finished; posted from the loading thread."""

    def __init__(self, config: Configuration, reason: str | None) -> None:
        super().__init__()
        self.config = config
        self.reason = reason


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
        loader: Loader = load_configuration,
        watch: bool = True,
        demo: DemoEnvironment | None = None,
        notice: str | None = None,
        clock: Callable[[], datetime] | None = None,
        session_id: str | None = None,
    ) -> None:
        """`configuration`: already loaded (skips the first load); `watch`: follow file
        changes — settings and the live log (off for snapshot tests and screenshots);
        `demo`: the demo copy shown; `notice`: a line shown above everything (e.g. why the
        demo opened); `clock` and `session_id`: fixed values for the payloads the fire
        screen generates (snapshots; by default now and a fresh id)."""
        super().__init__()
        self.env = env
        self.demo = demo
        self.notice = notice
        self.owned_demos: list[DemoEnvironment] = []  # created here: the caller cleans up
        self._loader = loader
        self._initial = configuration
        self._watching = watch
        self._watcher: DirectoryWatcher | None = None
        self.clock = clock
        self.session_id = session_id
        self.undo_stack: list[UndoEntry] = []  # this session's writes, newest last
        # Fire's payload drafts, per hook (event · id), kept until the app quits.
        self.fire_drafts: dict[str, str] = {}

    # ------------------------------------------------------------------ lifecycle

    def get_default_screen(self) -> Screen[None]:
        return HooksScreen()

    def on_mount(self) -> None:
        if self._watching:
            self._watcher = DirectoryWatcher()  # targets: those of each configuration loaded
            self.run_worker(
                self._watcher.run(self._files_changed), name="watch files", group="watch"
            )
        if self._initial is not None:
            self._apply(self._initial)
            self._initial = None
        else:
            self.reload("start")

    # ------------------------------------------------------------------ loading

    def reload(self, reason: str | None = None) -> Worker[None]:
        """Read the configuration again (off the event loop); the view follows.

        Returns the worker: `await app.reload().wait()` to wait for the new view.
        """
        return self._load(self.env, reason)

    @work(thread=True, exclusive=True, group="load", name="load configuration")
    def _load(self, env: GeminiEnvironment, reason: str | None) -> None:
        worker = get_current_worker()
        try:
            config = self._loader(env)
        except Exception as exc:  # an unexpected bug must not take the dashboard down
            self.call_from_thread(
                self.notify,
                visible(f"Could not read the configuration: {exc}"),
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        if not worker.is_cancelled:
            self.post_message(ConfigurationLoaded(config, reason))

    def on_configuration_loaded(self, message: ConfigurationLoaded) -> None:
        if message.config.env is not self.env:
            return  # loaded for an environment the app has left (demo switch)
        self._apply(message.config)

    def _apply(self, config: Configuration) -> None:
        first = self.config is None
        self.config = config
        if self._watcher is not None:
            self._watcher.retarget(watch_targets(config))
        if first:
            self.call_after_refresh(self._freeze_startup_objects)

    @staticmethod
    def _freeze_startup_objects() -> None:
        """Leave what start-up made (modules, classes, the first screen) out of the cyclic
        garbage collector's full passes: on a busy live log those otherwise take 100 ms
        and more at a time, long enough to delay a key press noticeably. The objects stay
        alive as they are; anything made later is collected as usual."""
        gc.freeze()

    async def _files_changed(self, paths: set[Path]) -> None:
        # (Empty when the watch was just armed: a file may have changed before.)
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
    def selected_hook(self) -> Hook | None:
        """The hook selected in the hook list (the log filters on it)."""
        screen = self._hooks_screen()
        return screen.selected_hook if screen is not None else None

    def notices(self) -> list[tuple[str, str]]:
        """Lines shown above the banners: the demo, and why it opened."""
        out: list[tuple[str, str]] = []
        if self.notice:
            out.append(("notice", self.notice))
        if self.demo is not None:
            out.append(
                (
                    "demo",
                    f"DEMO · ~ = {visible(str(self.demo.root))} (a temporary copy, deleted on "
                    "quit) · "
                    "edit its files: the view follows",
                )
            )
        return out

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
        if self.demo is not None:
            self.notify("This is the demo already.", timeout=3)
            return
        demo = create_demo()
        self.owned_demos.append(demo)
        self.notice = None
        self.switch_environment(demo.env, demo)

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

    # ------------------------------------------------------------------ actions

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The problem list and the log do not offer themselves.
        if action == "live_log":
            # Not from a question (answer it first), nor from the log itself.
            scope = getattr(self.screen, "COMMAND_SCOPE", None)
            return scope not in ("log", "switch", "confirm")
        return not (action == "show_problems" and isinstance(self.screen, ProblemsScreen))

    def action_live_log(self) -> None:
        from hookdash.tui.screens.log import LogScreen

        if isinstance(self.screen, LogScreen):
            return
        if not self.is_screen_installed("log"):
            # Installed once: it keeps following the log (and its buffer) while hidden.
            self.install_screen(LogScreen(), "log")
        self.push_screen("log")

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_show_problems(self, code: str | None = None) -> None:
        if isinstance(self.screen, ProblemsScreen):
            return
        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
        self.push_screen(ProblemsScreen(focus_code=code))

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"

    def action_reload(self) -> None:
        self.reload("reload key")
        self.notify("Reloading the configuration…", timeout=2)
