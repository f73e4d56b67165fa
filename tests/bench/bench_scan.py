"""Benchmark: `hookdash scan` of a repository holding every agent's hook files.

Run: .venv/bin/python tests/bench/bench_scan.py   (target: ≤ 6× a bare `python -c
pass`; 100,000 more unrelated files change its time by ≤ 1.3×)
Not collected by pytest. Prints the median of several runs of the installed console script.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.core.scan.every_agent import write_every_agent, write_unrelated

RUNS = 9


def median_seconds(argv: list[str]) -> float:
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        subprocess.run(argv, capture_output=True, check=False)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    hookdash = str(Path(sys.executable).with_name("hookdash"))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "repo"
        root.mkdir()
        write_every_agent(root)
        bare = median_seconds([sys.executable, "-c", "pass"])
        scan = median_seconds([hookdash, "scan", str(root), "--fail-on", "never"])
        write_unrelated(root, 100_000, per_dir=1000)
        large = median_seconds([hookdash, "scan", str(root), "--fail-on", "never"])
    print(f"python -c pass        {bare * 1000:7.1f} ms")
    print(f"scan, every agent     {scan * 1000:7.1f} ms  ({scan / bare:.2f}× python; target ≤ 6×)")
    print(f"+100,000 files        {large * 1000:7.1f} ms  ({large / scan:.2f}× ; target ≤ 1.3×)")


if __name__ == "__main__":
    import os

    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)  # time the command as installed
    main()
