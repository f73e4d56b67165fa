"""The filter boxes of the hook list and the live log: typing, pasting, waiting.

The hook list's `FilterBox` is an Input whose Footer says how to leave it.
While it has focus every printable key is text, so the Footer would show no key at all
(Textual drops the bindings an Input consumes). Its own bindings, from `COMMANDS`, say
what `enter` and `esc` do there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual.binding import BindingType
from textual.events import Paste
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input

from hookdash.tui.commands import widget_bindings
from hookdash.tui.plain import fill


class FilterBox(Input):
    BINDINGS: ClassVar[list[BindingType]] = widget_bindings("FilterBox")


def paste_as_filter(screen: Screen[Any], box: Input, event: Paste) -> None:
    """A paste on a list (not in its filter box) is a filter: a terminal with bracketed
    paste delivers a pasted "/guard" as one event, never as keys."""
    text = event.text.strip().splitlines()[0] if event.text.strip() else ""
    if not text or screen.focused is box:
        return
    event.stop()
    screen.set_focus(box)
    fill(box, text.removeprefix("/"))


class Debounced:
    """Run a filter now, or (a long list: rebuilding it per keystroke lags) after a pause
    in typing; a newer call replaces a waiting one."""

    def __init__(self, owner: MessagePump, seconds: float) -> None:
        self._owner = owner
        self._seconds = seconds
        self._timer: Timer | None = None

    @property
    def waiting(self) -> bool:
        return self._timer is not None

    def cancel(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def call(self, run: Callable[[], object], *, wait: bool) -> None:
        self.cancel()
        if wait:
            self._timer = self._owner.set_timer(self._seconds, run)
        else:
            run()
