"""Every text field of the dashboard that starts with a value follows Textual's Input
conventions: the value's cursor at its end, tab into the field selects the value (typing
replaces it), ctrl+a goes to the start (readline's key, as Textual binds it), ctrl+e to
the end, ctrl+u deletes to the start."""

from __future__ import annotations

from textual.widgets import Input, Select

from hookdash.tui.app import HookdashApp
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.plan import PlanScreen
from tests.conftest import Sandbox
from tests.tui.helpers import make_app, open_screen, press_on, rich_setup, settle, until


async def test_the_plan_tool_field_keeps_its_cursor_at_the_end(app: HookdashApp) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await press_on(pilot, "guard")
        screen = await open_screen(pilot, "p", PlanScreen)
        tool = screen.query_one("#plan-tool", Input)
        events = screen.query_one("#plan-event", Select)
        assert (tool.value, tool.cursor_position) == ("run_shell_command", 17)
        # Another event: the tool is filled again, the cursor at its end (not where the
        # cursor of the value before was).
        tool.value = "x"
        events.value = "AfterTool"
        await until(lambda: tool.value not in ("x", ""))
        assert tool.cursor_position == len(tool.value) > 1 and tool.selection.is_empty
        events.value = "BeforeTool"
        await until(lambda: tool.value == "run_shell_command")
        # end, then typing: appended; ctrl+a (home), then typing: in front.
        tool.focus()
        await settle(pilot)
        await pilot.press("end", *"_x")
        assert tool.value == "run_shell_command_x"
        await pilot.press("ctrl+a", "X")
        assert tool.value == "Xrun_shell_command_x"
        # tab into the field selects its value: what is typed replaces it.
        await pilot.press("ctrl+e", "shift+tab", "tab", *"write_file")
        assert app.focused is tool and tool.value == "write_file"


async def test_tab_into_an_edited_hooks_field_selects_it(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await press_on(pilot, "guard", "e")
        await until(lambda: isinstance(app.screen, HookFormScreen))
        screen = app.screen
        await settle(pilot)
        command = screen.query_one("#command", Input)
        assert command.value == "bash .gemini/hooks/guard.sh"
        assert command.cursor_position == len(command.value)
        await pilot.press("tab", "tab")  # matcher → name → command
        assert app.focused is command
        assert (command.selection.start, command.selection.end) == (0, len(command.value))
        await pilot.press(*"echo hi")
        assert command.value == "echo hi"
