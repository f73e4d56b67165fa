"""The dashboard never outlives its terminal: when the terminal goes away (a hang-up, or a
pseudo-terminal whose other end is closed with no hang-up at all), hookdash ends, with
every hook it started, whatever it was doing — on a machine as busy as a loaded CI runner
(two busy loops beside it).

Before: `q`, then the terminal closed a second later, left the dashboard running for good,
its parent gone, one thread at 40 % of a core: Textual's input thread spins on a terminal
that is gone (select says readable, read gives b"" for ever) and the interpreter waits for
it. Bounds here are for hangs only; it takes about a second.
"""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import HOOKDASH, Sandbox, command_hook, definition
from tests.processes import group_members

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="needs POSIX signals and a pseudo-terminal"
)

HANG_S = 90.0  # a hang bound: what is measured takes about a second


@pytest.fixture
def cpu_hogs() -> Iterator[None]:
    """Two busy loops for the test's length (bounded: they end by themselves)."""
    spin = "import time\nend = time.monotonic() + 300\nwhile time.monotonic() < end: pass"
    hogs = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(2)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


class Terminal:
    """hookdash on a pseudo-terminal of its own, in a session of its own: the terminal is
    not its controlling terminal, so closing it sends no SIGHUP (the case a hang-up
    handler alone never sees)."""

    def __init__(self, args: list[str], env: dict[str, str], cwd: Path) -> None:
        self.main, child = pty.openpty()
        self.proc = subprocess.Popen(
            [str(HOOKDASH), *args], stdin=child, stdout=child, stderr=child, env=env,
            cwd=cwd, close_fds=True, start_new_session=True,
        )  # fmt: skip
        os.close(child)
        self.screen = b""
        self.open = True

    def wait_for(self, text: bytes) -> None:
        deadline = time.monotonic() + HANG_S
        while text not in self.screen and time.monotonic() < deadline:
            if select.select([self.main], [], [], 0.1)[0]:
                try:
                    self.screen += os.read(self.main, 65536)
                except OSError:
                    break
        assert text in self.screen, self.screen[-2000:]

    def type(self, keys: bytes) -> None:
        os.write(self.main, keys)

    def close(self) -> None:
        """The terminal goes away: its emulator's end is closed."""
        if self.open:
            os.close(self.main)
            self.open = False

    def ended(self) -> int:
        try:
            return self.proc.wait(timeout=HANG_S)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            self.close()


def _marked(marker: str) -> list[int]:
    """The processes whose command line holds `marker`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmdline:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the hook's process in /proc")
def test_a_lost_terminal_ends_the_dashboard_and_the_hook_it_runs(
    sandbox: Sandbox, cpu_hogs: None
) -> None:
    marker = f"{300 + os.getpid() % 1000}.{time.time_ns() % 997}"
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook(f"sleep {marker}", name="sleeper"))]}}
    )
    env = {**sandbox.environ, "TERM": "xterm-256color"}
    term = Terminal([], env, sandbox.workspace)
    try:
        term.wait_for(b"Hooks (1)")
        term.type(b"f")
        term.wait_for(b"ctrl+r runs it")
        term.type(b"\x12")  # ctrl+r
        term.wait_for(b"Run an untrusted hook?")
        term.type(b"y")
        deadline = time.monotonic() + HANG_S
        while not _marked(marker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _marked(marker), "the hook never started"
        term.close()
        code = term.ended()
    finally:
        for pid in _marked(marker):
            os.kill(pid, signal.SIGKILL)
    assert code == 128 + signal.SIGHUP
    assert group_members(term.proc.pid) == []
    assert _marked(marker) == [], "the hook outlived the dashboard"


@pytest.mark.parametrize("keys", [b"", b"q"], ids=["while-running", "right-after-q"])
def test_the_demo_ends_and_cleans_up_when_its_terminal_is_gone(
    sandbox: Sandbox, tmp_path: Path, cpu_hogs: None, keys: bytes
) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**sandbox.environ, "TMPDIR": str(scratch), "TERM": "xterm-256color"}
    term = Terminal(["demo"], env, sandbox.workspace)
    term.wait_for(b"Hooks (")
    if keys:
        term.type(keys)  # `q`, and the terminal closes while the dashboard ends
    term.close()
    code = term.ended()
    assert code in ((0, 128 + signal.SIGHUP) if keys else (128 + signal.SIGHUP,))
    assert group_members(term.proc.pid) == []
    assert list(scratch.iterdir()) == []
