"""An engine run in progress, as the fire, plan and hook-form screens show it."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.message_pump import MessagePump
from textual.timer import Timer

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class RunClock:
    """How long a run has gone on and which spinner frame to draw; while it runs, it
    calls `redraw` ten times a second (on `owner`'s timer, so it stops with the screen)."""

    def __init__(self, owner: MessagePump, redraw: Callable[[], None]) -> None:
        self._owner = owner
        self._redraw = redraw
        self._started: float | None = None
        self._timer: Timer | None = None
        self._frame = 0

    @property
    def running(self) -> bool:
        return self._started is not None

    @property
    def frame(self) -> str:
        return SPINNER[self._frame % len(SPINNER)]

    def elapsed(self) -> float:
        """Seconds since `start` (0 when not running)."""
        return 0.0 if self._started is None else time.monotonic() - self._started

    def start(self) -> None:
        self._started = time.monotonic()
        self._timer = self._owner.set_interval(0.1, self._tick)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._started = None

    def _tick(self) -> None:
        self._frame += 1
        self._redraw()
