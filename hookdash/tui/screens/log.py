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
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.containers import Container, VerticalScroll
from textual.content import Content
from textual.events import Resize, ScreenResume
from textual.timer import Timer
from textual.widgets import Footer, Static
from textual.worker import Worker

from hookdash.core import (
    RUNLOG_NAME,
    Configuration,
    DirectoryWatcher,
    Hook,
    LogFeed,
    LogUnreadableError,
    RunRecord,
    is_run_of,
    state_dir,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.widgets.run_list import DEFAULT_CAP, RunList, local_date_time
from hookdash.tui.widgets.run_view import run_heading, run_sections

CAP = DEFAULT_CAP
NARROW_WIDTH = 110
# The record pane follows the cursor after this pause (s): a key moves the cursor at once,
# and a burst (or a held arrow key) does not re-render a record per line.
RECORD_DELAY = 0.06

TELEMETRY_HOWTO = (
    "Gemini CLI's telemetry file is not configured, so only hookdash's own runs show here. "
    "To see the hook calls of real Gemini sessions, add to ~/.gemini/settings.json: "
    '"telemetry": {"enabled": true, "target": "local", "outfile": '
    '"~/.gemini/telemetry.log"} — or start gemini with GEMINI_TELEMETRY_OUTFILE set '
    "(and GEMINI_TELEMETRY_ENABLED=true)."
)


def _load_json_lexer() -> None:
    from rich.syntax import Syntax

    Syntax("{}", "json").highlight("{}")


class RecordView(VerticalScroll):
    """The highlighted run's full record (enter zooms it)."""

    ALLOW_MAXIMIZE = True


class LogScreen(HookdashScreen[None]):
    COMMAND_SCOPE = "log"
    BINDINGS = bindings_for("log")

    def __init__(self) -> None:
        super().__init__()
        self._feed: LogFeed | None = None
        self._source: tuple[Path, Path | None] | None = None  # (state dir, telemetry file)
        self._follower: Worker[None] | None = None
        self._watcher: DirectoryWatcher | None = None  # the follower's
        self._only: Hook | None = None
        self._loading = False
        self._record_timer: Timer | None = None
        self._error: str | None = None  # a log that cannot be read, shown above the list

    def compose(self) -> Any:
        yield Static(id="log-title")
        yield Static(id="log-notice")
        with Container(id="log-body"):
            yield RunList(lambda: colors_for(self.app), cap=CAP, id="runs")
            with RecordView(id="record"):
                yield Static(id="record-body")
        yield Footer()

    @property
    def runs(self) -> RunList:
        return self.query_one("#runs", RunList)

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
        self.runs.focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    def on_unmount(self) -> None:
        if self._feed is not None:
            self._feed.close()

    def theme_changed(self) -> None:
        self.runs.restyle()
        self._show_title()
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
        self._only = None
        self.runs.set_filter(None)
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
        runs = self.runs
        parts = [Content.styled("Live log", "bold")]
        count = f"{len(runs.shown):,} run" + ("" if len(runs.shown) == 1 else "s")
        if self._only is not None:
            shown = self._only.shown
            count += f" of {shown.id} ({shown.layer_label}) · h shows all {runs.total:,}"
        parts.append(Content(count))
        parts.append(Content.styled(f"the last {CAP:,} are kept in memory", "$text-muted"))
        if config is not None and self._source is not None:
            files = [config.env.display(self._source[0] / RUNLOG_NAME)]
            if self._source[1] is not None:
                files.append(config.env.display(self._source[1]))
            parts.append(Content.styled(" + ".join(files), "$text-muted"))
        parts.append(
            Content.styled("following", "$text-success")
            if self.following
            else Content.styled("not following (r to reread)", "$text-muted")
            if not self.hd_app.watching
            else Content.styled("starting…", "$text-muted")
        )
        self.query_one("#log-title", Static).update(Content(" · ").join(parts))

    def _unreadable(self, exc: LogUnreadableError) -> None:
        """Say that a log cannot be read (never show it as an empty log)."""
        self._error = f"hookdash {exc}; no runs can be shown from it."
        config = self.hd_app.config
        if config is not None:
            self._show_notice(config)
        self._show_title()

    def _show_notice(self, config: Configuration) -> None:
        telemetry = config.snapshot.telemetry
        notice = self.query_one("#log-notice", Static)
        notice.set_class(self._error is not None, "-error")
        text: str | None = None
        if self._error is not None:
            text = self._error
        elif telemetry.outfile is None:
            text = TELEMETRY_HOWTO
        elif not telemetry.enabled:
            text = (
                f"telemetry.outfile is {config.env.display(telemetry.outfile)}, but telemetry "
                "is not enabled: Gemini CLI writes nothing there. Set telemetry.enabled to "
                'true (and telemetry.target to "local") in settings.json.'
            )
        elif not telemetry.log_prompts:
            text = (
                "telemetry.logPrompts is off: Gemini's records carry no input, output, stdout "
                "or stderr — only the hook, its duration and its exit code."
            )
        notice.update(plain(text))
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
        body = self.query_one("#record-body", Static)
        colors = colors_for(self.app)
        if record is None:
            body.update(
                Text(
                    "No runs yet. Fire a hook (f in the hook list) or use Gemini CLI with its "
                    "telemetry file on: each run shows here as it happens.",
                    style=colors.dim,
                )
            )
            return
        body.update(self._record_body(record, colors))

    def _record_body(self, record: RunRecord, colors: Colors) -> RenderableType:
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, style=colors.dim, min_width=8)
        grid.add_column(ratio=1, overflow="fold")
        shown = record.shown

        def row(key: str, value: str) -> None:
            # Text, not str: a str cell would be read as markup.
            grid.add_row(Text(key), Text(value))

        row("finished", f"{local_date_time(record.ts)} (local time)")
        origin = (
            "hookdash's engine"
            if record.origin == "hookdash"
            else "a Gemini CLI session (telemetry)"
        )
        row("from", origin)
        row("event", shown.event)
        if shown.session_id:
            row("session", shown.session_id)
        if shown.key:
            row("key", shown.key)
        if shown.decision:
            row("decision", shown.decision)
        parts: list[RenderableType] = [run_heading(record, colors), grid]
        parts += run_sections(record, colors, with_input=True, display=display)
        return Group(*parts)

    # ------------------------------------------------------------------ actions

    def action_filter_hook(self) -> None:
        if self._only is not None:
            self._only = None
            self.runs.set_filter(None)
        else:
            hook = self.hd_app.selected_hook
            if hook is None:
                self.notify("Select a hook in the hook list first.", timeout=3)
                return
            self._only = hook
            self.runs.set_filter(lambda record: is_run_of(record, hook))
        self._show_title()

    def action_open_record(self) -> None:
        record = self.query_one("#record", RecordView)
        if self.maximized is record:
            self.minimize()
            self.runs.focus()
        elif self.runs.cursor_record is not None:
            self._show_record(self.runs.cursor_record)
            self.maximize(record, container=False)
            record.focus()

    def action_close(self) -> None:
        if self.maximized is not None:
            self.minimize()
            self.runs.focus()
            return
        self.dismiss()
