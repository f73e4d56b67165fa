"""The problems `hookdash check` finds, one block each: severity, code, where, message, fix."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import on, work
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hookdash.core import HookdashError, visible  # (no pydantic, no I/O)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.list_keys import KeyedOptionList

if TYPE_CHECKING:
    from hookdash.core import Change, Configuration, HookRecord, Problem


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
        # Each problem's host (None: the first's) and that host's hooks, in the same order.
        self._owners: list[tuple[str | None, Sequence[HookRecord]]] = []

    def compose(self) -> Any:
        yield Static(id="problems-title")
        yield Static(id="fix-result")
        yield KeyedOptionList(id="problems")
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
        owned = _every_hosts_problems(config)
        problems = [problem for problem, _, _ in owned]
        self._owners = [(label, hooks) for _, label, hooks in owned]
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
        for i, (problem, (host, hooks)) in enumerate(zip(problems, self._owners, strict=True)):
            if i:
                items.append(None)  # a separator line
            block = self._problem_block(problem, config.env.display, colors, hooks, host)
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
        hooks: Sequence[HookRecord],
        host: str | None = None,
    ) -> RenderableType:
        """One problem's block; `hooks`: its host's, one of which it may be about; `host`:
        the host it is about, said when not the first (Gemini CLI)."""
        from hookdash.core import hook_for_problem, problem_location

        severity_style = {
            "error": f"bold {colors.error}",
            "warning": f"bold {colors.warning}",
            "info": f"bold {colors.primary}",
        }[problem.severity]
        shown = problem.shown
        head = Text(f"{problem.severity:<8}", style=severity_style)
        if host is not None:
            head.append(f"[{host}] ", style=colors.accent)
        head.append(shown.code, style="bold")
        where = problem_location(problem, display)
        if where:
            head.append("  " + where, style=colors.dim)
        hook = hook_for_problem(list(hooks), problem)
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
        from hookdash.core import hook_for_problem

        config = self.hd_app.config
        problem = self.highlighted_problem
        if config is None or problem is None:
            return
        _, hooks = self._owners[self._problems.index(problem)]
        hook = hook_for_problem(list(hooks), problem)
        if hook is None:
            self.notify("This problem is not about one hook.", timeout=3)
            return
        self.dismiss()
        self.hd_app.go_to_hook(hook.ref)

    def action_close(self) -> None:
        self.dismiss()

    # ---------------------------------------------------------------- safe fixes

    def action_apply_fixes(self) -> None:
        from hookdash.core import FIXABLE, problem_location

        config = self.hd_app.config
        if config is None:
            return
        fixable = [p for p in config.snapshot.problems if p.code in FIXABLE]
        if not fixable:
            self.notify(
                "None of these problems has a fix hookdash makes by itself: each line's "
                "fix: says what to do.",
                title="Nothing to fix automatically",
                timeout=6,
            )
            return
        colors = colors_for(self.app)
        body = Text("hookdash will fix these, in your user and workspace settings:\n\n")
        for problem in fixable:
            body.append("• ")
            body.append(problem.code, style="bold")
            where = problem_location(problem, config.env.display)
            if where:
                body.append(f"  {where}", style=colors.dim)
            body.append("\n  " + visible(problem.fix or problem.message, multiline=True) + "\n")
        body.append(
            "\nOnly the disabled lists change, byte for byte (comments and everything else "
            "stay); system settings are never written. u on the hook list undoes it.",
            style=colors.dim,
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._apply_fixes()

        self.app.push_screen(
            ConfirmScreen("Apply the safe fixes?", body, "Apply the fixes"), answered
        )

    @work(group="fix", exclusive=True)
    async def _apply_fixes(self) -> None:
        from hookdash.core import apply_safe_fixes

        config = self.hd_app.config
        if config is None:
            return
        colors = colors_for(self.app)
        result_box = self.query_one("#fix-result", Static)
        try:
            result = await self.hd_app.write("apply the safe fixes", apply_safe_fixes, config)
        except HookdashError as exc:
            text = Text(visible(exc.message, multiline=True), style=f"bold {colors.error}")
            applied: list[Change] = getattr(exc, "applied", [])
            if applied:
                text.append("\nAlready written before that:", style=colors.dim)
                for change in applied:
                    text.append("\n" + self._change_line(change, config.env.display))
            result_box.update(text)
            result_box.add_class("-shown")
            self.hd_app.reload("fixes failed half-way")
            return
        text = Text(visible(result.message), style="bold")
        for change in result.changes:
            text.append("\n" + self._change_line(change, config.env.display))
        for note in result.notes:
            text.append("\n" + visible(note, multiline=True), style=colors.dim)
        if result.changed:
            text.append("\n(u on the hook list undoes it)", style=colors.dim)
        result_box.update(text)
        result_box.add_class("-shown")
        await self.hd_app.reload("applied the safe fixes").wait()

    @staticmethod
    def _change_line(change: Change, display: Callable[[str], str]) -> str:
        note = f"  ({change.note})" if change.note else ""
        return visible(
            f"  {change.mark} {display(change.file)}  {change.key}  {change.value_text()}{note}"
        )


def _every_hosts_problems(
    config: Configuration,
) -> list[tuple[Problem, str | None, Sequence[HookRecord]]]:
    """Every host's problems, host by host as loaded: each with its host's label (None for
    the first host's, which goes without naming) and its host's hooks (the one it may be
    about)."""
    from hookdash.core import host

    out: list[tuple[Problem, str | None, Sequence[HookRecord]]] = [
        (p, None, config.snapshot.hooks) for p in config.snapshot.problems
    ]
    for other in [*([config.claude] if config.claude is not None else []), *config.more_hosts]:
        label = host(other.host).label
        out += [(p, label, other.hooks) for p in other.problems]
    return out
