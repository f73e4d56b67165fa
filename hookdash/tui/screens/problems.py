"""The problems `hookdash check` finds, one block each: severity, code, where, message, fix."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import on
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from hookdash.core import Configuration, Problem, hook_for_problem, problem_location
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain
from hookdash.tui.screens.base import HookdashScreen


def _summary(problems: list[Problem]) -> str:
    errors = sum(p.severity == "error" for p in problems)
    warnings = sum(p.severity == "warning" for p in problems)
    notes = len(problems) - errors - warnings
    return f"{errors} error(s), {warnings} warning(s), {notes} note(s)"


class ProblemsScreen(HookdashScreen[None]):
    COMMAND_SCOPE = "problems"
    BINDINGS = bindings_for("problems")

    def __init__(self, focus_code: str | None = None) -> None:
        super().__init__()
        self._focus_code = focus_code
        self._problems: list[Problem] = []

    def compose(self) -> Any:
        yield Static(id="problems-title")
        yield OptionList(id="problems")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @property
    def highlighted_problem(self) -> Problem | None:
        index = self.query_one(OptionList).highlighted
        if index is None or not 0 <= index < len(self._problems):
            return None
        return self._problems[index]

    def theme_changed(self) -> None:
        self.show_current_config()

    def config_changed(self, config: Configuration) -> None:
        keep = self.highlighted_problem
        problems = list(config.snapshot.problems)
        self._problems = problems
        title = self.query_one("#problems-title", Static)
        colors = colors_for(self.app)
        options = self.query_one(OptionList)
        options.clear_options()
        if not problems:
            where = config.env.display(config.env.workspace)
            title.update(plain(f"No problems in the hooks of {where}."))
            return
        title.update(Text(f"Problems: {_summary(problems)} — what `hookdash check` reports"))
        items: list[Option | None] = []
        for i, problem in enumerate(problems):
            if i:
                items.append(None)  # a separator line
            block = self._problem_block(problem, config.env.display, colors, config)
            items.append(Option(block, id=str(i)))
        options.add_options(items)
        index = 0
        if keep is not None and keep in problems:
            index = problems.index(keep)
        elif self._focus_code is not None:
            index = next((i for i, p in enumerate(problems) if p.code == self._focus_code), 0)
            self._focus_code = None
        options.highlighted = index

    def _problem_block(
        self,
        problem: Problem,
        display: Callable[[str], str],
        colors: Colors,
        config: Configuration,
    ) -> RenderableType:
        severity_style = {
            "error": f"bold {colors.error}",
            "warning": f"bold {colors.warning}",
            "info": f"bold {colors.primary}",
        }[problem.severity]
        shown = problem.shown
        head = Text(f"{problem.severity:<8}", style=severity_style)
        head.append(shown.code, style="bold")
        where = problem_location(problem, display)
        if where:
            head.append("  " + where, style=colors.dim)
        hook = hook_for_problem(config.snapshot.hooks, problem)
        if hook is not None:
            head.append(f"  → {hook.shown.id}", style=colors.accent)
        lines: list[RenderableType] = [head, Padding(Text(shown.message), (0, 0, 0, 2))]
        if shown.fix:
            lines.append(Padding(Text("fix: " + shown.fix, style=colors.dim), (0, 0, 0, 2)))
        return Group(*lines)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        self.action_go_to_hook()

    def action_go_to_hook(self) -> None:
        config = self.hd_app.config
        problem = self.highlighted_problem
        if config is None or problem is None:
            return
        hook = hook_for_problem(config.snapshot.hooks, problem)
        if hook is None:
            self.notify("This problem is not about one hook.", timeout=3)
            return
        self.dismiss()
        self.hd_app.go_to_hook(hook.ref)

    def action_close(self) -> None:
        self.dismiss()
