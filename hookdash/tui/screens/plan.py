"""Plan an event: the hooks Gemini would run for one firing, in order, and why not the rest.

Pick the event (default: the selected hook's) and what it is matched with — a tool name
for BeforeTool/AfterTool, a trigger value for SessionStart/SessionEnd/PreCompress —
prefilled from `core.engine.default_match_values`; the plan (`core.engine.plan`) follows
every change. `enter` on a hook goes to it in the hook list.

`ctrl+r` fires the whole event as `hookdash fire EVENT` does: the engine builds the
payload for the event and the tool or trigger in the form, plans it the same way, and
runs every planned hook in Gemini's order and parallelism (asking first when Gemini
would: `confirmations_needed`). A pane under the plan follows each hook as it starts and
ends, then shows the result verdict first (`widgets.fire_result`); `esc` cancels a run
(the engine kills the hooks' process groups), a second `esc` leaves.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.text import Text
from textual.containers import VerticalScroll
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static

from hookdash.core import (
    BUILTIN_TOOLS,
    EVENTS,
    FIRED_TRIGGERS,
    TRIGGER_FIELD,
    TRIGGER_VALUES,
    Configuration,
    FireResult,
    Hook,
    HookRunResult,
    Plan,
    build_payload,
    confirmations_needed,
    default_match_values,
    fire as engine_fire,
    match_kind,
    plan,
    visible,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.plain import PlainInput, fill, plain_content
from hookdash.tui.run_clock import EngineRun
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_hooks_question
from hookdash.tui.screens.plan_base import PlanBase
from hookdash.tui.widgets.fire_result import fire_result_body, runlog_shown
from hookdash.tui.widgets.plan_view import plan_rows, plan_summary, progress_lines


class PlanScreen(PlanBase):
    TITLE_TEXT = "Plan: which hooks Gemini CLI would run for one firing of an event, in order"
    EVENTS = EVENTS

    def __init__(self, event: str | None = None, hook: Hook | None = None) -> None:
        super().__init__(event)
        self._hook = hook if hook is not None and hook.event == self._event else None
        self._plan: Plan | None = None
        # Firing the whole event (ctrl+r):
        self._progress: list[tuple[Hook, HookRunResult | None]] = []  # while running
        self._sequential = False
        self._run = EngineRun(
            self, self._show_run, group="plan-fire", finished=self.scroll_run_home
        )

    def match_fields(self) -> Iterable[Widget]:
        yield Label("tool", id="plan-match-label", classes="plan-label")
        yield PlainInput(
            placeholder="tool name (empty: any)",
            compact=True,
            suggester=SuggestFromList(list(BUILTIN_TOOLS), case_sensitive=True),
            id="plan-tool",
            classes="plan-match",
        )
        yield Select(
            [],
            compact=True,
            allow_blank=True,
            prompt="any",
            id="plan-trigger",
            classes="plan-match",
        )
        yield Static("", id="plan-none")

    def theme_changed(self) -> None:
        self.replan()
        self._show_run()

    # ------------------------------------------------------------------ the form

    def fill_match_fields(self) -> None:
        config = self.hd_app.config
        event = self._event
        kind = match_kind(event)
        tool, trigger = (None, None)
        if config is not None:
            tool, trigger = default_match_values(config, event, self._hook)
        label = self.query_one("#plan-match-label", Label)
        tool_box = self.query_one("#plan-tool", Input)
        trigger_box = self.query_one("#plan-trigger", Select)
        none = self.query_one("#plan-none", Static)
        label.display = kind != "none"
        tool_box.display = kind == "tool"
        trigger_box.display = kind == "trigger"
        none.display = kind == "none"
        if kind == "tool":
            label.update("tool")
            fill(tool_box, tool or "")  # drawn with hidden characters shown
        elif kind == "trigger":
            field = TRIGGER_FIELD[event]
            label.update(field)
            options = []
            for value in TRIGGER_VALUES[event]:
                shown = value if value in FIRED_TRIGGERS[event] else f"{value} (never fired)"
                options.append((shown, value))
            trigger_box.set_options(options)
            trigger_box.value = trigger if trigger is not None else Select.BLANK
        else:
            none.update(
                f"{event} takes no matcher: Gemini ignores every matcher and runs all its hooks."
            )

    def event_chosen(self, event: str) -> None:
        self._hook = None
        super().event_chosen(event)

    def _match_values(self) -> tuple[str | None, str | None]:
        kind = match_kind(self._event)
        if kind == "tool":
            return self.query_one("#plan-tool", Input).value.strip() or None, None
        if kind == "trigger":
            value = self.query_one("#plan-trigger", Select).value
            return None, value if isinstance(value, str) else None
        return None, None

    # ------------------------------------------------------------------ the plan

    def replan(self) -> None:
        config = self.hd_app.config
        if config is None:
            return
        tool, trigger = self._match_values()
        result = plan(config, self._event, tool, trigger)
        self._plan = result
        colors = colors_for(self.app)
        items, refs = plan_rows(result, config, self._event, colors)
        self.show_plan(plan_summary(result, self._event, colors), items, refs)

    # ------------------------------------------------------------------ firing the event

    def action_run_event(self) -> None:
        if self.running:
            self.notify("The event is still running (esc cancels it).", timeout=3)
            return
        config = self.hd_app.config
        the_plan = self._plan
        if config is None or the_plan is None:
            return
        event = self._event
        tool, trigger = self._match_values()
        if not the_plan.hooks:
            self.notify(f"Gemini would run no hook for {event} here: nothing to fire.", timeout=4)
            return
        needed = confirmations_needed(config, the_plan.hooks)
        if not needed:
            self._start(config, event, tool, trigger)
            return
        where = config.env.display(config.env.workspace)
        reasons = [(c.id, c.reason) for c in needed]
        body = untrusted_hooks_question(reasons, len(the_plan.hooks), where)

        def answered(yes: bool | None) -> None:
            if yes:
                self._start(config, event, tool, trigger)

        self.app.push_screen(ConfirmScreen("Run untrusted hooks?", body, "Run them"), answered)

    def _start(
        self, config: Configuration, event: str, tool: str | None, trigger: str | None
    ) -> None:
        context = self._plan.context if self._plan is not None else None
        label = event
        if context is not None and context.tool_name:
            label += f" · tool {context.tool_name}"
        elif context is not None and context.trigger:
            label += f" · {TRIGGER_FIELD.get(event, 'trigger')} {context.trigger}"
        self._fired = label
        self._progress = []
        self._sequential = self._plan.sequential if self._plan is not None else False
        self.add_class("-ran")

        def cancelled(elapsed: float) -> str:
            return (
                f"Cancelled after {elapsed:.1f} s: hookdash killed the running hooks' process "
                "groups. The runs are in the log (the unfinished ones as cancelled). ctrl+r "
                "runs the event again; esc goes back."
            )

        run = self._fire(config, event, tool, trigger)
        self._run.start(run, cancelled, succeeded=lambda: self.query_one("#plan-result").focus())

    async def _fire(
        self, config: Configuration, event: str, tool: str | None, trigger: str | None
    ) -> FireResult:
        clock = self.hd_app.clock
        payload = build_payload(
            config,
            event,
            tool_name=tool,
            trigger=trigger,
            session_id=self.hd_app.session_id,
            now=clock() if clock is not None else None,
        )

        def started(index: int, hook: Hook) -> None:
            self._progress.append((hook, None))
            self._show_run()

        def finished(index: int, run: HookRunResult) -> None:
            for i, (hook, _) in enumerate(self._progress):
                if hook.ref == run.ref:
                    self._progress[i] = (hook, run)
            self._show_run()

        return await engine_fire(
            config, event, payload=payload, on_start=started, on_result=finished
        )

    def _show_run(self) -> None:
        """The run pane: each hook as it starts and ends, then the result."""
        pane = self.query_one("#plan-result", VerticalScroll)
        if not self.has_class("-ran"):
            return
        pane.border_title = plain_content(f"Run: {self._fired}")
        colors = colors_for(self.app)
        body: RenderableType
        if self._run.clock.running:
            elapsed = self._run.clock.elapsed()
            frame = self._run.clock.frame
            how = "one after another" if self._sequential else "in parallel"
            text = Text()
            text.append(f"{frame} Running {visible(self._fired)}, {how}… {elapsed:.1f} s\n", "bold")
            text.append_text(self._progress_lines(colors, frame))
            text.append("\nesc cancels the run (kills the hooks' process groups).", colors.dim)
            body = text
        elif self._run.result is not None:
            logged_to = runlog_shown(self.hd_app.config)
            body = fire_result_body(
                self._run.result, colors, logged_to=logged_to, single_hook=False
            )
        elif self._run.outcome is not None:
            body = Group(self._run.outcome, Text(""), self._progress_lines(colors, "○"))
        else:
            body = Text("")
        self.query_one("#plan-result-body", Static).update(body)

    def _progress_lines(self, colors: Colors, unfinished: str) -> Text:
        return progress_lines(self._progress, colors, unfinished, self._run.clock.running)

    def output_sections(self) -> list[tuple[str, str]]:
        result = self._run.result
        if result is None or not result.results:
            return []
        from hookdash.tui.widgets.run_view import output_sections

        return output_sections(result.results, result.aggregate)
