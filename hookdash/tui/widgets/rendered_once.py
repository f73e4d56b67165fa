"""A Rich renderable drawn once per width, then replayed.

Textual draws a `Static` holding a Rich renderable twice for every update: once to
measure its height (the layout pass), once for its lines. A run's record (headings, a
table, Syntax-highlighted JSON, stdout) costs 5 to 40 ms a time, on the event loop; in
the live log that is every cursor move, in the middle of a burst of records. Wrapped in
`RenderedOnce`, the second draw, and every later one at the same width (another layout
pass, a scroll), replays the lines of the first.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment


class RenderedOnce:
    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._key: tuple[object, ...] | None = None
        self._lines: list[list[Segment]] = []

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # What changes the lines; the height only crops them, which the caller does.
        key = (
            options.max_width,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.highlight,
            options.markup,
        )
        if key != self._key:
            self._lines = console.render_lines(
                self.renderable, options.update(height=None), pad=False
            )
            self._key = key
        new_line = Segment.line()
        for line in self._lines:
            yield from line
            yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.renderable)
