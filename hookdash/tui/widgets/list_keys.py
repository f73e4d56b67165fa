"""j and k move in a list, g and G go to its first and last row: the keys of lazygit, k9s,
less and vim, beside the arrows, home and end.

The lists bind them themselves (each widget's own actions); the hook list has `g` for its
grouping, so it takes j and k only. The help screen lists them under navigation.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import OptionList

UP_DOWN: list[BindingType] = [
    Binding("j", "cursor_down", "Down", show=False),
    Binding("k", "cursor_up", "Up", show=False),
]
FIRST_LAST: list[BindingType] = [
    Binding("g", "first", "First", show=False),
    Binding("G", "last", "Last", show=False),
]
LIST_KEYS: list[BindingType] = [*UP_DOWN, *FIRST_LAST]


class KeyedOptionList(OptionList):
    """An OptionList that also moves with j, k, g and G."""

    BINDINGS: ClassVar[list[BindingType]] = LIST_KEYS
