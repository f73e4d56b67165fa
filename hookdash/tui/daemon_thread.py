"""Work in a thread of its own that quitting never waits for."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


async def in_daemon_thread(function: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
    """`function(*args, **kwargs)` in a thread of its own that never holds the process
    up: quitting does not wait for it (a Textual thread worker, in asyncio's executor,
    is joined at exit, so `q` or SIGTERM during a minute-long load of a huge
    configuration waited for the load). Cancelled, the caller stops waiting; the thread
    finishes on its own and its result is dropped."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[T] = loop.create_future()

    def settle(result: T | None, error: BaseException | None) -> None:
        if future.done():
            return  # the caller was cancelled meanwhile
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)  # type: ignore[arg-type]

    def run() -> None:
        result: T | None = None
        error: BaseException | None = None
        try:
            result = function(*args, **kwargs)
        except BaseException as exc:  # handed to the caller, whatever it is
            error = exc
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody is waiting
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, name=getattr(function, "__name__", "work"), daemon=True).start()
    return await future
