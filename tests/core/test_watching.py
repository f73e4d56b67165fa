"""The directory watcher behind live reload and the followed logs (real files, real inotify).

Every test waits on the watcher's own signals (`ready`, the changes it reports), never on
a fixed sleep; the timeouts only stop a test that would otherwise hang.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from hookdash.core.load.sources import WatchTarget, watch_targets
from hookdash.core.run.logfeed import LogFeed
from hookdash.core.run.runlog import RunLog, RunRecord
from hookdash.core.watching import DirectoryWatcher, plan_watch
from tests.conftest import Sandbox

TIMEOUT = 20.0


class Seen:
    """What a running watcher reported: one set of paths per call, in order."""

    def __init__(self) -> None:
        self.calls: list[set[Path]] = []
        self._new = asyncio.Condition()

    async def on_change(self, paths: set[Path]) -> None:
        async with self._new:
            self.calls.append(paths)
            self._new.notify_all()

    async def path(self, path: Path) -> None:
        async with self._new:
            await asyncio.wait_for(
                self._new.wait_for(lambda: any(path in c for c in self.calls)), TIMEOUT
            )

    async def calls_at_least(self, n: int) -> None:
        async with self._new:
            await asyncio.wait_for(self._new.wait_for(lambda: len(self.calls) >= n), TIMEOUT)


@contextlib.asynccontextmanager
async def running(watcher: DirectoryWatcher) -> AsyncIterator[Seen]:
    seen = Seen()
    task = asyncio.create_task(watcher.run(seen.on_change))
    try:
        yield seen
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    assert not watcher.ready.is_set()  # stopped: nothing is watched any more


async def _ready(watcher: DirectoryWatcher) -> None:
    await asyncio.wait_for(watcher.ready.wait(), TIMEOUT)


async def test_armed_it_says_so_then_reports_what_changes(tmp_path: Path) -> None:
    watcher = DirectoryWatcher([WatchTarget(tmp_path, names=frozenset({"settings.json"}))])
    async with running(watcher) as seen:
        await _ready(watcher)
        await seen.calls_at_least(1)
        assert seen.calls[0] == set()  # armed: look at everything once more
        (tmp_path / "notes.txt").write_text("not watched for")
        (tmp_path / "settings.json").write_text("{}")
        await seen.path(tmp_path / "settings.json")
        assert all(tmp_path / "notes.txt" not in c for c in seen.calls)


async def test_a_missing_directory_is_watched_until_it_appears(tmp_path: Path) -> None:
    project = tmp_path / ".gemini"
    watcher = DirectoryWatcher([WatchTarget(project, recursive=True)])
    async with running(watcher) as seen:
        await _ready(watcher)
        assert watcher.plan.flat == {tmp_path} and not watcher.plan.recursive
        project.mkdir()
        await seen.path(project)
        # Re-armed on the new directory itself (and saying so: an empty change).
        await seen.calls_at_least(3)
        await _ready(watcher)
        assert watcher.plan.recursive == {project}
        (project / "settings.json").write_text("{}")
        await seen.path(project / "settings.json")


async def test_retarget_rearms_on_the_new_directories(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    watcher = DirectoryWatcher([WatchTarget(first)])
    async with running(watcher) as seen:
        await _ready(watcher)
        watcher.retarget([WatchTarget(first), WatchTarget(second)])
        await seen.calls_at_least(2)  # the second arming's empty change
        await _ready(watcher)
        assert watcher.plan.flat == {first, second}
        (second / "x").write_text("1")
        await seen.path(second / "x")


async def test_follow_hands_on_what_was_written_before_the_watch_was_armed(
    sandbox: Sandbox,
) -> None:
    feed = LogFeed(sandbox.state, None)
    feed.start_following()
    record = RunRecord(
        ts="2026-01-01T00:00:00.000Z",
        origin="hookdash",
        event="BeforeTool",
        id="early",
        success=True,
        exit_code=0,
        duration_ms=5,
    )
    RunLog(sandbox.state).append([record])  # after start_following, before any watch
    got: list[RunRecord] = []
    arrived = asyncio.Event()

    def on_records(records: list[RunRecord]) -> None:
        got.extend(records)
        if got:
            arrived.set()

    watcher = feed.watcher()
    task = asyncio.create_task(feed.follow(on_records, watcher))
    try:
        await asyncio.wait_for(arrived.wait(), TIMEOUT)
        assert [r.id for r in got] == ["early"]
        await _ready(watcher)
        arrived.clear()
        RunLog(sandbox.state).append([record.model_copy(update={"id": "later"})])
        await asyncio.wait_for(arrived.wait(), TIMEOUT)
        assert [r.id for r in got] == ["early", "later"]
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        feed.close()


def test_watch_plan_uses_nearest_existing_parent(sandbox: Sandbox) -> None:
    targets = watch_targets(sandbox.load())
    plan = plan_watch(targets)
    # The project has no .gemini yet: its directory is watched one level deep.
    assert sandbox.workspace in plan.flat
    assert sandbox.workspace / ".gemini" not in plan.recursive
    (sandbox.workspace / ".gemini").mkdir()
    plan = plan_watch(targets)
    assert sandbox.workspace / ".gemini" in plan.recursive
