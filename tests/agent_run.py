"""What the Claude Code and Codex CLI harnesses share around one headless run of the real
binary: its tracing hooks' files read back, its environment with a test's changes, the
run itself with a bound, and a private /etc for the system layer's files.

Every hook of a harness is a small tracing script that writes the JSON it got on stdin to
`<label>.<pid>.<random>.json` in the world's trace folder, so a test reads which hooks
ran, how often, and with what payload.
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Traces = dict[str, list[dict[str, Any]]]


@dataclass
class Ran:
    """What one headless run of an agent did."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float
    traces: Traces = field(default_factory=dict)

    @property
    def labels(self) -> set[str]:
        return set(self.traces)

    def count(self, label: str) -> int:
        return len(self.traces.get(label, []))


def clear_traces(trace_dir: Path) -> None:
    for old in trace_dir.iterdir():
        old.unlink()


def read_traces(trace_dir: Path) -> Traces:
    """Every payload the tracing hooks kept, by label, in the files' order (one that is
    not JSON as `{"unparsed": text}`)."""
    found: Traces = {}
    for trace in sorted(trace_dir.glob("*.json")):
        label = trace.name.split(".")[0]
        try:
            payload = json.loads(trace.read_text() or "null")
        except ValueError:
            payload = {"unparsed": trace.read_text()}
        found.setdefault(label, []).append(payload)
    return found


def with_changes(environ: Mapping[str, str], changes: Mapping[str, str | None]) -> dict[str, str]:
    """`environ` with a test's changes: a value sets a variable, None removes it."""
    out = dict(environ)
    for name, value in changes.items():
        if value is None:
            out.pop(name, None)
        else:
            out[name] = value
    return out


def run_agent(
    command: Sequence[str], cwd: Path, environ: Mapping[str, str], timeout_s: float
) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run the agent (no stdin, output captured); what it did and how many seconds it took."""
    started = time.monotonic()
    done = subprocess.run(
        list(command),
        cwd=cwd,
        env=dict(environ),
        capture_output=True,
        text=True,
        timeout=timeout_s,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    return done, time.monotonic() - started


def in_private_etc(command: Sequence[str], etc_upper: Path) -> list[str]:
    """`command` in a private mount namespace whose /etc is the machine's with `etc_upper`
    laid over it (overlayfs): the system layer's files exist for this run only, and the
    machine is untouched."""
    work = etc_upper.parent / "work"
    work.mkdir(parents=True, exist_ok=True)
    mount = f"mount -t overlay overlay -o lowerdir=/etc,upperdir={etc_upper},workdir={work} /etc"
    script = f'{mount} && exec "$@"'
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", script, "sh", *command]
