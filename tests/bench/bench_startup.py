"""Benchmark: how fast hookdash starts, as four ratios measured in one run.

Run: .venv/bin/python tests/bench/bench_startup.py [--runs N]   (not collected by pytest)

Each command is a fresh process, timed from spawn to exit (wall, and the child's CPU), the
runs of all commands interleaved so that each sees the same machine load; the figure is the
median. The floor every Python CLI pays is a bare `python -c pass` from the same
environment; the dashboard's is a minimal Textual app painting one line (tests/bench/
bench_tui.py's reference, measured the same way on a pseudo-terminal). Targets:
- `hookdash scan REPO --format json`, a repository holding seven agents' hook files, and
  `scan-all`, one holding a hook file of every agent scan reads (tests/core/scan/
  every_agent.py): ≤ 6×
- `hookdash list --json`, 2,000 hooks over two settings files and 25 extensions: ≤ 12×,
  run again while nothing changed (its kept output printed again: core.replay), and
  `list-fresh`, the same with `HOOKDASH_NO_CACHE=1` (every run reads and judges everything)
- `hookdash --version`: ≤ 3×
- the dashboard, hooks on screen on a typical configuration (15 hooks, 2 extensions): ≤ 2×
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

from bench_list import build, settle  # noqa: E402
from bench_tui import _REFERENCE_APP, REFERENCE_LINE, paint_times, time_to_paint  # noqa: E402

from tests.core.scan.every_agent import write_every_agent  # noqa: E402

TARGETS = {"scan": 6.0, "scan-all": 6.0, "list": 12.0, "version": 3.0, "dashboard": 2.0}

_CLAUDE = {"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command",
           "command": "./scripts/guard.sh"}]}]}}  # fmt: skip
_GEMINI = {"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "fmt",
           "command": "npx prettier --write ."}]}]}}  # fmt: skip


def seven_agents(root: Path) -> Path:
    """A repository with hook files of seven agents, and a script they run."""
    files = {
        ".gemini/settings.json": json.dumps(_GEMINI),
        ".claude/settings.json": json.dumps(_CLAUDE),
        ".qwen/settings.json": json.dumps(_GEMINI),
        ".codex/hooks.json": json.dumps(_CLAUDE),
        ".cursor/hooks.json": json.dumps(
            {"version": 1, "hooks": {"beforeShellExecution": [{"command": "./scripts/guard.sh"}]}}
        ),
        ".github/hooks/guard.json": json.dumps(
            {
                "version": 1,
                "hooks": {"preToolUse": [{"type": "command", "bash": "./scripts/guard.sh"}]},
            }
        ),
        ".windsurf/hooks.json": json.dumps(
            {"hooks": {"pre_run_command": [{"command": "./scripts/guard.sh"}]}}
        ),
        "scripts/guard.sh": "#!/bin/sh\njq -r .tool_input.command | grep -q 'rm -rf' && exit 2\n",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    (root / "scripts/guard.sh").chmod(0o755)
    return root


def timed(argv: list[str], cwd: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of `argv`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    exe = str(Path(sys.executable).parent / "hookdash")
    with tempfile.TemporaryDirectory() as tmp:
        env = build(Path(tmp) / "list")
        project = env.pop("_PROJECT")
        repo = seven_agents(Path(tmp) / "repo")
        every = Path(tmp) / "every"
        every.mkdir()
        write_every_agent(every)
        typical = build(Path(tmp) / "typical", 15, 2, 3)
        typical_project = typical.pop("_PROJECT")
        typical["TERM"] = "xterm-256color"
        commands = {
            "python": ([sys.executable, "-c", "pass"], tmp),
            "version": ([exe, "--version"], tmp),
            "list": ([exe, "list", "--json"], project),
            "list-fresh": ([exe, "list", "--json"], project),
            "scan": ([exe, "scan", str(repo), "--format", "json"], tmp),
            "scan-all": ([exe, "scan", str(every), "--format", "json"], tmp),
        }
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        paints: dict[str, list[float]] = {"reference": [], "dashboard": [], "complete": []}
        reference = [sys.executable, "-c", _REFERENCE_APP]
        fresh = dict(env, HOOKDASH_NO_CACHE="1")
        settle()
        for run in range(runs + 1):  # the first round warms the disk and bytecode caches
            for name, (argv, cwd) in commands.items():
                got = timed(argv, cwd, fresh if name == "list-fresh" else env)
                if run:
                    times[name].append(got)
            (line,) = time_to_paint(reference, [REFERENCE_LINE], tmp, typical)
            _, hooks, complete = paint_times([exe], typical_project, typical)
            if run:
                assert line is not None
                paints["reference"].append(line)
                paints["dashboard"].append(hooks)
                paints["complete"].append(complete)

    def median(name: str, i: int = 0) -> float:
        return statistics.median(t[i] for t in times[name])

    floor, floor_cpu = median("python"), median("python", 1)
    print(f"start-up, median of {runs} interleaved runs; floor: python -c pass {floor:.3f} s")
    for name in ("scan", "scan-all", "list", "list-fresh", "version"):
        wall, cpu = median(name), median(name, 1)
        target = TARGETS.get(name)
        print(
            f"  {name:<10} {wall:.3f} s = {wall / floor:5.1f}× the floor "
            f"(CPU {cpu:.3f} s = {cpu / max(floor_cpu, 1e-6):5.1f}×)"
            + (f"  target ≤ {target}×" if target else "")
        )
    ref, dash = statistics.median(paints["reference"]), statistics.median(paints["dashboard"])
    complete = statistics.median(paints["complete"])
    print(
        f"  dashboard  hooks on screen {dash:.3f} s = {dash / ref:5.2f}× a minimal Textual app "
        f"({ref:.3f} s)  target ≤ {TARGETS['dashboard']}×; list complete (every hook "
        f"judged) {complete:.3f} s = {complete / ref:5.2f}×"
    )


if __name__ == "__main__":
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    main()
