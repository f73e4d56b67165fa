"""What the plan screens of both hosts share: the layout (title, the event and its match
value on one line, the summary, the hooks in order, the run pane), the event picker, the
list that keeps its highlighted hook across re-plans, `enter` to go to a hook, and the
keys of the whole event's run (ctrl+r): `esc` cancels it, `o` shows its whole output.

Gemini CLI's plan (`plan.PlanScreen`) and Claude Code's (`claude_plan.ClaudePlanScreen`)
each bring their events, their match fields and their planner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from textual import on
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from hookdash.tui.commands import bindings_for
from hookdash.tui.run_clock import ResultT, ShowsEngineRun
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.list_keys import KeyedOptionList


class PlanBase(ShowsEngineRun[ResultT], HookdashScreen[None]):
    """A plan screen; a host's screen gives `TITLE_TEXT`, `EVENTS`, `match_fields`,
    `fill_match_fields`, `replan`, its run (`self._run`, `action_run_event`) and
    `output_sections`."""

    COMMAND_SCOPE = "plan"
    BINDINGS = bindings_for("plan")
    CONFIG_AT_MOUNT = False  # on_mount fills the form, which plans
    TITLE_TEXT: ClassVar[str]
    EVENTS: ClassVar[Sequence[str]]
    RUNS_TITLE: ClassVar[str] = "Runs, in order"  # the list's title: how the host runs them

    def __init__(self, event: str | None) -> None:
        super().__init__()
        self._event: str = event if event is not None and event in self.EVENTS else self.EVENTS[0]
        self._refs: list[str | None] = []  # the hook ref of each option (None: a heading)
        self._fired: str = ""  # what ctrl+r fired: "BeforeTool · tool run_shell_command"
        self._filling = False  # `prefill` is setting the match fields: no re-plan per field

    def compose(self) -> Any:
        yield Static(self.TITLE_TEXT, id="plan-title")
        with Horizontal(id="plan-form"):
            yield Label("Event", classes="plan-label")
            yield Select(
                [(e, e) for e in self.EVENTS],
                value=self._event,
                allow_blank=False,
                compact=True,
                id="plan-event",
            )
            yield from self.match_fields()
        yield Static(id="plan-summary")
        yield KeyedOptionList(id="plan-list")
        with VerticalScroll(id="plan-result"):
            yield Static(id="plan-result-body")
        yield Footer()

    def match_fields(self) -> Iterable[Widget]:
        """The form's fields after the event: what the event is matched with (those typed
        or picked in have the class `plan-match`)."""
        raise NotImplementedError

    def fill_match_fields(self) -> None:
        """Show the fields `self._event` matches on, with the values a firing would have."""
        raise NotImplementedError

    def prefill(self) -> None:
        """The match fields for the event, then the plan (once, not once per field)."""
        self._filling = True
        try:
            self.fill_match_fields()
        finally:
            self._filling = False
        self.replan()

    def replan(self) -> None:
        """Plan again for the form's values."""
        raise NotImplementedError

    def output_sections(self) -> list[tuple[str, str]]:
        """(title, text) of the last run's whole output (`o`); [] when nothing ran."""
        raise NotImplementedError

    def on_mount(self) -> None:
        self.query_one("#plan-list").border_title = self.RUNS_TITLE
        self.prefill()
        self.query_one("#plan-event", Select).focus()

    def config_changed(self, config: Any) -> None:
        self.replan()

    def event_chosen(self, event: str) -> None:
        """Another event picked: forget the hook the screen was opened on."""
        self._event = event
        self.prefill()

    @on(Select.Changed, "#plan-event")
    def _event_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self._event:
            self.event_chosen(event.value)

    @on(Input.Changed, ".plan-match")
    @on(Select.Changed, ".plan-match")
    def _match_changed(self) -> None:
        if not self._filling:
            self.replan()

    @on(Input.Submitted, ".plan-match")
    def _match_submitted(self) -> None:
        self.query_one("#plan-list", OptionList).focus()

    def show_plan(
        self, summary: RenderableType, items: list[Option | None], refs: list[str | None]
    ) -> None:
        """The summary and the list, the highlighted hook kept where it still is."""
        self.query_one("#plan-summary", Static).update(summary)
        options = self.query_one("#plan-list", OptionList)
        keep = self._highlighted_ref()
        options.clear_options()
        options.add_options(items)
        self._refs = refs
        if keep in refs:
            options.highlighted = refs.index(keep)
        else:
            options.highlighted = next((i for i, r in enumerate(refs) if r is not None), None)

    def _highlighted_ref(self) -> str | None:
        index = self.query_one("#plan-list", OptionList).highlighted
        if index is None or not 0 <= index < len(self._refs):
            return None
        return self._refs[index]

    # ------------------------------------------------------------ the whole event's run

    def scroll_run_home(self) -> None:
        self.query_one("#plan-result", VerticalScroll).scroll_home(animate=False)

    def action_cancel_run(self) -> None:
        self._run.cancel()

    def action_show_output(self) -> None:
        sections = self.output_sections()
        if sections:
            from hookdash.tui.screens.output import OutputScreen

            self.app.push_screen(OutputScreen(f"Output of {self._fired}", sections))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel_run":
            return self.running
        if action == "run_event" and self.running:
            return None
        if action == "show_output":  # greyed out until there is a result
            return True if self.output_sections() else None
        return True

    # ------------------------------------------------------------ going to a hook

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
