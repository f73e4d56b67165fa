"""One line of the live log's list: time, outcome, source, host, hook id, event, duration
and (room permitting) the hook's layer, in columns that fit the list's width.

Pure rendering; the id and layer come from `.shown`: an attacker's text.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from rich.text import Text

from hookdash.core import OUTCOME_MARKS, RunRecord, outcome_label, outcome_of, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.run_view import outcome_style

ID_WIDTH = 21  # the id's width when the line has room for it
MIN_ID_WIDTH = 12
MAX_ID_WIDTH = 32
EVENT_WIDTH = 12  # all but BeforeToolSelection fit
WIDE_EVENT_WIDTH = 19  # BeforeToolSelection
OUTCOME_WIDTH = 9  # "timed out", "cancelled"
ORIGIN_WIDTH = 8  # "hookdash"
HOST_WIDTH = 6  # whose hook: "gemini", "claude", "codex" (a longer name is cut)
DURATION_WIDTH = 7  # "9,999ms", "99.9s"
LAYER_ROOM = 24  # "  extension safety-net"


def _local(ts: str) -> datetime | None:
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return None


def local_time(ts: str, *, with_date: bool = True) -> str:
    """`11-20 09:14:03` (or `09:14:03`) in local time (the records are UTC)."""
    moment = _local(ts)
    if moment is None:
        return visible((ts or "?")[: 14 if with_date else 8]).ljust(14 if with_date else 8)
    return moment.strftime("%m-%d %H:%M:%S" if with_date else "%H:%M:%S")


def local_date_time(ts: str) -> str:
    """`2026-11-20 09:14:03.464` in local time."""
    moment = _local(ts)
    if moment is None:
        return visible(ts or "?")
    return moment.strftime("%Y-%m-%d %H:%M:%S.") + f"{moment.microsecond // 1000:03d}"


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: width - 1] + "…"


@dataclass(frozen=True)
class LineLayout:
    """Which columns a log line has at one width. The duration is never cut (a cut `3ms`
    reads `3m`, minutes): a narrower list drops the layer, then the date, the origin,
    shortens the id, drops the host, the event's width and the event, before it touches the
    duration."""

    date: bool = True
    time: bool = True
    origin: bool = True
    host: bool = True
    event_width: int = EVENT_WIDTH
    min_id: int = ID_WIDTH

    @property
    def fixed(self) -> int:
        """The columns' width without the id (and without the layer, which takes what is
        left at the end)."""
        width = (15 if self.date else 9) if self.time else 0  # time and its space
        width += 2 + OUTCOME_WIDTH + 1  # "⊘ blocked "
        width += ORIGIN_WIDTH + 1 if self.origin else 0
        width += HOST_WIDTH + 1 if self.host else 0
        width += 1  # after the id
        width += self.event_width
        width += 1 + DURATION_WIDTH
        return width


# From the widest to the narrowest: the first that fits a width is its layout.
LAYOUTS = (
    LineLayout(event_width=WIDE_EVENT_WIDTH),
    LineLayout(),
    LineLayout(date=False),
    LineLayout(date=False, origin=False),
    LineLayout(date=False, origin=False, min_id=MIN_ID_WIDTH),
    LineLayout(date=False, origin=False, host=False, min_id=MIN_ID_WIDTH),
    LineLayout(date=False, origin=False, host=False, event_width=0, min_id=MIN_ID_WIDTH),
    LineLayout(date=False, time=False, origin=False, host=False, event_width=0, min_id=8),
)


def line_layout(width: int) -> LineLayout:
    """The widest layout whose columns fit in `width` cells."""
    for layout in LAYOUTS:
        extra = 0 if layout.event_width != WIDE_EVENT_WIDTH else 8  # only with room to spare
        if layout.fixed + layout.min_id + extra <= width:
            return layout
    return LAYOUTS[-1]


def short_duration(ms: float | None) -> str:
    """At most 7 characters, always with its unit: `3ms`, `1,926ms`, `12.3s`, `250s`."""
    if ms is None:
        return "?"
    if ms < 10_000:
        return f"{ms:,.0f}ms"
    if ms < 100_000:
        return f"{ms / 1000:.1f}s"
    if ms < 10_000_000:
        return f"{ms / 1000:,.0f}s"
    return f"{ms / 3_600_000:,.0f}h"


def record_line(record: RunRecord, colors: Colors, width: int = 200) -> Text:
    """One run on one line of `width` cells: when, outcome, where from (gemini or
    hookdash), whose hook (its host), hook, event, duration, then the layer if there is
    room (`line_layout`)."""
    layout = line_layout(width)
    outcome = outcome_of(record)
    style = outcome_style(outcome, colors)
    duration = short_duration(record.duration_ms)
    text = Text(no_wrap=True, overflow="crop")
    shown = record.shown
    if layout.time:
        text.append(local_time(record.ts, with_date=layout.date) + " ", style=colors.dim)
    text.append(f"{OUTCOME_MARKS[outcome]} ", style=style)
    label = outcome_label(record)
    text.append(f"{label:<{OUTCOME_WIDTH}} ", style=style)
    if layout.origin:
        text.append(f"{visible(record.origin):<{ORIGIN_WIDTH}} ", style=colors.accent)
    if layout.host:
        text.append(f"{_cut(visible(record.host), HOST_WIDTH):<{HOST_WIDTH}} ", style=colors.dim)
    # The id takes what the other columns leave (within bounds); a longer outcome label or
    # duration than planned shortens the id, never the duration.
    over = max(0, len(label) - OUTCOME_WIDTH) + max(0, len(duration) - DURATION_WIDTH)
    room = width - layout.fixed - over
    # Beyond its usual width, the id grows only once the layer has room after it.
    id_width = max(1, min(room, ID_WIDTH + max(0, room - ID_WIDTH - LAYER_ROOM), MAX_ID_WIDTH))
    text.append(f"{_cut(shown.id, id_width):<{id_width}} ", style="bold")
    if layout.event_width:
        text.append(f"{_cut(shown.event, layout.event_width):<{layout.event_width}}")
    # The padding unstyled: some SVG renderers drop a styled run's leading spaces.
    text.append(" " * (1 + max(0, DURATION_WIDTH - len(duration))))
    text.append(duration, style=colors.dim)
    room = width - text.cell_len - 2
    if shown.layer and room >= 4:
        text.append(f"  {_cut(shown.layer, room)}", style=colors.dim)
    return text
