"""Write a hook of any host through the host protocol, without writing its file by hand:
the form behind `a` and `e` for a host that has no form of its own (Codex CLI's hooks).

    fields ─▶ NewHook / HookChange ─▶ Host.add / Host.edit, dry run (thread worker,
              after every change)
    review ─▶ Checks: what Save would refuse (in `hookdash add/edit --host NAME`'s
              words) and the diff of the file Save would write
    ctrl+s ─▶ app.write(the same call, for real; recorded for `u`)
           ─▶ dismiss(the AuthoringResult: its hook is selected once reloaded)

What the form asks comes from the host's descriptors: its events (each with what its
matcher is tested against, `match_field`), the scopes it writes (`write_scopes`) and its
timeout unit. Saved, `f` on the hook fires it with the host's payload.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Group
from textual import on, work
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Input, Label, OptionList, RadioSet, Static
from textual.worker import get_current_worker

from hookdash.core import AuthoringResult, HookdashError, visible
from hookdash.tui.colors import colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import PlainInput, fill
from hookdash.tui.screens.hook_form import HookForm
from hookdash.tui.widgets import toggles
from hookdash.tui.widgets.write_checks import write_checks

if TYPE_CHECKING:
    from hookdash.core import HookRecord, Host, HostSnapshot

UNIT_WORDS = {"s": "seconds", "ms": "milliseconds"}


@dataclass(frozen=True)
class Draft:
    """The fields as they are now: what Save passes to `Host.add` / `Host.edit`."""

    matcher: str
    command: str
    timeout: str
    scope: str


class HostHookFields(VerticalScroll):
    """Matcher, command, timeout (in the host's unit) and the scope among those the host
    writes; `editing`: the scope is the edited hook's, fixed."""

    def __init__(self, host: Host, *, editing: bool, id: str | None = None) -> None:
        super().__init__(id=id, can_focus=False)  # tab goes from field to field
        self._host = host
        self._editing = editing

    def compose(self) -> Any:
        unit = UNIT_WORDS.get(self._host.timeout_unit, self._host.timeout_unit)
        fields = (
            ("matcher", "Matcher", ""),
            ("command", "Command", f"run by {self._host.label} in the project folder"),
            ("timeout", "Timeout", f"{unit} (empty: {self._host.label}'s default)"),
        )
        for field, label, placeholder in fields:
            with Horizontal(classes="form-row"):
                yield Label(label, classes="form-label")
                yield PlainInput(id=field, compact=True, placeholder=placeholder)
        with Horizontal(classes="form-row", id="scope-row"):
            yield Label("Scope", classes="form-label")
            with RadioSet(id="scope", compact=True, disabled=self._editing):
                for i, scope in enumerate(self._host.write_scopes):
                    yield toggles.RadioButton(scope, value=i == 0, compact=True)
        with Horizontal(id="form-buttons"):
            yield Button("Save (^s)", id="save", variant="primary", compact=True)
            yield Button("Cancel (esc)", id="cancel", compact=True)

    def _value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value

    @property
    def scope(self) -> str:
        scopes = self._host.write_scopes
        index = self.query_one("#scope", RadioSet).pressed_index
        return scopes[index] if 0 <= index < len(scopes) else scopes[0]

    def fill(self, hook: HookRecord, timeout: str) -> None:
        """The fields of a hook as written (editing)."""
        matcher = hook.matcher if isinstance(hook.matcher, str) else ""
        for field, value in (("matcher", matcher), ("command", hook.command or ""),
                             ("timeout", timeout)):  # fmt: skip
            fill(self.query_one(f"#{field}", Input), value)
        buttons = list(self.query_one("#scope", RadioSet).query(toggles.RadioButton))
        if hook.scope in self._host.write_scopes:
            buttons[self._host.write_scopes.index(hook.scope)].value = True

    def matcher_for(self, event: str) -> None:
        """What the matcher takes for `event`."""
        field = self._host.match_field(event)
        matcher = self.query_one("#matcher", Input)
        matcher.placeholder = (
            f"not used: {self._host.label} ignores matchers for this event"
            if field is None
            else f"tested against the {field}; empty: every {field}"
        )

    def draft(self) -> Draft:
        return Draft(
            self._value("matcher"), self._value("command"), self._value("timeout"), self.scope
        )


class HostHookFormScreen(HookForm[AuthoringResult | None]):
    """Adds a hook of `host` (`hook` None; `event` preselected) or edits `hook`, through
    the host protocol. Dismisses with what Save wrote, or None."""

    COMMAND_SCOPE = "host_form"
    CONFIG_AT_MOUNT = False  # on_mount fills the form itself
    BINDINGS = bindings_for("host_form")

    def __init__(
        self,
        host: Host,
        snapshot: HostSnapshot,
        *,
        hook: HookRecord | None = None,
        event: str | None = None,
    ) -> None:
        super().__init__()
        self._host = host
        self._snapshot = snapshot
        self._hook = hook
        events = host.events()
        chosen = hook.event if hook is not None else event
        self._event = chosen if chosen in events else events[0]
        # Editing, the event is shown, not chosen (a hook does not change event).
        self._events = (self._event,) if hook is not None else events
        self._review: AuthoringResult | None = None
        self._refusal: str | None = None
        self._saving = False

    @property
    def editing(self) -> bool:
        return self._hook is not None

    @property
    def event(self) -> str:
        return self._event

    @property
    def review(self) -> AuthoringResult | None:
        """The latest dry run of Save (None until the first is back, or when refused)."""
        return self._review

    @property
    def refusal(self) -> str | None:
        """Why Save would write nothing, as the latest dry run said (None: it would write)."""
        return self._refusal

    def event_line(self, event: str) -> Content:
        field = self._host.match_field(event)
        what = f"matcher tested against {field}" if field else "no matcher: runs every time"
        return Content.assemble((f"{event:<22}", "bold"), (what, "$text-muted"))

    def fields(self, editing: bool) -> Widget:
        return HostHookFields(self._host, editing=editing, id="form-fields")

    def on_mount(self) -> None:
        label = self._host.label
        self.query_one(
            "#form-event"
        ).border_title = f"{label} event · what its matcher is tested against"
        self.query_one(HostHookFields).border_title = f"{label} hook"
        self.query_one("#form-review").border_title = "Checks"
        events = self.query_one("#form-event", OptionList)
        events.highlighted = self._events.index(self._event)
        hook = self._hook
        if hook is not None:
            timeout = getattr(hook, "timeout_raw", None)
            self.query_one(HostHookFields).fill(hook, "" if timeout is None else str(timeout))
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        layer = hook.shown.layer_label if hook is not None else ""
        self.show_form_title(
            f"Add a {label} hook", hook, layer, "ctrl+s saves · esc leaves", display
        )
        self._show_review()  # "Checking…" until the first dry run is back
        self._event_changed()
        (self.query_one("#command", Input) if hook is not None else events).focus()

    # ------------------------------------------------------------------ the draft

    def draft(self) -> Draft:
        return self.query_one(HostHookFields).draft()

    @on(OptionList.OptionHighlighted, "#form-event")
    def _event_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        if message.option.id is not None and message.option.id != self._event:
            self._event = message.option.id
            self._event_changed()

    def _event_changed(self) -> None:
        self.query_one(HostHookFields).matcher_for(self._event)
        self._schedule_review()

    @on(Input.Changed)
    @on(RadioSet.Changed)
    def _field_changed(self) -> None:
        self._schedule_review()

    def _write_call(self, draft: Draft, event: str, dry_run: bool) -> AuthoringResult:
        """Save's write for `draft` (`dry_run`: what it would do)."""
        from hookdash.core import HookChange, NewHook

        if self._hook is None:
            new = NewHook(
                event=event,
                command=draft.command,
                matcher=draft.matcher or None,
                timeout=draft.timeout.strip() or None,
            )
            return self._host.add(self._snapshot, new, draft.scope, dry_run=dry_run)
        change = HookChange(
            command=draft.command,
            matcher=draft.matcher,  # "" removes it: every value
            timeout=draft.timeout.strip() or None,
        )
        return self._host.edit(self._snapshot, self._hook, change, dry_run=dry_run)

    def _schedule_review(self) -> None:
        self._review_draft(self.draft(), self._event)

    @work(thread=True, exclusive=True, group="host-form-review", exit_on_error=False)
    def _review_draft(self, draft: Draft, event: str) -> None:
        try:
            result: AuthoringResult | None = self._write_call(draft, event, dry_run=True)
            refusal = None
        except HookdashError as exc:
            result, refusal = None, exc.message
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._reviewed, result, refusal, draft, event)

    def _reviewed(
        self, result: AuthoringResult | None, refusal: str | None, draft: Draft, event: str
    ) -> None:
        if draft != self.draft() or event != self._event:
            return  # the fields changed meanwhile: a newer dry run is on its way
        self._review, self._refusal = result, refusal
        self._show_review()

    # ------------------------------------------------------------------ the review pane

    @property
    def unchanged(self) -> bool:
        """An edit whose fields are all as written: Save has nothing to write."""
        return self._review is not None and not self._review.diff

    def _show_review(self) -> None:
        review = self._review
        saves = review.message.replace("Would do: ", "Save will: ", 1) if review else ""
        parts = write_checks(
            review,
            self._refusal,
            colors_for(self.app),
            saves=saves,
            after=f"Once saved, f on the hook fires it with {self._host.label}'s payload.",
        )
        self.query_one("#review-body", Static).update(Group(*parts))

    # ------------------------------------------------------------------ save, leave

    def start_save(self) -> None:
        self._save(self.draft(), self._event)

    def leave_form(self) -> None:
        self.action_close()

    @work(group="host-form-save", exit_on_error=False)
    async def _save(self, draft: Draft, event: str) -> None:
        try:
            try:
                preview = await asyncio.to_thread(self._write_call, draft, event, True)
            except HookdashError as exc:
                self._review, self._refusal = None, exc.message
                self._show_review()
                self.refuse(visible(exc.message), "Nothing saved", timeout=12)
                return
            if not preview.diff:
                self.notify("Every field is as written: there is nothing to save.",
                            title="Nothing saved", timeout=6, markup=False)  # fmt: skip
                return
            hook = self._hook
            label = (
                f"add '{visible(draft.command)}' to {self._host.label}'s {visible(event)}"
                if hook is None
                else f"edit '{visible(hook.id)}'"
            )
            try:
                result = await self.hd_app.write(label, self._write_call, draft, event, False)
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing saved", timeout=12)
                return
            self.dismiss(result)
        finally:
            self._saving = False

    def action_close(self) -> None:
        self.dismiss(None)
