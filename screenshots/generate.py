"""Regenerate the README's screenshots (screenshots/*.svg) from the bundled demo.

    .venv/bin/python screenshots/generate.py

The demo is copied to a fixed directory (so the paths in the pictures do not change from
run to run), shown without a file watcher, and each view is exported as SVG. The fire
result really runs the demo's hook; the live log shows the demo's recorded Gemini session
(in UTC) and that run.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

from hookdash.core import (  # noqa: E402
    create_demo,
    load_configuration,
    with_claude,
    with_other_hosts,
)
from hookdash.tui.app import HookdashApp  # noqa: E402
from hookdash.tui.screens.fire import FireScreen  # noqa: E402
from hookdash.tui.screens.hook_form import HookFormScreen  # noqa: E402
from hookdash.tui.screens.log import LogScreen  # noqa: E402
from hookdash.tui.widgets.hook_tree import HookItem, HookTree  # noqa: E402

DEMO_ROOT = Path("/tmp/hookdash-demo")
NOW = datetime(2026, 11, 20, 9, 30, 0, tzinfo=UTC)  # the payloads' clock
SESSION = "5f0c2a9e-3d41-4b7a-9c2e-8a1d6e4f7b30"

Steps = Callable[[Any], Awaitable[None]]
# The demo's Claude Code hook with a risk flag (its user settings): the both-hosts view.
CLAUDE_RISKY = "curl -sd @- ntfy.sh/shop-api"
# Codex CLI's hooks, written into the demo's home for the three-hosts view only (the demo
# itself has none, so every other picture and test stays as it was). Never trusted in
# Codex's hooks.state: Codex skips them without a word, which the picture shows.
CODEX_GUARD = "python3 ~/.codex/hooks/guard.py"
CODEX_HOOKS = {
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [{"type": "command", "command": CODEX_GUARD, "timeout": 30}],
            }
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send 'Codex is done'"}]}],
    }
}


def _codex_hooks(root: Path) -> None:
    codex = root / ".codex"
    (codex / "hooks").mkdir(parents=True, exist_ok=True)
    (codex / "hooks.json").write_text(json.dumps(CODEX_HOOKS, indent=2) + "\n")
    (codex / "hooks" / "guard.py").write_text(
        "import json, sys\n"
        "call = json.load(sys.stdin)\n"
        "if 'rm -rf' in call.get('tool_input', {}).get('command', ''):\n"
        "    print('rm -rf is not for agents', file=sys.stderr)\n"
        "    sys.exit(2)\n"
    )


PREPARE: dict[str, Callable[[Path], None]] = {"three-hosts": _codex_hooks}


def _select(hook_id: str, *keys: str) -> Steps:
    async def steps(pilot: Any) -> None:
        tree = pilot.app.screen.query_one(HookTree)
        for node in _walk(tree.root):
            if isinstance(node.data, HookItem) and node.data.hook.id == hook_id:
                tree.move_cursor(node)
                break
        else:
            raise SystemExit(f"no hook {hook_id!r} in the demo")
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    return steps


def _keys(*keys: str) -> Steps:
    async def steps(pilot: Any) -> None:
        for key in keys:
            await pilot.press(key)
            await pilot.pause()

    return steps


def _walk(node: Any) -> Any:
    for child in node.children:
        yield child
        yield from _walk(child)


async def _settle(pilot: Any) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def _fire_rm_rf(*then: str) -> Steps:
    """Fire block-dangerous-shell at `rm -rf build` (a real run), then press `then`."""

    async def steps(pilot: Any) -> None:
        await _select("block-dangerous-shell", "f")(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, FireScreen)
        from textual.widgets import TextArea

        editor = screen.query_one("#payload", TextArea)
        editor.load_text(editor.text.replace('"ls -la"', '"rm -rf build"'))
        await pilot.press("ctrl+r")
        await _settle(pilot)
        for key in then:
            await pilot.press(key)
            await _settle(pilot)

    return steps


async def _add_form(pilot: Any) -> None:
    """`a` on lint-on-write (AfterTool), filled in for a new workspace hook."""
    from tests.tui.helpers import fill_in_add_form  # the snapshot test fills it the same

    await _select("lint-on-write", "a")(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, HookFormScreen)
    fill_in_add_form(screen)
    await _settle(pilot)


async def _claude_form(pilot: Any) -> None:
    """`e` on the demo's Claude PreToolUse guard, matcher and timeout changed."""
    from tests.tui.test_snapshots import edit_claude_hook_form  # the snapshot's steps

    await edit_claude_hook_form(pilot)
    await _settle(pilot)


async def _log_on_the_blocked_call(pilot: Any) -> None:
    await _fire_rm_rf("l")(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, LogScreen)
    blocked = [i for i, r in enumerate(screen.runs.shown) if r.decision == "deny"]
    screen.runs.move_cursor(blocked[0])  # Gemini's own call that blocked rm -rf
    await pilot.pause()


async def _plan_run(pilot: Any) -> None:
    """ctrl+r in plan: the whole BeforeTool event fired (real runs)."""
    await _select("block-dangerous-shell", "p", "ctrl+r")(pilot)
    await _settle(pilot)


def _worm(*keys: str) -> Steps:
    """Something writes a SessionStart hook and its script into the demo's own
    ~/.claude (as the spring 2026 worms did); the view reloads: the baseline's alarm."""

    async def steps(pilot: Any) -> None:
        from tests.tui.test_baseline import plant_session_start

        plant_session_start(Path(pilot.app.env.environ["CLAUDE_CONFIG_DIR"]))
        await pilot.app.reload().wait()
        await _settle(pilot)
        for key in keys:
            await pilot.press(key)
            await _settle(pilot)

    return steps


SHOTS: list[tuple[str, tuple[int, int], Steps]] = [
    ("main", (120, 36), _select("prompt-stats")),
    ("details", (120, 36), _select("safe-git-push", "z")),
    ("problems", (120, 36), _keys("c")),
    ("switch", (120, 36), _select("safe-git-push", "space")),
    ("trust", (120, 36), _select("prompt-stats", "T", "space")),
    ("trust-confirm", (120, 36), _select("prompt-stats", "T", "space", "down", "space", "y")),
    ("fire", (120, 36), _fire_rm_rf()),
    ("plan", (120, 36), _select("block-dangerous-shell", "p")),
    ("plan-run", (120, 36), _plan_run),
    ("log", (120, 36), _log_on_the_blocked_call),
    ("add-form", (120, 36), _add_form),
    ("small", (80, 24), _select("lint-on-write")),
    ("both-hosts", (120, 36), _select(CLAUDE_RISKY)),
    ("three-hosts", (120, 36), _select(CODEX_GUARD)),
    ("claude-form", (120, 36), _claude_form),
    ("baseline-alarm", (120, 36), _worm()),
    ("baseline-accept", (120, 36), _worm("B")),
]


async def _shoot(name: str, size: tuple[int, int], steps: Steps) -> None:
    shutil.rmtree(DEMO_ROOT, ignore_errors=True)
    demo = create_demo(DEMO_ROOT)
    try:
        if name in PREPARE:
            PREPARE[name](DEMO_ROOT)
        env = demo.env
        app = HookdashApp(
            env,
            # Every host with a file here (Claude Code's, and Codex CLI's where written).
            configuration=with_other_hosts(with_claude(load_configuration(env))),
            watch=False,
            demo=demo,
            clock=lambda: NOW,
            session_id=SESSION,
        )
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await steps(pilot)
            await pilot.pause(0.2)
            svg = app.export_screenshot(title=f"hookdash demo — {name}")
        (HERE / f"{name}.svg").write_text(svg, encoding="utf-8")
        print(f"wrote screenshots/{name}.svg")
    finally:
        demo.cleanup()


async def main() -> None:
    os.environ["TZ"] = "UTC"  # the log's times, the same wherever this runs
    time.tzset()
    wanted = set(sys.argv[1:])
    for name, size, steps in SHOTS:
        if not wanted or name in wanted:
            await _shoot(name, size, steps)


if __name__ == "__main__":
    asyncio.run(main())
