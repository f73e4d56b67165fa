"""Untrusted text as the dashboard's widgets take it: shown by core.visible's rule, and
never read as markup.

Textual reads a `str` handed to a Static, a Label, a Tree label, an option, a border
title or the command palette as markup (`[bold]`, `[link=…]`, `[@click=…]`), and writes
an escape character it is given to the terminal as it is. Text from a configuration, a
script, hook output or a telemetry record goes into a widget only as the `Text` or
`Content` made here (or appended to one, as `hook.shown.…` / `visible()` text: appending
never reads markup).
"""

from __future__ import annotations

from rich.style import StyleType
from rich.text import Text
from textual.content import Content

from hookdash.core import visible


def plain(value: str | None, style: StyleType = "", *, multiline: bool = False) -> Text:
    """Rich `Text` of `value` (None: empty), hidden characters shown, no markup."""
    return Text(visible(value or "", multiline=multiline), style=style)


def plain_content(value: str | None, style: str = "") -> Content:
    """Textual `Content` of `value` (None: empty), hidden characters shown, no markup."""
    shown = visible(value or "")
    return Content.styled(shown, style) if style else Content(shown)
