"""The hook form's fields: matcher, name, command, timeout, description, scope and
sequential, each value exactly what Save writes (drawn with hidden characters shown),
with the live hints under the matcher, the command and the scope.

Their Input/Checkbox/RadioSet changes bubble to the form, which reviews the draft.
"""

from __future__ import annotations

from typing import Any

from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.suggester import SuggestFromList
from textual.widgets import Button, Checkbox, Input, Label, RadioSet, Static

from hookdash.core import BUILTIN_TOOLS, TRIGGER_FIELD, TRIGGER_VALUES, HookDraft, match_kind
from hookdash.tui.plain import PlainInput, fill
from hookdash.tui.widgets import toggles

# Each field, its label and its placeholder (the matcher's depends on the event).
FIELDS = (
    ("matcher", "Matcher", ""),
    ("name", "Name", "a short ID (Gemini keys the hook by it)"),
    ("command", "Command", "run by bash -c in the workspace"),
    ("timeout", "Timeout", "ms (empty: Gemini's 60000)"),
    ("description", "Description", "optional"),
)


class HookFields(VerticalScroll):
    """The fields column; `editing`: the scope is the edited hook's, fixed."""

    def __init__(self, *, editing: bool, id: str | None = None) -> None:
        # Not focusable itself: tab goes from field to field.
        super().__init__(id=id, can_focus=False)
        self._editing = editing

    def compose(self) -> Any:
        for field, label, placeholder in FIELDS:
            with Horizontal(classes="form-row"):
                yield Label(label, classes="form-label")
                # (Tab into a field selects its text, as in every Input of the app.)
                yield PlainInput(id=field, compact=True, placeholder=placeholder)
            if field in ("matcher", "command"):
                yield Static(id=f"{field}-hint", classes="form-hint")
        with Horizontal(classes="form-row", id="scope-row"):
            yield Label("Scope", classes="form-label")
            with RadioSet(id="scope", compact=True, disabled=self._editing):
                yield toggles.RadioButton("user", value=True, compact=True)
                yield toggles.RadioButton("workspace", compact=True)
            yield toggles.Checkbox("sequential", id="sequential", compact=True)
        yield Static(id="scope-hint", classes="form-hint")
        with Horizontal(id="form-buttons"):
            yield Button("Test (^r)", id="test", compact=True)
            yield Button("Save (^s)", id="save", variant="primary", compact=True)
            yield Button("Cancel (esc)", id="cancel", compact=True)

    def _value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value

    @property
    def workspace_chosen(self) -> bool:
        return self.query_one("#scope", RadioSet).pressed_index == 1

    def _workspace_button(self) -> toggles.RadioButton:
        return list(self.query_one("#scope", RadioSet).query(toggles.RadioButton))[1]

    def forbid_workspace(self) -> None:
        """The workspace is the home folder: its settings are the user's."""
        self._workspace_button().disabled = True

    def fill(self, original: HookDraft, workspace: bool) -> None:
        """The fields of a hook as written (editing)."""
        values = {
            "matcher": original.matcher or "",
            "name": original.name or "",
            "command": original.command,
            "timeout": "" if original.timeout_ms is None else str(original.timeout_ms),
            "description": original.description or "",
        }
        for field, value in values.items():
            fill(self.query_one(f"#{field}", Input), value)
        self.query_one("#sequential", Checkbox).value = original.sequential
        if workspace:
            self._workspace_button().value = True

    def draft(self, event: str) -> HookDraft:
        """The hook as the fields say now (empty optional fields: left out)."""
        timeout = self._value("timeout").strip()
        return HookDraft(
            event=event,
            command=self._value("command"),
            name=self._value("name") or None,
            matcher=self._value("matcher") or None,
            timeout_ms=timeout or None,
            description=self._value("description") or None,
            sequential=self.query_one("#sequential", Checkbox).value,
        )

    def matcher_for(self, event: str, seen: list[str]) -> None:
        """What the matcher takes for `event` (placeholder, completions)."""
        kind = match_kind(event)
        matcher = self.query_one("#matcher", Input)
        if kind == "tool":
            matcher.placeholder = "a regex on the tool name; empty: every tool"
            matcher.suggester = SuggestFromList([*BUILTIN_TOOLS, *seen], case_sensitive=True)
        elif kind == "trigger":
            field = TRIGGER_FIELD[event]
            matcher.placeholder = f"the {field}, exactly; empty: every {field}"
            matcher.suggester = SuggestFromList(TRIGGER_VALUES[event], case_sensitive=True)
        else:
            matcher.placeholder = "not used: Gemini ignores matchers for this event"
            matcher.suggester = None

    def show_hints(self, matcher: Content, command: Content, scope: Content) -> None:
        self.query_one("#matcher-hint", Static).update(matcher)
        self.query_one("#command-hint", Static).update(command)
        self.query_one("#scope-hint", Static).update(scope)
