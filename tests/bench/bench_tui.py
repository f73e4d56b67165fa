"""Benchmark: the dashboard's first paint on 2,000 hooks, and key presses during a log burst.

Run: .venv/bin/python tests/bench/bench_tui.py   (not collected by pytest)

1. First paint (contract §7: ≤ 1.5 s): 2,000 hooks over three layers and 25 extensions
   (the generator of bench_list.py). Each run is a fresh process; the clock starts when
   the app is created (after the imports, which are reported separately) and stops when
   the hook tree has drawn its lines. The app loads the configuration itself, in its
   worker, as `hookdash` does.
2. Key delay during a burst (target ≤ 100 ms): the live log follows runs.jsonl while a
   background thread appends 5,000 records in one second (50 every 10 ms); meanwhile a key
   is pressed every 50 ms and timed from the moment it is sent (as the terminal driver
   sends it) until its effect is on screen: the cursor is on the next record *and* that
   line has been drawn with the cursor. Measured on the log screen (which draws the
   burst) and on the hook list (with the log following in the background).

Both run headless (Textual composes every frame; only the terminal write is skipped).
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bench_list import build  # noqa: E402

PAINT_RUNS = 7
BURST_RECORDS = 5000
BURST_SECONDS = 1.0
BATCH = 50

# ---------------------------------------------------------------- 1. first paint

_PAINT_CHILD = r"""
import json, os, sys, time
t_process = float(sys.argv[1])
t0 = time.perf_counter()
from hookdash.core.gemini.environment import resolve_environment
from hookdash.tui.app import HookdashApp
from hookdash.tui.widgets.hook_tree import HookTree
t_imported = time.perf_counter()

painted = {}
original = HookTree.render_lines

def render_lines(self, crop):
    strips = original(self, crop)
    if "at" not in painted and self.root.children:
        painted["at"] = time.perf_counter()
        painted["hooks"] = sum(1 for _ in self._walk(self.root))
        self.app.call_later(self.app.exit)
    return strips

HookTree.render_lines = render_lines
env = resolve_environment(os.getcwd())
start = time.perf_counter()
app = HookdashApp(env, watch=False)
app.run(headless=True, size=(120, 36))
print(json.dumps({
    "app_to_paint": painted["at"] - start,
    "imports": t_imported - t0,
    "nodes": painted["hooks"],
}))
"""


def first_paint() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = build(Path(tmp))
        project = env.pop("_PROJECT")
        hooks = None
        results = []
        for _ in range(PAINT_RUNS + 1):  # the first run warms the disk cache
            out = subprocess.run(
                [sys.executable, "-c", _PAINT_CHILD, str(time.perf_counter())],
                cwd=project,
                env={**env, "PYTHONPATH": str(ROOT)},
                capture_output=True,
                text=True,
                check=True,
            )
            results.append(json.loads(out.stdout.strip().splitlines()[-1]))
        results = results[1:]
        config_hooks = _count_hooks(project, env)
        hooks = config_hooks
    paint = [r["app_to_paint"] for r in results]
    imports = statistics.median(r["imports"] for r in results)
    print(
        f"first paint, {hooks} hooks (3 layers, 25 extensions): median "
        f"{statistics.median(paint):.3f} s, worst {max(paint):.3f} s over {len(paint)} runs, "
        f"from app start to the tree drawn (target ≤ 1.5 s); importing the app takes a "
        f"further {imports:.3f} s"
    )


def _count_hooks(project: str, env: dict[str, str]) -> int:
    from hookdash.core.gemini.environment import resolve_environment
    from hookdash.core.load.loader import load_configuration

    return len(load_configuration(resolve_environment(project, environ=env)).hooks)


# ------------------------------------------------------- 2. key delay during a burst


def _record(i: int) -> Any:
    from hookdash.core.run.runlog import RunRecord

    return RunRecord(
        ts=f"2026-01-01T00:00:{i % 60:02d}.{i % 1000:03d}Z",
        origin="hookdash",
        event="BeforeTool",
        id=f"hook-{i % 7}",
        success=i % 5 != 0,
        exit_code=0 if i % 5 else 2,
        duration_ms=10 + i % 90,
        input={"tool_name": "run_shell_command", "tool_input": {"command": f"echo {i}"}},
        output={"decision": "deny" if i % 5 == 0 else "allow"},
        stdout="x" * 200,
    )


async def _key_delays(on_log: bool) -> list[float]:
    from hookdash.core.run.runlog import RunLog
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.screens.log import LogScreen
    from hookdash.tui.widgets.hook_tree import HookTree
    from hookdash.tui.widgets.run_list import RunList

    with tempfile.TemporaryDirectory() as tmp:
        env_vars = build(Path(tmp), total=200, extensions=5)
        project = env_vars.pop("_PROJECT")
        os.environ.update(env_vars)
        from hookdash.core.gemini.environment import resolve_environment
        from hookdash.core.load.loader import load_configuration

        env = resolve_environment(project)
        app = HookdashApp(env, configuration=load_configuration(env), watch=True)
        drawn: dict[int, float] = {}  # id(widget) -> when its cursor line was last drawn

        def track(cls: Any, cursor_of: Any) -> None:
            original = cls.render_line

            def render_line(self: Any, y: int) -> Any:
                strip = original(self, y)
                if int(self.scroll_offset.y) + y == cursor_of(self):
                    drawn[id(self)] = time.perf_counter()
                return strip

            cls.render_line = render_line

        track(RunList, lambda w: w.cursor)
        track(HookTree, lambda w: w.cursor_line)
        delays: list[float] = []
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.press("l")
            screen = app.screen
            assert isinstance(screen, LogScreen)
            while not screen.following:
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.5)
            if not on_log:
                await pilot.press("escape")
                await pilot.pause()
            log = RunLog(Path(env_vars["HOOKDASH_STATE_DIR"]))
            records = [_record(i) for i in range(BURST_RECORDS)]
            batches = [records[i : i + BATCH] for i in range(0, BURST_RECORDS, BATCH)]
            pause = BURST_SECONDS / len(batches)

            def write() -> None:
                start = time.perf_counter()
                for n, batch in enumerate(batches):
                    log.append(batch)
                    delay = start + (n + 1) * pause - time.perf_counter()
                    if delay > 0:
                        time.sleep(delay)

            writer = threading.Thread(target=write)
            writer.start()
            started = time.perf_counter()
            runs = screen.query_one(RunList)

            async def step_off_the_tail() -> None:
                """Untimed: put the cursor just above the newest record. While it follows
                the tail, a batch landing between a key and its handling would move it
                too, and the key's effect could not be told apart; far above the tail,
                its record would soon be dropped by the cap."""
                app.simulate_key("end")
                while not runs.following or runs.cursor < 2:
                    await asyncio.sleep(0.001)
                app.simulate_key("up")
                while runs.following:
                    await asyncio.sleep(0.001)

            presses = 0
            dropped_targets = 0
            while writer.is_alive() or time.perf_counter() - started < BURST_SECONDS + 0.3:
                widget: Any
                presses += 1
                if on_log:
                    widget = runs
                    if widget.following or widget.cursor < len(widget.shown) - 200:
                        await step_off_the_tail()
                        presses = 1  # just above the tail: up, then down, never onto it
                    key = "up" if presses % 2 else "down"
                    target = widget.shown[widget.cursor + (-1 if key == "up" else 1)]

                    def done(w: Any = widget, t: Any = target) -> bool:
                        return bool(w.cursor_record is t)
                else:
                    widget = app.screen.query_one(HookTree)
                    line = widget.cursor_line + 1
                    if line > widget.last_line:
                        widget.move_cursor_to_line(0)
                        await asyncio.sleep(0.05)
                        continue
                    key = "down"

                    def done(w: Any = widget, n: int = line) -> bool:
                        return bool(w.cursor_line == n)

                sent = time.perf_counter()
                app.simulate_key(key)
                while not (done() and drawn.get(id(widget), 0) > sent):
                    await asyncio.sleep(0.0005)
                    if time.perf_counter() - sent > 5:
                        raise RuntimeError(f"{key}: no visible effect within 5 s")
                    if on_log and not any(r is target for r in runs.shown):
                        break  # the cap dropped the target record meanwhile: no sample
                else:
                    delays.append(drawn[id(widget)] - sent)
                    await asyncio.sleep(0.05)
                    continue
                dropped_targets += 1
                await asyncio.sleep(0.05)
            writer.join()
            if on_log:
                runs = screen.query_one(RunList)
                while runs.total + runs.dropped < BURST_RECORDS:
                    await asyncio.sleep(0.01)
                assert runs.total == 2000, runs.total
    if dropped_targets:
        print(f"  ({dropped_targets} press(es) not counted: the cap dropped their record)")
    return delays


def key_delay() -> None:
    for on_log, where in ((True, "the live log"), (False, "the hook list")):
        delays = asyncio.run(_key_delays(on_log))
        ms = sorted(d * 1000 for d in delays)
        print(
            f"key press while {BURST_RECORDS:,} records arrive in {BURST_SECONDS:g} s, on "
            f"{where}: median {statistics.median(ms):.1f} ms, worst {ms[-1]:.1f} ms over "
            f"{len(ms)} presses (target ≤ 100 ms)"
        )


if __name__ == "__main__":
    first_paint()
    key_delay()
