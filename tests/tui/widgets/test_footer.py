"""The footer keeps its keys while what it shows is the same, and follows a change; at
every width down to 80 it shows help and the keys of the screen's task, whole."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets._footer import FooterKey

from hookdash.tui.commands import FOOTER_RANKS, MORE, TASK
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.fire import FireScreen
from hookdash.tui.screens.help import HelpScreen
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.screens.plan import PlanScreen
from hookdash.tui.screens.problems import ProblemsScreen
from hookdash.tui.screens.switch import SwitchScreen
from hookdash.tui.screens.trust import TrustScreen
from hookdash.tui.widgets.footer import Footer, keys_that_fit
from tests.conftest import Sandbox, until
from tests.tui.helpers import make_app, press_on, rich_setup, settle


def _keys(footer: Footer) -> list[FooterKey]:
    return list(footer.query(FooterKey))


def _shown(footer: Footer) -> list[tuple[str, str, bool]]:
    return [(k.key, k.description, k.disabled) for k in _keys(footer)]


async def test_start_up_and_moving_through_the_list_build_the_keys_once(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Textual's Footer rebuilt its keys six times before the hooks were drawn (mount,
    # focus, each refresh_bindings), about 90 ms of the first screen's time.
    composed: list[Footer] = []
    compose = Footer.compose

    def counted(self: Footer) -> Any:
        composed.append(self)
        return compose(self)

    monkeypatch.setattr(Footer, "compose", counted)
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(Footer)
        assert isinstance(footer, Footer) and footer._bindings_ready
        assert ("f", "Fire", False) in _shown(footer)
        assert composed.count(footer) <= 2  # the first (empty) compose, then its keys
        before = _keys(footer)
        for key in ("down", "down", "up", "end", "home", "i", "i"):
            await pilot.press(key)
        await settle(pilot)
        # The same widgets: nothing was removed and mounted again.
        assert all(a is b for a, b in zip(before, _keys(footer), strict=True))


async def test_the_footer_follows_a_change_of_what_it_shows(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(Footer)
        assert "escape" not in [key for key, _, _ in _shown(footer)]
        await pilot.press("slash", *"guard", "enter")  # a filter: esc (clear) is offered
        await settle(pilot)
        assert "escape" in [key for key, _, _ in _shown(footer)]
        await pilot.press("escape")
        await settle(pilot)
        assert "escape" not in [key for key, _, _ in _shown(footer)]


# ------------------------------------------------------------------ what fits


def test_keys_that_fit_drop_the_highest_rank_rightmost_first() -> None:
    widths = [10, 10, 10, 10, 10]
    ranks = [1, 4, 0, 3, 4]
    assert keys_that_fit(widths, ranks, 50) == [0, 1, 2, 3, 4]
    assert keys_that_fit(widths, ranks, 49) == [0, 1, 2, 3]  # the rightmost 4 first
    assert keys_that_fit(widths, ranks, 30) == [0, 2, 3]
    assert keys_that_fit(widths, ranks, 15) == [2]
    assert keys_that_fit(widths, ranks, 0) == [2]  # rank 0 stays, room or not


def _must_show(screen: Any) -> set[str]:
    """The actions of the active keys that the footer must show: help and the task's."""
    return {
        binding.action
        for _, binding, _, _ in screen.active_bindings.values()
        if binding.show and FOOTER_RANKS.get(binding.id or "", MORE) <= TASK
    }


def _check_footer(app: Any, width: int) -> list[str]:
    """Every key the footer must show is shown, whole, inside the terminal and left of the
    palette's key; the labels shown, in order."""
    screen = app.screen
    footer = screen.query_one(Footer)
    keys = [k for k in _keys(footer) if not k.has_class("-command-palette")]
    palette = [k for k in _keys(footer) if k.has_class("-command-palette")]
    right = palette[0].region.x if palette else width
    for key in keys:
        assert key.region.right <= right, (key.key, key.region, right)
        assert key.region.width == len(key.key_display) + len(key.description) + 3
    shown = {k.action for k in keys}
    missing = _must_show(screen) - shown
    assert not missing, (type(screen).__name__, missing)
    assert "app.help" in shown, type(screen).__name__
    return [f"{k.key_display} {k.description}" for k in keys]


@pytest.mark.parametrize("width", [80, 100, 120])
async def test_help_and_the_tasks_keys_show_at_every_width(sandbox: Sandbox, width: int) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(pilot)
        hooks = _check_footer(app, width)
        if width == 120:  # everything Textual's footer showed there
            assert hooks[-4:] == ["? Help", "l Log", "c Problems", "q Quit"]
        await press_on(pilot, "guard", "u")  # (nothing to undo: a toast, the same keys)
        await settle(pilot)
        assert _check_footer(app, width) == hooks
        await pilot.press("slash")  # typing in the filter: ? is text, f1 is help
        await settle(pilot)
        assert "f1 Help" in _check_footer(app, width)
        await pilot.press("escape")
        for key, kind in (
            ("a", HookFormScreen),
            ("f", FireScreen),
            ("p", PlanScreen),
            ("T", TrustScreen),
            ("l", LogScreen),
            ("c", ProblemsScreen),
            ("space", SwitchScreen),
            ("d", ConfirmScreen),
            ("question_mark", HelpScreen),
        ):
            await press_on(pilot, "guard", key)
            await until(lambda: isinstance(app.screen, kind))  # noqa: B023 (awaited here)
            # (Not settle: a worker waits for the dialog's answer.)
            await until(lambda: bool(_keys(app.screen.query_one(Footer))))
            await pilot.pause()
            if kind is HelpScreen:
                assert _keys(app.screen.query_one(Footer))  # esc Close
            else:
                _check_footer(app, width)
            if kind is HookFormScreen:  # in a field
                await pilot.press("tab")
                await pilot.pause()
                _check_footer(app, width)
            for _ in range(3):
                if isinstance(app.screen, HooksScreen):
                    break
                await pilot.press("escape")
                await pilot.pause()
            await until(lambda: isinstance(app.screen, HooksScreen))


async def test_a_wide_terminal_shows_the_keys_that_were_hidden(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(200, 36)) as pilot:
        await settle(pilot)
        shown = _check_footer(app, 200)
        for label in ("E Editor", "H Hooks on/off", "/ Filter", "g Group"):
            assert label in shown
