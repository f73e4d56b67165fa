"""How work grows with its input: the time at n and at 8n, compared.

A wall-clock bound is flaky on a shared two-core machine, and so is a ratio of two
wall-clock timings: while the machine is busy, a small run can be descheduled for longer
than it computes (a clean-clone CI run measured 10.2× for linear work at 4n). So the
timings are this process's CPU time, which another process cannot stretch, and the input
grows eightfold, which puts linear work (8×) and quadratic work (64×) far apart.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

FACTOR = 8
# Linear work measures about 8×, n·log n (sorting) about 10×, quadratic 64×. The bound is
# FACTOR ** 1.5: room for noise on both sides.
LINEAR_BOUND = FACTOR**1.5


def best_time(run: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of `repeat` runs: the one least disturbed by the rest of the machine."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def growth(prepare: Callable[[int], Callable[[], object]], n: int, repeat: int = 3) -> float:
    """How many times longer the work takes at FACTOR·n than at n. `prepare(size)` builds
    the input (untimed) and returns the work to time."""
    small, large = prepare(n), prepare(FACTOR * n)
    return best_time(large, repeat) / best_time(small, repeat)


def write_many_hooks(box: Any, n: int) -> None:
    """n hooks in the user and workspace settings (a trusted folder), each running a script
    of its own in one directory: what makes the watch targets, the tree and the counts
    grow with the hooks. `box` is a tests.conftest.Sandbox."""
    scripts = box.workspace / ".gemini" / "hooks"
    scripts.mkdir(parents=True, exist_ok=True)
    events = ["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "SessionStart"]
    layers: list[dict[str, list[Any]]] = [{}, {}]
    for i in range(n):
        (scripts / f"h{i}.sh").write_text(f"#!/bin/sh\necho {i}\n")
        hook = {"name": f"h{i}", "type": "command", "command": f"sh {scripts}/h{i}.sh"}
        layers[i % 2].setdefault(events[i % len(events)], []).append({"hooks": [hook]})
    box.trust_folder()
    box.write_user({"hooks": layers[0]})
    box.write_workspace({"hooks": layers[1]})
