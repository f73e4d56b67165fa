"""The problem list, help, and the command palette."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from hookdash.core.present import BADGE_MEANINGS, QUIRKS
from hookdash.tui.app import HookdashApp
from hookdash.tui.commands import COMMANDS
from hookdash.tui.screens.help import HelpScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.problems import ProblemsScreen
from hookdash.tui.widgets.banners import Banner
from tests.conftest import Sandbox
from tests.tui.helpers import make_app, plain, rich_setup, run_from_palette, text_of, until


async def test_problems_view_lists_what_check_finds(sandbox: Sandbox, app: HookdashApp) -> None:
    problems = sandbox.load().snapshot.problems
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProblemsScreen)
        options = screen.query_one(OptionList)
        assert options.option_count == len(problems) > 3
        texts = [plain(options.get_option_at_index(i).prompt, 200) for i in range(len(problems))]
        title = text_of(screen.query_one("#problems-title"))
    assert title.startswith("Problems: ")
    unknown = next(t for t in texts if "unknown-event" in t)
    assert unknown.startswith("error   unknown-event  ~/.gemini/settings.json:")
    assert "'PreToolUse' is not a Gemini CLI event" in unknown
    assert "fix: Rename the key to BeforeTool." in unknown
    legacy = next(t for t in texts if "legacy-hooks-disabled" in t)
    assert legacy.startswith("warning legacy-hooks-disabled  ~/.gemini/settings.json:5")


async def test_problem_enter_goes_to_its_hook(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProblemsScreen)
        index = next(i for i, p in enumerate(screen._problems) if p.code == "duplicate-hook")
        screen.query_one(OptionList).highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
        hook = app.selected_hook
        assert hook is not None and hook.id == "guard" and hook.scope == "workspace"


async def test_banner_click_opens_the_problem(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        banner = app.screen.query_one(".banner.problem", Banner)
        assert banner.cut and banner.size.height == 1  # one line of a longer text
        await pilot.click(".banner.problem")  # the first click shows it all
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
        assert banner.has_class("-open") and not banner.cut and banner.size.height > 1
        await pilot.click(".banner.problem")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ProblemsScreen)
        assert screen.highlighted_problem is not None
        assert screen.highlighted_problem.code == "legacy-hooks-disabled"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)


async def test_help_lists_every_key_badge_and_quirk(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = text_of(app.screen.query_one("#help-text"), 300)
        for command in COMMANDS:
            if command.palette:
                assert command.title in text, command.title
        for badge, _ in BADGE_MEANINGS:
            assert badge in text
        for quirk in QUIRKS:
            assert quirk[:40] in text
        assert "Live reload" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)


async def test_footer_shows_the_focused_views_keys(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        keys = {b.binding.key for b in app.screen.active_bindings.values() if b.binding.show}
        assert {"space", "f", "p", "T", "l", "question_mark", "c", "q"} <= keys
        await pilot.press("c")
        await pilot.pause()
        keys = {b.binding.key for b in app.screen.active_bindings.values() if b.binding.show}
        assert "slash" not in keys and "escape" in keys


async def test_palette_offers_every_action(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await run_from_palette(pilot, "show problems", "Show problems")
        assert isinstance(app.screen, ProblemsScreen)


async def test_quit(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


def test_the_manual_documents_every_key() -> None:
    manual = Path(__file__).resolve().parents[2] / "docs" / "dashboard.md"
    dashboard = manual.read_text(encoding="utf-8")
    for command in COMMANDS:
        if command.scope in ("app", "hooks"):
            key = command.key_display or command.key
            assert f"`{key}`" in dashboard, key


async def test_the_palette_offers_every_action_of_each_screen(sandbox: Sandbox) -> None:
    from hookdash.tui.commands import DashboardCommands, commands_for

    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        for key, scope in ((None, "hooks"), ("f", "fire"), ("p", "plan"), ("T", "trust"),
                           ("l", "log"), ("c", "problems")):  # fmt: skip
            if key is not None:
                await pilot.press(key)
                await pilot.pause()
            assert getattr(app.screen, "COMMAND_SCOPE", None) == scope
            offered = {c.title for c in DashboardCommands(app.screen)._available()}
            wanted = {c.title for c in commands_for([scope]) if c.palette}
            # (Offered only in the demo: test_D_asks_before_the_demo_and_offers_the_way_back.)
            wanted.discard("Back to my configuration")
            assert wanted <= offered, wanted - offered
            assert "Help" in offered and "Quit" in offered
            if key is not None:
                await pilot.press("escape")
                await pilot.pause()
                assert getattr(app.screen, "COMMAND_SCOPE", None) == "hooks"


async def test_the_problem_list_applies_the_safe_fixes(sandbox: Sandbox) -> None:
    from hookdash.tui.screens.confirm import ConfirmScreen

    rich_setup(sandbox)  # `hooks.disabled: ["notify"]`, which Gemini 0.26+ ignores
    before = sandbox.user_settings.read_text()
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("c", "F")
        assert isinstance(app.screen, ConfirmScreen)
        question = text_of(app.screen.query_one("#confirm-body"))
        assert "legacy-hooks-disabled  ~/.gemini/settings.json:5" in question
        assert "unknown-event" not in question  # only what hookdash fixes by itself
        await pilot.press("n")
        assert isinstance(app.screen, ProblemsScreen)
        assert sandbox.user_settings.read_text() == before
        await pilot.press("F", "y")
        screen = app.screen
        assert isinstance(screen, ProblemsScreen)
        result = screen.query_one("#fix-result")
        await until(lambda: result.has_class("-shown"))
        await until(lambda: app.config is not None and not any(
            p.code == "legacy-hooks-disabled" for p in app.config.snapshot.problems))  # fmt: skip
        await pilot.pause()
        shown = text_of(result)
        assert shown.startswith("Applied 1 safe fix(es).")
        assert '+ ~/.gemini/settings.json  hooksConfig.disabled  "notify"' in shown
        texts = [
            plain(screen.query_one(OptionList).get_option_at_index(i).prompt, 200)
            for i in range(screen.query_one(OptionList).option_count)
        ]
        assert not any("legacy-hooks-disabled " in t for t in texts)
        assert any("legacy-hooks-disabled-mirrored" in t for t in texts)  # now a note
        after = sandbox.user_settings.read_text()
        assert after == before.replace('["audit"]', '["audit", "notify"]')
        # u on the hook list puts the file back.
        await pilot.press("escape", "u", "y")
        await until(lambda: sandbox.user_settings.read_text() == before)
