"""Write a hook without writing JSON: the form behind `a` (add) and `e` (edit).

    fields ─▶ HookDraft ─▶ core.review_draft (thread worker, after every change)
    review ─▶ Checks: what Save would refuse or warn about (the dry run of the very
              write, in `hookdash add`/`edit`'s words), the hook's verdict once saved,
              and the diff of the settings file Save would write
    ctrl+r ─▶ core.draft_hook ─▶ core.fire (the payload `f` would send; asks first where
              Gemini would) ─▶ the result, under Test
    ctrl+s ─▶ app.write(core.save_draft) (add_hook / edit_hook, recorded for `u`)
           ─▶ dismiss(the AuthoringResult); the hook list announces it and reloads

The event list says, one line each, when the event fires and what its hook can do; the
matcher's hint says live which of Gemini's built-in tools (and the tools seen in the run
logs) or which trigger values it matches; the command's hint flags a missing or
non-executable script. Everything that comes from the draft or the files is shown through
`visible()`, as text, never as markup.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on, work
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.widget import Widget
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    OptionList,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from hookdash.core import (
    EVENTS,
    AuthoringResult,
    Configuration,
    DraftReview,
    FireResult,
    Hook,
    HookdashError,
    HookDraft,
    build_payload,
    confirmations_needed,
    draft_hook,
    fire as engine_fire,
    review_draft,
    save_draft,
    state_dir,
    tools_seen,
    visible,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.run_clock import EngineRun
from hookdash.tui.screens.base import HookdashScreen, ResultT
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_run_question
from hookdash.tui.widgets.draft_review import checks_body, settings_diff, test_result_body
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.hook_fields import HookFields
from hookdash.tui.widgets.hook_form_hints import command_hint, event_prompt, matcher_hint
from hookdash.tui.widgets.list_keys import KeyedOptionList
from hookdash.tui.widgets.run_view import heading

if TYPE_CHECKING:
    from hookdash.core import HookRecord

NARROW_WIDTH = 110


class HookForm(HookdashScreen[ResultT]):
    """What either host's hook form shares: the layout (the event list, the fields column,
    the Checks pane; styles/hook_form.tcss is rooted at this type) and, under NARROW_WIDTH
    columns, the Checks under the fields. A host's form gives its event lines and fields."""

    _events: tuple[str, ...]  # the events offered (editing: only the hook's)

    def event_line(self, event: str) -> Content:
        """One line of the event list."""
        raise NotImplementedError

    def fields(self, editing: bool) -> Widget:
        """The fields column (id "form-fields")."""
        raise NotImplementedError

    @property
    def editing(self) -> bool:
        """An edit of a hook (its event fixed), not an add."""
        raise NotImplementedError

    def compose(self) -> Any:
        editing = self.editing
        yield Static(id="form-title")
        yield KeyedOptionList(
            *[Option(self.event_line(e), id=e) for e in self._events],
            id="form-event",
            disabled=editing,  # a hook does not change event: it is shown, not chosen
            markup=False,
        )
        with Horizontal(id="form-columns"):
            yield self.fields(editing)
            with VerticalScroll(id="form-review"):
                yield Static(id="review-body")
        yield Footer()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    # What every form does alike: the Checks pane redrawn in the new theme's colours, Save
    # and Cancel as their keys, one save at a time.

    _saving = False  # a save is under way: ctrl+s again does nothing

    def _show_review(self) -> None:
        """Draw the Checks pane."""
        raise NotImplementedError

    def start_save(self) -> None:
        """Save the draft (a worker that sets `_saving` back to False when it is done)."""
        raise NotImplementedError

    def leave_form(self) -> None:
        """What Cancel does."""
        raise NotImplementedError

    def theme_changed(self) -> None:
        self._show_review()

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.leave_form()

    def action_save(self) -> None:
        if self.hd_app.config is None or self._saving:
            return
        self._saving = True
        self.start_save()

    def show_form_title(
        self,
        adding: str,
        hook: HookRecord | None,
        layer: str,
        keys: str,
        display: Callable[[str], str],
    ) -> None:
        """The title line: `adding` ("Add a hook"), or the edited hook's id, event, `layer`
        ("workspace settings") and file:line; then the form's `keys`."""
        if hook is None:
            parts = [Content.styled(adding, "bold")]
        else:
            where = display(hook.file) + (f":{hook.line}" if hook.line else "")
            parts = [
                Content.assemble("Edit ", (visible(hook.id), "bold $accent")),
                Content(f"{hook.shown.event} · {layer} · {visible(where)}"),
            ]
        parts.append(Content.styled(keys, "$text-muted"))
        self.query_one("#form-title", Static).update(Content(" · ").join(parts))


class HookFormScreen(HookForm[AuthoringResult | None]):
    """Adds a hook (`hook` None; `event` preselected) or edits `hook`, whose fields as
    written are `original`. Dismisses with what Save wrote, or None."""

    COMMAND_SCOPE = "hook_form"
    CONFIG_AT_MOUNT = False  # on_mount fills the form from the configuration itself
    BINDINGS = bindings_for("hook_form")

    def __init__(
        self,
        *,
        hook: Hook | None = None,
        original: HookDraft | None = None,
        event: str | None = None,
    ) -> None:
        super().__init__()
        self._hook = hook
        self._original = original
        self._event = (
            original.event if original is not None else event if event in EVENTS else EVENTS[0]
        )
        # Editing, the event is shown, not chosen (a hook does not change event): the list
        # holds only the hook's, so no frame shows another while the list scrolls to it.
        self._events: tuple[str, ...] = (self._event,) if hook is not None else EVENTS
        self._review: DraftReview | None = None
        self._seen: list[str] = []
        self._test = EngineRun(self, self._show_review, group="form-test")
        self._saving = False

    # ------------------------------------------------------------------ layout

    @property
    def editing(self) -> bool:
        return self._hook is not None

    def event_line(self, event: str) -> Content:
        return event_prompt(event)

    def fields(self, editing: bool) -> Widget:
        return HookFields(editing=editing, id="form-fields")

    @property
    def review(self) -> DraftReview | None:
        """The latest review of the draft (None until the first one is done)."""
        return self._review

    @property
    def test_result(self) -> FireResult | None:
        return self._test.result

    @property
    def testing(self) -> bool:
        return self._test.running

    def on_mount(self) -> None:
        self.query_one("#form-event").border_title = "Event: when it fires · what its hook can do"
        self.query_one(HookFields).border_title = "Hook"
        self.query_one("#form-review").border_title = "Checks"
        config = self.hd_app.config
        env = config.env if config is not None else self.hd_app.env
        events = self.query_one("#form-event", OptionList)
        events.highlighted = self._events.index(self._event)
        fields = self.query_one(HookFields)
        if env.workspace_is_home and self._hook is None:
            fields.forbid_workspace()
        if self._original is not None:
            in_workspace = self._hook is not None and self._hook.scope == "workspace"
            fields.fill(self._original, in_workspace)
        self._show_title()
        self._show_review()  # "Checking…" until the first review is back, not an empty pane
        self._event_changed()
        self._load_seen_tools(env.environ, config)
        (self.query_one("#matcher", Input) if self._hook else events).focus()

    def config_changed(self, config: Configuration) -> None:
        """Follow a reload: the edited hook as loaded now, then a fresh review."""
        if self._hook is not None:
            self._hook = next((h for h in config.hooks if h.ref == self._hook.ref), self._hook)
        self._schedule_review()

    def _show_title(self) -> None:
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        layer = f"{self._hook.scope} settings" if self._hook is not None else ""
        keys = "ctrl+s saves · ctrl+r tests · esc leaves"
        self.show_form_title("Add a hook", self._hook, layer, keys, display)

    # ------------------------------------------------------------------ the draft

    @property
    def event(self) -> str:
        return self._event

    @property
    def scope(self) -> str:
        if self._hook is not None:
            return "workspace" if self._hook.scope == "workspace" else "user"
        return "workspace" if self.query_one(HookFields).workspace_chosen else "user"

    def draft(self) -> HookDraft:
        """The hook as the fields say now (empty optional fields: left out)."""
        return self.query_one(HookFields).draft(self._event)

    @on(OptionList.OptionHighlighted, "#form-event")
    def _event_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        if message.option.id is not None and message.option.id != self._event:
            self._event = message.option.id
            self._event_changed()

    def _event_changed(self) -> None:
        self.query_one(HookFields).matcher_for(self._event, self._seen)
        self._schedule_review()

    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(RadioSet.Changed)
    def _field_changed(self) -> None:
        self._schedule_review()

    @work(thread=True, group="form-seen", exit_on_error=False)
    def _load_seen_tools(self, environ: dict[str, str], config: Configuration | None) -> None:
        """The tool names of recent runs (hookdash's log, Gemini's telemetry): read once."""
        telemetry = config.snapshot.telemetry.outfile if config is not None else None
        seen = tools_seen(state_dir(environ), Path(telemetry) if telemetry else None)
        if seen:
            self.app.call_from_thread(self._seen_loaded, seen)

    def _seen_loaded(self, seen: list[str]) -> None:
        self._seen = seen
        self._event_changed()

    def _schedule_review(self) -> None:
        config = self.hd_app.config
        if config is None:
            return
        self._review_draft(config, self.draft(), self.scope, self._hook, list(self._seen))

    @work(thread=True, exclusive=True, group="form-review", exit_on_error=False)
    def _review_draft(
        self,
        config: Configuration,
        draft: HookDraft,
        scope: str,
        replacing: Hook | None,
        seen: list[str],
    ) -> None:
        review = review_draft(config, draft, scope, replacing=replacing, seen_tools=seen)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._reviewed, review, draft)

    def _reviewed(self, review: DraftReview, draft: HookDraft) -> None:
        if draft != self.draft():
            return  # the fields changed meanwhile: a newer review is on its way
        self._review = review
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        self.query_one(HookFields).show_hints(
            matcher_hint(review.matcher),  # raw-ok: a MatcherPreview, shown by matcher_hint
            command_hint(review.hook, display),
            self._scope_hint(config),
        )
        self._show_review()
        self.refresh_bindings()

    def _scope_hint(self, config: Configuration | None) -> Content:
        if config is None:
            return Content("")
        env = config.env
        path = env.workspace_settings_path if self.scope == "workspace" else env.user_settings_path
        what = "this project only" if self.scope == "workspace" else "every project"
        return Content.styled(f"writes {visible(env.display(path))} — {what}", "$text-muted")

    # ------------------------------------------------------------------ the review pane

    def _show_review(self) -> None:
        colors = colors_for(self.app)
        parts: list[RenderableType] = [checks_body(self._review, colors)]
        test = self._test_body(colors)
        if test is not None:
            parts += [heading("Test", colors, "(not saved: the draft as it is now)"), test]
        review = self._review
        if review is not None and review.diff:
            parts += [heading("What Save writes", colors), settings_diff(review.diff, colors)]
        self.query_one("#review-body", Static).update(Group(*parts))

    def _test_body(self, colors: Colors) -> RenderableType | None:
        clock = self._test.clock
        if clock.running:
            elapsed = clock.elapsed()
            return Text(f"{clock.frame} Running… {elapsed:.1f} s · esc cancels it", style="bold")
        if self._test.outcome is not None:
            return self._test.outcome
        result = self._test.result
        return None if result is None else test_result_body(result, colors)

    # ------------------------------------------------------------------ test

    @on(Button.Pressed, "#test")
    def _test_pressed(self) -> None:
        self.action_test()

    def action_test(self) -> None:
        if self.testing:
            self.notify("The test is still running (esc cancels it).", timeout=3)
            return
        config = self.hd_app.config
        if config is None:
            return
        try:
            hook = draft_hook(config, self.draft(), self.scope, replacing=self._hook)
        except HookdashError as exc:
            self.refuse(visible(exc.message), "Cannot test this draft")
            return
        needed = confirmations_needed(config, [hook])
        if not needed:
            self._start_test(config, hook)
            return
        where = config.env.display(config.env.workspace)
        body = untrusted_run_question(hook.id, [c.reason for c in needed], where)

        def answered(yes: bool | None) -> None:
            if yes:
                self._start_test(config, hook)

        self.app.push_screen(ConfirmScreen("Run an untrusted hook?", body, "Run it"), answered)

    def _start_test(self, config: Configuration, hook: Hook) -> None:
        clock = self.hd_app.clock

        async def test() -> FireResult:
            payload = build_payload(
                config,
                hook.event,
                hook=hook,
                session_id=self.hd_app.session_id,
                now=clock() if clock is not None else None,
            )
            return await engine_fire(config, hook.event, hook=hook, payload=payload)

        def cancelled(elapsed: float) -> str:
            return "Cancelled: hookdash killed the hook's process group (the log has the run)."

        self._test.start(test(), cancelled)

    # ------------------------------------------------------------------ save, leave

    def start_save(self) -> None:
        config = self.hd_app.config
        assert config is not None  # (action_save saves only a loaded configuration)
        self._save(config, self.draft())

    def leave_form(self) -> None:
        self.action_cancel_or_close()

    @work(group="form-save", exit_on_error=False)
    async def _save(self, config: Configuration, draft: HookDraft) -> None:
        try:
            review = await asyncio.to_thread(
                review_draft, config, draft, self.scope, replacing=self._hook
            )
            if review.refusal is not None or review.unchanged:
                self._review = review
                self._show_review()
                self.notify(
                    review.refusal or "Every field is as written: there is nothing to save.",
                    title="Nothing saved",
                    severity="error" if review.refusal else "information",
                    timeout=10,
                    markup=False,
                )
                return
            ident = draft.name or draft.command
            label = (
                f"add '{visible(ident)}' to {visible(draft.event)}"
                if self._hook is None
                else f"edit '{visible(self._hook.id)}'"
            )
            try:
                result = await self.hd_app.write(
                    label, save_draft, config, draft, self.scope, replacing=self._hook
                )
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing saved", timeout=12)
                return
            self.dismiss(result)
        finally:
            self._saving = False

    def action_cancel_or_close(self) -> None:
        if self.testing:
            self._test.cancel()
            return
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "test" and self.testing:
            return None  # shown, greyed out
        return True
