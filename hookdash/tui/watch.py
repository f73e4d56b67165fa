"""Live reload: watch the directories the configuration was read from (watchfiles).

Directories, not files: editors, git and Gemini CLI replace a file on save, which a watch
on the file itself would miss. A directory that does not exist yet (no `.gemini` in the
project) is watched through its nearest existing parent, non-recursively, and the watch
is re-armed once it appears. Only changes that `core.sources.is_relevant` accepts
trigger a reload, so Gemini's own chat logs under ~/.gemini/tmp do not.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from watchfiles import Change, awatch

from hookdash.core import WatchTarget, is_relevant

# watchfiles yields after `step` ms without a new change (at most `debounce` ms after
# the first one): a burst of writes (git checkout, an editor's save) is one reload.
STEP_MS = 50
DEBOUNCE_MS = 400
RETRY_SECONDS = 0.5


@dataclass(frozen=True)
class WatchPlan:
    """The directories to hand to watchfiles: recursively, and one level deep."""

    recursive: frozenset[Path]
    flat: frozenset[Path]


def _nearest_existing(path: Path) -> Path | None:
    for candidate in (path, *path.parents):
        if candidate.is_dir():
            return candidate
    return None


def plan_watch(targets: Iterable[WatchTarget]) -> WatchPlan:
    recursive: set[Path] = set()
    flat: set[Path] = set()
    for target in targets:
        if target.directory.is_dir():
            (recursive if target.recursive else flat).add(target.directory)
            continue
        parent = _nearest_existing(target.directory.parent)
        if parent is not None:
            flat.add(parent)  # re-armed when the missing directory appears
    # A directory already covered by a recursive watch needs no flat one.
    flat = {d for d in flat if not any(d == r or r in d.parents for r in recursive)}
    return WatchPlan(frozenset(recursive), frozenset(flat))


class ConfigWatcher:
    """Calls `on_change` (in the event loop) after a relevant change on disk.

    Run `run()` in a Textual worker; call `retarget()` with the targets of every newly
    loaded configuration (a new extension, a new script, a directory that appeared).
    """

    def __init__(self, on_change: Callable[[set[Path]], None]) -> None:
        self._on_change = on_change
        self._targets: list[WatchTarget] = []
        self._plan = WatchPlan(frozenset(), frozenset())
        self._rearm = asyncio.Event()
        self._reload_after_arming = False

    @property
    def plan(self) -> WatchPlan:
        return self._plan

    def retarget(self, targets: Iterable[WatchTarget]) -> None:
        self._targets = list(targets)
        plan = plan_watch(self._targets)
        if plan != self._plan:
            self._plan = plan
            # A file may have been written between the last load and the new watch.
            self._reload_after_arming = True
            self._rearm.set()

    async def run(self) -> None:
        while True:
            self._rearm.clear()
            plan = self._plan
            stop = asyncio.Event()
            tasks = [
                asyncio.create_task(self._watch(paths, recursive, stop))
                for paths, recursive in ((plan.recursive, True), (plan.flat, False))
                if paths
            ]
            rearm = asyncio.create_task(self._rearm.wait())
            if self._reload_after_arming:
                self._reload_after_arming = False
                self._on_change(set())
            try:
                done, _ = await asyncio.wait([*tasks, rearm], return_when=asyncio.FIRST_COMPLETED)
            finally:
                stop.set()
                for task in [*tasks, rearm]:
                    task.cancel()
                await asyncio.gather(*tasks, rearm, return_exceptions=True)
            if rearm not in done:
                # A watch ended on its own (its directory vanished): look again shortly.
                await asyncio.sleep(RETRY_SECONDS)
                self._plan = plan_watch(self._targets)
                self._on_change(set())

    async def _watch(self, paths: frozenset[Path], recursive: bool, stop: asyncio.Event) -> None:
        try:
            async for changes in awatch(
                *sorted(paths),
                watch_filter=None,
                recursive=recursive,
                stop_event=stop,
                step=STEP_MS,
                debounce=DEBOUNCE_MS,
                ignore_permission_denied=True,
            ):
                relevant = {Path(path) for change, path in changes if self._relevant(change, path)}
                if relevant:
                    self._on_change(relevant)
        except (FileNotFoundError, OSError, RuntimeError):
            return

    def _relevant(self, change: Change, path: str) -> bool:
        return is_relevant(os.path.abspath(path), self._targets)
