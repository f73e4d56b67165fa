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
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import on, work
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.suggester import SuggestFromList
from textual.theme import Theme
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option
from textual.worker import Worker, get_current_worker

from hookdash.core import (
    BUILTIN_TOOLS,
    EVENT_SUMMARIES,
    EVENTS,
    TRIGGER_FIELD,
    TRIGGER_VALUES,
    AuthoringResult,
    Configuration,
    DraftReview,
    FireResult,
    Hook,
    HookdashError,
    HookDraft,
    MatcherPreview,
    build_payload,
    confirmations_needed,
    draft_hook,
    fire as engine_fire,
    match_kind,
    review_draft,
    save_draft,
    state_dir,
    tools_seen,
    visible,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import PlainInput
from hookdash.tui.run_clock import RunClock
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_run_question
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.run_view import heading, run_heading, run_sections

if TYPE_CHECKING:
    pass

NARROW_WIDTH = 110
SHOWN_TOOLS = 6  # matched tool names listed in the matcher's hint before "+N more"
FIELDS = ("matcher", "name", "command", "timeout", "description")


def _event_prompt(event: str) -> Content:
    return Content.assemble((f"{event:<20}", "bold"), (EVENT_SUMMARIES[event], "$text-muted"))


def matcher_hint(preview: MatcherPreview) -> Content:
    """One or two lines under the matcher: what it matches, in the event's terms."""
    if preview.kind == "none":
        return Content.styled(visible(preview.sentence), "$text-muted")
    if preview.kind == "trigger":
        parts: list[Content] = []
        for value in preview.candidates:
            hit = value in preview.matched
            mark = Content.styled("✔ " if hit else "✗ ", "$text-success" if hit else "$text-error")
            label = Content(value)
            if value in preview.never_fired:
                label += Content.styled(" (never sent)", "$text-muted")
            parts.append(mark + label)
        return Content.styled("matches ", "$text-muted") + Content("  ").join(parts)
    builtin = len(preview.candidates) - len(preview.seen)
    seen_note = f" and {len(preview.seen)} seen in the logs" if preview.seen else ""
    if preview.matched and len(preview.matched) == len(preview.candidates):
        return Content.styled(
            f"matches every tool ({builtin} built-in{seen_note}, MCP tools too)", "$text-success"
        )
    if not preview.matched:
        text = f"matches none of the {builtin} built-in tools{seen_note}"
        if preview.sentence.startswith("not a valid"):
            text = preview.sentence
        return Content.styled(
            visible(text) + " · MCP tools are mcp_<server>_<tool>", "$text-warning"
        )
    names = [
        visible(t) + (" (logs)" if t in preview.seen else "") for t in preview.matched[:SHOWN_TOOLS]
    ]
    more = len(preview.matched) - SHOWN_TOOLS
    listed = ", ".join(names) + (f" +{more} more" if more > 0 else "")
    total = f"{len(preview.matched)} of {builtin} built-in tools"
    if preview.seen:
        total = (
            f"{len(preview.matched)} of {len(preview.candidates)} tools: {builtin} built-in, "
            f"{len(preview.seen)} from the logs"
        )
    hint = Content.assemble(("matches ", "$text-muted"), (listed, "$text-success"))
    return hint + Content.styled(f" ({total})", "$text-muted")


def command_hint(hook: Hook | None, display: Any) -> Content:
    """Under the command: the program it starts, flagged when it is missing or cannot run."""
    script = hook.script if hook is not None else None
    if script is None:
        return Content("")
    shown = visible(display(script.path)) if script.path else visible(script.program)
    if script.kind == "command":
        if script.exists:
            return Content.styled(f"✔ runs {shown} (on PATH)", "$text-muted")
        return Content.styled(f"✖ {shown} is not on PATH: bash exits 127", "$text-error")
    if not script.exists:
        return Content.styled(f"✖ {shown} does not exist: bash exits 127", "$text-error")
    if not script.executable:
        what = "readable" if script.kind == "interpreted" else "executable"
        fix = f" (chmod +x {shown})" if what == "executable" else ""
        return Content.styled(f"✖ {shown} is not {what}{fix}: bash exits 126", "$text-error")
    return Content.styled(f"✔ runs {shown}", "$text-muted")


class HookFormScreen(HookdashScreen[AuthoringResult | None]):
    """Adds a hook (`hook` None; `event` preselected) or edits `hook`, whose fields as
    written are `original`. Dismisses with what Save wrote, or None."""

    COMMAND_SCOPE = "hook_form"
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
        self._review: DraftReview | None = None
        self._seen: list[str] = []
        self._test: Worker[None] | None = None
        self._clock = RunClock(self, self._show_review)
        self._result: FireResult | None = None
        self._outcome: Text | None = None  # a cancelled or failed test
        self._saving = False

    # ------------------------------------------------------------------ layout

    def compose(self) -> Any:
        editing = self._hook is not None
        yield Static(id="form-title")
        yield OptionList(
            *[Option(_event_prompt(e), id=e) for e in EVENTS],
            id="form-event",
            disabled=editing,
            markup=False,
        )
        with Horizontal(id="form-columns"):
            # Not focusable itself: tab goes from field to field.
            with VerticalScroll(id="form-fields", can_focus=False):
                for field, label in (
                    ("matcher", "Matcher"),
                    ("name", "Name"),
                    ("command", "Command"),
                    ("timeout", "Timeout"),
                    ("description", "Description"),
                ):
                    with Horizontal(classes="form-row"):
                        yield Label(label, classes="form-label")
                        # The exact value (what Save writes), drawn with hidden
                        # characters shown.
                        yield PlainInput(id=field, compact=True, select_on_focus=False)
                    if field in ("matcher", "command"):
                        yield Static(id=f"{field}-hint", classes="form-hint")
                with Horizontal(classes="form-row", id="scope-row"):
                    yield Label("Scope", classes="form-label")
                    with RadioSet(id="scope", compact=True, disabled=editing):
                        yield RadioButton("user", value=True, compact=True)
                        yield RadioButton("workspace", compact=True)
                    yield Checkbox("sequential", id="sequential", compact=True)
                yield Static(id="scope-hint", classes="form-hint")
                with Horizontal(id="form-buttons"):
                    yield Button("Test (^r)", id="test", compact=True)
                    yield Button("Save (^s)", id="save", variant="primary", compact=True)
                    yield Button("Cancel (esc)", id="cancel", compact=True)
            with VerticalScroll(id="form-review"):
                yield Static(id="review-body")
        yield Footer()

    @property
    def review(self) -> DraftReview | None:
        """The latest review of the draft (None until the first one is done)."""
        return self._review

    @property
    def test_result(self) -> FireResult | None:
        return self._result

    @property
    def testing(self) -> bool:
        return self._test is not None and self._test.is_running

    def on_mount(self) -> None:
        self.query_one("#form-event").border_title = "Event: when it fires · what its hook can do"
        self.query_one("#form-fields").border_title = "Hook"
        self.query_one("#form-review").border_title = "Checks"
        config = self.hd_app.config
        env = config.env if config is not None else self.hd_app.env
        events = self.query_one("#form-event", OptionList)
        events.highlighted = EVENTS.index(self._event)
        self.query_one("#timeout", Input).placeholder = "ms (empty: Gemini's 60000)"
        self.query_one("#name", Input).placeholder = "a short ID (Gemini keys the hook by it)"
        self.query_one("#command", Input).placeholder = "run by bash -c in the workspace"
        self.query_one("#description", Input).placeholder = "optional"
        scope_buttons = list(self.query_one("#scope", RadioSet).query(RadioButton))
        if env.workspace_is_home and self._hook is None:
            scope_buttons[1].disabled = True
        original = self._original
        if original is not None:
            values = {
                "matcher": original.matcher or "",
                "name": original.name or "",
                "command": original.command,
                "timeout": "" if original.timeout_ms is None else str(original.timeout_ms),
                "description": original.description or "",
            }
            for field, value in values.items():
                self.query_one(f"#{field}", Input).value = value
            self.query_one("#sequential", Checkbox).value = original.sequential
            if self._hook is not None and self._hook.scope == "workspace":
                scope_buttons[1].value = True
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.watch(self.app, "config", self._config_changed, init=False)
        self._show_title()
        self._event_changed()
        self._load_seen_tools(env.environ, config)
        (self.query_one("#matcher", Input) if self._hook else events).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    def _theme_changed(self, theme: Theme) -> None:
        self._show_review()

    def _config_changed(self, config: Configuration | None) -> None:
        """Follow a reload: the edited hook as loaded now, then a fresh review."""
        if config is None:
            return
        if self._hook is not None:
            self._hook = next((h for h in config.hooks if h.ref == self._hook.ref), self._hook)
        self._schedule_review()

    def _show_title(self) -> None:
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        if self._hook is None:
            parts = [Content.styled("Add a hook", "bold")]
        else:
            hook = self._hook
            where = display(hook.file) + (f":{hook.line}" if hook.line else "")
            parts = [
                Content.assemble("Edit ", (visible(hook.id), "bold $accent")),
                Content(f"{hook.shown.event} · {hook.scope} settings · {visible(where)}"),
            ]
        parts.append(Content.styled("ctrl+s saves · ctrl+r tests · esc leaves", "$text-muted"))
        self.query_one("#form-title", Static).update(Content(" · ").join(parts))

    # ------------------------------------------------------------------ the draft

    @property
    def event(self) -> str:
        return self._event

    @property
    def scope(self) -> str:
        if self._hook is not None:
            return "workspace" if self._hook.scope == "workspace" else "user"
        return "workspace" if self.query_one("#scope", RadioSet).pressed_index == 1 else "user"

    def draft(self) -> HookDraft:
        """The hook as the fields say now (empty optional fields: left out)."""

        def value(field: str) -> str:
            return self.query_one(f"#{field}", Input).value

        timeout = value("timeout").strip()
        return HookDraft(
            event=self._event,
            command=value("command"),
            name=value("name") or None,
            matcher=value("matcher") or None,
            timeout_ms=timeout or None,
            description=value("description") or None,
            sequential=self.query_one("#sequential", Checkbox).value,
        )

    @on(OptionList.OptionHighlighted, "#form-event")
    def _event_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        if message.option.id is not None and message.option.id != self._event:
            self._event = message.option.id
            self._event_changed()

    def _event_changed(self) -> None:
        event = self._event
        kind = match_kind(event)
        matcher = self.query_one("#matcher", Input)
        if kind == "tool":
            matcher.placeholder = "a regex on the tool name; empty: every tool"
            matcher.suggester = SuggestFromList([*BUILTIN_TOOLS, *self._seen], case_sensitive=True)
        elif kind == "trigger":
            field = TRIGGER_FIELD[event]
            matcher.placeholder = f"the {field}, exactly; empty: every {field}"
            matcher.suggester = SuggestFromList(TRIGGER_VALUES[event], case_sensitive=True)
        else:
            matcher.placeholder = "not used: Gemini ignores matchers for this event"
            matcher.suggester = None
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
        hint = matcher_hint(review.matcher)  # raw-ok: a MatcherPreview, shown by matcher_hint
        self.query_one("#matcher-hint", Static).update(hint)
        self.query_one("#command-hint", Static).update(command_hint(review.hook, display))
        self.query_one("#scope-hint", Static).update(self._scope_hint(config))
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
        parts: list[RenderableType] = [self._checks(colors)]
        test = self._test_body(colors)
        if test is not None:
            parts += [heading("Test", colors, "(not saved: the draft as it is now)"), test]
        review = self._review
        if review is not None and review.diff:
            parts += [heading("What Save writes", colors), self._diff(review.diff, colors)]
        self.query_one("#review-body", Static).update(Group(*parts))

    def _checks(self, colors: Colors) -> RenderableType:
        review = self._review
        text = Text()
        if review is None:
            text.append("Checking…", style=colors.dim)
            return text
        if review.refusal is not None:
            text.append("✖ Save would write nothing: ", style=f"bold {colors.error}")
            text.append(visible(review.refusal))
        elif review.unchanged:
            text.append("· Nothing to save: every field is as written.", style=colors.dim)
        else:
            text.append("✔ ", style=f"bold {colors.success}")
            text.append(visible(review.message.replace("Would ", "Save will ", 1)))
        for warning in review.warnings:
            text.append("\n! ", style=f"bold {colors.warning}")
            text.append(visible(warning))
        for note in review.notes:
            text.append("\n· ", style=colors.dim)
            text.append(visible(note), style=colors.dim)
        hook = review.hook
        if hook is not None and review.refusal is None:
            text.append("\n")
            if hook.runs:
                text.append("Once saved, Gemini CLI runs it.", style=colors.success)
                if hook.trust == "new":
                    text.append(
                        " A project hook: Save records it as trusted, so Gemini does not warn.",
                        style=colors.dim,
                    )
            else:
                why = "; ".join(hook.not_running_because) or "it is not registered"
                text.append(f"Once saved, Gemini CLI would not run it: {visible(why)}.",
                            style=colors.warning)  # fmt: skip
        return text

    @staticmethod
    def _diff(diff: str, colors: Colors) -> Text:
        # Wrapped, never cut: what Save writes is shown whole, long commands included.
        text = Text(overflow="fold")
        for line in diff.splitlines():
            style: str | Style = ""
            if line.startswith(("+++", "---")):
                style = "bold"
            elif line.startswith("+"):
                style = colors.success
            elif line.startswith("-"):
                style = colors.error
            elif line.startswith("@@"):
                style = colors.dim
            text.append(visible(line, multiline=True) + "\n", style=style)
        return text

    def _test_body(self, colors: Colors) -> RenderableType | None:
        if self._clock.running:
            elapsed = self._clock.elapsed()
            frame = self._clock.frame
            return Text(f"{frame} Running… {elapsed:.1f} s · esc cancels it", style="bold")
        if self._outcome is not None:
            return self._outcome
        result = self._result
        if result is None:
            return None
        parts: list[RenderableType] = []
        if not result.gemini_would_run:
            why = visible("; ".join(result.gemini_would_not_run_because))
            parts.append(Text(f"! Gemini CLI would not run it for this payload: {why}",
                              style=colors.warning))  # fmt: skip
        parts.append(Text(visible(result.effect), style="bold"))
        context = result.context.tool_name or result.context.trigger
        payload = f"{visible(result.event)} payload" + (
            f" for {visible(context)}" if context else ""
        )
        parts.append(Text(f"({payload}, as f would send it; l shows the run in the log)",
                          style=colors.dim))  # fmt: skip
        for run in result.results:
            parts += [
                run_heading(run, colors),
                *run_sections(run, colors, with_input=False, fold=True),
            ]
        if result.run_error:
            parts.append(Text(f"! {visible(result.run_error)}", style=colors.error))
        return Group(*parts)

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
            self.notify(visible(exc.message), title="Cannot test this draft", severity="error",
                        timeout=8, markup=False)  # fmt: skip
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
        self._result = None
        self._outcome = None
        self._clock.start()
        self._test = self.run_worker(
            self._fire(config, hook), group="form-test", exclusive=True, exit_on_error=False
        )
        self._show_review()
        self.refresh_bindings()

    async def _fire(self, config: Configuration, hook: Hook) -> None:
        clock = self.hd_app.clock
        try:
            payload = build_payload(
                config,
                hook.event,
                hook=hook,
                session_id=self.hd_app.session_id,
                now=clock() if clock is not None else None,
            )
            self._result = await engine_fire(config, hook.event, hook=hook, payload=payload)
        except asyncio.CancelledError:
            self._outcome = Text(
                "Cancelled: hookdash killed the hook's process group (the log has the run).",
                style="bold",
            )
            self._finish_test()
            raise
        except Exception as exc:  # an engine bug must not take the dashboard down
            self._outcome = Text(f"The engine failed: {visible(str(exc))}", style="bold red")
        self._finish_test()

    def _finish_test(self) -> None:
        self._clock.stop()
        self._show_review()
        self.refresh_bindings()

    # ------------------------------------------------------------------ save, leave

    @on(Button.Pressed, "#save")
    def _save_pressed(self) -> None:
        self.action_save()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel_or_close()

    def action_save(self) -> None:
        config = self.hd_app.config
        if config is None or self._saving:
            return
        draft = self.draft()
        self._saving = True
        self._save(config, draft)

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
                self.notify(visible(exc.message), title="Nothing saved", severity="error",
                            timeout=12, markup=False)  # fmt: skip
                return
            self.dismiss(result)
        finally:
            self._saving = False

    def action_cancel_or_close(self) -> None:
        if self.testing and self._test is not None:
            self._test.cancel()
            return
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "test" and self.testing:
            return None  # shown, greyed out
        return True
