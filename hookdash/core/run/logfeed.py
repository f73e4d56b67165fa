"""The hook runs a user can look back on: hookdash's run log and Gemini's telemetry file.

Both become `RunRecord`s; the feed merges them by time (newest last). A telemetry record
only names the hook, so `attribute` fills in its key, scope and command from the
configuration when exactly one configured hook of that event has that id. `follow` hands
on what is appended as it is (`hookdash log --follow` and the dashboard's live log).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Literal

from hookdash.core.disk.atomic import ensure_directory
from hookdash.core.disk.state import STATE_DIR_MODE
from hookdash.core.hosts.gemini.events import TOOL_EVENTS
from hookdash.core.hosts.gemini.telemetry_log import (
    TelemetryTail,
    attribute,
    read_last_telemetry,
)
from hookdash.core.load.sources import WatchTarget
from hookdash.core.model import Hook
from hookdash.core.run.runlog import RunLog, RunLogTail, RunRecord
from hookdash.core.run.verdicts import (
    OUTCOME_MARKS,
    Outcome as Outcome,
    RunLike as RunLike,
    plain_outcome,
)
from hookdash.core.watching import DirectoryWatcher

# Following the logs: a record shows within a tenth of a second of its write, and a burst
# of thousands is a few reads, not one per record.
FOLLOW_STEP_MS = 20
FOLLOW_DEBOUNCE_MS = 80

LogSource = Literal["hookdash", "gemini", "all"]
# How many recent runs `tools_seen` looks through (the log is read backwards: cheap).
SEEN_TOOLS_LIMIT = 2000


def outcome_of(record: RunLike) -> Outcome:
    """What a run came to, as the agent whose run it is reads it (`Host.verdict`): one word
    for a log line's colour. A record of a host not registered here reads as a plain
    success or failure."""
    from hookdash.core.hosts.registry import UnknownHost, host

    try:
        return host(getattr(record, "host", "gemini")).verdict(record)
    except UnknownHost:
        return plain_outcome(record)


def outcome_label(run: RunLike) -> str:
    """`ok`, `blocked`, `exit 3`, `timed out`, … — the word a run's verdict shows."""
    outcome = outcome_of(run)
    if outcome in ("failed", "warning") and run.exit_code not in (None, 0):
        return f"exit {run.exit_code}"
    if outcome == "failed":
        return "error"
    return outcome.replace("-", " ")


def verdict_text(run: RunLike) -> str:
    """`⊘ blocked`, `✔ ok`, `! exit 1`: a run's mark and word, as every view writes them."""
    return f"{OUTCOME_MARKS[outcome_of(run)]} {outcome_label(run)}"


def is_run_of(record: RunRecord, hook: Hook) -> bool:
    """Whether a record is a run of `hook`: by ref for hookdash's own runs; by event and
    id for Gemini's (its telemetry names hooks only), where `attribute` found the hook's
    key, that key must be the hook's."""
    if record.ref is not None:
        return record.ref == hook.ref
    if record.event != hook.event or record.id != hook.id:
        return False
    return record.key is None or record.key == hook.key


def _merge(*streams: list[RunRecord]) -> list[RunRecord]:
    return list(heapq.merge(*streams, key=lambda r: r.ts))


class LogFeed:
    """Recent records and, incrementally, new ones, from the chosen sources."""

    def __init__(
        self,
        state_dir: Path,
        telemetry_file: Path | None,
        source: LogSource = "all",
        hooks: Sequence[Hook] = (),
        host: str | None = None,
    ) -> None:
        self.runlog = RunLog(state_dir)
        # Only the runs of this host's hooks (None: every host). `telemetry_file` is the
        # agent's own record of its runs: the caller passes it only where it holds the
        # chosen host's (`Host.capabilities` has "run-records").
        self.host = host
        self.telemetry_file = telemetry_file if source != "hookdash" else None
        self.use_runlog = source in ("hookdash", "all")  # else: only the agent's own records
        self.hooks = hooks
        self._run_tail: RunLogTail | None = None
        self._telemetry_tail: TelemetryTail | None = None

    @property
    def paths(self) -> list[Path]:
        """The files to watch for changes."""
        paths = [self.runlog.path] if self.use_runlog else []
        if self.telemetry_file is not None:
            paths.append(self.telemetry_file)
        return paths

    def ensure_state_dir(self) -> None:
        """Create hookdash's state directory (and any missing parent) 0700 if it is
        missing, whatever the umask, so it can be watched."""
        ensure_directory(self.runlog.directory, STATE_DIR_MODE)

    def recent(self, limit: int) -> list[RunRecord]:
        """The newest `limit` records over all sources, oldest first.

        Raises LogUnreadableError when a file is there but cannot be read: an unreadable
        log is never shown as an empty one."""
        streams = []
        if self.use_runlog:
            streams.append(self.runlog.read_last(limit, self.host))
        if self.telemetry_file is not None:
            streams.append(attribute(read_last_telemetry(self.telemetry_file, limit), self.hooks))
        merged = _merge(*streams)
        return merged[-limit:] if limit > 0 else []

    def start_following(self) -> None:
        """From now on, `read_new` returns only what is appended after this call."""
        if self.use_runlog:
            self._run_tail = RunLogTail(self.runlog.path)
            self._run_tail.read_new()
        if self.telemetry_file is not None:
            self._telemetry_tail = TelemetryTail(self.telemetry_file)
            self._telemetry_tail.read_new()

    def watcher(self) -> DirectoryWatcher:
        """A watcher of the directories of `paths`, for `follow`."""
        targets = [WatchTarget(p.parent, names=frozenset({p.name})) for p in self.paths]
        return DirectoryWatcher(targets, step_ms=FOLLOW_STEP_MS, debounce_ms=FOLLOW_DEBOUNCE_MS)

    async def follow(
        self,
        on_records: Callable[[list[RunRecord]], None],
        watcher: DirectoryWatcher | None = None,
    ) -> None:
        """Until cancelled: `on_records` with what `read_new` finds (read in a thread)
        each time a file changes, and once the watch is armed (`watcher.ready`; the list
        may be empty then). Call `start_following` first."""
        with contextlib.suppress(OSError):
            # Watched itself rather than through its parent (a run log appears there).
            await asyncio.to_thread(self.ensure_state_dir)
        watcher = watcher or self.watcher()

        async def changed(paths: set[Path]) -> None:
            on_records(await asyncio.to_thread(self.read_new))

        await watcher.run(changed)

    def read_new(self) -> list[RunRecord]:
        streams = []
        if self._run_tail is not None:
            new = self._run_tail.read_new()
            streams.append([r for r in new if self.host is None or r.host == self.host])
        if self._telemetry_tail is not None:
            streams.append(attribute(self._telemetry_tail.read_new(), self.hooks))
        return _merge(*streams)

    def close(self) -> None:
        for tail in (self._run_tail, self._telemetry_tail):
            if tail is not None:
                tail.close()


def tools_in(records: Iterable[RunRecord]) -> list[str]:
    """The tool names the tool events among `records` were fired for, most recent first
    (MCP tools and any other tool Gemini met, not only the built-in ones)."""
    names: dict[str, None] = {}
    for record in reversed(list(records)):
        if record.event not in TOOL_EVENTS or not isinstance(record.input, dict):
            continue
        name = record.input.get("tool_name")
        if isinstance(name, str) and name:
            names.setdefault(name, None)
    return list(names)


def tools_seen(
    state_dir: Path, telemetry_file: Path | None, limit: int = SEEN_TOOLS_LIMIT
) -> list[str]:
    """The tool names of the last `limit` runs of hookdash's run log and Gemini's
    telemetry file (e.g. to show which tools a matcher would meet in practice)."""
    return tools_in(LogFeed(state_dir, telemetry_file).recent(limit))
