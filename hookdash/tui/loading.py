"""What a load gives the dashboard, and its first load started before Textual is.

Bare `hookdash` spends most of its start-up importing: Textual and the first screen on
one side, the configuration loader (pydantic, the models, the risk vocabulary, the rule
catalogue) on the other. Run one after the other, the hooks reached the screen at about
three times a minimal Textual app's first paint. `EarlyLoad` starts the loader's
imports and the load in a thread before Textual is imported, so the two overlap (the
imports read files and the event loop waits on its refresh timer: the GIL is free
then), and the dashboard shows the result as soon as both are done.

This module imports neither Textual nor the loader at import time: it is imported
before either.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookdash.core import Configuration, GeminiEnvironment, WatchTarget

Loader = Callable[["GeminiEnvironment"], "Configuration"]


@dataclass(frozen=True)
class Loaded:
    """One load, made off the event loop: the configuration, the banner line on other
    agents' hooks (`other_agents_line`) and what the file watcher follows (it grows with
    the hooks)."""

    config: Configuration
    others: str | None
    targets: list[WatchTarget]


def other_agents_line(config: Configuration) -> str | None:
    """The banner line on other agents' hooks in the workspace (`hookdash scan`): read
    with the configuration, off the event loop."""
    from hookdash.core import foreign_summary, scan_repository

    summary = foreign_summary(scan_repository(config.env.workspace))
    return f"{summary}: press S (or click) to see them" if summary else None


def load_view(env: GeminiEnvironment, loader: Loader | None = None) -> Loaded:
    """Load `env` with `loader` (by default `core.load_configuration`), with what the
    dashboard reads alongside."""
    from hookdash.core import load_configuration, watch_targets

    config = (loader or load_configuration)(env)
    return Loaded(config, other_agents_line(config), watch_targets(config))


class EarlyLoad:
    """`load_view(env)` running in a thread from the moment this is made."""

    def __init__(self, env: GeminiEnvironment) -> None:
        self.env = env
        self._result: Future[Loaded] = Future()
        threading.Thread(target=self._run, name="first load", daemon=True).start()

    def _run(self) -> None:
        try:
            self._result.set_result(load_view(self.env))
        except BaseException as exc:  # handed to whoever waits: they load again
            self._result.set_exception(exc)

    def done(self) -> bool:
        """Finished (the result, or the exception, is there)."""
        return self._result.done()

    def result(self) -> Loaded:
        """The load, waiting for it; raises what the load raised."""
        return self._result.result()
