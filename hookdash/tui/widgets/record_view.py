"""The live log's record pane: the highlighted run's full record (enter zooms it).

Its heading and facts (when, from where, whose hook, event, session, key, decision), then its input,
output, stdout and stderr folded to their first and last lines (`o` shows them whole).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from hookdash.core import RunRecord, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.fire_result import OUTPUT_HINT
from hookdash.tui.widgets.rendered_once import RenderedOnce
from hookdash.tui.widgets.run_line import local_date_time
from hookdash.tui.widgets.run_view import agent_of, run_heading, run_sections


def record_body(record: RunRecord, colors: Colors, display: Callable[[str], str]) -> RenderableType:
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, style=colors.dim, min_width=8)
    grid.add_column(ratio=1, overflow="fold")
    shown = record.shown

    def row(key: str, value: str) -> None:
        # Text, not str: a str cell would be read as markup.
        grid.add_row(Text(key), Text(value))

    row("finished", f"{local_date_time(record.ts)} (local time)")
    origin = (
        "hookdash's engine" if record.origin == "hookdash" else "a Gemini CLI session (telemetry)"
    )
    row("from", origin)
    row("host", agent_of(record))  # whose hook it was
    row("event", shown.event)
    if shown.session_id:
        row("session", shown.session_id)
    if shown.key:
        row("key", shown.key)
    if shown.decision:
        row("decision", shown.decision)
    parts: list[RenderableType] = [run_heading(record, colors), grid]
    parts += run_sections(
        record, colors, with_input=True, display=display, fold=True, hint=OUTPUT_HINT
    )
    return Group(*parts)


class RecordView(VerticalScroll):
    """The highlighted run's full record (enter zooms it)."""

    ALLOW_MAXIMIZE = True

    def show(
        self,
        record: RunRecord | None,
        colors: Colors,
        display: Callable[[str], str],
        empty: str,
    ) -> None:
        """`record`, or (None) the message `empty`, dim, in its `#record-body` Static."""
        body = self.query_one("#record-body", Static)
        if record is None:
            body.update(Text(visible(empty), style=colors.dim))
            return
        body.update(RenderedOnce(record_body(record, colors, display)))
