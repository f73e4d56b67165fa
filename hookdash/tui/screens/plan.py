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

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.containers import Horizontal, VerticalScroll
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList, Select, Static

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
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import PlainInput, fill, plain_content
from hookdash.tui.run_clock import EngineRun, ShowsEngineRun
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_hooks_question
from hookdash.tui.widgets.fire_result import fire_result_body, runlog_shown
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.list_keys import KeyedOptionList
from hookdash.tui.widgets.plan_view import plan_rows, plan_summary, progress_lines


class PlanScreen(ShowsEngineRun, HookdashScreen[None]):
    COMMAND_SCOPE = "plan"
    BINDINGS = bindings_for("plan")
    CONFIG_AT_MOUNT = False  # on_mount fills the form, which plans

    def __init__(self, event: str | None = None, hook: Hook | None = None) -> None:
        super().__init__()
        self._event = event if event in EVENTS else EVENTS[0]
        self._hook = hook if hook is not None and hook.event == self._event else None
        self._plan: Plan | None = None
        self._refs: list[str | None] = []  # the hook ref of each option (None: a heading)
        self._filling = False
        # Firing the whole event (ctrl+r):
        self._fired: str = ""  # what was fired: "BeforeTool · tool run_shell_command"
        self._progress: list[tuple[Hook, HookRunResult | None]] = []  # while running
        self._sequential = False
        self._run = EngineRun(self, self._show_run, group="plan-fire", finished=self._scroll_home)

    def compose(self) -> Any:
        yield Static(
            "Plan: which hooks Gemini CLI would run for one firing of an event, in order",
            id="plan-title",
        )
        with Horizontal(id="plan-form"):
            yield Label("Event", classes="plan-label")
            yield Select(
                [(e, e) for e in EVENTS],
                value=self._event,
                allow_blank=False,
                compact=True,
                id="plan-event",
            )
            yield Label("tool", id="plan-match-label", classes="plan-label")
            yield PlainInput(
                placeholder="tool name (empty: any)",
                compact=True,
                suggester=SuggestFromList(list(BUILTIN_TOOLS), case_sensitive=True),
                id="plan-tool",
            )
            yield Select([], compact=True, allow_blank=True, prompt="any", id="plan-trigger")
            yield Static("", id="plan-none")
        yield Static(id="plan-summary")
        yield KeyedOptionList(id="plan-list")
        with VerticalScroll(id="plan-result"):
            yield Static(id="plan-result-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#plan-list").border_title = "Runs, in order"
        self._prefill()
        self.query_one("#plan-event", Select).focus()

    def theme_changed(self) -> None:
        self._replan()
        self._show_run()

    def config_changed(self, config: Configuration) -> None:
        self._replan()

    # ------------------------------------------------------------------ the form

    def _prefill(self) -> None:
        """Show the fields this event matches on, with the values a firing would have."""
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
        self._filling = True
        try:
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
                    f"{event} has no match context: Gemini ignores every matcher and runs all "
                    "its hooks."
                )
        finally:
            self._filling = False
        self._replan()

    @on(Select.Changed, "#plan-event")
    def _event_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self._event:
            self._event = event.value
            self._hook = None
            self._prefill()

    @on(Input.Changed, "#plan-tool")
    @on(Select.Changed, "#plan-trigger")
    def _match_changed(self) -> None:
        if not self._filling:
            self._replan()

    @on(Input.Submitted, "#plan-tool")
    def _tool_submitted(self) -> None:
        self.query_one("#plan-list", OptionList).focus()

    def _match_values(self) -> tuple[str | None, str | None]:
        kind = match_kind(self._event)
        if kind == "tool":
            return self.query_one("#plan-tool", Input).value.strip() or None, None
        if kind == "trigger":
            value = self.query_one("#plan-trigger", Select).value
            return None, value if isinstance(value, str) else None
        return None, None

    # ------------------------------------------------------------------ the plan

    def _replan(self) -> None:
        config = self.hd_app.config
        if config is None:
            return
        tool, trigger = self._match_values()
        result = plan(config, self._event, tool, trigger)
        self._plan = result
        colors = colors_for(self.app)
        self.query_one("#plan-summary", Static).update(plan_summary(result, self._event, colors))
        options = self.query_one("#plan-list", OptionList)
        keep = self._highlighted_ref()
        options.clear_options()
        items, refs = plan_rows(result, config, self._event, colors)
        options.add_options(items)
        self._refs = refs
        if keep in refs:
            options.highlighted = refs.index(keep)
        else:
            options.highlighted = next((i for i, r in enumerate(refs) if r is not None), None)

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

    def _scroll_home(self) -> None:
        self.query_one("#plan-result", VerticalScroll).scroll_home(animate=False)

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

    def action_cancel_run(self) -> None:
        self._run.cancel()

    def action_show_output(self) -> None:
        result = self._run.result
        if result is None or not result.results:
            return
        from hookdash.tui.screens.output import OutputScreen
        from hookdash.tui.widgets.run_view import output_sections

        sections = output_sections(result.results, result.aggregate)
        self.app.push_screen(OutputScreen(f"Output of {self._fired}", sections))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel_run":
            return self.running
        if action == "run_event" and self.running:
            return None
        if action == "show_output":  # greyed out until there is a result
            result = self._run.result
            return True if result is not None and result.results else None
        return True

    # ------------------------------------------------------------------ actions

    def _highlighted_ref(self) -> str | None:
        index = self.query_one("#plan-list", OptionList).highlighted
        if index is None or not 0 <= index < len(self._refs):
            return None
        return self._refs[index]

    @on(OptionList.OptionSelected, "#plan-list")
    def _selected(self) -> None:
        self.action_go_to_hook()

    def action_go_to_hook(self) -> None:
        ref = self._highlighted_ref()
        if ref is None:
            return
        self.dismiss()
        self.hd_app.go_to_hook(ref)

    def action_close(self) -> None:
        self.dismiss()
