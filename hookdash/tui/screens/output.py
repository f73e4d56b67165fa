"""The whole output of a run (or of a firing's runs), which the result views fold.

A read-only TextArea: it draws only the lines on screen, so 20,000 lines (or the
engine's 1 MiB cap) open at once and scroll freely; text can be selected and copied.
Hook output is untrusted: every control or invisible character is shown as a picture
(`visible`), never sent to the terminal. Each stream starts with a line naming it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.content import Content
from textual.widgets import Static, TextArea

from hookdash.core import visible
from hookdash.tui.commands import bindings_for
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.widgets.footer import Footer

# Up to this many lines, long lines wrap (a person reads a message or a run's output
# whole); past it they scroll sideways: wrapping works out every line's breaks at once.
WRAP_LINES = 2_000


def output_text(sections: Sequence[tuple[str, str]]) -> str:
    """The streams one after another, each under a `── title ──` line."""
    parts: list[str] = []
    for title, text in sections:
        parts.append(f"── {visible(title)} ──")
        if text:
            parts.append(visible(text.rstrip("\n"), multiline=True))
        parts.append("")
    return "\n".join(parts)


class OutputScreen(HookdashScreen[None]):
    COMMAND_SCOPE = "output"
    BINDINGS = bindings_for("output")

    def __init__(self, title: str, sections: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self._title = title
        self._text = output_text(sections)

    def compose(self) -> Any:
        yield Static(id="output-title")
        yield TextArea(
            self._text,
            id="output-text",
            read_only=True,
            soft_wrap=self._text.count("\n") <= WRAP_LINES,
            show_line_numbers=True,
        )
        yield Footer()

    @property
    def text(self) -> str:
        return self.query_one("#output-text", TextArea).text

    def on_mount(self) -> None:
        lines = self._text.count("\n")
        self.query_one("#output-title", Static).update(
            Content(f"{visible(self._title)} · {lines:,} lines · esc goes back")
        )
        self.query_one("#output-text", TextArea).focus()

    def action_close(self) -> None:
        self.dismiss()
