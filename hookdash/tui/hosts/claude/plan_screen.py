"""Plan a Claude Code event: the hooks Claude Code 2.1.332 would run for one firing (all in
parallel, identical handlers once), and why not the rest.

Pick the event (default: the selected hook's) and the value its matcher is tested against
(the tool name, SessionStart's source, Notification's type, …; none for events such as
Stop), prefilled with the value `f` would send for the hook (`claude_match_query`); the
plan (`core.claude_plan`) follows every change: the hooks Claude runs, those it leaves out
with why, then Claude's notes. Where the plan runs project hooks of a folder Claude Code
does not trust, the summary says that `claude -p` runs them without asking.

`ctrl+r` fires the whole event as `hookdash fire --host claude EVENT` does (`fire_claude`:
Claude's payload for the value in the form, every planned command hook in parallel,
the run log), asking first as `f` does where `fire --host claude` needs `--yes`
(`claude_confirmations`). `esc` cancels the run (the hooks' process groups are killed).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from hookdash.core import (
    CLAUDE_EVENTS,
    ClaudeHook,
    ClaudePlan,
    build_claude_payload,
    claude_confirmations,
    claude_match_query,
    claude_no_ask_line,
    claude_offered_values,
    claude_plan,
    fire_claude,
    visible,
)
from hookdash.tui.colors import colors_for
from hookdash.tui.hosts.claude.fire_result import (
    claude_fire_result_body,
    claude_result_sections,
)
from hookdash.tui.hosts.claude.plan_view import claude_plan_rows, claude_plan_summary
from hookdash.tui.plain import PlainInput, fill, plain_content
from hookdash.tui.run_clock import EngineRun
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_hooks_question
from hookdash.tui.screens.plan_base import PlanBase
from hookdash.tui.widgets.fire_result import runlog_shown

if TYPE_CHECKING:
    from hookdash.core import ClaudeFireResult, ClaudeSnapshot, Configuration


class ClaudePlanScreen(PlanBase["ClaudeFireResult"]):
    TITLE_TEXT = "Plan: which hooks Claude Code would run for one firing of an event"
    EVENTS = CLAUDE_EVENTS
    RUNS_TITLE = "Runs, all at once"  # Claude starts an event's hooks in parallel

    def __init__(self, event: str | None = None, hook: ClaudeHook | None = None) -> None:
        super().__init__(event)
        self._hook = hook if hook is not None and hook.event == self._event else None
        self._field: str | None = None  # what the event's matcher is tested against
        self._plan: ClaudePlan | None = None
        self._done = 0  # hooks of the running event that finished
        self._firing = 0  # hooks the running event fires
        self._run: EngineRun[ClaudeFireResult] = EngineRun(
            self, self._show_run, group="plan-fire", finished=self.scroll_run_home
        )

    @property
    def plan(self) -> ClaudePlan | None:
        """The plan on the screen (None before the first)."""
        return self._plan

    def match_fields(self) -> Iterable[Widget]:
        yield Label("", id="plan-match-label", classes="plan-label")
        yield PlainInput(compact=True, id="plan-value", classes="plan-match")
        yield Static("", id="plan-none")

    def theme_changed(self) -> None:
        self.replan()
        self._show_run()

    # ------------------------------------------------------------------ the form

    def fill_match_fields(self) -> None:
        event = self._event
        matcher = self._hook.matcher if self._hook is not None else None
        field, value = claude_match_query(event, matcher)
        self._field = field
        label = self.query_one("#plan-match-label", Label)
        box = self.query_one("#plan-value", Input)
        none = self.query_one("#plan-none", Static)
        label.display = box.display = field is not None
        none.display = field is None
        if field is not None:
            label.update(plain_content(field))
            box.placeholder = f"{field} (empty: any)"
            box.suggester = SuggestFromList(claude_offered_values(event), case_sensitive=True)
            fill(box, value)  # drawn with hidden characters shown
        else:
            none.update(
                f"{event} takes no matcher: Claude Code ignores every matcher and runs all "
                "its hooks."
            )

    def event_chosen(self, event: str) -> None:
        self._hook = None
        super().event_chosen(event)

    def _value(self) -> str | None:
        if self._field is None:
            return None
        return self.query_one("#plan-value", Input).value.strip() or None

    def _snapshot(self) -> tuple[Configuration, ClaudeSnapshot] | None:
        config = self.hd_app.config
        if config is None or config.claude is None:
            return None
        return config, config.claude

    # ------------------------------------------------------------------ the plan

    def replan(self) -> None:
        loaded = self._snapshot()
        if loaded is None:
            return
        config, claude = loaded
        value = self._value()
        # (claude_plan reads the tool for tool events and the trigger for the others.)
        result = claude_plan(claude, self._event, value, value)
        self._plan = result
        colors = colors_for(self.app)
        summary = claude_plan_summary(result, claude_no_ask_line(claude), colors)
        items, refs = claude_plan_rows(result, config.env.display, colors)
        self.show_plan(summary, items, refs)

    # ------------------------------------------------------------------ firing the event

    def action_run_event(self) -> None:
        if self.running:
            self.notify("The event is still running (esc cancels it).", timeout=3)
            return
        loaded = self._snapshot()
        the_plan = self._plan
        if loaded is None or the_plan is None:
            return
        config, claude = loaded
        event = visible(self._event)
        if not the_plan.hooks:
            self.notify(f"Claude Code would run no hook for {event} here: nothing to fire.")
            return
        if not any(h.hookdash_fires for h in the_plan.hooks):
            self.notify(
                f"Claude Code runs {event}'s hooks itself: none is a command hook, and "
                "hookdash fires only command hooks.",
                timeout=5,
            )
            return
        needed = claude_confirmations(the_plan.hooks)
        if not needed:
            self._start(claude, config.env.environ)
            return
        where = config.env.display(claude.workspace)
        reasons = [(c.id, c.reason) for c in needed]
        body = untrusted_hooks_question(reasons, len(the_plan.hooks), where)

        def answered(yes: bool | None) -> None:
            if yes:
                self._start(claude, config.env.environ)

        self.app.push_screen(ConfirmScreen("Run Claude Code hooks?", body, "Run them"), answered)

    def _start(self, claude: ClaudeSnapshot, environ: Mapping[str, str]) -> None:
        event, value = self._event, self._value()
        label = event + (f" · {self._field} {value}" if self._field and value else "")
        self._fired = label
        self._done = 0
        self._firing = sum(h.hookdash_fires for h in self._plan.hooks) if self._plan else 0
        self.add_class("-ran")

        def cancelled(elapsed: float) -> str:
            return (
                f"Cancelled after {elapsed:.1f} s: hookdash killed the running hooks' process "
                "groups (a cancelled event is not logged). ctrl+r runs the event again; esc "
                "goes back."
            )

        def finished(index: int, run: object) -> None:
            self._done += 1
            self._show_run()

        payload = build_claude_payload(claude, event, tool=value, trigger=value)
        run = fire_claude(claude, event, payload=payload, environ=environ, on_result=finished)
        self._run.start(run, cancelled, succeeded=lambda: self.query_one("#plan-result").focus())

    def _show_run(self) -> None:
        """The run pane: how far the event got, then the result."""
        if not self.has_class("-ran"):
            return
        self.query_one("#plan-result").border_title = plain_content(f"Run: {self._fired}")
        colors = colors_for(self.app)
        body: RenderableType
        if self._run.clock.running:
            elapsed = self._run.clock.elapsed()
            text = Text()
            text.append(
                f"{self._run.clock.frame} Running {visible(self._fired)}, in parallel… "
                f"{elapsed:.1f} s\n",
                "bold",
            )
            text.append(f"  {self._done} of {self._firing} hooks finished\n", colors.dim)
            text.append("\nesc cancels the run (kills the hooks' process groups).", colors.dim)
            body = text
        elif self._run.result is not None:
            logged_to = runlog_shown(self.hd_app.config)
            body = claude_fire_result_body(self._run.result, colors, logged_to=logged_to)
        elif self._run.outcome is not None:
            body = self._run.outcome
        else:
            body = Text("")
        self.query_one("#plan-result-body", Static).update(body)

    def output_sections(self) -> list[tuple[str, str]]:
        result = self._run.result
        if result is None or not result.results:
            return []
        return claude_result_sections(result)
