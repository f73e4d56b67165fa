"""Benchmark: large and adversarial inputs, each at n and 4n (linear work: about 4×).

Run: .venv/bin/python tests/bench/bench_large.py [--quick]   (not collected by pytest)

1. `hookdash list --json` with n disabled entries (two layers): the union of the lists.
2. `hookdash import claude --yes` of n Claude hooks (all running `echo …`).
3. `hookdash list --json` with n extension directories.
4. `hookdash list --json` with n distinct 64 KiB shell scripts, and the same list again in
   one process (what a dashboard reload costs: the risk cache).
5. The dashboard (headless, in this process) on n hooks with a script each in one
   directory: time until drawn, the longest the event loop was held meanwhile, the
   worst key delay after, and how long `q` takes to end it.
Targets (issue 17): 20,000 disabled entries and 2,000 imported hooks within 2 s each.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

EXE = str(Path(sys.executable).parent / "hookdash")


def _machine(root: Path) -> tuple[Path, dict[str, str]]:
    home, project, system = root / "home", root / "home" / "project", root / "etc"
    for d in (home / ".gemini", project / ".gemini", system, root / "state"):
        d.mkdir(parents=True, exist_ok=True)
    (home / ".gemini" / "trustedFolders.json").write_text(
        json.dumps({str(project): "TRUST_FOLDER"})
    )
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        GEMINI_CLI_HOME=str(home),
        GEMINI_CLI_SYSTEM_SETTINGS_PATH=str(system / "settings.json"),
        GEMINI_CLI_SYSTEM_DEFAULTS_PATH=str(system / "system-defaults.json"),
        HOOKDASH_STATE_DIR=str(root / "state"),
        GEMINI_CLI_PATH=str(root / "no-gemini-cli"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return project, env


def _disabled(root: Path, n: int) -> tuple[Path, dict[str, str]]:
    project, env = _machine(root)
    entries = [f"d-{i}" for i in range(n)]
    user = {"hooksConfig": {"disabled": entries}, "hooks": {}}
    (root / "home" / ".gemini" / "settings.json").write_text(json.dumps(user))
    workspace = {"hooksConfig": {"disabled": entries[::2]}}
    (project / ".gemini" / "settings.json").write_text(json.dumps(workspace))
    return project, env


def _claude(root: Path, n: int) -> tuple[Path, dict[str, str]]:
    project, env = _machine(root)
    events = ["PreToolUse", "PostToolUse", "Stop", "SessionStart", "UserPromptSubmit"]
    hooks: dict[str, list[Any]] = {}
    for i in range(n):
        entry: dict[str, Any] = {"hooks": [{"type": "command", "command": f"echo hook-{i}"}]}
        if events[i % 5] in ("PreToolUse", "PostToolUse"):
            entry["matcher"] = "Bash"
        hooks.setdefault(events[i % 5], []).append(entry)
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(json.dumps({"hooks": hooks}))
    return project, env


def _extensions(root: Path, n: int) -> tuple[Path, dict[str, str]]:
    project, env = _machine(root)
    for e in range(n):
        ext = root / "home" / ".gemini" / "extensions" / f"ext{e:06d}"
        ext.mkdir(parents=True)
        (ext / "gemini-extension.json").write_text(f'{{"name": "ext{e:06d}", "version": "1"}}')
    return project, env


def _scripts(root: Path, n: int) -> tuple[Path, dict[str, str]]:
    project, env = _machine(root)
    folder = project / ".gemini" / "hooks"
    folder.mkdir(parents=True)
    hooks = []
    for i in range(n):
        lines, size, j = ["#!/bin/bash"], 0, 0
        while size < 65536:
            line = f"echo 'line {j} of {i}' | grep -v x >> /tmp/out-{i}.log"
            lines.append(line)
            size, j = size + len(line) + 1, j + 1
        (folder / f"s{i}.sh").write_text("\n".join(lines)[:65536])
        hook = {"name": f"s{i}", "type": "command", "command": f"bash {folder}/s{i}.sh"}
        hooks.append({"hooks": [hook]})
    (project / ".gemini" / "settings.json").write_text(json.dumps({"hooks": {"BeforeTool": hooks}}))
    return project, env


def _run(argv: list[str], project: Path, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=project, env=env, capture_output=True, check=True)
    return time.perf_counter() - start


def _pair(
    what: str, build: Callable[[Path, int], tuple[Path, dict[str, str]]], argv: list[str], n: int
) -> None:
    times = []
    for size in (n, 4 * n):
        with tempfile.TemporaryDirectory() as tmp:
            project, env = build(Path(tmp), size)
            times.append(_run([EXE, *argv], project, env))
    print(
        f"{what}: {n:,} in {times[0]:.2f} s, {4 * n:,} in {times[1]:.2f} s "
        f"({times[1] / times[0]:.1f}×)"
    )


def _reload_cost(n: int) -> None:
    """Two loads of the same scripts in one process: the second is a dashboard reload."""
    code = (
        "import sys, time\n"
        "from hookdash.core.hosts.gemini.environment import resolve_environment\n"
        "from hookdash.core.load.loader import load_configuration\n"
        "env = resolve_environment(sys.argv[1])\n"
        "t = time.perf_counter(); load_configuration(env); a = time.perf_counter() - t\n"
        "t = time.perf_counter(); load_configuration(env); b = time.perf_counter() - t\n"
        "print(f'{a:.2f} {b:.2f}')\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        project, env = _scripts(Path(tmp), n)
        out = subprocess.run(
            [sys.executable, "-c", code, str(project)],
            cwd=project, env=env, capture_output=True, text=True, check=True,
        ).stdout.split()  # fmt: skip
    print(f"{n} distinct 64 KiB scripts, loaded in one process: first {out[0]} s, again {out[1]} s")


async def _dashboard(n: int) -> None:
    from hookdash.core.hosts.gemini.environment import resolve_environment
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.widgets.hook_tree import HookTree

    with tempfile.TemporaryDirectory() as tmp:
        project, env = _machine(Path(tmp))
        folder = project / ".gemini" / "hooks"
        folder.mkdir(parents=True)
        events = ["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "SessionStart"]
        layers: list[dict[str, list[Any]]] = [{}, {}]
        for i in range(n):
            (folder / f"h{i}.sh").write_text(f"#!/bin/sh\necho {i}\n")
            hook = {"name": f"h{i}", "type": "command", "command": f"sh {folder}/h{i}.sh"}
            layers[i % 2].setdefault(events[i % 5], []).append({"hooks": [hook]})
        (Path(env["HOME"]) / ".gemini" / "settings.json").write_text(
            json.dumps({"hooks": layers[0]})
        )
        (project / ".gemini" / "settings.json").write_text(json.dumps({"hooks": layers[1]}))
        os.environ.update(env)
        held: list[float] = []
        done = asyncio.Event()

        async def monitor() -> None:
            while not done.is_set():
                start = time.perf_counter()
                await asyncio.sleep(0.005)
                held.append(time.perf_counter() - start - 0.005)

        app = HookdashApp(resolve_environment(str(project)))
        start = time.perf_counter()
        watch = asyncio.create_task(monitor())
        async with app.run_test(size=(120, 36)):
            tree = app.screen.query_one(HookTree)
            # (The list shows 500 hooks a group: its title counts them all.)
            while app.config is None or f"({n})" not in str(tree.border_title):
                await asyncio.sleep(0.01)
            drawn = time.perf_counter() - start
            while app.watcher is None or not app.watcher.ready.is_set():
                await asyncio.sleep(0.01)
            armed = time.perf_counter() - start
            worst_start = max(held)
            delays = []
            for _ in range(20):
                line, sent = tree.cursor_line, time.perf_counter()
                app.simulate_key("down")
                while tree.cursor_line == line:
                    await asyncio.sleep(0.0005)
                delays.append(time.perf_counter() - sent)
                await asyncio.sleep(0.02)
            sent = time.perf_counter()
            app.simulate_key("q")
            while app.is_running:
                await asyncio.sleep(0.001)
            quit_s = time.perf_counter() - sent
        done.set()
        await watch
    print(
        f"dashboard on {n:,} hooks (a script each, one directory): drawn {drawn:.1f} s, "
        f"watch armed {armed:.1f} s, event loop held at most {worst_start * 1000:.0f} ms "
        f"meanwhile; key delay after: worst {max(delays) * 1000:.0f} ms; q ended it in "
        f"{quit_s * 1000:.0f} ms"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    scale = 4 if quick else 1
    _pair("disabled entries, list --json", _disabled, ["list", "--json"], 20_000 // scale)
    importing = ["import", "claude", "--yes"]
    _pair("Claude hooks, import claude --yes", _claude, importing, 2_000 // scale)
    _pair("extension directories, list --json", _extensions, ["list", "--json"], 25_000 // scale)
    _pair("64 KiB scripts, list --json", _scripts, ["list", "--json"], 50 // scale)
    _reload_cost(200 // scale)
    asyncio.run(_dashboard(40_000 // scale))


if __name__ == "__main__":
    main()
