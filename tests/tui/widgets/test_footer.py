"""The footer keeps its keys while what it shows is the same, and follows a change."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from hookdash.tui.widgets.footer import Footer
from tests.conftest import Sandbox
from tests.tui.helpers import make_app, rich_setup, settle


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
    compose = TextualFooter.compose

    def counted(self: TextualFooter) -> Any:
        composed.append(self)
        return compose(self)

    monkeypatch.setattr(TextualFooter, "compose", counted)
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
