"""Textual's Footer, rebuilt only when what it shows changes.

Textual's Footer removes and mounts all its keys (about 13 widgets on the hook list, each
styled by the whole stylesheet) every time a screen's bindings are updated: on every focus
change and on each `refresh_bindings`, even when the keys shown stay the same. At start-up
that happened six times before the hooks were drawn (about 90 ms of the first screen's
time). This one
compares what it would show with what it shows, and keeps its keys when they are the same.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """The key bar at the bottom of every screen; looks and works as Textual's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[object, ...] | None = None

    def _what_is_shown(self) -> tuple[object, ...]:
        """Everything `compose` reads: the keys shown (each key, what it does, whether it
        is enabled, its tooltip), the command palette's key and the footer's switches."""
        palette = self.app.COMMAND_PALETTE_BINDING
        return (
            self.compact,
            self.show_command_palette,
            self.app.ENABLE_COMMAND_PALETTE,
            tuple(
                (key, binding, enabled, tooltip)
                for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
                if binding.show or key == palette
            ),
        )

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        shown = self._what_is_shown()
        if shown != self._shown:
            self._shown = shown
            await super().recompose()

    def compose(self) -> ComposeResult:
        # Textual's Footer shows no key until the screen's first bindings signal, a refresh
        # later (seconds on a loaded machine): the keys of the screen are known already.
        self._bindings_ready = True
        self._shown = self._what_is_shown()
        yield from super().compose()
