"""The live log's narrowing: by outcome (`b`: blocked, error, timeout, not ok), source
(`s`), event (`e`: the events of the runs kept), the highlighted run's hook (`h`) and
words (`/`, after a pause in typing when many runs are kept); `x` shows every run again.

A base of `LogScreen`, which owns the feed, the title and the record pane.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.events import Paste
from textual.widgets import Input, Static

from hookdash.core import (
    EVENTS,
    OUTCOME_FILTERS,
    SOURCE_FILTERS,
    HookIdentity,
    RunFilter,
    RunRecord,
    hook_of_record,
)
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.widgets.filter_box import Debounced, paste_as_filter
from hookdash.tui.widgets.log_header import facets_line
from hookdash.tui.widgets.run_list import RunList

# With this many runs kept, the text filter waits for a pause in typing.
FILTER_DEBOUNCE_ABOVE = 300
FILTER_DEBOUNCE_SECONDS = 0.15


class LogNarrowing(HookdashScreen[None]):
    """The filter of the live log's runs. See the module docstring."""

    def __init__(self) -> None:
        super().__init__()
        self._filter = RunFilter()
        self._debounce = Debounced(self, FILTER_DEBOUNCE_SECONDS)

    @property
    def runs(self) -> RunList:
        return self.query_one("#runs", RunList)

    def _show_title(self) -> None:
        """Draw the title again (it counts the runs shown)."""

    def _show_record(self, record: RunRecord | None) -> None:
        """Show `record` in the record pane (None: say why there is none)."""

    # ------------------------------------------------------------------ narrowing

    @property
    def run_filter(self) -> RunFilter:
        return self._filter

    def _narrow(self, **changes: Any) -> None:
        """Show only the runs the changed filter accepts."""
        self._filter = self._filter.model_copy(update=changes)
        keep = self._filter.accepts if self._filter.active else None
        self.runs.set_filter(keep)
        self._show_title()
        self._show_facets()
        if self.runs.cursor_record is None:
            self._show_record(None)

    def _show_facets(self) -> None:
        """`b blocked · s source · e event · h hook`: what each key narrows (bright: what
        it narrows to now; dim: nothing yet)."""
        self.query_one("#log-facets", Static).update(facets_line(self._filter))

    def action_focus_filter(self) -> None:
        # Keys that arrive with the `/` in one burst (a paste, fast typing over ssh) must
        # reach the filter, not run as commands on the list (`b`, `s`, `e`, `x`, `f`…): `/`
        # is a priority binding, and focus moves now, not after the keys already queued
        # (as Widget.focus would).
        self.set_focus(self._filter_box)

    def on_paste(self, event: Paste) -> None:
        paste_as_filter(self, self._filter_box, event)

    @on(Input.Changed, "#log-filter")
    def _text_changed(self, event: Input.Changed) -> None:
        wait = self.runs.total > FILTER_DEBOUNCE_ABOVE
        self._debounce.call(lambda: self._narrow(text=event.value), wait=wait)

    @on(Input.Submitted, "#log-filter")
    def _text_submitted(self, event: Input.Submitted) -> None:
        self._debounce.cancel()
        self._narrow(text=event.value)
        self.runs.focus()

    def action_cycle_outcome(self) -> None:
        outcomes = OUTCOME_FILTERS
        self._narrow(outcome=outcomes[(outcomes.index(self._filter.outcome) + 1) % len(outcomes)])

    def action_cycle_source(self) -> None:
        sources = SOURCE_FILTERS
        self._narrow(source=sources[(sources.index(self._filter.source) + 1) % len(sources)])

    def action_cycle_event(self) -> None:
        """Step through the events of the runs kept (in Gemini's order), then all."""
        seen = {record.event for record in self.runs.records}
        if self._filter.event is not None:
            seen.add(self._filter.event)
        order = {event: i for i, event in enumerate(EVENTS)}
        events: list[str | None] = [
            None,
            *sorted(seen, key=lambda e: (order.get(e, len(order)), e)),
        ]
        if len(events) == 1:
            self.notify("No runs yet: there is no event to narrow to.", timeout=3)
            return
        self._narrow(event=events[(events.index(self._filter.event) + 1) % len(events)])

    def action_filter_hook(self) -> None:
        """Only the highlighted run's hook (again: every hook)."""
        if self._filter.hook is not None:
            self._narrow(hook=None)
            return
        record = self.runs.cursor_record
        if record is None:
            self.notify("No run is highlighted.", timeout=3)
            return
        config = self.hd_app.config
        hook = hook_of_record(record, config.hooks) if config is not None else None
        identity = HookIdentity.of_hook(hook) if hook else HookIdentity.of_record(record)
        self._narrow(hook=identity)

    def action_clear_filters(self) -> None:
        self._filter_box.value = ""
        self._narrow(outcome="all", source="all", event=None, hook=None, text="")
        self.runs.focus()

    @property
    def _filter_box(self) -> Input:
        return self.query_one("#log-filter", Input)
