"""j and k move in every list, g and G go to its first and last row (not on the hook list,
where g groups); the command palette shows each command's key."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandList, CommandPalette
from textual.widget import Widget

from hookdash.core.demo import DemoEnvironment, create_demo
from hookdash.core.run.saved_payloads import SavedPayload
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.screens.plan import PlanScreen
from hookdash.tui.screens.problems import ProblemsScreen
from hookdash.tui.screens.saved_payloads import SavedPayloadsScreen
from hookdash.tui.screens.trust import TrustScreen
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition, settings_of
from tests.tui.helpers import demo_app, make_app, open_screen, paste, select, settle, until


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[DemoEnvironment]:
    made = create_demo(tmp_path / "demo")
    yield made
    made.cleanup()


def _option_index(widget: Widget) -> Callable[[], int]:
    return lambda: int(getattr(widget, "highlighted", None) or 0)


async def _check_moves(pilot: Any, widget: Widget, where: Callable[[], int], g: bool) -> None:
    """j, k (and g, G) go where down, up (home, end) go, and move."""
    widget.focus()
    await settle(pilot)

    async def after(*keys: str) -> int:
        await pilot.press("home", *keys)
        return where()

    start = await after()
    assert await after("j", "j") == await after("down", "down") != start
    assert await after("j", "j", "k") == await after("down", "down", "up") != start
    if g:
        last = await after("end")
        assert last != start
        assert await after("G") == last
        await pilot.press("end", "g")
        assert where() == start


async def test_j_k_g_g_in_the_lists(demo: DemoEnvironment) -> None:
    app = demo_app(demo)
    async with app.run_test(size=(120, 36)) as pilot:
        tree = app.screen.query_one(HookTree)
        await _check_moves(pilot, tree, lambda: tree.cursor_line, g=False)
        grouping = tree.grouping
        await pilot.press("g")  # still the hook list's grouping
        assert tree.grouping != grouping
        await pilot.press("g")

        select(tree, "block-dangerous-shell")
        plan = await open_screen(pilot, "p", PlanScreen)
        options = plan.query_one("#plan-list")
        await _check_moves(pilot, options, _option_index(options), g=True)
        await pilot.press("escape")

        problems = await open_screen(pilot, "c", ProblemsScreen)
        options = problems.query_one("#problems")
        await _check_moves(pilot, options, _option_index(options), g=True)
        await pilot.press("escape")

        log = await open_screen(pilot, "l", LogScreen)
        await until(lambda: log.runs.total == 11)
        await _check_moves(pilot, log.runs, lambda: log.runs.cursor, g=True)
        await pilot.press("escape")


async def test_j_k_g_g_in_the_saved_payloads(demo: DemoEnvironment) -> None:
    app = demo_app(demo)
    async with app.run_test(size=(120, 36)) as pilot:
        saved = [SavedPayload(name=f"p{i}", payload={}, saved_at="2026-01-01") for i in range(4)]
        # (From the app's own task: composed there, as fire pushes it.)
        app.call_later(app.push_screen, SavedPayloadsScreen("guard", saved))
        # Pushed is not yet composed: wait for the list itself (a race on a loaded machine).
        await until(
            lambda: (
                isinstance(app.screen, SavedPayloadsScreen)
                and bool(app.screen.query("#saved-list"))
            )
        )
        options = app.screen.query_one("#saved-list")
        await _check_moves(pilot, options, _option_index(options), g=True)


async def test_j_k_g_g_in_the_trust_review(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    hooks = [definition(command_hook(f"echo {n}", name=n)) for n in ("one", "two", "three")]
    sandbox.write_workspace(settings_of(*hooks))
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        trust = await open_screen(pilot, "T", TrustScreen)
        options = trust.query_one("#trust-list")
        await _check_moves(pilot, options, _option_index(options), g=True)


async def test_the_palette_shows_each_commands_key(demo: DemoEnvironment) -> None:
    app = demo_app(demo)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("ctrl+p")
        await until(lambda: isinstance(app.screen, CommandPalette))
        await paste(pilot, "live log")

        def first() -> str:
            commands = app.screen.query_one(CommandList)
            if not commands.option_count:
                return ""
            return str(commands.get_option_at_index(0).prompt)

        await until(lambda: first().startswith("Live log"))
        assert first().splitlines()[0].split() == ["Live", "log", "l"]
        await paste(pilot, " ")  # (a change: every command again)
        await pilot.press(*["backspace"] * 9)
        await until(lambda: "Add a hook  a" in "\n".join(_prompts(app)))
        shown = "\n".join(_prompts(app))
        assert "Fire a test event at the hook  f" in shown and "Help  ?" in shown


def _prompts(app: Any) -> list[str]:
    commands = app.screen.query_one(CommandList)
    return [str(commands.get_option_at_index(i).prompt) for i in range(commands.option_count)]
