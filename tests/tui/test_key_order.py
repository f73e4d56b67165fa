"""Keys typed faster than the dashboard handles them land where they were typed: each in
the widget that has focus once every key before it has been handled (hookdash.tui.key_order).

The keys are queued all at once (`burst_keys`), as tmux `send-keys`, a paste without
bracketed paste mode or fast typing over ssh delivers them; `pilot.press` would wait for
the app to go idle after each key and hide the bug.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList

from hookdash.core.demo import DemoEnvironment, create_demo
from hookdash.tui.key_order import MAX_WAIT
from hookdash.tui.screens.fire import FireScreen
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.plan import PlanScreen
from tests.conftest import Sandbox, until
from tests.tui.helpers import burst_keys, demo_app, make_app, rich_setup, settle, text_of

SIZES = [(80, 24), (120, 36)]


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[DemoEnvironment]:
    made = create_demo(tmp_path / "demo")
    yield made
    made.cleanup()


def _values(screen: HookFormScreen) -> list[str]:
    return [screen.query_one(f"#{f}", Input).value for f in ("matcher", "name", "command")]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_matcher_tab_name_tab_command_typed_at_once_fill_three_fields(
    demo: DemoEnvironment, size: tuple[int, int]
) -> None:
    app = demo_app(demo)
    async with app.run_test(size=size) as pilot:
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, HookFormScreen))
        screen = app.screen
        assert isinstance(screen, HookFormScreen)
        await settle(pilot)
        await pilot.press("tab")  # from the event list to the matcher
        assert app.focused is screen.query_one("#matcher")
        await burst_keys(pilot, *"run_shell_command", "tab", *"myname", "tab", *"mycmd")
        await until(lambda: _values(screen) == ["run_shell_command", "myname", "mycmd"])
        assert app.focused is screen.query_one("#command")
        await settle(pilot)
        await until(lambda: screen.review is not None and screen.review.hook is not None)
        checks = text_of(screen.query_one("#review-body"))
        assert "Save will add 'myname' to BeforeTool" in checks


async def test_editing_keys_in_a_burst_keep_their_order(demo: DemoEnvironment) -> None:
    """backspace, the arrows, end and shift+tab are bindings (handled a round trip later
    than a typed character): the characters after them wait."""
    app = demo_app(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, HookFormScreen))
        screen = app.screen
        assert isinstance(screen, HookFormScreen)
        await settle(pilot)
        await pilot.press("tab")
        keys = (*"ab", "backspace", "c", "left", "X", "tab", *"nm", "shift+tab", "end", "Z")
        await burst_keys(pilot, *keys)
        await until(lambda: _values(screen)[:2] == ["aXcZ", "nm"])
        assert app.focused is screen.query_one("#matcher")
        assert app.key_order.waiting == 0


async def test_a_key_after_enter_in_the_hook_filter_is_the_lists(sandbox: Sandbox) -> None:
    """`/guard`, enter (back to the list), f (fire the selected hook): f is not text."""
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await burst_keys(pilot, "/", *"guard", "enter", "f")
        await until(lambda: isinstance(app.screen, FireScreen))
        hooks = app.screen_stack[0]
        assert hooks.query_one("#filter", Input).value == "guard"
        assert app.selected_hook is not None and app.selected_hook.id == "guard"


async def test_keys_after_enter_in_the_plan_tool_go_to_the_plan(demo: DemoEnvironment) -> None:
    """enter in the tool field submits it, and the plan's handler moves focus to the list:
    a second round trip (behind the Submitted message) before the next key is routed."""
    app = demo_app(demo)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("p")
        await until(lambda: isinstance(app.screen, PlanScreen))
        screen = app.screen
        await settle(pilot)
        tool = screen.query_one("#plan-tool", Input)
        tool.focus()
        await settle(pilot)
        plan_list = screen.query_one("#plan-list", OptionList)
        await burst_keys(pilot, "ctrl+u", *"write_file", "enter", "down")
        await until(lambda: app.focused is plan_list)
        await settle(pilot)
        assert tool.value == "write_file"
        assert plan_list.highlighted is not None and plan_list.highlighted > 0


async def test_keys_after_esc_leaving_the_form_go_to_the_list(demo: DemoEnvironment) -> None:
    """esc closes the form (its widgets go, the marker behind esc with them or not): the
    key after it reaches the hook list, at once, not after a wait."""
    app = demo_app(demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await until(lambda: isinstance(app.screen, HookFormScreen))
        await settle(pilot)
        await pilot.press("tab")
        await burst_keys(pilot, *"abc", "escape", "f")
        await until(lambda: isinstance(app.screen, FireScreen), timeout=MAX_WAIT)
        assert app.key_order.waiting == 0
