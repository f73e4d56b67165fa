"""Plan an event: the hooks Gemini would run for one firing, in order, and why not the rest.

Pick the event (default: the selected hook's) and what it is matched with — a tool name
for BeforeTool/AfterTool, a trigger value for SessionStart/SessionEnd/PreCompress —
prefilled from `core.engine.default_match_values`; the plan (`core.engine.plan`) follows
every change. `enter` on a hook goes to it in the hook list.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import on
from textual.containers import Horizontal
from textual.suggester import SuggestFromList
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from hookdash.core import (
    BUILTIN_TOOLS,
    EVENTS,
    FIRED_TRIGGERS,
    TRIGGER_FIELD,
    TRIGGER_VALUES,
    Configuration,
    Hook,
    Plan,
    default_match_values,
    match_kind,
    plan,
    visible,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import PlainInput, plain
from hookdash.tui.screens.base import HookdashScreen

_SKIP_WORDS = {
    "disabled": "disabled",
    "matcher": "matcher",
    "duplicate": "duplicate",
    "untrusted-folder": "folder untrusted",
    "hooks-disabled": "hooks off",
    "ignored-layer": "file ignored",
    "invalid": "invalid",
    "unknown-event": "unknown event",
    "gemini-refuses-to-start": "Gemini won't start",
    "planner-error": "planner throws",
}


class PlanScreen(HookdashScreen[None]):
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
        yield OptionList(id="plan-list")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#plan-list").border_title = "Runs, in order"
        self._prefill()
        self.query_one("#plan-event", Select).focus()

    def theme_changed(self) -> None:
        self._replan()

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
                tool_box.value = tool or ""  # drawn with hidden characters shown
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
        self.query_one("#plan-summary", Static).update(self._summary(result, colors))
        options = self.query_one("#plan-list", OptionList)
        keep = self._highlighted_ref()
        options.clear_options()
        items: list[Option | None] = []
        refs: list[str | None] = []
        by_ref = {h.ref: h for h in config.hooks}
        display = config.env.display
        for i, hook in enumerate(result.hooks, 1):
            shown = hook.shown
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"{i:>2}. ", style=colors.dim)
            line.append(shown.id, style=f"bold {colors.success}")
            line.append(f"  {shown.layer_label}", style=colors.accent)
            if isinstance(hook.matcher, str) and hook.matcher:
                line.append(f"  [{shown.matcher}]", style=colors.dim)
            if hook.sequential:
                line.append('  "sequential": true', style=colors.warning)
            where = visible(display(hook.file)) + (f":{hook.line}" if hook.line else "")
            more = Text(where, style=colors.dim)
            if hook.command:
                more.append("\n" + " ".join(shown.command.split()))
            items.append(Option(Group(line, Padding(more, (0, 0, 0, 4)))))
            refs.append(hook.ref)
        if result.skipped:
            title = Text(f"Not run ({len(result.skipped)})", style=colors.heading)
            if items:
                items.append(None)  # a separator line (not an option: no ref)
            items.append(Option(title, disabled=True))
            refs.append(None)
            for skipped in result.skipped:
                found = by_ref.get(skipped.ref)
                layer = found.shown.layer_label if found is not None else skipped.scope
                line = Text(no_wrap=True, overflow="ellipsis")
                line.append(" – ", style=colors.dim)
                line.append(visible(skipped.id), style="bold")
                line.append(f"  {layer}", style=colors.accent)
                word = _SKIP_WORDS.get(skipped.reason, skipped.reason)  # raw-ok: a literal
                line.append(f"  {word}", colors.warning)
                parts: list[RenderableType] = [line]
                if skipped.detail:
                    parts.append(Padding(plain(skipped.detail, colors.dim), (0, 0, 0, 4)))
                items.append(Option(Group(*parts)))
                refs.append(skipped.ref)
        if not items:
            items.append(Option(Text(f"No hook is configured for {self._event}."), disabled=True))
            refs.append(None)
        options.add_options(items)
        self._refs = refs
        if keep in refs:
            options.highlighted = refs.index(keep)
        else:
            options.highlighted = next((i for i, r in enumerate(refs) if r is not None), None)

    def _summary(self, result: Plan, colors: Colors) -> RenderableType:
        event = self._event
        kind = match_kind(event)
        context = result.context
        if kind == "tool":
            label = f"tool {visible(context.tool_name)}" if context.tool_name else "any tool"
        elif kind == "trigger":
            field = TRIGGER_FIELD[event]
            label = f"{field} {visible(context.trigger)}" if context.trigger else f"any {field}"
        else:
            label = "no match context"
        head = Text()
        head.append(event, style="bold")
        head.append(f" · {label}: ")
        n = len(result.hooks)
        if n:
            mode = (
                ' one after another (a matching definition says "sequential": true)'
                if result.sequential
                else " in parallel"
                if n > 1
                else ""
            )
            head.append(f"Gemini runs {n} hook{'s' if n > 1 else ''}{mode}", style="bold")
        else:
            head.append("Gemini runs no hook", style="bold")
        lines: list[RenderableType] = [head]
        if result.error:
            lines.append(plain(f"! {result.error}", colors.error))
        if kind == "tool" and not context.tool_name:
            lines.append(
                Text(
                    "No tool name: Gemini always passes one, so every hook is listed as if its "
                    "matcher matched. Type a tool name to see which do.",
                    style=colors.dim,
                )
            )
        if kind == "trigger":
            field = TRIGGER_FIELD[event]
            if not context.trigger:
                lines.append(
                    Text(
                        f"No {field}: Gemini always passes one "
                        f"({', '.join(FIRED_TRIGGERS[event])}); pick one to see which hooks "
                        "match it.",
                        style=colors.dim,
                    )
                )
            elif context.trigger not in FIRED_TRIGGERS[event]:
                lines.append(
                    Text(
                        f"Gemini CLI 0.61 never fires {event} with {field} "
                        f"{visible(repr(context.trigger))} (it uses "
                        f"{', '.join(FIRED_TRIGGERS[event])}).",
                        style=colors.warning,
                    )
                )
        return Group(*lines)

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
