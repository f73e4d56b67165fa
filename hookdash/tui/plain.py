"""Untrusted text as the dashboard's widgets take it: shown by core.display's rule, and
never read as markup.

Textual reads a `str` handed to a Static, a Label, a Tree label, an option, a border
title or the command palette as markup (`[bold]`, `[link=…]`, `[@click=…]`), and writes
an escape character it is given to the terminal as it is. Text from a configuration, a
script, hook output or a telemetry record goes into a widget only as the `Text` or
`Content` made here (or appended to one, as `hook.shown.…` / `visible()` text: appending
never reads markup).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import StyleType
from rich.text import Text
from textual.content import Content
from textual.widgets import Input

from hookdash.core import hidden_characters, visible


def plain(value: str | None, style: StyleType = "", *, multiline: bool = False) -> Text:
    """Rich `Text` of `value` (None: empty), hidden characters shown, no markup."""
    return Text(visible(value or "", multiline=multiline), style=style)


def plain_content(value: str | None, style: str = "") -> Content:
    """Textual `Content` of `value` (None: empty), hidden characters shown, no markup."""
    shown = visible(value or "")
    return Content.styled(shown, style) if style else Content(shown)


def one_for_one(text: str) -> str:
    """`text` with each hidden character replaced by exactly one visible character: its
    control picture (`␛`, `␍`, `␡`), or U+FFFD for the others (bidi, zero-width, C1, a
    lone surrogate). For an editor, whose cursor counts characters: `visible()`'s
    `<U+202E>` would put it off by seven."""
    hidden = hidden_characters(text)
    if not hidden:
        return text
    chars = list(text)
    for found in hidden:
        code = found.code_point
        chars[found.offset] = (
            chr(0x2400 + code) if code < 0x20 else "\u2421" if code == 0x7F else "\ufffd"
        )
    return "".join(chars)


def fill(box: Input, value: str) -> None:
    """Put `value` in `box` as Textual puts an Input's first value: the cursor at its end,
    nothing selected (a later `box.value = ...` keeps the cursor where it was, often at 0,
    and the next key typed would go in front). Textual's own keys then apply: ctrl+a and
    home go to the start, ctrl+e and end to the end, ctrl+shift+a selects all, ctrl+u
    and ctrl+k delete to the start and to the end."""
    box.value = value
    box.cursor_position = len(value)  # (also empties the selection)


class PlainInput(Input):
    """An Input that keeps its value exactly (what is saved is what was loaded or typed)
    and draws it with every hidden character as one visible one (`one_for_one`)."""

    @property
    def _value(self) -> Text:
        if self.password:
            return super()._value
        return Text(one_for_one(self.value), no_wrap=True, overflow="ignore", end="")

    def _position_to_cell(self, position: int) -> int:
        return cell_len(one_for_one(self.value[:position]))  # (a tab is one ␉ too)
