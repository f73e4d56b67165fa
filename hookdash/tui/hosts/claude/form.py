"""Write a Claude Code hook without writing JSON: the form behind `a` (and `A`) on Claude
hooks and `e` on one.

    fields ─▶ ClaudeDraft ─▶ core.add_claude_hook / edit_claude_hook, dry run (thread
              worker, after every change)
    review ─▶ Checks: what Save would refuse or warn about, in `hookdash add/edit --host
              claude`'s words, and the diff of the settings file Save would write
    ctrl+s ─▶ app.write(the same call, for real; recorded for `u`)
           ─▶ dismiss((the AuthoringResult, the ref of the written hook))

Claude's shape, not Gemini's: the event (Claude Code 2.1.332's, each with what its matcher
is tested against), the matcher (live: what it matches among the tools or values hookdash
knows Claude sends), the command, a timeout in seconds, and the scope (user, project,
local). There is no test key: a Claude hook is fired from the list (`f`) once saved, with
Claude's payload and the run log, as `fire --host claude` does.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from rich.console import Group
from textual import on, work
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Input, OptionList, RadioSet, Static
from textual.worker import get_current_worker

from hookdash.core import (
    CLAUDE_EVENTS,
    AuthoringResult,
    HookdashError,
    add_claude_hook,
    claude_settings_path,
    edit_claude_hook,
    preview_claude_matcher,
    visible,
    written_claude_ref,
)
from hookdash.tui.colors import colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.hosts.claude.fields import ClaudeDraft, ClaudeHookFields, claude_matcher_hint
from hookdash.tui.screens.hook_form import HookForm
from hookdash.tui.widgets.write_checks import write_checks

if TYPE_CHECKING:
    from hookdash.core import ClaudeHook

# What the form dismisses with: the write, and the ref of the hook it wrote (to select).
Written = tuple[AuthoringResult, str | None]

SCOPE_REACH = {
    "user": "every project, only you",
    "project": "this project, and everyone who clones it runs it",
    "local": "this project, only you (keep it out of git)",
}


def event_prompt(event: str) -> Content:
    """One line of the event list: the event, then what its matcher is tested against."""
    field = preview_claude_matcher(event, None).field
    what = f"matcher tested against {field}" if field else "no matcher: runs every time"
    return Content.assemble((f"{event:<22}", "bold"), (what, "$text-muted"))


class ClaudeHookFormScreen(HookForm[Written | None]):
    """Adds a Claude hook (`hook` None; `event` preselected) or edits `hook`. Dismisses
    with what Save wrote, or None."""

    COMMAND_SCOPE = "claude_form"
    CONFIG_AT_MOUNT = False  # on_mount fills the form itself
    BINDINGS = bindings_for("claude_form")

    def __init__(self, *, hook: ClaudeHook | None = None, event: str | None = None) -> None:
        super().__init__()
        self._hook = hook
        chosen = hook.event if hook is not None else event
        self._event = chosen if chosen in CLAUDE_EVENTS else "PreToolUse"
        # Editing, the event is shown, not chosen (a hook does not change event).
        self._events: tuple[str, ...] = (self._event,) if hook is not None else CLAUDE_EVENTS
        self._review: AuthoringResult | None = None
        self._refusal: str | None = None
        self._saving = False

    @property
    def editing(self) -> bool:
        return self._hook is not None

    def event_line(self, event: str) -> Content:
        return event_prompt(event)

    def fields(self, editing: bool) -> Widget:
        return ClaudeHookFields(editing=editing, id="form-fields")

    def on_mount(self) -> None:
        self.query_one(
            "#form-event"
        ).border_title = "Claude Code event · what its matcher is tested against"
        self.query_one(ClaudeHookFields).border_title = "Claude Code hook"
        self.query_one("#form-review").border_title = "Checks"
        events = self.query_one("#form-event", OptionList)
        events.highlighted = self._events.index(self._event)
        fields = self.query_one(ClaudeHookFields)
        env = self._env()
        if env.workspace_is_home and self._hook is None:
            fields.forbid_project()
        hook = self._hook
        if hook is not None:
            timeout = "" if hook.timeout is None else str(hook.timeout)
            fields.fill(hook.matcher or "", hook.command or "", timeout, hook.scope)
        self._show_title()
        self._show_review()  # "Checking…" until the first dry run is back
        self._event_changed()
        (self.query_one("#matcher", Input) if hook is not None else events).focus()

    def _env(self) -> Any:
        config = self.hd_app.config
        return config.env if config is not None else self.hd_app.env

    def _show_title(self) -> None:
        hook = self._hook
        layer = f"Claude {hook.scope} settings" if hook is not None else ""
        keys = "ctrl+s saves · esc leaves"
        self.show_form_title("Add a Claude Code hook", hook, layer, keys, self._env().display)

    # ------------------------------------------------------------------ the draft

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

    def draft(self) -> ClaudeDraft:
        return self.query_one(ClaudeHookFields).draft()

    @on(OptionList.OptionHighlighted, "#form-event")
    def _event_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        if message.option.id is not None and message.option.id != self._event:
            self._event = message.option.id
            self._event_changed()

    def _event_changed(self) -> None:
        fields = self.query_one(ClaudeHookFields)
        fields.matcher_for(self._event, preview_claude_matcher(self._event, None))
        self._schedule_review()

    @on(Input.Changed)
    @on(RadioSet.Changed)
    def _field_changed(self) -> None:
        self._schedule_review()

    def _write_call(self, draft: ClaudeDraft, dry_run: bool) -> AuthoringResult:
        """Save's write for `draft` (`dry_run`: what it would do)."""
        env = self._env()
        if self._hook is None:
            return add_claude_hook(
                self._event,
                draft.command,
                matcher=draft.matcher or None,
                timeout=draft.timeout.strip() or None,
                scope=draft.scope,
                workspace=env.workspace,
                environ=env.environ,
                dry_run=dry_run,
            )
        return edit_claude_hook(
            self._hook.ref,
            command=draft.command,
            matcher=draft.matcher,  # "" removes it: every value
            timeout=draft.timeout,  # "" removes it: Claude's default
            workspace=env.workspace,
            environ=env.environ,
            dry_run=dry_run,
        )

    def _schedule_review(self) -> None:
        self._review_draft(self.draft(), self._event)

    @work(thread=True, exclusive=True, group="claude-form-review", exit_on_error=False)
    def _review_draft(self, draft: ClaudeDraft, event: str) -> None:
        try:
            result: AuthoringResult | None = self._write_call(draft, dry_run=True)
            refusal = None
        except HookdashError as exc:
            result, refusal = None, exc.message
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._reviewed, result, refusal, draft, event)

    def _reviewed(
        self, result: AuthoringResult | None, refusal: str | None, draft: ClaudeDraft, event: str
    ) -> None:
        if draft != self.draft() or event != self._event:
            return  # the fields changed meanwhile: a newer dry run is on its way
        self._review, self._refusal = result, refusal
        preview = preview_claude_matcher(event, draft.matcher or None)
        self.query_one(ClaudeHookFields).show_hints(
            claude_matcher_hint(preview), self._scope_hint(draft.scope)
        )
        self._show_review()

    def _scope_hint(self, scope: str) -> Content:
        if self._hook is not None:
            scope = self._hook.scope
        env = self._env()
        try:
            path = claude_settings_path(scope, env.workspace, env.environ)
        except HookdashError as exc:
            return Content.styled(visible(exc.message), "$text-warning")
        reach = SCOPE_REACH.get(scope, "")
        return Content.styled(f"writes {visible(env.display(path))} — {reach}", "$text-muted")

    # ------------------------------------------------------------------ the review pane

    @property
    def unchanged(self) -> bool:
        """An edit whose fields are all as written: Save has nothing to write."""
        return self._review is not None and not self._review.diff

    def _show_review(self) -> None:
        review = self._review
        parts = write_checks(
            review,
            self._refusal,
            colors_for(self.app),
            saves=review.message.replace("Would ", "Save will ", 1) if review is not None else "",
            after="Once saved, f on the hook fires it with Claude Code's payload.",
        )
        self.query_one("#review-body", Static).update(Group(*parts))

    # ------------------------------------------------------------------ save, leave

    def start_save(self) -> None:
        self._save(self.draft())

    def leave_form(self) -> None:
        self.action_close()

    @work(group="claude-form-save", exit_on_error=False)
    async def _save(self, draft: ClaudeDraft) -> None:
        try:
            try:
                preview = await asyncio.to_thread(self._write_call, draft, True)
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
                f"add '{visible(draft.command)}' to Claude's {self._event}"
                if hook is None
                else f"edit '{visible(hook.id)}'"
            )
            try:
                result = await self.hd_app.write(label, self._write_call, draft, False)
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing saved", timeout=12)
                return
            ref = written_claude_ref(result) or (hook.ref if hook is not None else None)
            self.dismiss((result, ref))
        finally:
            self._saving = False

    def action_close(self) -> None:
        self.dismiss(None)
