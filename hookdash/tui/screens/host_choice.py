"""Which agent an action is for, when more than one could take it (`H`: whose hooks to
switch on or off): one button per host, then one for every host. The person chooses; the
safe answer (esc, n) chooses nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual import on
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain_content
from hookdash.tui.widgets.footer import Footer

EVERY = "every"  # the choice of every host at once


class HostChoiceScreen(ModalScreen[str | None]):
    """Dismisses with a host's name, `EVERY`, or None (esc, n)."""

    COMMAND_SCOPE = "confirm"  # y takes the focused choice, n and esc none
    BINDINGS = bindings_for("confirm", dialog=True)

    def __init__(self, title: str, question: str, choices: Sequence[tuple[str, str]]) -> None:
        """`choices`: (host name or `EVERY`, the button's words), in the order shown."""
        super().__init__()
        self._title = title
        self._question = question
        self._choices = list(choices)

    def compose(self) -> Any:
        with Vertical(id="host-choice-box", classes="dialog"):
            yield Static(plain_content(self._question), classes="dialog-note")
            for i, (_, words) in enumerate(self._choices):
                yield Button(
                    plain_content(words), id=f"choice-{i}", compact=True, classes="host-choice"
                )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#host-choice-box").border_title = plain_content(self._title)
        self.query_one("#choice-0", Button).focus()

    @on(Button.Pressed, ".host-choice")
    def _chosen(self, event: Button.Pressed) -> None:
        index = int((event.button.id or "choice-0").removeprefix("choice-"))
        self.dismiss(self._choices[index][0])

    def action_answer(self, yes: bool) -> None:
        focused = self.focused
        if yes and isinstance(focused, Button) and focused.has_class("host-choice"):
            focused.press()
            return
        self.dismiss(None)
