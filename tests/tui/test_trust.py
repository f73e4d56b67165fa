"""Trust review (T): NEW and CHANGED project hooks, their commands and scripts, trusting."""

from __future__ import annotations

import json
from typing import Any

from textual.widgets import SelectionList

from hookdash.core.load.snapshot import load_configuration
from hookdash.tui.app import HookdashApp
from hookdash.tui.screens.hooks import HooksScreen
from hookdash.tui.screens.trust import TrustScreen
from hookdash.tui.widgets.banners import Banner
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox
from tests.tui.helpers import (
    make_app,
    plain,
    record_notifications,
    rich_setup,
    settle,
    text_of,
    tree_lines,
)


def _setup(sandbox: Sandbox) -> None:
    """guard: NEW; context: CHANGED (trusted with another command)."""
    rich_setup(sandbox)
    sandbox.write_trusted_hooks({str(sandbox.workspace): ["context:bash old-context.sh"]})


async def _open(pilot: Any) -> TrustScreen:
    await pilot.press("T")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, TrustScreen)
    return screen


def _listed(screen: TrustScreen) -> list[str]:
    listing = screen.query_one("#trust-list", SelectionList)
    return [
        plain(listing.get_option_at_index(i).prompt, 100).strip()
        for i in range(listing.option_count)
    ]


async def test_review_shows_each_hook_and_trusting_all_writes_geminis_file(
    sandbox: Sandbox,
) -> None:
    _setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        screen = await _open(pilot)
        title = text_of(screen.query_one("#trust-title"), 200)
        assert "Review the project hooks of ~/project: 1 NEW, 1 CHANGED" in title
        listed = _listed(screen)
        assert listed[0].startswith("NEW      guard") and "BeforeTool" in listed[0]
        assert listed[1].startswith("CHANGED  context") and "SessionStart" in listed[1]
        detail = text_of(screen.query_one("#trust-preview"), 100)
        assert "command    bash .gemini/hooks/guard.sh" in detail
        assert "Script ~/project/.gemini/hooks/guard.sh" in detail
        assert "# Deny dangerous shell commands." in detail  # the preview
        screen.query_one("#trust-list", SelectionList).highlighted = 1
        await pilot.pause()
        detail = text_of(screen.query_one("#trust-preview"), 100)
        assert "CHANGED: its command changed since it was trusted" in detail
        assert "trusted    bash old-context.sh" in detail  # what it ran when trusted
        assert "command    bash .gemini/hooks/context.sh" in detail
        await pilot.press("y")
        await settle(pilot)
        # Nothing left to review; the badges and the banner are gone.
        assert _listed(screen) == []
        assert "nothing to review" in text_of(screen.query_one("#trust-title"))
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HooksScreen)
        lines = "\n".join(tree_lines(app.screen.query_one(HookTree)))
        assert "NEW" not in lines and "CHANGED" not in lines
        assert not any("not trusted yet" in text_of(b) for b in app.screen.query(Banner))
    store = json.loads((sandbox.home / ".gemini" / "trusted_hooks.json").read_text())
    assert store == {
        str(sandbox.workspace): [
            "context:bash old-context.sh",  # kept first, as Gemini keeps it
            "guard:bash .gemini/hooks/guard.sh",
            "context:bash .gemini/hooks/context.sh",
        ]
    }
    assert shown[-1][0].startswith("Trusted 2 project hook(s) of ~/project: guard, context.")


async def test_trust_only_the_checked_hooks(sandbox: Sandbox) -> None:
    _setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        screen = await _open(pilot)
        await pilot.press("space")  # uncheck guard (highlighted first)
        await pilot.pause()
        assert [h.id for h in screen.checked] == ["context"]
        await pilot.press("y")
        await settle(pilot)
        assert [line.split()[1] for line in _listed(screen)] == ["guard"]
    store = json.loads((sandbox.home / ".gemini" / "trusted_hooks.json").read_text())
    assert store[str(sandbox.workspace)] == [
        "context:bash old-context.sh",
        "context:bash .gemini/hooks/context.sh",
    ]
    assert "1 other project hook(s) are still not trusted" in shown[-1][0]


async def test_nothing_checked_writes_nothing(sandbox: Sandbox) -> None:
    _setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        await _open(pilot)
        await pilot.press("a")  # all checked → none
        await pilot.press("y")
        await settle(pilot)
    assert "Check at least one hook" in shown[-1][0]
    store = json.loads((sandbox.home / ".gemini" / "trusted_hooks.json").read_text())
    assert store == {str(sandbox.workspace): ["context:bash old-context.sh"]}


async def test_the_banner_opens_the_review(sandbox: Sandbox) -> None:
    _setup(sandbox)
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        banner = app.screen.query_one(".banner.trust", Banner)
        assert text_of(banner).startswith(
            "! 2 project hooks are not trusted yet (1 NEW, 1 CHANGED)"
        )
        await pilot.click(".banner.trust")
        await pilot.pause()
        assert isinstance(app.screen, TrustScreen)


async def test_an_unreadable_store_is_refused(sandbox: Sandbox) -> None:
    _setup(sandbox)
    path = sandbox.home / ".gemini" / "trusted_hooks.json"
    path.write_text("{not json")
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        shown = record_notifications(app)
        await _open(pilot)
        await pilot.press("y")
        await settle(pilot)
    message, options = shown[-1]
    assert "is not valid JSON" in message and options["severity"] == "error"
    assert path.read_text() == "{not json"


async def test_workspace_is_home_says_why(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    env = sandbox.env(sandbox.home)
    app = HookdashApp(env, configuration=load_configuration(env), watch=False)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await _open(pilot)
        assert "The workspace is your home directory" in text_of(
            screen.query_one("#trust-title"), 200
        )
        assert _listed(screen) == []
