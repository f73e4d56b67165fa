"""Plan (p): pick an event and a tool or trigger; the hooks in order and the rest, why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList, Select

from hookdash.core.run.runlog import RunLog
from hookdash.tui.app import HookdashApp
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.output import OutputScreen
from hookdash.tui.screens.plan import PlanScreen
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition, settings_of, settings_with
from tests.tui.helpers import (
    make_app,
    open_screen,
    plain,
    record_notifications,
    select,
    settle,
    text_of,
    until,
)


def _options(screen: PlanScreen) -> list[str]:
    options = screen.query_one("#plan-list", OptionList)
    return [
        plain(options.get_option_at_index(i).prompt, 120).rstrip("\n")
        for i in range(options.option_count)
    ]


async def _open(pilot: Any, hook_id: str | None = None) -> PlanScreen:
    if hook_id is not None:
        select(pilot.app.screen.query_one(HookTree), hook_id)
    return await open_screen(pilot, "p", PlanScreen)


async def test_plan_starts_from_the_selected_hook(app: HookdashApp) -> None:
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
        settings_of(
            definition(command_hook("echo a", name="shell"), matcher="run_shell_command"),
            definition(command_hook("echo b", name="writes"), matcher="write_file"),
            definition(command_hook("echo c", name="seq"), matcher="write_.*",
                       sequential=True),
        )
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


async def test_trigger_events_offer_their_values(app: HookdashApp) -> None:
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


async def test_an_event_without_match_context(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "notify")
        assert screen.query_one("#plan-event", Select).value == "Notification"
        assert not screen.query_one("#plan-tool", Input).display
        assert "Gemini ignores every matcher" in text_of(screen.query_one("#plan-none"))
        assert "Notification · takes no matcher (every hook runs): Gemini runs 1 hook" in text_of(
            screen.query_one("#plan-summary"), 160
        )


async def test_enter_goes_to_the_hook(app: HookdashApp) -> None:
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


def _waits_for(mine: Path, other: Path) -> str:
    """A hook that succeeds only if `other` appears while it runs (so only in parallel)."""
    return (
        f"touch {mine}; for i in $(seq 200); do [ -e {other} ] && "
        'echo \'{"decision": "allow"}\' && exit 0; sleep 0.05; done; exit 1'
    )


async def test_ctrl_r_fires_the_whole_event_in_parallel(sandbox: Sandbox, tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    sandbox.trust_folder()
    sandbox.write_user(
        settings_of(
            definition(
                command_hook(_waits_for(a, b), name="first"),
                command_hook(_waits_for(b, a), name="second"),
                matcher="run_shell_command",
            ),
            definition(command_hook("echo '{}'", name="other"), matcher="read_file"),
        )
    )
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "first")
        assert not screen.query_one("#plan-result").display
        await pilot.press("ctrl+r")
        await settle(pilot)
        result = screen.result
        assert result is not None and not result.sequential
        # Both ran at once: each waited for the other's file.
        assert [(r.id, r.success) for r in result.results] == [
            ("first", True),
            ("second", True),
        ]
        assert result.input["tool_name"] == "run_shell_command"
        assert [s.id for s in result.skipped] == ["other"]  # its matcher does not match
        assert screen.query_one("#plan-result").display
        text = text_of(screen.query_one("#plan-result-body"), 120)
        assert "Run: BeforeTool · tool run_shell_command" in str(
            screen.query_one("#plan-result").border_title
        )
        for part in ("What Gemini would do", "Runs, in Gemini's order  (2 hooks, in parallel)",
                     " 1. ✔ ok  first  user · exit 0", " 2. ✔ ok  second  user · exit 0",
                     "aggregate", '"decision": "allow"', "── output of first",
                     "── output of second"):  # fmt: skip
            assert part in text, part
        assert text.index("aggregate") < text.index("── output of first")
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, OutputScreen)
        assert "── stdout of second (1 line) ──" in app.screen.text
    records = RunLog(sandbox.state).read_last(10)
    assert sorted(r.id for r in records) == ["first", "second"]
    assert len({r.run_id for r in records}) == 1  # one firing


async def test_a_sequential_event_runs_in_order(sandbox: Sandbox, tmp_path: Path) -> None:
    log = tmp_path / "order"
    sandbox.trust_folder()
    first = command_hook(f"sleep 0.2; echo first >> {log}", name="one")
    second = command_hook(f"echo second >> {log}", name="two")
    sandbox.write_user(
        {"hooks": {"BeforeAgent": [{**definition(first, second), "sequential": True}]}}
    )
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "one")
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert screen.result is not None and screen.result.sequential
        text = text_of(screen.query_one("#plan-result-body"), 120)
    assert "(2 hooks, one after another)" in text
    assert log.read_text().split() == ["first", "second"]


async def test_untrusted_hooks_ask_first_and_esc_cancels(sandbox: Sandbox, tmp_path: Path) -> None:
    started = tmp_path / "started"
    sandbox.trust_folder()
    sandbox.write_workspace(
        settings_with(
            command_hook(f"touch {started}; sleep 60", name="proj", timeout=120000),
            event="BeforeAgent",
        )
    )
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "proj")
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        body = text_of(app.screen.query_one("#confirm-body"), 120)
        assert "This hook has not been reviewed" in body
        assert "• proj: a project hook not yet in trusted_hooks.json" in body
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is screen and screen.result is None and not started.exists()
        await pilot.press("ctrl+r")
        await until(lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await until(lambda: started.exists() and screen.running)
        await until(lambda: "proj  running" in text_of(screen.query_one("#plan-result-body")))
        await pilot.press("escape")
        await until(lambda: not screen.running)
        assert app.screen is screen  # esc cancelled; it did not leave
        text = text_of(screen.query_one("#plan-result-body"), 120)
        assert "Cancelled after" in text and "proj  cancelled" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
    (record,) = RunLog(sandbox.state).read_last(10)
    assert record.id == "proj" and (record.error or "").startswith("cancelled")


async def test_an_event_without_hooks_says_so(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="t"))]}})
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot, "t")
        shown = record_notifications(app)
        screen.query_one("#plan-event", Select).value = "Notification"
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.result is None and not screen.running
    assert "Gemini would run no hook for Notification here" in shown[-1][0]
