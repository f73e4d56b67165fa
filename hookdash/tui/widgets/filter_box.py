"""The hook list's filter box: an Input whose Footer says how to leave it.

While it has focus every printable key is text, so the Footer would show no key at all
(Textual drops the bindings an Input consumes). Its own bindings, from `COMMANDS`, say
what `enter` and `esc` do there.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.widgets import Input

from hookdash.tui.commands import widget_bindings


class FilterBox(Input):
    BINDINGS: ClassVar[list[BindingType]] = widget_bindings("FilterBox")
