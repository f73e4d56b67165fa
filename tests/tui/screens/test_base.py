"""The base screen: the configuration at mount and after each reload, the theme switch."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from textual.widgets import Static

from hookdash.core import Configuration
from hookdash.tui.screens.base import HookdashModalScreen, HookdashScreen
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import make_app


class Recorder(HookdashScreen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.configs: list[Configuration] = []
        self.themes = 0

    def compose(self) -> Any:
        yield Static("recording")

    def config_changed(self, config: Configuration) -> None:
        self.configs.append(config)

    def theme_changed(self) -> None:
        self.themes += 1


class LateRecorder(Recorder):
    CONFIG_AT_MOUNT = False


class ModalRecorder(HookdashModalScreen[None], Recorder):
    pass


@contextlib.asynccontextmanager
async def _showing(sandbox: Sandbox, screen: Recorder) -> AsyncIterator[Any]:
    """The dashboard on `sandbox`, with `screen` pushed over its hook list; the pilot."""
    app = make_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await app.push_screen(screen)
        yield pilot


async def _reloaded(pilot: Any) -> None:
    await pilot.app.reload("test").wait()
    await pilot.pause()


async def test_config_at_mount_after_each_reload_and_theme_switch(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="a"))]}})
    screen = Recorder()
    async with _showing(sandbox, screen) as pilot:
        app = pilot.app
        assert screen.hd_app is app
        assert screen.configs == [app.config]
        sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="b"))]}})
        await _reloaded(pilot)
        assert len(screen.configs) == 2
        assert [h.id for h in screen.configs[-1].hooks] == ["b"]
        app.action_toggle_theme()
        await pilot.pause()
        assert screen.themes == 1
        screen.show_current_config()
        assert screen.configs[-1] is app.config and len(screen.configs) == 3


async def test_a_screen_that_renders_itself_skips_the_call_at_mount(sandbox: Sandbox) -> None:
    late = LateRecorder()
    async with _showing(sandbox, late) as pilot:
        assert late.configs == []
        await _reloaded(pilot)
        assert len(late.configs) == 1


async def test_a_popped_screen_follows_nothing_more(sandbox: Sandbox) -> None:
    modal = ModalRecorder()
    async with _showing(sandbox, modal) as pilot:
        assert modal.is_modal and len(modal.configs) == 1
        pilot.app.pop_screen()
        await pilot.pause()
        await _reloaded(pilot)
        pilot.app.action_toggle_theme()
        await pilot.pause()
        assert len(modal.configs) == 1 and modal.themes == 0
