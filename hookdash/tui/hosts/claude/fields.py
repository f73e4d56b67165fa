"""The Claude Code hook form's fields: matcher, command, timeout (seconds) and scope (user,
project, local) — Claude's own hook shape, not Gemini's (no name, no description, no
sequential flag; timeouts in seconds) — with the live hints under the matcher and the scope.

Their Input/RadioSet changes bubble to the form, which dry-runs the write.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.suggester import SuggestFromList
from textual.widgets import Button, Input, Label, RadioSet, Static

from hookdash.core import ClaudeMatcherPreview, visible
from hookdash.tui.plain import PlainInput, fill
from hookdash.tui.widgets import toggles

SCOPES = ("user", "project", "local")
FIELDS = (
    ("matcher", "Matcher", ""),
    ("command", "Command", "run by Claude Code's shell in the project folder"),
    ("timeout", "Timeout", "seconds (empty: Claude's 600)"),
)


@dataclass(frozen=True)
class ClaudeDraft:
    """The fields as they are now: what Save passes to add/edit (`--host claude`)."""

    matcher: str
    command: str
    timeout: str
    scope: str


class ClaudeHookFields(VerticalScroll):
    """The fields column; `editing`: the scope is the edited hook's, fixed."""

    def __init__(self, *, editing: bool, id: str | None = None) -> None:
        super().__init__(id=id, can_focus=False)  # tab goes from field to field
        self._editing = editing

    def compose(self) -> Any:
        for field, label, placeholder in FIELDS:
            with Horizontal(classes="form-row"):
                yield Label(label, classes="form-label")
                yield PlainInput(id=field, compact=True, placeholder=placeholder)
            if field == "matcher":
                yield Static(id="matcher-hint", classes="form-hint")
        with Horizontal(classes="form-row", id="scope-row"):
            yield Label("Scope", classes="form-label")
            with RadioSet(id="scope", compact=True, disabled=self._editing):
                for i, scope in enumerate(SCOPES):
                    yield toggles.RadioButton(scope, value=i == 0, compact=True)
        yield Static(id="scope-hint", classes="form-hint")
        with Horizontal(id="form-buttons"):
            yield Button("Save (^s)", id="save", variant="primary", compact=True)
            yield Button("Cancel (esc)", id="cancel", compact=True)

    def _value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value

    def _buttons(self) -> list[toggles.RadioButton]:
        return list(self.query_one("#scope", RadioSet).query(toggles.RadioButton))

    @property
    def scope(self) -> str:
        index = self.query_one("#scope", RadioSet).pressed_index
        return SCOPES[index] if 0 <= index < len(SCOPES) else "user"

    def forbid_project(self) -> None:
        """The workspace is the home folder: its .claude/settings.json is the user's."""
        self._buttons()[SCOPES.index("project")].disabled = True

    def fill(self, matcher: str, command: str, timeout: str, scope: str) -> None:
        """The fields of a hook as written (editing)."""
        for field, value in (("matcher", matcher), ("command", command), ("timeout", timeout)):
            fill(self.query_one(f"#{field}", Input), value)
        if scope in SCOPES:
            self._buttons()[SCOPES.index(scope)].value = True

    def draft(self) -> ClaudeDraft:
        return ClaudeDraft(
            self._value("matcher"), self._value("command"), self._value("timeout"), self.scope
        )

    def matcher_for(self, event: str, preview: ClaudeMatcherPreview) -> None:
        """What the matcher takes for `event` (placeholder, completions)."""
        matcher = self.query_one("#matcher", Input)
        if preview.field is None:
            matcher.placeholder = "not used: Claude Code ignores matchers for this event"
            matcher.suggester = None
            return
        every = "every tool" if preview.field == "tool_name" else f"every {preview.field}"
        matcher.placeholder = f"names (a|b) or a regex on the {preview.field}; empty: {every}"
        matcher.suggester = (
            SuggestFromList(preview.candidates, case_sensitive=True) if preview.candidates else None
        )

    def show_hints(self, matcher: Content, scope: Content) -> None:
        self.query_one("#matcher-hint", Static).update(matcher)
        self.query_one("#scope-hint", Static).update(scope)


def claude_matcher_hint(preview: ClaudeMatcherPreview) -> Content:
    """One line under the matcher: what Claude tests it against and what it matches."""
    if preview.field is None:
        return Content.styled(
            "Claude Code ignores matchers for this event: the hook runs whenever it fires.",
            "$text-muted",
        )
    field = visible(preview.field)
    if preview.form == "invalid-regex":
        return Content.styled(
            "neither a list of names nor a regex JavaScript accepts: Claude matches nothing",
            "$text-error",
        )
    if preview.form == "all":
        return Content.styled(f"matches every {field}", "$text-success")
    if not preview.candidates:
        kind = "names, exactly" if preview.form == "names" else "a regex, searched"
        return Content.styled(f"tested against the {field} ({kind})", "$text-muted")
    parts: list[Content] = []
    for value in preview.candidates:
        hit = value in preview.matched
        mark = Content.styled("✔ " if hit else "✗ ", "$text-success" if hit else "$text-error")
        parts.append(mark + Content(value))
    return Content.styled("matches ", "$text-muted") + Content("  ").join(parts)
