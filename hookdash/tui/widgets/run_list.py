"""The live log's list: one line per hook run, newest at the bottom, bounded in memory.

A line-API widget (Textual's ScrollView): it keeps the records in a list capped at
`cap` (older ones are dropped — they stay in the files) and renders only the lines on
screen, each rendered once and cached, so a burst of thousands of records costs a list
extend and a repaint of what is visible, not a widget per record.

The cursor follows the newest record while it is on the last line (like `tail -f`);
moved up, it stays on its record as new ones arrive (on the oldest kept one, once the cap
drops its record).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from hookdash.core import RunRecord, outcome_of, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.run_view import OUTCOME_MARKS, outcome_label, outcome_style

DEFAULT_CAP = 2000
ID_WIDTH = 21  # the id's width when the line has room for it
MIN_ID_WIDTH = 12
MAX_ID_WIDTH = 32
EVENT_WIDTH = 12  # all but BeforeToolSelection fit
WIDE_EVENT_WIDTH = 19  # BeforeToolSelection
OUTCOME_WIDTH = 9  # "timed out", "cancelled"
ORIGIN_WIDTH = 8  # "hookdash"
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
    reads `3m`, minutes): a narrower list drops the layer, then the date, the origin, the
    event's width and the event, and shortens the id, before it touches the duration."""

    date: bool = True
    time: bool = True
    origin: bool = True
    event_width: int = EVENT_WIDTH
    min_id: int = ID_WIDTH

    @property
    def fixed(self) -> int:
        """The columns' width without the id (and without the layer, which takes what is
        left at the end)."""
        width = (15 if self.date else 9) if self.time else 0  # time and its space
        width += 2 + OUTCOME_WIDTH + 1  # "⊘ blocked "
        width += ORIGIN_WIDTH + 1 if self.origin else 0
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
    LineLayout(date=False, origin=False, event_width=0, min_id=MIN_ID_WIDTH),
    LineLayout(date=False, time=False, origin=False, event_width=0, min_id=8),
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
    hookdash), hook, event, duration, then the layer if there is room (`line_layout`)."""
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


class RunList(ScrollView, can_focus=True):
    """The records, newest last; `cursor_record` is the highlighted one."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"run-list--cursor"}
    DEFAULT_CSS = """
    RunList {
        overflow-x: hidden;
    }
    RunList > .run-list--cursor {
        background: $primary 25%;
    }
    RunList:focus > .run-list--cursor {
        background: $primary 45%;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Newest", show=False),
    ]

    class Highlighted(Message):
        """The highlighted record changed (None: the list is empty)."""

        def __init__(self, run_list: RunList, record: RunRecord | None) -> None:
            super().__init__()
            self.run_list = run_list
            self.record = record

        @property
        def control(self) -> RunList:
            return self.run_list

    def __init__(self, colors: Callable[[], Colors], *, cap: int = DEFAULT_CAP, id: str) -> None:
        super().__init__(id=id)
        self.cap = cap
        self._colors = colors
        self._records: list[RunRecord] = []
        self._shown: list[RunRecord] = self._records  # the filtered view (or the same list)
        self._filter: Callable[[RunRecord], bool] | None = None
        self._cursor = -1
        self._cache: dict[int, Strip] = {}
        self._cache_width = 0
        self._pass: tuple[int, int, Style] | None = None  # see render_lines
        self.dropped = 0  # records dropped because of the cap, since the start

    # ------------------------------------------------------------------ content

    @property
    def total(self) -> int:
        return len(self._records)

    @property
    def shown(self) -> list[RunRecord]:
        return self._shown

    @property
    def records(self) -> list[RunRecord]:
        """Every record kept, whatever the filter shows."""
        return self._records

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def cursor_record(self) -> RunRecord | None:
        if 0 <= self._cursor < len(self._shown):
            return self._shown[self._cursor]
        return None

    @property
    def following(self) -> bool:
        """The cursor is on the newest record (new ones move it along)."""
        return self._cursor >= len(self._shown) - 1

    def clear(self) -> None:
        self._records.clear()
        if self._shown is not self._records:
            self._shown.clear()
        self._cache.clear()
        self._cursor = -1
        self.dropped = 0
        self._update_size()
        self.post_message(self.Highlighted(self, None))

    def add(self, records: Iterable[RunRecord]) -> None:
        """Append records (oldest first), dropping the oldest beyond the cap."""
        new = list(records)
        if not new:
            return
        if len(new) > self.cap:
            self.dropped += len(new) - self.cap
            new = new[-self.cap :]
        following = self.following
        before = self.cursor_record
        self._records.extend(new)
        if self._filter is not None:
            self._shown.extend(r for r in new if self._filter(r))
        overflow = len(self._records) - self.cap
        gone = 0
        if overflow > 0:
            dropped = self._records[:overflow]
            del self._records[:overflow]
            self.dropped += overflow
            if self._filter is None:
                gone = overflow
            else:
                keep = self._filter
                gone = sum(1 for r in dropped if keep(r))
                del self._shown[:gone]
            for record in dropped:
                self._cache.pop(id(record), None)
            self._cursor -= gone
        if following:
            self._cursor = len(self._shown) - 1
        elif self._cursor < 0:
            self._cursor = 0 if self._shown else -1  # its record was dropped: the oldest
        self._update_size()
        if following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        elif gone:
            # The records above went: scroll up as much, so the view does not move.
            self.scroll_to(y=max(0, int(self.scroll_offset.y) - gone), animate=False)
        self.refresh()
        if self.cursor_record is not before:
            self.post_message(self.Highlighted(self, self.cursor_record))

    def set_filter(self, keep: Callable[[RunRecord], bool] | None) -> None:
        """Show only the records `keep` accepts (None: all); the cursor goes to the end."""
        self._filter = keep
        self._shown = self._records if keep is None else [r for r in self._records if keep(r)]
        self._cursor = len(self._shown) - 1
        self._update_size()
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        self.refresh()
        self.post_message(self.Highlighted(self, self.cursor_record))

    def restyle(self) -> None:
        """Render every line again (the theme changed)."""
        self._cache.clear()
        self.refresh()

    def _update_size(self) -> None:
        self.virtual_size = Size(1, len(self._shown))

    # ------------------------------------------------------------------ rendering

    def render_lines(self, crop: Region) -> list[Strip]:
        # What every line of this pass shares, looked up once (not per line: during a
        # burst the whole list is drawn again many times a second).
        self._pass = (
            int(self.scroll_offset.y),
            self.scrollable_content_region.width,
            self.rich_style,
        )
        try:
            return super().render_lines(crop)
        finally:
            self._pass = None

    def render_line(self, y: int) -> Strip:
        top, width, base = self._pass or (
            int(self.scroll_offset.y),
            self.scrollable_content_region.width,
            self.rich_style,
        )
        index = top + y
        if not 0 <= index < len(self._shown):
            return Strip.blank(width, base)
        record = self._shown[index]
        if width != self._cache_width:  # the lines are laid out for one width
            self._cache.clear()
            self._cache_width = width
        strip = self._cache.get(id(record))
        if strip is None:
            text = record_line(record, self._colors(), width)
            text.stylize_before(base)
            strip = Strip(text.render(self.app.console), text.cell_len)
            self._cache[id(record)] = strip
        line = strip.crop_extend(0, width, base)
        if index == self._cursor:
            cursor = self.get_component_rich_style("run-list--cursor")
            line = Strip(
                [Segment(t, s + cursor if s else cursor, c) for t, s, c in line],
                line.cell_length,
            )
        return line

    # ------------------------------------------------------------------ moving

    def move_cursor(self, index: int) -> None:
        if not self._shown:
            return
        index = max(0, min(index, len(self._shown) - 1))
        if index == self._cursor:
            return
        old = self._cursor
        self._cursor = index
        self._scroll_to_cursor()
        self.refresh_line(old)
        self.refresh_line(index)
        self.post_message(self.Highlighted(self, self.cursor_record))

    def _scroll_to_cursor(self) -> None:
        height = max(self.scrollable_content_region.height, 1)
        top = int(self.scroll_offset.y)
        if self._cursor < top:
            self.scroll_to(y=self._cursor, animate=False, immediate=True)
        elif self._cursor >= top + height:
            self.scroll_to(y=self._cursor - height + 1, animate=False, immediate=True)

    def action_cursor_up(self) -> None:
        self.move_cursor(self._cursor - 1)

    def action_cursor_down(self) -> None:
        self.move_cursor(self._cursor + 1)

    def action_page_up(self) -> None:
        self.move_cursor(self._cursor - max(self.scrollable_content_region.height - 1, 1))

    def action_page_down(self) -> None:
        self.move_cursor(self._cursor + max(self.scrollable_content_region.height - 1, 1))

    def action_first(self) -> None:
        self.move_cursor(0)

    def action_last(self) -> None:
        self.move_cursor(len(self._shown) - 1)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        self.focus()
        self.move_cursor(int(self.scroll_offset.y) + offset.y)

    def on_resize(self) -> None:
        if self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
