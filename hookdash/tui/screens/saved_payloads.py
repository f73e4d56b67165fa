"""Fire's saved payloads: the name asked when saving one (ctrl+s), and the list (ctrl+o).

The payloads themselves are core's (`core.run.saved_payloads`): these two dialogs only
ask. The list answers with what to do — load the payload into the editor, or load it
and run it at once — or forgets one after a question.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from rich.text import Text
from textual import on
from textual.containers import Vertical
from textual.content import Content
from textual.events import Key
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hookdash.core import SavedPayload, shorten, visible
from hookdash.tui.colors import colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain_content
from hookdash.tui.screens.base import HookdashModalScreen
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.list_keys import KeyedOptionList

Choice = tuple[Literal["load", "run", "delete"], SavedPayload]


def payload_summary(payload: dict[str, Any], width: int = 60) -> str:
    """One line on what a payload is about: the command, file, prompt or trigger."""
    tool_input = payload.get("tool_input")
    if isinstance(tool_input, dict):
        for field in ("command", "file_path", "path", "pattern", "url", "query"):
            value = tool_input.get(field)
            if isinstance(value, str) and value:
                tool = payload.get("tool_name")
                prefix = f"{tool}: " if isinstance(tool, str) else ""
                return visible(shorten(prefix + value, width))
    for field in ("prompt", "trigger", "source", "reason", "message"):
        value = payload.get(field)
        if isinstance(value, str) and value:
            return visible(shorten(f"{field}: {value}", width))
    return visible(shorten(json.dumps(payload, ensure_ascii=False), width))


def suggested_name(payload: dict[str, Any]) -> str:
    """A first name to offer: the command or prompt the payload carries, shortened."""
    tool_input = payload.get("tool_input")
    if isinstance(tool_input, dict):
        for field in ("command", "file_path", "url"):
            value = tool_input.get(field)
            if isinstance(value, str) and value.strip():
                return visible(shorten(value.strip(), 40))
    prompt = payload.get("prompt")
    if isinstance(prompt, str) and prompt.strip():
        return visible(shorten(prompt.strip(), 40))
    return ""


class PayloadNameScreen(HookdashModalScreen[str | None]):
    """Asks for the name to save the editor's payload under (None: cancelled)."""

    COMMAND_SCOPE = "payload_name"
    BINDINGS = bindings_for("payload_name", dialog=True)

    def __init__(self, hook_id: str, suggestion: str, existing: Sequence[str]) -> None:
        super().__init__()
        self._hook_id = hook_id
        self._suggestion = suggestion
        self._existing = set(existing)

    def compose(self) -> Any:
        with Vertical(id="name-box", classes="dialog"):
            yield Static(
                Content.assemble(
                    "Save the payload in the editor for ",
                    (visible(self._hook_id), "bold"),
                    ", to fire it again later (ctrl+o lists them):",
                ),
                classes="dialog-heading",
            )
            yield Input(self._suggestion, placeholder="a name, e.g. rm -rf /", id="name")
            yield Static(id="name-note", classes="dialog-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name-box").border_title = "Save payload"
        self.query_one("#name", Input).focus()
        self._show_note(self._suggestion)

    @on(Input.Changed, "#name")
    def _changed(self, event: Input.Changed) -> None:
        self._show_note(event.value)

    def _show_note(self, name: str) -> None:
        name = name.strip()
        note = "enter saves · esc cancels"
        if name in self._existing:
            note = f"replaces the saved payload “{visible(name)}” · " + note
        self.query_one("#name-note", Static).update(Content(note))

    @on(Input.Submitted, "#name")
    def _submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class SavedPayloadsScreen(HookdashModalScreen[Choice | None]):
    """The hook's saved payloads: enter or 1–9 loads one, ctrl+r loads and runs it."""

    COMMAND_SCOPE = "saved_payloads"
    BINDINGS = bindings_for("saved_payloads", dialog=True)

    def __init__(self, hook_id: str, saved: Sequence[SavedPayload]) -> None:
        super().__init__()
        self._hook_id = hook_id
        self._saved = list(saved)

    def compose(self) -> Any:
        with Vertical(id="saved-box", classes="dialog"):
            yield KeyedOptionList(id="saved-list")
            yield Static(
                "enter or 1–9 loads it into the editor · ctrl+r loads and runs it · "
                "x forgets it · esc goes back",
                classes="dialog-note",
            )
        yield Footer()

    @property
    def saved(self) -> list[SavedPayload]:
        return self._saved

    def on_mount(self) -> None:
        title = plain_content(f"Saved payloads of {self._hook_id}")
        self.query_one("#saved-box").border_title = title
        options = self.query_one("#saved-list", OptionList)
        colors = colors_for(self.app)
        for i, entry in enumerate(self._saved, 1):
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"{i:>2}  " if i <= 9 else "    ", style=colors.dim)
            line.append(visible(entry.name), style="bold")
            line.append(f"  {payload_summary(entry.payload)}", style=colors.dim)
            line.append(f"  {entry.saved_at[:10]}", style=colors.dim)
            options.add_option(Option(line))
        options.highlighted = 0 if self._saved else None
        options.focus()

    def _highlighted(self) -> SavedPayload | None:
        index = self.query_one("#saved-list", OptionList).highlighted
        if index is None or not 0 <= index < len(self._saved):
            return None
        return self._saved[index]

    def on_key(self, event: Key) -> None:
        # 1–9: that payload at once (one key from the list to the editor).
        if event.character is not None and event.character in "123456789":
            index = int(event.character) - 1
            if index < len(self._saved):
                event.stop()
                self.dismiss(("load", self._saved[index]))

    @on(OptionList.OptionSelected, "#saved-list")
    def _selected(self) -> None:
        self.action_load()

    def action_load(self) -> None:
        entry = self._highlighted()
        if entry is not None:
            self.dismiss(("load", entry))

    def action_load_and_run(self) -> None:
        entry = self._highlighted()
        if entry is not None:
            self.dismiss(("run", entry))

    def action_forget(self) -> None:
        entry = self._highlighted()
        if entry is not None:
            self.dismiss(("delete", entry))

    def action_cancel(self) -> None:
        self.dismiss(None)
