"""Snapshot tests (pytest-textual-snapshot): each screen at 120×36, the main one at 80×24.

Deterministic by construction: the sandbox (never the real home), paths shown relative to
home, no file watcher, no clock on screen. The demo is copied to a fixed directory so its
paths are the same on every run. Update with `pytest --snapshot-update` and look at the
report before committing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.demo import DemoEnvironment, create_demo
from hookdash.core.snapshot import load_configuration
from hookdash.tui.app import HookdashApp
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox
from tests.tui.helpers import make_app, rich_setup, select

FIXED_DEMO_ROOT = Path("/tmp/hookdash-snapshot-demo")


@pytest.fixture
def fixed_demo(monkeypatch: pytest.MonkeyPatch) -> Iterator[DemoEnvironment]:
    # Whether the system file is refused for its owner or for /tmp's mode depends on
    # who runs the tests; the snapshot must not.
    monkeypatch.setattr(
        "hookdash.core.layers.system_file_insecurity",
        lambda path: f"file '{path}' is not owned by root",
    )
    shutil.rmtree(FIXED_DEMO_ROOT, ignore_errors=True)
    demo = create_demo(FIXED_DEMO_ROOT)
    yield demo
    demo.cleanup()


def _select(hook_id: str, scope: str | None = None) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        select(pilot.app.screen.query_one(HookTree), hook_id, scope)
        await pilot.pause()

    return run_before


def test_main_screen(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(120, 36))


def test_main_screen_80x24(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(80, 24))


def test_details_of_a_duplicate_new_hook(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(
        make_app(sandbox), terminal_size=(120, 36), run_before=_select("guard", "workspace")
    )


def test_filtered(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(
        make_app(sandbox), terminal_size=(120, 36), press=["slash", *"user", "enter"]
    )


def test_problems_screen(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(120, 36), press=["c"])


def test_help_screen(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(120, 36), press=["question_mark"])


def test_light_theme(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(120, 36), press=["t"])


def test_empty_state(snap_compare: Any, sandbox: Sandbox) -> None:
    assert snap_compare(make_app(sandbox), terminal_size=(120, 36))


def test_demo(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    env = fixed_demo.env
    app = HookdashApp(env, configuration=load_configuration(env), watch=False, demo=fixed_demo)
    assert snap_compare(app, terminal_size=(120, 36))
