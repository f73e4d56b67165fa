"""How work grows with its input: the time at n and at 4n, compared.

A wall-clock bound is flaky on a shared two-core machine; the ratio of two timings taken
back to back is not (a loaded machine slows both). Linear work takes about 4× as long on
4× the input, quadratic work 16×; the tests assert well under that.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

FACTOR = 4
# Linear work measures about 4×; quadratic 16×. Between them, room for noise (a clean-clone
# CI run on two loaded cores measured 8.04× for linear work) and for the
# n·log n of sorting.
LINEAR_BOUND = 10.0


def best_time(run: Callable[[], object], repeat: int = 3) -> float:
    """The fastest of `repeat` runs: the one least disturbed by the rest of the machine."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
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
