"""An engine run in progress, as the fire, plan and hook-form screens show it (Gemini's
engine result by default; Claude Code's plan runs `fire_claude`)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Generic

from rich.console import RenderableType
from rich.text import Text
from textual.message_pump import MessagePump
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker
from typing_extensions import TypeVar

from hookdash.tui.plain import plain

if TYPE_CHECKING:
    from hookdash.core import FireResult

ResultT = TypeVar("ResultT", default="FireResult")  # what the run comes to

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


class EngineRun(Generic[ResultT]):
    """One engine run a screen shows: its worker and clock, then its result or, when it
    has none, why (`outcome`: cancelled, or the engine failed). Each phase redraws and
    refreshes the owner's bindings (esc reads "Cancel" only while it runs)."""

    def __init__(
        self,
        owner: Widget,
        redraw: Callable[[], None],
        *,
        group: str,
        finished: Callable[[], None] | None = None,
    ) -> None:
        """`finished`: after the last redraw of a run, however it ended."""
        self._owner = owner
        self._redraw = redraw
        self._group = group
        self._finished = finished
        self.clock = RunClock(owner, redraw)
        self.result: ResultT | None = None
        self.outcome: RenderableType | None = None
        self._worker: Worker[ResultT | None] | None = None

    @property
    def running(self) -> bool:
        return self._worker is not None and self._worker.is_running

    def start(
        self,
        run: Coroutine[Any, Any, ResultT],
        cancelled: Callable[[float], str],
        succeeded: Callable[[], object] | None = None,
    ) -> None:
        """Run `run` in a worker; `cancelled(seconds)` says what a cancel did."""
        self.result = None
        self.outcome = None
        self.clock.start()
        self._worker = self._owner.run_worker(
            self._guarded(run, cancelled, succeeded),
            group=self._group,
            exclusive=True,
            exit_on_error=False,
        )
        self._redraw()
        self._owner.refresh_bindings()

    def cancel(self) -> None:
        """Cancel the worker: the engine kills the hooks' process groups."""
        if self._worker is not None and self._worker.is_running:
            self._worker.cancel()
            self._owner.refresh_bindings()

    async def _guarded(
        self,
        run: Coroutine[Any, Any, ResultT],
        cancelled: Callable[[float], str],
        succeeded: Callable[[], object] | None,
    ) -> ResultT | None:
        try:
            result = await run
        except asyncio.CancelledError:
            self.outcome = Text(cancelled(self.clock.elapsed()), style="bold")
            self._finish()
            raise
        except Exception as exc:  # an engine bug must not take the dashboard down
            self.outcome = plain(f"The engine failed: {exc}", "bold red")
            self._finish()
            return None
        self.result = result
        self._finish()
        if succeeded is not None:
            succeeded()
        return result

    def _finish(self) -> None:
        self.clock.stop()
        self._redraw()
        if self._finished is not None:
            self._finished()
        self._owner.refresh_bindings()


class ShowsEngineRun(Generic[ResultT]):
    """A screen that shows an `EngineRun` (`self._run`): whether a run is under way, and
    the last result once it finished (what the tests and the bindings read)."""

    _run: EngineRun[ResultT]

    @property
    def running(self) -> bool:
        return self._run.running

    @property
    def result(self) -> ResultT | None:
        return self._run.result
