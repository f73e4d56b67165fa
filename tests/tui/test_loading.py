"""The dashboard's first load, started before Textual (hookdash.tui.loading): the hooks
are in the first frame when it is done by then; it is waited for, not repeated, when it
is not; a failed one is loaded again as usual."""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest

from hookdash.tui import loading
from hookdash.tui.app import HookdashApp
from hookdash.tui.loading import EarlyLoad, Loaded
from hookdash.tui.widgets.hook_tree import HookTree
from hookdash.tui.widgets.status_line import StatusLine
from tests.conftest import Sandbox, command_hook, settings_with, until
from tests.tui.helpers import text_of, tree_lines


def _setup(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace(settings_with(command_hook("echo guard", name="guard")))


def _drawn(app: HookdashApp) -> str:
    return "\n".join(tree_lines(app.screen.query_one(HookTree)))


async def test_a_finished_early_load_is_in_the_first_frame(sandbox: Sandbox) -> None:
    _setup(sandbox)
    env = sandbox.env()
    early = EarlyLoad(env)
    early.result()
    app = HookdashApp(env, early=early, watch=False)
    async with app.run_test(size=(120, 36)):
        # No frame without the configuration: it was applied on mount, in no worker.
        assert app.config is not None and "guard" in _drawn(app)
        assert "reading the configuration" not in text_of(app.screen.query_one(StatusLine))
        assert not [w for w in app.workers if w.group == "load"]


async def test_an_unfinished_early_load_is_waited_for_not_repeated(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    _setup(sandbox)
    env = sandbox.env()
    release = threading.Event()
    calls: list[object] = []
    real = loading.load_view

    def held(env: object, loader: object = None) -> Loaded:
        calls.append(env)
        release.wait(10)
        return real(env)  # type: ignore[arg-type]

    monkeypatch.setattr(loading, "load_view", held)
    early = EarlyLoad(env)
    app = HookdashApp(env, early=early, watch=False)
    async with app.run_test(size=(120, 36)):
        status = app.screen.query_one(StatusLine)
        assert "reading the configuration" in text_of(status)
        release.set()
        await until(lambda: app.config is not None, what="the early load shown")
        assert "guard" in _drawn(app) and calls == [env]  # loaded once, before Textual


async def test_a_failed_early_load_is_loaded_again(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    _setup(sandbox)

    def broken(env: object, loader: object = None) -> Loaded:
        raise ImportError("deadlock detected by _ModuleLock")  # (as a racing import might)

    monkeypatch.setattr(loading, "load_view", broken)
    env = sandbox.env()
    early = EarlyLoad(env)
    with pytest.raises(ImportError):
        early.result()
    app = HookdashApp(env, early=early, watch=False)
    async with app.run_test(size=(120, 36)):
        await until(lambda: app.config is not None, what="the configuration loaded again")
        assert "guard" in _drawn(app)
        assert not app.messages  # no error: the early load is only a head start


async def test_an_early_load_of_another_environment_is_not_shown(sandbox: Sandbox) -> None:
    _setup(sandbox)
    other = sandbox.root / "other"
    other.mkdir()
    early = EarlyLoad(sandbox.env(other))
    early.result()
    env = sandbox.env()
    app = HookdashApp(env, early=early, watch=False)
    async with app.run_test(size=(120, 36)):
        await until(lambda: app.config is not None, what="the configuration")
        assert app.config is not None and app.config.env is env
        assert "guard" in _drawn(app)


def test_the_early_load_imports_neither_textual_nor_the_loader_until_started() -> None:
    """It is imported before Textual, to overlap with Textual's import: importing it must
    cost nothing (what it loads, it loads in its thread)."""
    code = (
        "import sys\n"
        "import hookdash.tui.loading\n"
        "heavy = ('textual', 'pydantic', 'hookdash.core.load.loader', 'tree_sitter')\n"
        "print('LOADED', sorted(m for m in heavy if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert "LOADED []" in result.stdout, result.stdout + result.stderr[-800:]


def test_a_quick_configuration_loads_beside_textual_a_large_one_after_the_first_paint(
    sandbox: Sandbox,
) -> None:
    """A long load beside Textual's start-up would hold its first frame back: only a
    small configuration is loaded early."""
    _setup(sandbox)
    assert loading.quick_to_load(sandbox.env())
    early = loading.start_early_load(sandbox.env())
    assert early is not None and early.result().config.hooks

    many = [command_hook(f"echo {i} {'x' * 200}", name=f"h{i}") for i in range(300)]
    sandbox.write_user(settings_with(*many))
    assert not loading.quick_to_load(sandbox.env())
    assert loading.start_early_load(sandbox.env()) is None

    sandbox.write_user({})
    for i in range(loading.QUICK_EXTENSIONS + 1):
        sandbox.add_extension(f"ext{i}", {})
    assert not loading.quick_to_load(sandbox.env())


def test_quick_to_load_reads_nothing(sandbox: Sandbox) -> None:
    """Sizes only: a FIFO where a settings file should be does not hold it."""
    _setup(sandbox)
    os.mkfifo(sandbox.user_settings)
    assert loading.quick_to_load(sandbox.env())
