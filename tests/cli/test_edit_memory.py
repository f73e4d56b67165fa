"""`hookdash disable` and `enable` on a 50 MB settings file, as a user runs them: each
stays within three times the file's size in memory (the peak resident size of the whole
process, interpreter included), whether the file's bulk is hooks or
something else. Before: 7.3 GB for `disable` on such a file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bench.bench_edit import hooks_file, measure, servers_file
from tests.conftest import Sandbox

TARGET = 50_000_000  # bytes: the size the bound is promised for


def _run(sandbox: Sandbox, *args: str) -> tuple[int, int, float]:
    """(exit code, peak resident bytes of the hookdash process, seconds)."""
    return measure(list(args), sandbox.workspace, sandbox.environ)


@pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="the peak is read from Linux's /proc"
)
@pytest.mark.parametrize("bulk", [hooks_file, servers_file], ids=["hooks", "other"])
def test_switching_a_hook_and_all_hooks_in_a_50_mb_file_stay_within_three_times_its_size(
    sandbox: Sandbox, bulk: Any
) -> None:
    path = sandbox.write_user(bulk())
    size = path.stat().st_size
    assert size >= TARGET
    original = path.read_bytes()
    for action in (("disable", "guard"), ("enable", "guard"), ("hooks", "off"), ("hooks", "on")):
        code, peak, _seconds = _run(sandbox, *action)
        assert code == 0, action
        assert peak <= 3 * size, f"{action}: {peak / size:.2f} times the file"
        if action[0] == "enable" or action == ("hooks", "on"):
            assert path.read_bytes() == original  # enable and hooks on gave every byte back


@pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="the peak is read from Linux's /proc"
)
def test_adding_editing_and_removing_a_hook_in_a_50_mb_file(sandbox: Sandbox) -> None:
    """The authoring commands too, on a file whose bulk is not hooks (a file of 200,000
    hooks is another matter: they load every hook, see the README)."""
    path = sandbox.write_user(servers_file())
    size = path.stat().st_size
    original = path.read_bytes()
    for action in (
        ("add", "BeforeTool", "--name", "new-one", "--command", "echo new"),
        ("edit", "new-one", "--timeout", "3000"),
        ("remove", "new-one", "--yes"),
    ):
        code, peak, _seconds = _run(sandbox, *action)
        assert code == 0, action
        assert peak <= 3 * size, f"{action[0]}: {peak / size:.2f} times the file"
    assert path.read_bytes() == original  # remove gave every byte back
