"""Benchmark: every edit command on 50 MB settings files — peak memory as a multiple of the
file, and seconds.

Run: .venv/bin/python tests/bench/bench_edit.py   (target: ≤ 3× the file's size)
Not collected by pytest. Each command runs once, as a user runs it, in a throwaway home;
the peak is the process's own VmHWM (Linux), interpreter included.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# hookdash, reporting its peak resident size at exit (VmHWM starts afresh at exec).
_MEASURED = """
import atexit, sys
from hookdash.cli.main import main
def peak():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            sys.__stderr__.write("peak-kib %s\\n" % line.split()[1])
atexit.register(peak)
sys.exit(main(sys.argv[1:]))
"""


def _hook(command: str, name: str) -> dict[str, Any]:
    return {"type": "command", "command": command, "name": name, "timeout": 5000}


def hooks_file() -> str:
    """50 MB of hooks (190,000 definitions), `guard` among them."""
    groups = [
        {
            "matcher": "run_shell_command",
            "hooks": [_hook(f"echo hook number {i} > /dev/null", f"hook-{i}")],
        }
        for i in range(190_000)
    ]
    groups[95_000] = {"hooks": [_hook("./guard.sh", "guard")]}
    return json.dumps({"hooks": {"BeforeTool": groups}}, indent=2)


def servers_file() -> str:
    """50 MB that is not hooks (MCP servers), with a comment, and one hook `guard`."""
    doc = {
        "hooks": {"BeforeTool": [{"hooks": [_hook("./guard.sh", "guard")]}]},
        "mcpServers": {
            f"server-{i}": {"command": "node", "args": [f"/opt/s{i}.js", "--port", str(i)]}
            for i in range(360_000)
        },
    }
    return "// a large settings file\n" + json.dumps(doc, indent=2) + "\n"


COMMANDS = {
    "hooks": [["disable", "guard"], ["enable", "guard"], ["hooks", "off"], ["hooks", "on"]],
    "servers": [
        ["disable", "guard"],
        ["enable", "guard"],
        ["hooks", "off"],
        ["hooks", "on"],
        ["add", "BeforeTool", "--name", "new-one", "--command", "echo new"],
        ["edit", "new-one", "--timeout", "3000"],
        ["remove", "new-one", "--yes"],
    ],
}


def measure(args: list[str], cwd: Path, env: dict[str, str]) -> tuple[int, int, float]:
    """(exit code, peak resident bytes, seconds) of `hookdash args`, run as a user runs it
    (what tests/cli/test_edit_memory.py asserts on, too)."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
    )
    seconds = time.monotonic() - started
    peak = int(done.stderr.rsplit("peak-kib ", 1)[1].split()[0]) * 1024
    return done.returncode, peak, seconds


def run(root: Path, args: list[str]) -> tuple[int, int, float]:
    """`measure` in the throwaway home under `root`."""
    home = root / "home"
    env = {
        **os.environ,
        "HOME": str(home),
        "GEMINI_CLI_HOME": str(home),
        "HOOKDASH_STATE_DIR": str(root / "state"),
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(root / "none.json"),
        "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": str(root / "none2.json"),
    }
    return measure(args, home, env)


def main() -> int:
    worst = 0.0
    for shape, make in (("hooks", hooks_file), ("servers", servers_file)):
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            settings = root / "home" / ".gemini" / "settings.json"
            settings.parent.mkdir(parents=True)
            settings.write_text(make())
            size = settings.stat().st_size
            print(f"{shape}: {size / 1e6:.1f} MB settings file")
            for args in COMMANDS[shape]:
                code, peak, seconds = run(root, args)
                ratio = peak / size
                worst = max(worst, ratio)
                shown, mib = " ".join(args[:2]), peak / 2**20
                print(f"  {shown:16} {mib:4.0f} MiB = {ratio:.2f}x  {seconds:5.2f} s  exit {code}")
    print(f"worst: {worst:.2f}x the file [target: <= 3x]")
    return 0 if worst <= 3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
