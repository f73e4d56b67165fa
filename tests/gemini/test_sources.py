"""How Gemini labels each hook: the interactive `/hooks` panel, driven through tmux.

Headless Gemini prints no source anywhere and telemetry has none; only the panel says
`Source: project` / `Source: extensions`, and `[enabled]` / `[disabled]`.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest

from hookdash.core.hosts.gemini.events import EVENTS
from tests.gemini.differential import TALLY, Differ
from tests.gemini.harness import MODEL, WARNING_HEAD, World, network_isolation
from tests.gemini.scenarios import definition

pytestmark = pytest.mark.gemini

ENTRY = re.compile(r"^\s*│?\s+(?P<id>\S.*?) \[(?P<state>enabled|disabled)\]\s*│?\s*$")
SOURCE = re.compile(r"^\s*│?\s+Source: (?P<source>\w+) \| Command: ")


def _descendants(pid: int) -> list[int]:
    """pid and every process under it (from /proc), children last."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(stat[1]), []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        current = todo.pop()
        out.append(current)
        todo.extend(children.get(current, []))
    return out


class Pane:
    """One tmux session running the interactive Gemini CLI."""

    def __init__(self, tmux: str, name: str) -> None:
        self.tmux = tmux
        self.name = name

    def screen(self) -> str:
        return subprocess.run(
            [self.tmux, "capture-pane", "-t", self.name, "-p"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout

    def wait_for(self, ready: Callable[[str], bool], what: str, timeout: float = 45) -> str:
        """Poll the screen until `ready` holds (the CLI draws asynchronously)."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if ready(screen):
                return screen
            time.sleep(0.2)
        raise AssertionError(f"gave up waiting for {what}; the screen:\n{screen}")

    def keys(self, *keys: str, literal: bool = False) -> None:
        subprocess.run(
            [self.tmux, "send-keys", "-t", self.name, *(["-l"] if literal else []), *keys],
            check=True,
            timeout=10,
        )


@contextmanager
def interactive_gemini(w: World) -> Iterator[Pane]:
    tmux = shutil.which("tmux")
    if tmux is None:
        pytest.skip("tmux is needed to read the interactive /hooks panel")
    env = w.environ(
        GEMINI_API_KEY="offline-test-key",
        GEMINI_CLI_NO_RELAUNCH="true",
        TERM="xterm-256color",
    )
    command = [
        *network_isolation(),
        "env",
        "-i",
        *(f"{k}={v}" for k, v in env.items()),
        shutil.which("node") or "node",
        str(w.gemini.script),
        "-m",
        MODEL,
    ]
    name = f"hookdash-gemini-{os.getpid()}-{time.monotonic_ns()}"
    subprocess.run(
        [
            tmux,
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            "220",
            "-y",
            "120",
            "-c",
            str(w.project),
            shlex.join(command),
        ],
        check=True,
        timeout=10,
    )
    pane_pid = subprocess.run(
        [tmux, "list-panes", "-t", name, "-F", "#{pane_pid}"],
        capture_output=True,
        text=True,
        timeout=10,
    ).stdout.strip()
    try:
        yield Pane(tmux, name)
    finally:
        # Killing the tmux session does not stop the CLI: end its processes by pid first.
        for pid in reversed(_descendants(int(pane_pid))) if pane_pid.isdigit() else []:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        subprocess.run([tmux, "kill-session", "-t", name], capture_output=True, timeout=10)


def open_hooks_panel(pane: Pane) -> str:
    """Type /hooks and return the screen once the panel is drawn."""
    pane.keys("/hooks", literal=True)
    pane.wait_for(lambda s: "> /hooks" in s, "the command typed")
    pane.keys("Enter")
    screen = pane.wait_for(
        lambda s: (
            ("Source: " in s and ("Press Esc to close" in s or "AfterAgent" in s))
            or "No hooks configured" in s
        ),
        "the /hooks panel",  # a box since some 0.4x version, plain lines in 0.26
    )
    if "Source: " not in screen:
        raise AssertionError(f"/hooks listed no hook, its registry not ready:\n{screen}")
    return screen


def panel_entries(screen: str) -> list[tuple[str, str, str]]:
    """(id, enabled|disabled, source) of each hook the /hooks panel shows."""
    lines = screen.splitlines()
    out = []
    for i, line in enumerate(lines[:-1]):
        entry = ENTRY.match(line)
        source = SOURCE.match(lines[i + 1])
        if entry and source:
            out.append((entry["id"], entry["state"], source["source"]))
    return out


def test_hooks_panel_sources(secure_world: World) -> None:
    w = secure_world
    w.trust_folder()
    w.settings(
        "user",
        {
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "hooksConfig": {"disabled": ["sys-src", "ext-src-off"]},
            "hooks": {"BeforeAgent": [definition(w.hook("user-src"))]},
        },
    )
    w.settings("system-defaults", {"hooks": {"BeforeAgent": [definition(w.hook("sd-src"))]}})
    w.settings("workspace", {"hooks": {"BeforeAgent": [definition(w.hook("proj-src"))]}})
    w.settings("system", {"hooks": {"AfterAgent": [definition(w.hook("sys-src"))]}})
    w.extension(
        "srcext",
        {
            "BeforeAgent": [definition(w.hook("ext-src"))],
            "AfterAgent": [definition(w.hook("ext-src-off"))],
        },
    )
    w.extension("gone", {"BeforeAgent": [definition(w.hook("ext-gone"))]})
    w.disable_extension("gone")
    d = Differ(w, "/hooks panel: source labels and enabled state")
    listing = w.hookdash_json("list")
    # The panel lists every registered hook (disabled ones too), grouped by event in
    # Gemini's schema order, each event's hooks in registration order.
    registered = sorted(
        (h for h in listing["hooks"] if h["will_register"]),
        key=lambda h: (EVENTS.index(h["event"]), h["order"]),
    )
    expected = [
        (h["id"], "disabled" if h["disabled"] else "enabled", h["gemini_source"])
        for h in registered
    ]
    with interactive_gemini(w) as pane:
        # The project-hook warning comes from the hook registry's start-up: before it,
        # /hooks may find no hooks at all (seen on 0.26 on a busy machine).
        pane.wait_for(lambda s: WARNING_HEAD in " ".join(s.split()), "the hook registry")
        screen = open_hooks_panel(pane)
    TALLY.gemini_runs += 1
    d.check("▼" not in screen, f"the panel fits on one screen (no scrolling):\n{screen}")
    d.equal(panel_entries(screen), expected, "/hooks panel: hooks, states and sources")
    d.finish()
