"""A list of items to check one by one, for decisions that must not be waved through.

Textual's SelectionList draws a checked and an unchecked box with the same glyph in two
colours, which reads as nothing on a monochrome terminal, to a colour-blind reviewer or
in a screenshot. Here the state is text — `[x]` or `[ ]` — and nothing starts checked:
every check is a deliberate key press (space or enter) or click.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList

from hookdash.tui.widgets.list_keys import KeyedOptionList

CHECKED = "[x] "
UNCHECKED = "[ ] "


class CheckList(KeyedOptionList):
    """Items (a key and a prompt) each checked or not; `enter` or a click toggles the
    highlighted one (a screen binds `space` to `toggle_highlighted`)."""

    class Changed(Message):
        """Which items are checked changed."""

        def __init__(self, check_list: CheckList) -> None:
            super().__init__()
            self.check_list = check_list

        @property
        def control(self) -> CheckList:
            return self.check_list

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._items: list[tuple[str, Text]] = []
        self._checked: set[str] = set()

    @property
    def keys(self) -> list[str]:
        return [key for key, _ in self._items]

    @property
    def checked(self) -> list[str]:
        """The checked keys, in list order."""
        return [key for key, _ in self._items if key in self._checked]

    def set_items(self, items: Sequence[tuple[str, Text]], checked: Iterable[str] = ()) -> None:
        """Show these items; of `checked`, the keys still listed stay checked. The
        highlight stays on the same row (or the last)."""
        keep = self.highlighted
        self._items = list(items)
        keys = set(self.keys)
        self._checked = {key for key in checked if key in keys}
        self.clear_options()
        self.add_options([self._prompt(i) for i in range(len(self._items))])
        if self._items:
            self.highlighted = min(keep or 0, len(self._items) - 1)

    def _prompt(self, index: int) -> Text:
        key, prompt = self._items[index]
        box = Text(CHECKED, style="bold") if key in self._checked else Text(UNCHECKED)
        return Text.assemble(box, prompt)

    def _set(self, keys: Iterable[str], on: bool) -> None:
        before = set(self._checked)
        for key in keys:
            if on:
                self._checked.add(key)
            else:
                self._checked.discard(key)
        if self._checked == before:
            return
        for index, (key, _) in enumerate(self._items):
            if (key in before) != (key in self._checked):
                self.replace_option_prompt_at_index(index, self._prompt(index))
        self.post_message(self.Changed(self))

    def toggle(self, index: int) -> None:
        if 0 <= index < len(self._items):
            key = self._items[index][0]
            self._set([key], key not in self._checked)

    def toggle_highlighted(self) -> None:
        if self.highlighted is not None:
            self.toggle(self.highlighted)

    def check_all(self, on: bool) -> None:
        self._set(self.keys, on)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.toggle(event.option_index)
