"""Benchmark: `hookdash list --json` on 2,000 hooks over three layers and 25 extensions.

Run: .venv/bin/python tests/bench/bench_list.py   (target: ≤ 0.25 s)
Not collected by pytest. Prints the median of several runs of the installed console script:
run again while nothing changed (the first run's output kept and printed again), and
afresh (`HOOKDASH_NO_CACHE=1`: every run reads and judges everything).
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

EVENTS = ["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "SessionStart", "BeforeModel"]


def _hooks(prefix: str, count: int) -> dict[str, Any]:
    hooks: dict[str, list[dict[str, Any]]] = {}
    for i in range(count):
        event = EVENTS[i % len(EVENTS)]
        entry = {
            "matcher": "run_shell_command|write_file"
            if event in ("BeforeTool", "AfterTool")
            else None,
            "hooks": [
                {
                    "name": f"{prefix}-{i}",
                    "type": "command",
                    "command": f"$HOME/hooks/{prefix}-{i % 40}.sh --flag {i}",
                    "timeout": 5000,
                    "description": f"hook {i} of {prefix}",
                }
            ],
        }
        if entry["matcher"] is None:
            del entry["matcher"]
        hooks.setdefault(event, []).append(entry)
    return hooks


def build(
    root: Path, total: int = 2000, extensions: int = 25, per_layer: int = 450
) -> dict[str, str]:
    """The benchmark's configuration: `per_layer` hooks in each of three settings layers
    (3 × 450 + 25 extensions × 26 = 2,000 by default), the rest spread over `extensions`."""
    home = root / "home"
    project = home / "project"
    system = root / "etc"
    per_ext = (total - 3 * per_layer) // extensions
    for path, prefix in (
        (home / ".gemini" / "settings.json", "user"),
        (project / ".gemini" / "settings.json", "proj"),
        (system / "settings.json", "sys"),
    ):
        path.parent.mkdir(parents=True, exist_ok=True)
        body = json.dumps(
            {"hooks": _hooks(prefix, per_layer), "hooksConfig": {"disabled": [f"{prefix}-3"]}},
            indent=2,
        )
        path.write_text("// generated for the benchmark\n" + body)
    for e in range(extensions):
        ext = home / ".gemini" / "extensions" / f"ext{e:02d}"
        (ext / "hooks").mkdir(parents=True)
        (ext / "gemini-extension.json").write_text(
            json.dumps({"name": f"ext{e:02d}", "version": "1.0.0"})
        )
        (ext / "hooks" / "hooks.json").write_text(
            json.dumps({"hooks": _hooks(f"ext{e:02d}", per_ext)}, indent=2)
        )
    (home / ".gemini" / "trustedFolders.json").write_text(
        json.dumps({str(project): "TRUST_FOLDER"})
    )
    env = dict(os.environ)
    env.update(
        GEMINI_CLI_HOME=str(home),
        GEMINI_CLI_SYSTEM_SETTINGS_PATH=str(system / "settings.json"),
        GEMINI_CLI_SYSTEM_DEFAULTS_PATH=str(system / "system-defaults.json"),
        HOOKDASH_STATE_DIR=str(root / "state"),
    )
    # Measure what users get: compiled bytecode is cached (pip install compiles it; this
    # machine's PYTHONDONTWRITEBYTECODE would make every run recompile every module).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["_PROJECT"] = str(project)
    return env


TARGET = 0.25  # the target, seconds


def _timed(argv: list[str], **kwargs: Any) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of `argv` (CPU: user + system of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True, **kwargs)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def settle() -> None:
    """Wait until the files just written count as settled: a run never keeps output read
    from a file written under two seconds before it (core.replay.observations), and a
    person's configuration is older than that."""
    from hookdash.core.replay.observations import SETTLED_NS

    time.sleep(SETTLED_NS / 1e9 + 0.1)


def main() -> None:
    """Wall and CPU time of `hookdash list --json`; CPU beside the wall time because on a
    busy machine the wall time also counts the waits for a free core."""
    exe = str(Path(sys.executable).parent / "hookdash")
    with tempfile.TemporaryDirectory() as tmp:
        env = build(Path(tmp))
        project = env.pop("_PROJECT")
        fresh = dict(env, HOOKDASH_NO_CACHE="1")
        settle()
        out = subprocess.run(
            [exe, "list", "--json"], cwd=project, env=env, capture_output=True, check=True
        )
        hooks = len(json.loads(out.stdout)["hooks"])
        again, afresh = [], []
        for _ in range(9):
            again.append(_timed([exe, "list", "--json"], cwd=project, env=env))
            afresh.append(_timed([exe, "list", "--json"], cwd=project, env=fresh))
        bare = [_timed([sys.executable, "-c", "pass"]) for _ in range(9)]
    floor = statistics.median(r[0] for r in bare)
    print(f"hookdash list --json, {hooks} hooks (3 layers, 25 extensions), {len(again)} runs:")
    for name, runs in (("run again", again), ("afresh", afresh)):
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        print(
            f"  {name:<9} median {wall:.3f} s wall ({wall / floor:4.1f}× a bare python start, "
            f"{floor:.3f} s), {cpu:.3f} s CPU; target ≤ {TARGET} s: {wall / TARGET:.2f}× of it"
        )


if __name__ == "__main__":
    main()
