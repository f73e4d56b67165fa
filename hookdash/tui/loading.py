"""What a load gives the dashboard, and its first load started before Textual is.

Bare `hookdash` spends most of its start-up importing: Textual and the first screen on
one side, the configuration loader (pydantic, the models, the risk vocabulary, the rule
catalogue) on the other. Run one after the other, the hooks reached the screen at about
three times a minimal Textual app's first paint. `EarlyLoad` starts the loader's
imports and the load in a thread before Textual is imported, so the two overlap (the
imports read files and the event loop waits on its refresh timer: the GIL is free
then), and the dashboard shows the result as soon as both are done.

Only for a configuration that loads quickly (`quick_to_load`): the two threads share
one interpreter, so a long load (2,000 hooks) running beside Textual's start-up held
its first frame back by a third of a second and drew the hooks no sooner. Such a
configuration is loaded after the first paint, as before.

This module imports neither Textual nor the loader at import time: it is imported
before either.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookdash.core import BaselineStatus, Configuration, GeminiEnvironment, WatchTarget

Loader = Callable[["GeminiEnvironment"], "Configuration"]


@dataclass(frozen=True)
class Loaded:
    """One load, made off the event loop: the configuration, the banner line on other
    agents' hooks (`other_agents_line`) and what the file watcher follows (it grows with
    the hooks)."""

    config: Configuration
    others: str | None
    targets: list[WatchTarget]
    baseline: BaselineStatus | None = None  # your own hooks since you last looked


def own_hooks(config: Configuration) -> BaselineStatus | None:
    """What changed in your own hooks (core.baseline; the first look records them), read
    with the configuration, off the event loop; None when it cannot be told."""
    from hookdash.core import baseline_status

    try:
        return baseline_status(config.env.environ)
    except Exception:  # the baseline must never keep the hooks from showing
        return None


def other_agents_line(config: Configuration) -> str | None:
    """The banner line on other agents' hooks in the workspace (`hookdash scan`): read
    with the configuration, off the event loop."""
    from hookdash.core import foreign_summary, host_names, scan_repository

    summary = foreign_summary(scan_repository(config.env.workspace), host_names())
    return f"{summary}: press S (or click) to see them" if summary else None


def load_view(env: GeminiEnvironment, loader: Loader | None = None) -> Loaded:
    """Load `env` with `loader` (by default `core.load_configuration`), with what the
    dashboard reads alongside."""
    from hookdash.core import load_configuration, watch_targets, with_claude, with_other_hosts

    config = (loader or load_configuration)(env)
    if config.claude is None:  # every host, read in the same thread
        config = with_claude(config)
    if not config.more_hosts:  # every other registered host with a file here
        config = with_other_hosts(config)
    return Loaded(config, other_agents_line(config), watch_targets(config), own_hooks(config))


# Quick to load: settings files of this many bytes in all (some 250 hooks) and this many
# extensions at most. A guess from sizes, never from contents: a wrong one costs time,
# not correctness (the same load runs, only earlier or later).
QUICK_SETTINGS_BYTES = 64 * 1024
QUICK_EXTENSIONS = 8


def quick_to_load(env: GeminiEnvironment) -> bool:
    """Whether `env`'s configuration looks small enough to load beside Textual's start-up
    (see the module docstring). Only stats and one directory listing, nothing read."""
    size = 0
    for path in env.settings_paths.values():
        with contextlib.suppress(OSError):  # (missing or unreadable: the load says so)
            size += os.stat(path).st_size
    try:
        with os.scandir(env.extensions_dir) as entries:
            extensions = sum(1 for _ in itertools.islice(entries, QUICK_EXTENSIONS + 1))
    except OSError:
        extensions = 0
    return size <= QUICK_SETTINGS_BYTES and extensions <= QUICK_EXTENSIONS


def start_early_load(env: GeminiEnvironment) -> EarlyLoad | None:
    """The first load, started now when it is quick (`quick_to_load`); else None: the
    dashboard loads after its first paint."""
    return EarlyLoad(env) if quick_to_load(env) else None


class EarlyLoad:
    """`load_view(env)` running in a thread from the moment this is made."""

    def __init__(self, env: GeminiEnvironment) -> None:
        self.env = env
        self.started_ns = time.time_ns()  # before it reads anything (see `changed_since`)
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

    def wait(self, seconds: float) -> None:
        """Until the load has finished (whatever its outcome), `seconds` at the most."""
        with contextlib.suppress(Exception):
            self._result.exception(timeout=seconds)
