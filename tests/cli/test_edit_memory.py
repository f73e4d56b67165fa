"""`hookdash disable` and `enable` on a 50 MB settings file, as a user runs them: each
stays within three times the file's size in memory (the peak resident size of the whole
process, interpreter included) and takes seconds, whether the file's bulk is hooks or
something else. Before: 7.3 GB for `disable` on such a file."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Sandbox, command_hook, definition

TARGET = 50_000_000  # bytes: the size the bound is promised for


def hook_bulk() -> str:
    """50 MB of hooks: 225,000 definitions, and `guard` among them."""
    groups = [
        definition(
            command_hook(f"echo hook number {i} > /dev/null", name=f"hook-{i}", timeout=5000)
        )
        for i in range(225_000)
    ]
    groups[112_000] = definition(command_hook("./guard.sh", name="guard"))
    return json.dumps({"hooks": {"BeforeTool": groups}}, indent=2)


def other_bulk() -> str:
    """50 MB that is not hooks (MCP servers), with a comment, and one hook `guard`."""
    doc: dict[str, Any] = {
        "hooks": {"BeforeTool": [definition(command_hook("./guard.sh", name="guard"))]},
        "mcpServers": {
            f"server-{i}": {"command": "node", "args": [f"/opt/s{i}.js", "--port", str(i)]}
            for i in range(360_000)
        },
    }
    return "// a large settings file\n" + json.dumps(doc, indent=2) + "\n"


# hookdash, reporting its peak resident size at exit. From /proc/self/status, whose VmHWM
# starts afresh at exec: the rusage of a child also counts the pytest worker it was
# forked from (hundreds of MB here), so it cannot tell.
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


def _run(sandbox: Sandbox, *args: str) -> tuple[int, int, float]:
    """(exit code, peak resident bytes of the hookdash process, seconds)."""
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, *args],
        cwd=sandbox.workspace,
        env=sandbox.environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,
    )
    seconds = time.monotonic() - start
    peak = int(done.stderr.rsplit("peak-kib ", 1)[1].split()[0]) * 1024
    return done.returncode, peak, seconds


@pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="the peak is read from Linux's /proc"
)
@pytest.mark.parametrize("bulk", [hook_bulk, other_bulk], ids=["hooks", "other"])
def test_switching_a_hook_and_all_hooks_in_a_50_mb_file_stay_within_three_times_its_size(
    sandbox: Sandbox, bulk: Any
) -> None:
    path = sandbox.write_user(bulk())
    size = path.stat().st_size
    assert size >= TARGET
    original = path.read_bytes()
    for action in (("disable", "guard"), ("enable", "guard"), ("hooks", "off"), ("hooks", "on")):
        code, peak, seconds = _run(sandbox, *action)
        assert code == 0, action
        assert peak <= 3 * size, f"{action}: {peak / size:.2f} times the file"
        assert seconds < 60, f"{action}: {seconds:.1f} s"  # 2 to 4 s on a quiet machine
        if action[0] == "enable":
            assert path.read_bytes() == original  # enable gave every byte back
    assert '"enabled": true' in path.read_text()[-200:]  # hooks on again


@pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="the peak is read from Linux's /proc"
)
def test_adding_editing_and_removing_a_hook_in_a_50_mb_file(sandbox: Sandbox) -> None:
    """The authoring commands too, on a file whose bulk is not hooks (a file of 200,000
    hooks is another matter: they load every hook, see the README)."""
    path = sandbox.write_user(other_bulk())
    size = path.stat().st_size
    original = path.read_bytes()
    for action in (
        ("add", "BeforeTool", "--name", "new-one", "--command", "echo new"),
        ("edit", "new-one", "--timeout", "3000"),
        ("remove", "new-one", "--yes"),
    ):
        code, peak, seconds = _run(sandbox, *action)
        assert code == 0, action
        assert peak <= 3 * size, f"{action[0]}: {peak / size:.2f} times the file"
        assert seconds < 60, f"{action[0]}: {seconds:.1f} s"
    assert path.read_bytes() == original  # remove gave every byte back
