"""How work grows with its input: the time at n and at 4n, compared.

A wall-clock bound is flaky on a shared two-core machine; the ratio of two timings taken
back to back is not (a loaded machine slows both). Linear work takes about 4× as long on
4× the input, quadratic work 16×; the tests assert well under that.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

FACTOR = 4
# Linear work measures about 4×; quadratic 16×. Between them, room for noise and for the
# n·log n of sorting.
LINEAR_BOUND = 8.0


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
