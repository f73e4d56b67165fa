"""What every dashboard screen shares: the app, typed; the configuration; the theme.

A screen subclasses `HookdashScreen` (or `HookdashModalScreen`, over a dimmed screen) and
overrides what it follows:

- `config_changed(config)`: the app loaded a configuration (at start, after a file
  changed, after a write of the screen's own). Called at mount too when one is loaded,
  unless the class sets `CONFIG_AT_MOUNT = False` because its own `on_mount` renders it.
- `theme_changed()`: the user switched between the light and dark theme; anything
  rendered with `colors_for(self.app)` (Rich text keeps its colours) must be drawn again.

and uses what every screen says and does the same way: `refuse(message, title)`, the toast
for a refused or failed action; `reload_and_wait(reason)`, the reload after a write.

Textual calls `on_mount` of every class in the MRO, the subclass's first: so the base's
runs after the screen's own set-up (its widgets exist and are titled by then).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, ClassVar, TypeVar, cast

from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.theme import Theme
from textual.worker import WorkerCancelled, WorkerFailed

if TYPE_CHECKING:
    from hookdash.core import Configuration
    from hookdash.tui.app import HookdashApp


ResultT = TypeVar("ResultT")
# How long a refusal's toast stays: it says why, and that takes time to read.
REFUSAL_SECONDS = 8


class HookdashScreen(Screen[ResultT]):
    """A screen of the dashboard. See the module docstring."""

    CONFIG_AT_MOUNT: ClassVar[bool] = True
    """Whether `config_changed` runs at mount with the configuration already loaded."""

    @property
    def hd_app(self) -> HookdashApp:
        """The app, with its own attributes (`config`, `env`, `reload()`…) typed."""
        return cast("HookdashApp", self.app)

    def on_mount(self) -> None:
        if len(self.app.screen_stack) > 1 and self.app.screen is self:
            # Opened over another screen: its toasts were about that one (`m` keeps them).
            self.app.clear_notifications()
        self.app.theme_changed_signal.subscribe(self, self._theme_switched)
        self.watch(self.app, "config", self._config_loaded, init=self.CONFIG_AT_MOUNT)

    def on_screen_suspend(self) -> None:
        # Each screen draws the toasts in its own rack, and the screen opened over this
        # one shows them (Textual refreshes only the top screen's): kept here, a toast
        # would show twice through a dialog, once a little aside. Back on top, this
        # screen's rack is filled again from the app's notifications.
        for rack in self.query("ToastRack"):
            rack.remove_children()

    def refuse(
        self,
        message: str,
        title: str,
        *,
        severity: SeverityLevel = "error",
        timeout: float = REFUSAL_SECONDS,
    ) -> None:
        """Say why something was refused or failed. `message` must be made `visible()`
        already; it is never read as markup (it quotes names, commands, output)."""
        self.notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    async def reload_and_wait(self, reason: str) -> None:
        """Read the configuration again after a write, and wait until it is shown."""
        # (Cancelled: a newer reload, the file watcher's, took over.)
        with contextlib.suppress(WorkerCancelled, WorkerFailed):
            await self.hd_app.reload(reason).wait()

    def config_changed(self, config: Configuration) -> None:
        """Show `config` (the newly loaded configuration)."""

    def theme_changed(self) -> None:
        """Draw again what carries the theme's colours."""

    def show_current_config(self) -> None:
        """`config_changed` again with the configuration loaded now (e.g. in new colours)."""
        self._config_loaded(self.hd_app.config)

    def _config_loaded(self, config: Configuration | None) -> None:
        if config is not None:  # None only before the first load finishes
            self.config_changed(config)

    def _theme_switched(self, theme: Theme) -> None:
        self.theme_changed()


class HookdashModalScreen(HookdashScreen[ResultT], ModalScreen[ResultT]):
    """A dashboard screen over the dimmed one below it (help)."""
