"""The dashboard on a hostile repository: it loads (in its own worker), says what is wrong,
and never hangs or dies — FIFOs, scripts that never end, deep nesting, unreadable logs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hookdash.tui.app import HookdashApp
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.screens.trust import TrustScreen
from hookdash.tui.widgets.banners import Banner
from hookdash.tui.widgets.hook_details import HookDetails
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition, settings_with, until
from tests.hostile import DEEP, make_fifo, released
from tests.tui.helpers import select, text_of


def _app(sandbox: Sandbox) -> HookdashApp:
    # No configuration handed in: the app loads it itself, in its worker thread.
    return HookdashApp(sandbox.env(), watch=False)


def _banners(app: HookdashApp) -> str:
    return "\n".join(text_of(b) for b in app.screen.query(Banner))


async def test_fifo_settings_and_scripts(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    fifo_script = make_fifo(sandbox.workspace / "hook.sh")
    zero = sandbox.workspace / "zero.sh"
    zero.symlink_to("/dev/zero")
    sandbox.write_workspace(
        settings_with(
            command_hook("./hook.sh", name="fifo-hook"),
            command_hook("bash zero.sh", name="zero-hook"),
        )
    )
    fifo_settings = make_fifo(sandbox.user_settings)
    with released([fifo_script, fifo_settings]):
        app = _app(sandbox)
        async with app.run_test(size=(120, 36)) as pilot:
            await until(lambda: app.config is not None, what="the first load")
            await pilot.pause()
            assert "FIFO" in _banners(app)
            tree = app.screen.query_one(HookTree)
            for hook_id in ("fifo-hook", "zero-hook"):
                select(tree, hook_id)
                await pilot.pause()
                details = text_of(app.screen.query_one(HookDetails).query_one("#details-body"))
                assert "not a regular file" in details, details
            await pilot.press("T")
            await until(lambda: isinstance(app.screen, TrustScreen), what="the trust review")
            await pilot.pause()
            preview = text_of(app.screen.query_one("#trust-preview"))
            assert "not a regular file" in preview, preview


async def test_deep_nesting_is_a_banner_not_a_crash(sandbox: Sandbox) -> None:
    sandbox.write_user('{\n  "hooks": ' + "[" * DEEP + "]" * DEEP + "\n}")
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("echo w"))]}})
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(lambda: app.config is not None, what="the first load")
        await pilot.pause()
        banners = _banners(app)
    assert "nested more than 1,801 levels deep" in banners
    assert "settings.json:2" in banners


async def _log_notice(pilot: Any, says: str) -> Any:
    """Open the live log once the first load is done; its notice, once it `says` so."""
    app = pilot.app
    await until(lambda: app.config is not None, what="the first load")
    await pilot.press("l")
    await until(lambda: isinstance(app.screen, LogScreen), what="the live log")
    notice = app.screen.query_one("#log-notice")
    await until(lambda: says in text_of(notice), what=f"the notice to say {says!r}")
    return notice


async def test_an_unreadable_run_log_is_a_visible_message(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo u", name="u"))]}})
    (sandbox.state / "runs.jsonl").mkdir()  # unreadable, for root too
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        notice = await _log_notice(pilot, "cannot read")
        assert notice.display and notice.has_class("-error")
        text = text_of(notice)
    assert "runs.jsonl: it is a directory" in text
    assert "no runs can be shown from it" in text


async def test_a_fifo_run_log_while_following(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo u", name="u"))]}})
    fifo = make_fifo(sandbox.state / "runs.jsonl")
    with released([fifo]):
        app = HookdashApp(sandbox.env(), watch=True)
        async with app.run_test(size=(120, 36)) as pilot:
            await _log_notice(pilot, "FIFO")


async def test_a_lone_surrogate_in_a_name_renders(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("echo '\udfff'", name="n\ud800"))]}}
    )
    app = _app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(lambda: app.config is not None, what="the first load")
        await pilot.pause()
        tree = app.screen.query_one(HookTree)
        select(tree, "n\ud800")
        await pilot.pause()
        await pilot.press("T")
        await until(lambda: isinstance(app.screen, TrustScreen), what="the trust review")
        await pilot.pause()
    assert Path(sandbox.workspace_settings).exists()
