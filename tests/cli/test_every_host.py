"""The commands treat every host alike (issue: every screen treats every host alike):
one verdict vocabulary, risk flags, the command-not-found check, replay. Each test runs
over every host the registry has (`tests.every_host`)."""

from __future__ import annotations

import pytest

from tests.conftest import Sandbox
from tests.every_host import EVERY_HOST, case_of


@pytest.mark.parametrize("host", EVERY_HOST)
def test_a_blocking_hook_reads_blocked_in_fire_and_log(sandbox: Sandbox, host: str) -> None:
    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.tool_event, case.deny, case.shell_tool, "guard")
    fired = sandbox.cli("fire", "--host", host, case.tool_event, "--tool", case.shell_tool)
    assert fired.returncode == 0, fired.stderr
    assert "⊘ blocked" in fired.stdout and "✔" not in fired.stdout
    logged = sandbox.cli("log", "--host", host).stdout
    assert "⊘ blocked" in logged and "✔" not in logged
