"""Live reload with the real file watcher: edits show, the selection is kept.

(How fast is the benchmark's business, not a test's: on a loaded machine any fixed bound
flakes. These check what causes the refresh: the file watcher, and nothing else.)
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

import pytest
from textual.worker import Worker, WorkerCancelled

from hookdash.tui.app import HookdashApp
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox, command_hook, definition
from tests.tui.helpers import make_app, rich_setup, select, tree_lines, until

Reloads = list[tuple[str | None, Worker[None]]]  # (reason, worker) of each reload


def _count_reloads(app: HookdashApp) -> Reloads:
    """Every reload the app starts from now on."""
    reloads: Reloads = []
    original = app.reload

    def counting(reason: str | None = None) -> Worker[None]:
        worker = original(reason)
        reloads.append((reason, worker))
        return worker

    app.reload = counting  # type: ignore[method-assign]
    return reloads


def _watched_app(sandbox: Sandbox) -> tuple[HookdashApp, Reloads]:
    """A watching app, and the reloads it starts (counted from the start)."""
    app = make_app(sandbox, watch=True)
    return app, _count_reloads(app)


async def _watching(app: HookdashApp, reloads: Reloads) -> None:
    """Until the watch on the loaded configuration's files is armed and the reload that
    arming starts (when a file changed after the load read it) is done; `reloads` is
    emptied."""
    await until(lambda: app.watcher is not None and app.watcher.ready.is_set())
    await until(lambda: app.arm_checked)
    for _reason, worker in reloads:
        with contextlib.suppress(WorkerCancelled):
            await worker.wait()
    reloads.clear()


async def test_arming_reads_again_only_when_a_file_changed_after_the_load(
    sandbox: Sandbox,
) -> None:
    """A huge configuration was read twice at every start (the second time for nothing,
    20-40 s at 40,000 hooks): armed, the watcher reads again only for a change since."""
    rich_setup(sandbox)
    app, reloads = _watched_app(sandbox)
    app._loaded_since = time.time_ns() + 10**10  # as if read after every file was written
    async with app.run_test(size=(120, 36)):
        await until(lambda: app.watcher is not None and app.watcher.ready.is_set())
        await until(lambda: app.arm_checked)
        assert [reason for reason, _ in reloads if reason == "files changed"] == []
    app, reloads = _watched_app(sandbox)
    app._loaded_since = time.time_ns() - 10**11  # read long before: a file changed since
    async with app.run_test(size=(120, 36)):
        await until(lambda: app.watcher is not None and app.watcher.ready.is_set())
        await until(lambda: any(reason == "files changed" for reason, _ in reloads))


def _replace(path: Path, data: object) -> None:
    """Write like an editor does: a new file renamed over the old one."""
    tmp = path.with_name(path.name + ".tmp~")
    tmp.write_text(json.dumps(data, indent=2))
    os.replace(tmp, path)


async def test_an_edit_refreshes_the_view_and_keeps_the_selection(sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    app, reloads = _watched_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await _watching(app, reloads)
        tree = app.screen.query_one(HookTree)
        select(tree, "context")
        await pilot.pause()
        selected = app.selected_hook
        assert selected is not None
        data = json.loads(sandbox.workspace_settings.read_text())
        # A new hook *before* the selected one: its line number changes, its ref does not.
        data["hooks"]["BeforeTool"][0]["hooks"].append(command_hook("echo new", name="fresh"))
        _replace(sandbox.workspace_settings, data)
        await until(lambda: any("fresh" in s for s in tree_lines(tree)))
        await pilot.pause()
        assert reloads and {reason for reason, _ in reloads} == {"files changed"}  # the watcher
        hook = app.selected_hook
        assert hook is not None and hook.ref == selected.ref and hook.id == "context"


async def test_missing_directory_is_watched_until_it_appears(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("true", name="u"))]}})
    app, reloads = _watched_app(sandbox)
    async with app.run_test(size=(120, 36)):
        await _watching(app, reloads)
        assert not (sandbox.workspace / ".gemini").exists()
        tree = app.screen.query_one(HookTree)
        sandbox.write_workspace(
            {"hooks": {"AfterTool": [definition(command_hook("true", name="project-one"))]}}
        )
        await until(lambda: any("project-one" in s for s in tree_lines(tree)))
        # And the new directory is now watched itself: a second edit shows too.
        sandbox.write_workspace(
            {"hooks": {"AfterTool": [definition(command_hook("true", name="project-two"))]}}
        )
        await until(lambda: any("project-two" in s for s in tree_lines(tree)))


async def test_extension_install_and_trust_file_are_noticed(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"AfterTool": [definition(command_hook("true", name="p"))]}})
    app, reloads = _watched_app(sandbox)
    async with app.run_test(size=(120, 36)):
        await _watching(app, reloads)
        tree = app.screen.query_one(HookTree)
        assert any("NEW" in s for s in tree_lines(tree))
        sandbox.write_trusted_hooks({str(sandbox.workspace): ["p:true"]})
        await until(lambda: not any("NEW" in s for s in tree_lines(tree)))
        sandbox.add_extension("late", {"BeforeAgent": [definition(command_hook("true", name="x"))]})
        await until(lambda: any("extension late" in s for s in tree_lines(tree)))


async def test_gemini_chat_logs_do_not_reload(
    sandbox: Sandbox, monkeypatch: pytest.MonkeyPatch
) -> None:
    rich_setup(sandbox)
    app, reloads = _watched_app(sandbox)
    async with app.run_test(size=(120, 36)) as pilot:
        await _watching(app, reloads)
        watcher = app.watcher
        assert watcher is not None
        judged: list[Path] = []
        relevant = watcher._relevant

        def recording(path: str) -> bool:
            judged.append(Path(path))
            return relevant(path)

        monkeypatch.setattr(watcher, "_relevant", recording)
        gemini = sandbox.home / ".gemini"
        chats = gemini / "tmp" / "project" / "chats"
        chats.mkdir(parents=True)
        (chats / "session.jsonl").write_text("{}\n")
        (gemini / "telemetry.log").write_text("{}\n")
        # Both changes reached the watcher (it judges a whole burst at once)…
        await until(lambda: gemini / "telemetry.log" in judged)
        await until(lambda: any(gemini / "tmp" in (p, *p.parents) for p in judged))
        await pilot.pause()
        # …and neither started a reload.
        assert reloads == []
