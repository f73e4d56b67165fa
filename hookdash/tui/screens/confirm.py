"""A yes/no question over the current screen (e.g. before running an untrusted hook).

The body scrolls: a question may list many hooks with their whole commands, and none of
it may be cut off.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from hookdash.core import visible
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain_content
from hookdash.tui.widgets.footer import Footer


def untrusted_run_question(hook_id: str, reasons: Iterable[str], where: str) -> Text:
    """The question before running a hook not reviewed yet (NEW, CHANGED, or any settings
    hook of an untrusted folder: `confirmations_needed`) from fire and the hook form's
    Test: why, and where it would run."""
    body = Text()
    body.append(f"{visible(hook_id)} has not been reviewed:\n\n", "bold")
    for reason in reasons:
        body.append(f"• {visible(reason)}\n")
    body.append("\nRun it anyway? It runs with your permissions, in ")
    body.append(visible(where), "bold")
    body.append(".")
    return body


def untrusted_hooks_question(needed: Sequence[tuple[str, str]], count: int, where: str) -> Text:
    """The question before firing a whole event (the plan's ctrl+r) when Gemini would ask
    before some of its `count` hooks: which (`needed`: id and reason), and where they run."""
    body = Text()
    body.append(
        f"{'This hook has' if len(needed) == 1 else 'These hooks have'} not been reviewed:\n\n",
        "bold",
    )
    for hook_id, reason in needed:
        body.append(f"• {visible(hook_id)}", "bold")
        body.append(f": {visible(reason)}\n")
    body.append(
        f"\nRun the event anyway ({count} hook{'s' if count != 1 else ''})? They run with your "
        "permissions, in "
    )
    body.append(where, "bold")
    body.append(".")
    return body


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True (yes) or False (no, esc, or a click outside)."""

    COMMAND_SCOPE = "confirm"
    BINDINGS = bindings_for("confirm", dialog=True)

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
        # A title can hold a hook ID: shown, never read as markup.
        self.query_one("#confirm-box").border_title = plain_content(self._title)
        self.query_one("#no", Button).focus()  # the safe answer is the default

    @on(Button.Pressed, "#yes")
    def _yes_pressed(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no_pressed(self) -> None:
        self.dismiss(False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
