"""Benchmark: the dashboard's first paint, and key presses during a log burst.

Run: .venv/bin/python tests/bench/bench_tui.py   (not collected by pytest)

1. First paint, measured as a person sees it: each start is a fresh process on a
   pseudo-terminal (120×36), timed from just before it is spawned until its first
   screen's content has reached the terminal (the output, escape sequences removed, holds
   a marker). The reference is a minimal Textual app that paints one static line,
   measured the same way in the same run, starts interleaved so both see the same
   machine load. hookdash starts as the `hookdash` console script does: with the glimpse
   of its last read (hookdash.tui.glimpse) when none of its files changed since, its first
   frame lists the hooks, each "checking…", and the configuration is read after it; else
   it loads the configuration in a thread while Textual starts, and its first frame has
   the hooks when the load is done by then (it waits a little for a quick one), else it
   says "… reading the configuration…" and the hooks follow. Three moments are timed: the
   first frame, the hooks drawn, and the list complete (every hook judged: the status
   line says the hooks are on). Targets (issue 20):
   - a typical configuration (15 hooks: 3 settings layers × 3, 2 extensions × 3): the
     hooks drawn within 1.5× of the reference;
   - 2,000 hooks (three layers, 25 extensions; bench_list.py's generator): the hooks
     drawn within 1.5 s.
2. Key delay during a burst (target ≤ 50 ms): the live log follows runs.jsonl while a
   background thread appends 5,000 records in one second (50 every 10 ms); meanwhile a key
   is pressed every 50 ms and timed from the moment it is sent (as the terminal driver
   sends it) until its effect is on screen: the cursor is on the next record *and* that
   line has been drawn with the cursor. Measured on the log screen (which draws the
   burst) and on the hook list (with the log following in the background).
   Headless (Textual composes every frame; only the terminal write is skipped).
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from bench_list import build  # noqa: E402

PAINT_RUNS = 9
BURST_RECORDS = 5000
BURST_SECONDS = 1.0
BATCH = 50

# ---------------------------------------------------------------- 1. first paint

REFERENCE_LINE = "hookdash bench: one static line"
_REFERENCE_APP = f"""
from textual.app import App
from textual.widgets import Static

class OneLine(App[None]):
    def compose(self):
        yield Static({REFERENCE_LINE!r})

OneLine().run()
"""
# CSI / OSC / DCS-style sequences and two-byte escapes: what is left is the text drawn.
_ESCAPES = re.compile(rb"\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]P^_][^\x07\x1b]*(?:\x07|\x1b\\)|.)", re.S)


def time_to_paint(
    argv: list[str], markers: list[str], cwd: str, env: dict[str, str], optional: int = 0
) -> list[float | None]:
    """Seconds from spawning `argv` on a 120×36 pseudo-terminal until each marker is on it;
    the first `optional` markers may never come (None): it ends when the rest are there."""
    main, child = os.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
    wanted = [m.encode() for m in markers]
    required = wanted[optional:]
    seen: dict[bytes, float] = {}
    out = b""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, stdin=child, stdout=child, stderr=child, cwd=cwd, env=env, start_new_session=True
    )
    os.close(child)
    try:
        deadline = start + 30
        while not all(m in seen for m in required) and time.perf_counter() < deadline:
            if not select.select([main], [], [], 0.5)[0]:
                continue
            try:
                chunk = os.read(main, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            now = time.perf_counter() - start
            out += chunk
            text = _ESCAPES.sub(b"", out)
            for marker in wanted:
                if marker not in seen and marker in text:
                    seen[marker] = now
    finally:
        proc.send_signal(signal.SIGTERM)  # hookdash ends as on `q`; the reference just dies
        try:
            while proc.poll() is None:  # keep reading: a full terminal would block it
                if select.select([main], [], [], 0.1)[0]:
                    try:
                        os.read(main, 1 << 16)
                    except OSError:
                        proc.wait(timeout=10)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            os.close(main)
    missing = [m.decode() for m in required if m not in seen]
    if missing:
        tail = _ESCAPES.sub(b"", out)[-600:].decode(errors="replace")
        raise RuntimeError(f"{argv[-1]}: {missing} never appeared; the screen ended with {tail!r}")
    return [seen.get(m) for m in wanted]


# hookdash's first frame says it is reading the configuration, unless the configuration
# (loaded in a thread while Textual starts) is there by then: then its first frame has the
# hooks. The hooks are on screen when the first one's name is: from the configuration, or
# from the glimpse of the last read (hookdash.tui.glimpse: the list, every hook
# "checking…", until the configuration is read). The list is complete when the status line
# says the hooks are on (it says so only once the configuration is read).
FIRST_FRAME = "reading the configuration"
FIRST_HOOK = "user-0"
COMPLETE = "hooks on"


def paint_times(argv: list[str], cwd: str, env: dict[str, str]) -> list[float]:
    """hookdash's [first frame, hooks drawn, list complete]: the first frame is the loading
    one, or the hooks' own when no loading frame came before them."""
    markers = [FIRST_FRAME, FIRST_HOOK, COMPLETE]
    frame, hooks, complete = time_to_paint(argv, markers, cwd, env, optional=1)
    assert hooks is not None and complete is not None
    return [hooks if frame is None else min(frame, hooks), hooks, complete]


def first_paint() -> None:
    exe = str(Path(sys.executable).parent / "hookdash")
    with tempfile.TemporaryDirectory() as tmp:
        starts: dict[str, tuple[Callable[..., list[Any]], list[str], str, dict[str, str]]] = {}
        for name, sizes in (("typical", (15, 2, 3)), ("2,000 hooks", (2000, 25, 450))):
            env = build(Path(tmp) / name, *sizes)
            project = env.pop("_PROJECT")
            env["TERM"] = "xterm-256color"
            starts[name] = (paint_times, [exe], project, env)
        env = dict(starts["typical"][3])
        argv = [sys.executable, "-c", _REFERENCE_APP]
        one_line = partial(time_to_paint, markers=[REFERENCE_LINE])
        starts["reference"] = (one_line, argv, tmp, env)
        times: dict[str, list[list[float]]] = {name: [] for name in starts}
        for run in range(PAINT_RUNS + 1):  # the first round warms the disk cache
            for name, (measure, argv, cwd, env) in starts.items():
                seconds = measure(argv, cwd=cwd, env=env)
                if run:
                    times[name].append(seconds)

    def median(name: str, i: int = 0) -> float:
        return statistics.median(t[i] for t in times[name])

    reference = median("reference")
    frame, hooks = median("typical"), median("typical", 1)
    complete = median("typical", 2)
    big_frame, big_hooks = median("2,000 hooks"), median("2,000 hooks", 1)
    big_complete = median("2,000 hooks", 2)
    worst_big = max(t[1] for t in times["2,000 hooks"])
    print(
        f"first paint (process start to content on a 120×36 terminal, median of {PAINT_RUNS} "
        f"interleaved starts): minimal Textual app {reference:.3f} s; hookdash on 15 hooks: "
        f"first frame {frame:.3f} s = {frame / reference:.2f}× the minimal app, hooks drawn "
        f"{hooks:.3f} s = {hooks / reference:.2f}× (target ≤ 1.5×), list complete "
        f"{complete:.3f} s; on 2,000 hooks: first frame {big_frame:.3f} s, hooks drawn "
        f"{big_hooks:.3f} s, worst {worst_big:.3f} s (target ≤ 1.5 s), list complete "
        f"{big_complete:.3f} s"
    )


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
        from hookdash.core.hosts.gemini.environment import resolve_environment
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
            f"{len(ms)} presses (target ≤ 50 ms)"
        )


if __name__ == "__main__":
    first_paint()
    key_delay()
