"""The live log: every hook run from hookdash's engine and from real Gemini CLI sessions.

Records come from `core.logfeed.LogFeed` (the run log `runs.jsonl`, and Gemini's
telemetry file when one is configured), newest at the bottom. While the app watches
files, a worker follows them (`LogFeed.follow`, the same as `hookdash log --follow`):
each change is read and parsed in a thread, and the batch goes to the list at once — a
burst of thousands of records is a few list extends and a repaint of the visible lines,
never a freeze. Only the last `CAP` records are kept in memory (they all stay in the
files).

The screen is installed once by the app, so it keeps following (and its records) while
another screen is shown. Without watching (snapshots), it reads what is new each time it
is shown.

The list can be narrowed (`core.RunFilter`): by outcome (`b`: blocked, error, timeout,
not ok), source (`s`), event (`e`: the events of the runs kept), the highlighted run's
hook (`h`) and words (`/`); `x` shows every run again. `f` replays the highlighted run:
fire opens on its hook with its input as the payload. `o` shows its whole output.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import on
from textual.containers import Container, Horizontal
from textual.events import Resize, ScreenResume
from textual.timer import Timer
from textual.widgets import Input, Label, Static
from textual.worker import Worker

from hookdash.core import (
    RUNLOG_NAME,
    Configuration,
    DirectoryWatcher,
    LogFeed,
    LogUnreadableError,
    RunFilter,
    RunRecord,
    hook_of_record,
    state_dir,
    visible,
)
from hookdash.tui.colors import colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain
from hookdash.tui.screens.log_narrowing import LogNarrowing
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.log_header import FollowState, log_notice, log_title
from hookdash.tui.widgets.record_view import RecordView
from hookdash.tui.widgets.run_line import local_date_time
from hookdash.tui.widgets.run_list import DEFAULT_CAP, RunList
from hookdash.tui.widgets.run_view import output_sections

CAP = DEFAULT_CAP
NARROW_WIDTH = 110
# Below this height the notice keeps to a few lines (and scrolls): the runs need the rows.
SHORT_HEIGHT = 20
# The record pane follows the cursor after this pause (s): a key moves the cursor at once,
# and a burst (or a held arrow key) does not re-render a record per line.
RECORD_DELAY = 0.06


def _load_json_lexer() -> None:
    from rich.syntax import Syntax

    Syntax("{}", "json").highlight("{}")


class LogScreen(LogNarrowing):
    COMMAND_SCOPE = "log"
    BINDINGS = bindings_for("log")

    def __init__(self) -> None:
        super().__init__()
        self._feed: LogFeed | None = None
        self._source: tuple[Path, Path | None] | None = None  # (state dir, telemetry file)
        self._follower: Worker[None] | None = None
        self._watcher: DirectoryWatcher | None = None  # the follower's
        self._loading = False
        self._record_timer: Timer | None = None
        self._error: str | None = None  # a log that cannot be read, shown above the list

    def compose(self) -> Any:
        yield Static(id="log-title")
        yield Static(id="log-notice")
        with Horizontal(id="log-filter-bar"):
            yield Label("Filter", id="log-filter-label")
            yield Input(
                placeholder="words in the id, command, output…  (/)",
                id="log-filter",
                compact=True,
            )
            yield Static(id="log-facets")
        with Container(id="log-body"):
            yield RunList(lambda: colors_for(self.app), cap=CAP, id="runs")
            with RecordView(id="record"):
                yield Static(id="record-body")
        yield Footer()

    @property
    def following(self) -> bool:
        """The files are watched: a record written from now on shows."""
        return (
            self._follower is not None
            and self._follower.is_running
            and self._watcher is not None
            and self._watcher.ready.is_set()
        )

    def on_mount(self) -> None:
        # Pygments imports a lexer the first time it highlights: do it now, off the event
        # loop, not in the middle of the first burst of records.
        self.run_worker(_load_json_lexer, thread=True, group="log-warm-up")
        self.query_one("#runs").border_title = "Runs, newest last"
        self.query_one("#record").border_title = "Record"
        self._show_facets()
        self.runs.focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")
        self.set_class(event.size.height < SHORT_HEIGHT, "-short")

    def on_unmount(self) -> None:
        if self._feed is not None:
            self._feed.close()

    def theme_changed(self) -> None:
        self.runs.restyle()
        self._show_title()
        self._show_facets()
        self._show_record(self.runs.cursor_record)

    # ------------------------------------------------------------------ sources

    def config_changed(self, config: Configuration) -> None:
        telemetry = config.snapshot.telemetry.outfile
        source = (state_dir(config.env.environ), Path(telemetry) if telemetry else None)
        if source != self._source:
            self._start(source, config)
        elif self._feed is not None:
            self._feed.hooks = config.hooks  # attribute Gemini's records to current hooks
        self._show_notice(config)
        self._show_title()

    def _start(self, source: tuple[Path, Path | None], config: Configuration) -> None:
        """Read (and follow) another environment's files from scratch."""
        if self._follower is not None:
            self._follower.cancel()
            self._follower = None
            self._watcher = None
        if self._feed is not None:
            feed = self._feed
            self._feed = None
            self.run_worker(asyncio.to_thread(feed.close), group="log-close")
        self._source = source
        self._error = None
        self._feed = LogFeed(source[0], source[1], "all", config.hooks)
        self._filter = RunFilter()
        self._filter_box.value = ""
        self.runs.set_filter(None)
        self._show_facets()
        self.runs.clear()
        if self.hd_app.watching:
            self._watcher = self._feed.watcher()
            self._follower = self.run_worker(
                self._follow(self._feed, self._watcher), group="log-follow", exit_on_error=False
            )
        else:
            self.run_worker(self._read_once(self._feed, first=True), group="log-read")

    async def _read_once(self, feed: LogFeed, first: bool) -> None:
        """Without watching: the recent records, then whatever is new since."""
        self._loading = True
        try:
            if first:
                await asyncio.to_thread(feed.start_following)
                records = await asyncio.to_thread(feed.recent, CAP)
            else:
                records = await asyncio.to_thread(feed.read_new)
        except LogUnreadableError as exc:
            if feed is self._feed:
                self._unreadable(exc)
            return
        finally:
            self._loading = False
        if feed is self._feed:
            self._add(records)

    async def _follow(self, feed: LogFeed, watcher: DirectoryWatcher) -> None:
        """The recent records, then each one appended to the files as it comes."""
        await self._read_once(feed, first=True)

        def new_records(records: list[RunRecord]) -> None:
            if feed is not self._feed:
                return
            if records:
                self._add(records)
            else:
                self._show_title()  # the watch was armed: "following"

        try:
            await feed.follow(new_records, watcher)
        except LogUnreadableError as exc:
            if feed is self._feed:
                self._unreadable(exc)

    def on_screen_resume(self, event: ScreenResume) -> None:
        if self._feed is not None and not self.following and not self._loading:
            self.run_worker(self._read_once(self._feed, first=False), group="log-read")

    def _add(self, records: list[RunRecord]) -> None:
        if records:
            self.runs.add(records)
            self._show_title()

    # ------------------------------------------------------------------ showing

    def _show_title(self) -> None:
        config = self.hd_app.config
        files: list[str] = []
        if config is not None and self._source is not None:
            files = [config.env.display(self._source[0] / RUNLOG_NAME)]
            if self._source[1] is not None:
                files.append(config.env.display(self._source[1]))
        state: FollowState = (
            "following"
            if self.following
            else "not following"
            if not self.hd_app.watching
            else "starting"
        )
        runs = self.runs
        shown = len(runs.shown) if self._filter.active else None
        title = log_title(shown, runs.total, CAP, files, state)
        # One row whatever it says (log.tcss: height 1, nowrap): no layout pass, which
        # would measure the record pane again on every batch of a burst.
        self.query_one("#log-title", Static).update(title, layout=False)

    def _unreadable(self, exc: LogUnreadableError) -> None:
        """Say that a log cannot be read (never show it as an empty log)."""
        self._error = f"hookdash {exc}; no runs can be shown from it."
        config = self.hd_app.config
        if config is not None:
            self._show_notice(config)
        self._show_title()

    def _show_notice(self, config: Configuration) -> None:
        notice = self.query_one("#log-notice", Static)
        notice.set_class(self._error is not None, "-error")
        text = log_notice(config, self._error)
        # (hookdash's own notices break their lines; an error's text keeps its newlines escaped.)
        notice.update(plain(text, multiline=self._error is None))
        notice.display = text is not None

    @on(RunList.Highlighted, "#runs")
    def _highlighted(self, event: RunList.Highlighted) -> None:
        if self._record_timer is not None:
            self._record_timer.stop()
        self._record_timer = self.set_timer(RECORD_DELAY, self._show_highlighted)

    def _show_highlighted(self) -> None:
        self._record_timer = None
        self._show_record(self.runs.cursor_record)

    def _show_record(self, record: RunRecord | None) -> None:
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        empty = self._no_record() if record is None else ""
        self.query_one(RecordView).show(record, colors_for(self.app), display, empty)

    def _no_record(self) -> str:
        """What the record pane says with no run highlighted."""
        if self._filter.active and self.runs.total:
            narrowed = " · ".join(self._filter.describe())
            return f"No run matches {narrowed}. x shows every run again."
        return (
            "No runs yet. Fire a hook (f in the hook list) or use Gemini CLI with its "
            "telemetry file on: each run shows here as it happens."
        )

    # ------------------------------------------------------------------ the record

    def action_replay(self) -> None:
        """Fire the highlighted run's hook again, on the run's input."""
        record = self.runs.cursor_record
        config = self.hd_app.config
        if record is None or config is None:
            self.notify("No run is highlighted.", timeout=3)
            return
        from hookdash.tui.firing import firing_for

        firing = firing_for(record.host)
        hook = hook_of_record(record, firing.hooks(config)) if firing is not None else None
        if firing is None or hook is None:
            self.refuse(
                f"{visible(record.id)} ({visible(record.event)}) is not in the configuration "
                "any more: there is no hook to fire.",
                "Cannot replay this run",
                severity="warning",
                timeout=6,
            )
            return
        refusal = firing.refusal(hook)
        if refusal is not None:
            self.notify(refusal, severity="warning", timeout=6, markup=False)
            return
        from hookdash.tui.screens.fire import FireScreen

        payload = record.input
        usable = isinstance(payload, dict) and "hookdash_omitted" not in payload
        if not usable:
            why = (
                "the run log kept no input for it (too big)"
                if isinstance(payload, dict)
                else "Gemini's telemetry recorded no input (telemetry.logPrompts is off)"
                if record.origin != "hookdash"  # the agent's own record
                else "the record has no input"
            )
            self.notify(f"Replaying with a fresh payload: {why}.", timeout=6, markup=False)
            self.app.push_screen(FireScreen(hook, firing))
            return
        assert isinstance(payload, dict)
        when = local_date_time(record.ts)
        self.app.push_screen(
            FireScreen(
                hook, firing, payload=payload, source=f"the input of the run at {when} (replay)"
            )
        )

    def action_show_output(self) -> None:
        record = self.runs.cursor_record
        if record is None:
            return
        from hookdash.tui.screens.output import OutputScreen

        shown = record.shown
        title = f"Output of {shown.id} ({shown.event}, {local_date_time(record.ts)})"
        self.app.push_screen(OutputScreen(title, output_sections([record])))

    def action_open_record(self) -> None:
        record = self.query_one("#record", RecordView)
        if self.maximized is record:
            self.minimize()
            self.runs.focus()
        elif self.runs.cursor_record is not None:
            self._show_record(self.runs.cursor_record)
            self.maximize(record, container=False)
            record.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # In the filter box, `/` is text (a path in a command, in output): the priority
        # binding steps aside and the box gets the key.
        return not (action == "focus_filter" and self.focused is self._filter_box)

    def action_close(self) -> None:
        if self.focused is self._filter_box:
            # As on the hook list: esc drops the words typed (b/s/e/h narrowing stays) and
            # goes back to the runs; enter keeps them.
            self._debounce.cancel()
            self._filter_box.value = ""
            self._narrow(text="")
            self.runs.focus()
            return
        if self.maximized is not None:
            self.minimize()
            self.runs.focus()
            return
        self.dismiss()
