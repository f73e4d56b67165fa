"""Toasts stay short and do not follow to the next screen; `m` shows every message whole."""

from __future__ import annotations

from textual.widgets._toast import Toast

from hookdash.tui.app import HookdashApp
from hookdash.tui.messages import REST, TOAST_LINES
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.screens.output import OutputScreen
from tests.tui.helpers import settle, until

LONG = "\n".join(f"line {i}: [b]not markup[/b] " + "x" * 30 for i in range(10))


def _toasts(app: HookdashApp) -> list[str]:
    return [str(t.render()) for t in app.screen.query(Toast)]


async def test_a_long_message_is_a_short_toast_and_whole_under_m(app: HookdashApp) -> None:
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify(LONG, title="Nothing saved", severity="error", markup=False)
        await until(lambda: bool(_toasts(app)))
        shown = app.screen.query_one(Toast)
        assert shown.region.height <= TOAST_LINES + 4  # (its title and border)
        text = shown.render()
        assert str(text).rstrip().endswith(REST.strip())
        await pilot.press("m")
        await until(lambda: isinstance(app.screen, OutputScreen))
        assert isinstance(app.screen, OutputScreen)
        whole = app.screen.text
        assert "error · Nothing saved" in whole
        assert "line 9: [b]not markup[/b]" in whole and "line 0" in whole


async def test_a_screen_opened_over_another_clears_its_toasts(app: HookdashApp) -> None:
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await settle(pilot)
        app.notify("About the hook list.", timeout=30)
        await until(lambda: bool(_toasts(app)))
        await pilot.press("l")
        await until(lambda: isinstance(app.screen, LogScreen))
        await settle(pilot)
        assert not _toasts(app)
        assert [m.text for m in app.messages][-1] == "About the hook list."
