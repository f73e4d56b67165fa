"""Regenerate the README's screenshots (screenshots/*.svg) from the bundled demo.

    .venv/bin/python screenshots/generate.py

The demo is copied to a fixed directory (so the paths in the pictures do not change from
run to run), shown without a file watcher, and each view is exported as SVG.
Phase 2 adds: trust review, fire result, plan, live log.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

from hookdash.core.demo import create_demo  # noqa: E402
from hookdash.core.snapshot import load_configuration  # noqa: E402
from hookdash.tui.app import HookdashApp  # noqa: E402
from hookdash.tui.widgets.hook_tree import HookItem, HookTree  # noqa: E402

DEMO_ROOT = Path("/tmp/hookdash-demo")

Steps = Callable[[Any], Awaitable[None]]


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


SHOTS: list[tuple[str, tuple[int, int], Steps]] = [
    ("main", (120, 36), _select("prompt-stats")),
    ("details", (120, 36), _select("safe-git-push", "z")),
    ("problems", (120, 36), _keys("c")),
    ("small", (80, 24), _select("lint-on-write")),
]


async def _shoot(name: str, size: tuple[int, int], steps: Steps) -> None:
    shutil.rmtree(DEMO_ROOT, ignore_errors=True)
    demo = create_demo(DEMO_ROOT)
    try:
        env = demo.env
        app = HookdashApp(env, configuration=load_configuration(env), watch=False, demo=demo)
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
    for name, size, steps in SHOTS:
        await _shoot(name, size, steps)


if __name__ == "__main__":
    asyncio.run(main())
