"""Watching directories for changes (watchfiles): live reload, and following the run logs.

Directories, not files: editors, git and Gemini CLI replace a file on save, which a watch
on the file itself would miss (see `load.sources`). A target directory that does not exist
yet (no `.gemini` in the project) is watched through its nearest existing parent, one
level deep, and the watch is re-armed once it appears: the plan is made again after every
burst of changes and on `retarget`.

Each time the watch is armed, `ready` is set and the consumer hears of an empty change:
whatever was written while nothing watched (before the first arming, or between two) is
unknown, so it looks at everything again. A write after `ready` is always seen — which is
also what tests wait on instead of sleeping "until inotify settles".

watchfiles is imported when a watch starts, not with this module: headless commands that
never watch (`list`, `check`) do not load it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from hookdash.core.load.sources import WatchTarget, is_relevant

# watchfiles yields after `step` ms without a new change (at most `debounce` ms after the
# first one): a burst of writes (git checkout, an editor's save) is one change.
STEP_MS = 50
DEBOUNCE_MS = 400
# After a watch ended on its own (its directory vanished), look again this much later.
RETRY_SECONDS = 0.5

OnChange = Callable[[set[Path]], Awaitable[None]]


@dataclass(frozen=True)
class WatchPlan:
    """The directories to hand to watchfiles: recursively, and one level deep."""

    recursive: frozenset[Path]
    flat: frozenset[Path]

    def groups(self) -> list[tuple[frozenset[Path], bool]]:
        """(directories, recursive) for each watch to start; none when nothing to watch."""
        both = ((self.recursive, True), (self.flat, False))
        return [(paths, deep) for paths, deep in both if paths]


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


class _ArmingStop(asyncio.Event):
    """The stop event handed to watchfiles, which also tells when its watch is armed.

    watchfiles adds the OS watches when it starts, then calls the stop event's `is_set`
    from its watch thread on every step (its documented contract for `stop_event`): the
    first call means every directory of the watch is being watched.
    """

    def __init__(self, on_armed: Callable[[], None]) -> None:
        super().__init__()
        self._loop = asyncio.get_running_loop()
        self._on_armed: Callable[[], None] | None = on_armed

    def is_set(self) -> bool:
        on_armed, self._on_armed = self._on_armed, None
        if on_armed is not None:
            self._loop.call_soon_threadsafe(on_armed)
        return super().is_set()


class DirectoryWatcher:
    """Tells `run`'s callback about relevant changes under the targets' directories.

    `retarget()` with new targets (a newly loaded configuration: a new extension, a
    directory that appeared) re-arms the watch when the directories to watch changed.
    """

    def __init__(
        self,
        targets: Iterable[WatchTarget] = (),
        *,
        step_ms: int = STEP_MS,
        debounce_ms: int = DEBOUNCE_MS,
    ) -> None:
        self._targets = list(targets)
        self._plan = WatchPlan(frozenset(), frozenset())  # made when the watch is armed
        self._step_ms = step_ms
        self._debounce_ms = debounce_ms
        self._rearm = asyncio.Event()
        self._arming = 0  # counts the armings, so that a late signal of an old one is moot
        self.ready = asyncio.Event()
        """Set while every directory of the current plan is watched."""

    @property
    def plan(self) -> WatchPlan:
        return self._plan

    def retarget(self, targets: Iterable[WatchTarget]) -> None:
        self._targets = list(targets)
        self._replan()

    def _replan(self) -> None:
        plan = plan_watch(self._targets)
        if plan != self._plan:
            self._plan = plan
            self._rearm.set()

    async def run(self, on_change: OnChange) -> None:
        """Until cancelled: `await on_change(paths)` after each burst of relevant changes
        (those that arrive meanwhile are merged into the next call), and with an empty
        set each time the watch is armed."""
        changes: asyncio.Queue[set[Path]] = asyncio.Queue()
        arming = asyncio.create_task(self._keep_armed(changes))
        try:
            while True:
                paths = await changes.get()
                while not changes.empty():
                    paths |= changes.get_nowait()
                await on_change(paths)
                self._replan()  # a directory may have appeared, or gone
        finally:
            arming.cancel()
            await asyncio.gather(arming, return_exceptions=True)

    async def _keep_armed(self, changes: asyncio.Queue[set[Path]]) -> None:
        while True:
            if not await self._watch_plan(changes):
                # A watch ended on its own (its directory vanished): look again shortly.
                await asyncio.sleep(RETRY_SECONDS)

    async def _watch_plan(self, changes: asyncio.Queue[set[Path]]) -> bool:
        """Watch the directories of a fresh plan until it changes (True) or a watch ends
        on its own (False)."""
        self._rearm.clear()
        self._plan = plan_watch(self._targets)
        arming = self._arming
        groups = self._plan.groups()
        unarmed = len(groups)

        def armed() -> None:
            nonlocal unarmed
            unarmed -= 1
            if unarmed == 0 and arming == self._arming:
                self.ready.set()
                changes.put_nowait(set())

        stops = [_ArmingStop(armed) for _ in groups]
        tasks = [
            asyncio.create_task(self._watch(paths, deep, stop, changes))
            for (paths, deep), stop in zip(groups, stops, strict=True)
        ]
        rearm = asyncio.create_task(self._rearm.wait())
        try:
            done, _ = await asyncio.wait([*tasks, rearm], return_when=asyncio.FIRST_COMPLETED)
        finally:
            self._arming += 1  # this arming is over: a late signal of it is moot
            self.ready.clear()
            for stop in stops:
                stop.set()
            for task in [*tasks, rearm]:
                task.cancel()
            await asyncio.gather(*tasks, rearm, return_exceptions=True)
        return rearm in done

    async def _watch(
        self,
        paths: frozenset[Path],
        recursive: bool,
        stop: _ArmingStop,
        changes: asyncio.Queue[set[Path]],
    ) -> None:
        from watchfiles import awatch

        try:
            async for batch in awatch(
                *sorted(paths),
                watch_filter=None,
                recursive=recursive,
                stop_event=stop,
                step=self._step_ms,
                debounce=self._debounce_ms,
                ignore_permission_denied=True,
            ):
                relevant = {Path(path) for _change, path in batch if self._relevant(path)}
                if relevant:
                    changes.put_nowait(relevant)
        except (FileNotFoundError, OSError, RuntimeError):
            return

    def _relevant(self, path: str) -> bool:
        return is_relevant(path, self._targets)
