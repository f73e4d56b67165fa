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
from typing import Any, Literal, Protocol

from hookdash.core.disk.atomic import ensure_directory
from hookdash.core.disk.state import STATE_DIR_MODE
from hookdash.core.hosts.gemini.effects import IGNORES_DECISIONS
from hookdash.core.hosts.gemini.events import TOOL_EVENTS
from hookdash.core.hosts.gemini.outputs import is_blocking_decision, should_stop_execution
from hookdash.core.hosts.gemini.telemetry_log import TelemetryTail, read_last_telemetry
from hookdash.core.load.sources import WatchTarget
from hookdash.core.model import Hook
from hookdash.core.run.runlog import CANCELLED_PREFIX, RunLog, RunLogTail, RunRecord
from hookdash.core.watching import DirectoryWatcher

# Following the logs: a record shows within a tenth of a second of its write, and a burst
# of thousands is a few reads, not one per record.
FOLLOW_STEP_MS = 20
FOLLOW_DEBOUNCE_MS = 80

LogSource = Literal["hookdash", "gemini", "all"]
Outcome = Literal["ok", "warning", "blocked", "stopped", "failed", "timed-out", "cancelled"]
# How many recent runs `tools_seen` looks through (the log is read backwards: cheap).
SEEN_TOOLS_LIMIT = 2000


class RunLike(Protocol):
    """What a run record and an engine result (`HookRunResult`) have in common."""

    @property
    def error(self) -> str | None: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def output(self) -> Any: ...
    @property
    def success(self) -> bool: ...
    @property
    def exit_code(self) -> int | None: ...
    @property
    def event(self) -> str | None: ...


def outcome_of(record: RunLike) -> Outcome:
    """What a run came to, as its agent reads it: one word for a log line's colour (a
    Claude Code run: `hosts.claude.outputs.run_verdict`; the rest of this: Gemini's).

    `stopped`: `continue: false`; `blocked`: a blocking decision (JSON, or plain text with
    exit code 2 or more); `warning`: exit code 1 (Gemini shows the text and carries on);
    `failed`: any other failure (a crash, a spawn error, an exit code Gemini ignores).
    An event whose decisions Gemini ignores (Notification, SessionEnd, PreCompress,
    SessionStart) is never `blocked` or `stopped`: a denial there changes nothing.
    """
    if record.error and record.error.startswith(CANCELLED_PREFIX):
        return "cancelled"
    if record.timed_out:
        return "timed-out"
    if getattr(record, "host", "gemini") == "claude":
        from hookdash.core.hosts.claude.outputs import run_verdict

        decision = getattr(record, "decision", None)
        return run_verdict(record.event, record.exit_code, record.output, decision, record.success)
    if isinstance(record.output, dict) and record.event not in IGNORES_DECISIONS:
        if should_stop_execution(record.output):
            return "stopped"
        if is_blocking_decision(record.output):
            return "blocked"
    if record.success:
        return "ok"
    if record.exit_code == 1:
        return "warning"
    return "failed"


# One narrow mark per outcome, every host's, in the dashboard, `fire` and `log` alike (a
# log's lines must stay aligned).
OUTCOME_MARKS: dict[Outcome, str] = {
    "ok": "✔",
    "warning": "!",
    "blocked": "⊘",
    "stopped": "■",
    "failed": "✖",
    "timed-out": "◷",
    "cancelled": "○",
}


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


def attribute(records: Iterable[RunRecord], hooks: Sequence[Hook]) -> list[RunRecord]:
    """Fill key/scope/command of Gemini's records from the unique matching hook."""
    by_name: dict[tuple[str, str], list[Hook]] = {}
    for hook in hooks:
        if hook.runs:
            by_name.setdefault((hook.event, hook.id), []).append(hook)
    out = []
    for record in records:
        if record.origin == "gemini" and record.key is None:
            matches = by_name.get((record.event, record.id), [])
            if len({h.key for h in matches}) == 1:
                first = matches[0]
                record = record.model_copy(
                    update={
                        "key": first.key,
                        "command": first.command,
                        "scope": first.scope if len(matches) == 1 else None,
                        "extension": first.extension if len(matches) == 1 else None,
                    }
                )
        out.append(record)
    return out


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
        # Only the runs of this host's hooks (None: every host); Gemini's telemetry file
        # holds only Gemini CLI's.
        self.host = host
        gemini = host in (None, "gemini")
        self.telemetry_file = telemetry_file if source != "hookdash" and gemini else None
        self.use_runlog = source != "gemini"
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
