"""`hookdash fire` ended by a signal takes its hooks' process groups with it."""

from __future__ import annotations

import contextlib
import json
import os
import signal

import pytest

from tests.conftest import WAIT_LIMIT, Sandbox, command_hook, definition, wait_for
from tests.processes import alive, group_members


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_kills_the_hooks_process_groups(sandbox: Sandbox, sig: signal.Signals) -> None:
    sandbox.trust_folder()
    pids = sandbox.root / "pids"
    pids.mkdir()
    # Two hooks in parallel; each writes its pid (= its process group) and leaves a
    # grandchild behind that also sleeps, the way a real hook's helper would.
    hooks = [
        command_hook(f"sleep 300 & echo $$ > {pids}/{name}; wait", name=name, timeout=600_000)
        for name in ("one", "two")
    ]
    sandbox.write_user({"hooks": {"BeforeTool": [definition(*hooks)]}})
    proc = sandbox.spawn("fire", "BeforeTool", "--yes")
    groups: list[int] = []
    try:
        wait_for(
            lambda: all(
                (pids / n).exists() and (pids / n).read_text().strip() for n in ("one", "two")
            ),
            "both hooks to start",
        )
        groups = [int((pids / n).read_text()) for n in ("one", "two")]
        assert all(group_members(g) for g in groups)  # hook shell and its sleep
        proc.send_signal(sig)
        _out, err = proc.communicate(timeout=WAIT_LIMIT)
        wait_for(lambda: not any(group_members(g) for g in groups), "the process groups to go")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        for group in groups:  # a failed run must not leave its hooks behind
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(group, signal.SIGKILL)
    assert proc.returncode == 128 + sig
    assert f"stopped by {sig.name}" in err
    assert "Traceback" not in err
    assert not any(alive(g) for g in groups)
    # The runs were logged as cancelled, not lost.
    lines = (sandbox.state / "runs.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert {r["id"] for r in records} == {"one", "two"}
    assert all(r["error"].startswith("cancelled") for r in records)
