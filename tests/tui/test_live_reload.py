"""Live reload with the real file watcher: edits show within a second, selection kept."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from hookdash.core.load.sources import watch_targets
from hookdash.tui.app import HookdashApp
from hookdash.tui.watch import plan_watch
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import make_app, rich_setup, select, tree_lines

DEADLINE = 1.0  # the bound: "within a second"


async def _until(pilot: object, condition: Callable[[], bool], timeout: float = 5.0) -> float:
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > timeout:
            raise AssertionError("condition not met in time")
        await asyncio.sleep(0.02)
    return time.monotonic() - start


async def _watching(app: HookdashApp) -> None:
    # The watcher is armed once the first configuration is applied.
    while app._watcher is None or not (app._watcher.plan.recursive or app._watcher.plan.flat):
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.2)  # let inotify settle


def _replace(path: Path, data: object) -> None:
    """Write like an editor does: a new file renamed over the old one."""
    tmp = path.with_name(path.name + ".tmp~")
    tmp.write_text(json.dumps(data, indent=2))
    os.replace(tmp, path)


async def test_edit_refreshes_within_a_second_and_keeps_selection(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app = make_app(sandbox, watch=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await _watching(app)
        tree = app.screen.query_one(HookTree)
        select(tree, "context")
        await pilot.pause()
        selected = app.selected_hook
        assert selected is not None
        data = json.loads(sandbox.workspace_settings.read_text())
        # A new hook *before* the selected one: its line number changes, its ref does not.
        data["hooks"]["BeforeTool"][0]["hooks"].append(command_hook("echo new", name="fresh"))
        _replace(sandbox.workspace_settings, data)
        elapsed = await _until(pilot, lambda: any("fresh" in s for s in tree_lines(tree)))
        await pilot.pause()
        assert elapsed < DEADLINE, elapsed
        hook = app.selected_hook
        assert hook is not None and hook.ref == selected.ref and hook.id == "context"


async def test_missing_directory_is_watched_until_it_appears(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="u"))]}})
    app = make_app(sandbox, watch=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await _watching(app)
        assert not (sandbox.workspace / ".gemini").exists()
        tree = app.screen.query_one(HookTree)
        sandbox.write_workspace(
            {"hooks": {"AfterTool": [definition(command_hook("true", name="project-one"))]}}
        )
        await _until(pilot, lambda: any("project-one" in s for s in tree_lines(tree)))
        # And the new directory is now watched itself: a second edit shows too.
        sandbox.write_workspace(
            {"hooks": {"AfterTool": [definition(command_hook("true", name="project-two"))]}}
        )
        await _until(pilot, lambda: any("project-two" in s for s in tree_lines(tree)))


async def test_extension_install_and_trust_file_are_noticed(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"AfterTool": [definition(command_hook("true", name="p"))]}})
    app = make_app(sandbox, watch=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await _watching(app)
        tree = app.screen.query_one(HookTree)
        assert any("NEW" in s for s in tree_lines(tree))
        sandbox.write_trusted_hooks({str(sandbox.workspace): ["p:true"]})
        await _until(pilot, lambda: not any("NEW" in s for s in tree_lines(tree)))
        sandbox.add_extension("late", {"BeforeAgent": [definition(command_hook("true", name="x"))]})
        await _until(pilot, lambda: any("extension late" in s for s in tree_lines(tree)))


async def test_gemini_chat_logs_do_not_reload(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    loads: list[float] = []
    original = HookdashApp._apply

    app = make_app(sandbox, watch=True)

    def counting(self: HookdashApp, config: object) -> None:
        loads.append(time.monotonic())
        original(self, config)  # type: ignore[arg-type]

    app._apply = counting.__get__(app)  # type: ignore[method-assign]
    async with app.run_test(size=(120, 36)):
        await _watching(app)
        await asyncio.sleep(0.3)
        before = len(loads)
        chats = sandbox.home / ".gemini" / "tmp" / "project" / "chats"
        chats.mkdir(parents=True)
        (chats / "session.jsonl").write_text("{}\n")
        (sandbox.home / ".gemini" / "telemetry.log").write_text("{}\n")
        await asyncio.sleep(0.6)
        assert len(loads) == before


def test_watch_plan_uses_nearest_existing_parent(sandbox: Sandbox) -> None:
    targets = watch_targets(sandbox.load())
    plan = plan_watch(targets)
    # The project has no .gemini yet: its directory is watched one level deep.
    assert sandbox.workspace in plan.flat
    assert sandbox.workspace / ".gemini" not in plan.recursive
    (sandbox.workspace / ".gemini").mkdir()
    plan = plan_watch(targets)
    assert sandbox.workspace / ".gemini" in plan.recursive
