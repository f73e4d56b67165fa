"""A yes/no question over the current screen (e.g. before running an untrusted hook).

The body scrolls: a question may list many hooks with their whole commands, and none of
it may be cut off.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from textual import on
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from hookdash.tui.commands import bindings_for


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True (yes) or False (no, esc, or a click outside)."""

    COMMAND_SCOPE = "confirm"
    BINDINGS = bindings_for("confirm")

    def __init__(self, title: str, body: RenderableType, yes: str, no: str = "Cancel") -> None:
        super().__init__()
        self._title = title
        self._body = body
        self._yes = yes
        self._no = no

    def compose(self) -> Any:
        with Vertical(id="confirm-box", classes="dialog"):
            with VerticalScroll(id="confirm-scroll"):
                yield Static(self._body, id="confirm-body")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self._yes} (y)", id="yes", variant="warning", compact=True)
                yield Button(f"{self._no} (n)", id="no", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#confirm-box").border_title = self._title
        self.query_one("#no", Button).focus()  # the safe answer is the default

    @on(Button.Pressed, "#yes")
    def _yes_pressed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no_pressed(self) -> None:
        self.dismiss(False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
