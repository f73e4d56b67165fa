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
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from hookdash.core import RunRecord
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.list_keys import LIST_KEYS
from hookdash.tui.widgets.run_line import record_line

DEFAULT_CAP = 2000


class RunList(ScrollView, can_focus=True):
    """The records, newest last; `cursor_record` is the highlighted one."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"run-list--cursor"}
    DEFAULT_CSS = """
    RunList {
        overflow-x: hidden;
    }
    RunList > .run-list--cursor {
        background: $primary 25%;
        text-style: underline;  /* not by colour alone */
    }
    RunList:focus > .run-list--cursor {
        background: $primary 45%;
        text-style: bold underline;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Newest", show=False),
        *LIST_KEYS,
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
        # id(record) -> (the style it was drawn on, the line drawn at `_cache_width`, the
        # line as rendered)
        self._cache: dict[int, tuple[Style, Strip, Strip]] = {}
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
            self._to_end()
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
        self._to_end()
        self.refresh()
        self.post_message(self.Highlighted(self, self.cursor_record))

    def restyle(self) -> None:
        """Render every line again (the theme changed)."""
        self._cache.clear()
        self.refresh()

    def _update_size(self) -> None:
        self.virtual_size = Size(1, len(self._shown))

    def _to_end(self) -> None:
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        # Once more after the next layout: records added before the list's first layout
        # (the log opening on a busy machine) left it at the top, its cursor out of view.
        self.call_after_refresh(self._stay_at_end)

    def _stay_at_end(self) -> None:
        if self.following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

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
        cached = self._cache.get(id(record))
        if cached is None or cached[0] != base:
            if cached is None:
                text = record_line(record, self._colors(), width)
                text.stylize_before(base)
                strip = Strip(text.render(self.app.console), text.cell_len)
            else:
                strip = cached[2]
            # Kept as drawn: cut or padded to the width (the line as rendered beside it).
            cached = (base, strip.crop_extend(0, width, base), strip)
            self._cache[id(record)] = cached
        line = cached[1]
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
        self._stay_at_end()
