"""Textual's Footer, with the keys that fit: `?` and the keys of the screen's task always.

Textual's Footer shows every key in a row and lets the terminal's width cut the end: at
80 columns the hook list lost Undo, Help, Log, Problems and Quit behind the palette's key.
This one gives each key its command's rank (commands.py: ALWAYS, TASK, PALETTE, MORE,
ELSEWHERE, WIDE) and drops the highest rank first, the rightmost key of a rank first,
until the rest fits; ALWAYS (help: `?`, or f1 in a text field, where `?` is typed) is
never dropped. A key dropped is in the help screen and the command palette. A key of
Textual's own, without a command, ranks MORE.

It is also rebuilt only when what it shows changes: Textual's Footer removes and mounts
all its keys (about 13 widgets on the hook list, each styled by the whole stylesheet)
every time a screen's bindings are updated — on every focus change and each
`refresh_bindings` — even when the keys shown stay the same (at start-up, six times before
the hooks were drawn: about 90 ms of the first screen's time).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from hookdash.tui.commands import FOOTER_RANKS, MORE, PALETTE

# Shown: the key, its binding, whether it is enabled, its tooltip.
Shown = tuple[str, Binding, bool, str]


def keys_that_fit(widths: Sequence[int], ranks: Sequence[int], room: int) -> list[int]:
    """The indexes of the keys to show, in order: drop the highest rank (the rightmost of
    it first) until the widths add up to `room` at most; rank 0 stays whatever the room."""
    kept = list(range(len(widths)))
    total = sum(widths)
    for index in sorted(kept, key=lambda i: (ranks[i], i), reverse=True):
        if total <= room or ranks[index] == 0:
            break
        kept.remove(index)
        total -= widths[index]
    return kept


class Footer(TextualFooter):
    """The key bar at the bottom of every screen; looks and works as Textual's."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._shown: tuple[object, ...] | None = None

    def _key_width(self, binding: Binding, palette: bool = False) -> int:
        """The columns a FooterKey takes: ` key ` and `label ` (the palette's key, compact:
        `key label` between its border and its padding)."""
        key = cell_len(self.app.get_key_display(binding))
        label = cell_len(binding.description)
        return key + label + 3 if palette else key + 2 + label + 1

    def _keys(self) -> tuple[list[Shown], Shown | None]:
        """The keys to show (each action's first, in binding order, those that fit) and the
        palette's key (None: not shown)."""
        active = self.screen.active_bindings
        keys: list[Shown] = []
        actions: set[str] = set()
        for key, (_, binding, enabled, tooltip) in active.items():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                keys.append((key, binding, enabled, tooltip))
        palette: Shown | None = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                palette = (self.app.COMMAND_PALETTE_BINDING, found[1], found[2], found[3])
        widths = [self._key_width(binding) for _, binding, _, _ in keys]
        ranks = [FOOTER_RANKS.get(binding.id or "", MORE) for _, binding, _, _ in keys]
        if palette is not None:
            widths.append(self._key_width(palette[1], palette=True))
            ranks.append(PALETTE)
        room = self.size.width or self.app.size.width
        kept = keys_that_fit(widths, ranks, room)
        shown_palette = palette if palette is not None and len(keys) in kept else None
        return [keys[i] for i in kept if i < len(keys)], shown_palette

    def _what_is_shown(self) -> tuple[object, ...]:
        """Everything `compose` reads: the keys shown (each key, what it does, whether it
        is enabled, its tooltip), the palette's key and the footer's switches."""
        keys, palette = self._keys()
        return (self.compact, tuple(keys), palette)

    def compose(self) -> ComposeResult:
        # Textual's Footer shows no key until the screen's first bindings signal, a refresh
        # later (seconds on a loaded machine): the keys of the screen are known already.
        self._bindings_ready = True
        keys, palette = self._keys()  # worked out once: `_what_is_shown` is the same three
        self._shown = (self.compact, tuple(keys), palette)
        for key, binding, enabled, tooltip in keys:
            yield FooterKey(
                key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            ).data_bind(compact=TextualFooter.compact)
        if palette is not None:
            key, binding, enabled, _ = palette
            yield FooterKey(
                key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes="-command-palette",
                disabled=not enabled,
                tooltip=binding.tooltip or binding.description,
            )

    def on_resize(self, event: Resize) -> None:
        self.call_after_refresh(self.recompose)  # (the keys that fit: rebuilt if others)

    async def recompose(self) -> None:
        if not self.is_attached or not self._bindings_ready:
            return
        shown = self._what_is_shown()
        if shown != self._shown:
            self._shown = shown
            await super().recompose()
