"""Plan (p): pick an event and a tool or trigger; the hooks in order and the rest, why."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input, OptionList, Select

from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.plan import PlanScreen
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import make_app, plain, rich_setup, select, text_of


def _options(screen: PlanScreen) -> list[str]:
    options = screen.query_one("#plan-list", OptionList)
    return [
        plain(options.get_option_at_index(i).prompt, 120).rstrip("\n")
        for i in range(options.option_count)
    ]


async def _open(pilot: Any, hook_id: str | None = None) -> PlanScreen:
    if hook_id is not None:
        select(pilot.app.screen.query_one(HookTree), hook_id)
    await pilot.press("p")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, PlanScreen)
    return screen


async def test_plan_starts_from_the_selected_hook(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "guard")
        assert screen.query_one("#plan-event", Select).value == "BeforeTool"
        assert screen.query_one("#plan-tool", Input).value == "run_shell_command"
        summary = text_of(screen.query_one("#plan-summary"), 120)
        options = _options(screen)
    assert summary.rstrip() == "BeforeTool · tool run_shell_command: Gemini runs 1 hook"
    assert options[0].startswith(" 1. guard  user  [run_shell_command]")
    assert "bash .gemini/hooks/guard.sh" in options[0]
    assert options[1].startswith("Not run (1)")
    assert options[2].startswith(" – guard  workspace  duplicate")
    assert "same name:command as guard (user)" in options[2]


async def test_typing_a_tool_replans(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [
                    definition(command_hook("echo a", name="shell"), matcher="run_shell_command"),
                    definition(command_hook("echo b", name="writes"), matcher="write_file"),
                    definition(command_hook("echo c", name="seq"), matcher="write_.*",
                               sequential=True),
                ]
            }
        }
    )  # fmt: skip
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "writes")
        assert screen.query_one("#plan-tool", Input).value == "write_file"
        summary = text_of(screen.query_one("#plan-summary"), 160)
        assert "Gemini runs 2 hooks one after another" in summary
        names = [o.split()[1] for o in _options(screen) if o[:3].strip().rstrip(".").isdigit()]
        assert names == ["writes", "seq"]
        screen.query_one("#plan-tool", Input).value = ""
        await pilot.pause()
        summary = text_of(screen.query_one("#plan-summary"), 160)
        assert "BeforeTool · any tool: Gemini runs 3 hooks" in summary
        assert "No tool name: Gemini always passes one" in summary
        await pilot.click("#plan-tool")
        await pilot.press(*"read_file")
        await pilot.pause()
        assert "Gemini runs no hook" in text_of(screen.query_one("#plan-summary"), 160)
        options = _options(screen)
        assert options[0] == "Not run (3)"
        assert "matcher 'run_shell_command' does not match tool 'read_file'" in options[1]


async def test_trigger_events_offer_their_values(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "context")
        assert screen.query_one("#plan-event", Select).value == "SessionStart"
        trigger = screen.query_one("#plan-trigger", Select)
        assert trigger.display and not screen.query_one("#plan-tool", Input).display
        assert trigger.value == "startup"
        assert [v for _, v in trigger._options if isinstance(v, str)] == [
            "startup",
            "resume",
            "clear",
        ]
        assert "1. context  workspace  [startup]" in _options(screen)[0]
        trigger.value = "resume"
        await pilot.pause()
        options = _options(screen)
        assert options[0] == "Not run (1)"
        assert "matcher 'startup' is not source 'resume'" in options[1]
        # Another event: SessionEnd offers values Gemini never fires, and says so.
        screen.query_one("#plan-event", Select).value = "SessionEnd"
        await pilot.pause()
        labels = [str(label) for label, _ in screen.query_one("#plan-trigger", Select)._options]
        assert "logout (never fired)" in labels
        screen.query_one("#plan-trigger", Select).value = "logout"
        await pilot.pause()
        assert "Gemini CLI 0.61 never fires SessionEnd with reason 'logout'" in text_of(
            screen.query_one("#plan-summary"), 160
        )


async def test_an_event_without_match_context(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "notify")
        assert screen.query_one("#plan-event", Select).value == "Notification"
        assert not screen.query_one("#plan-tool", Input).display
        assert "Gemini ignores every matcher" in text_of(screen.query_one("#plan-none"))
        assert "Notification · no match context: Gemini runs 1 hook" in text_of(
            screen.query_one("#plan-summary"), 160
        )


async def test_enter_goes_to_the_hook(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "guard")
        options = screen.query_one("#plan-list", OptionList)
        options.focus()
        options.highlighted = 2  # the skipped workspace copy (1 is the "Not run" heading)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
        hook = app.selected_hook
        assert hook is not None and hook.id == "guard" and hook.scope == "workspace"
