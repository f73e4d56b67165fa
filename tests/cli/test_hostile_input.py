"""Every command on hostile input, through the console script with a timeout: nothing
hangs, no traceback, one clear line, and `--json` stays exact JSON."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hookdash.cli import main as cli_main
from tests.conftest import Sandbox, command_hook, definition, settings_with
from tests.hostile import DEEP, make_fifo

TIMEOUT = 30  # a hang fails the test (subprocess.TimeoutExpired), it does not hang the suite

READ_COMMANDS = [
    ["list"],
    ["list", "--json"],
    ["check"],
    ["check", "--json"],
    ["plan", "BeforeTool"],
    ["plan", "BeforeTool", "--json"],
    ["trust"],
    ["trust", "--json"],
    ["log"],
]


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    assert "Error:" not in result.stderr.replace("internal error", ""), result.stderr


@pytest.mark.parametrize(
    "where",
    [
        ".gemini/settings.json",
        "home:.gemini/settings.json",
        "home:.gemini/trustedFolders.json",
        "home:.gemini/trusted_hooks.json",
        "home:.gemini/extensions/ext/gemini-extension.json",
        "home:.gemini/extensions/ext/hooks/hooks.json",
        "home:.gemini/extensions/extension-enablement.json",
    ],
)
def test_a_fifo_hangs_no_command(sandbox: Sandbox, where: str) -> None:
    sandbox.trust_folder()
    sandbox.add_extension("ext", {"BeforeTool": [definition(command_hook("echo e"))]})
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("echo w"))]}})
    base = sandbox.home if where.startswith("home:") else sandbox.workspace
    make_fifo(base / where.removeprefix("home:"))
    for command in READ_COMMANDS:
        result = sandbox.cli(*command, timeout=TIMEOUT)
        no_traceback(result)
        if command[-1] == "--json":
            json.loads(result.stdout)
    listed = sandbox.cli("check", timeout=TIMEOUT)
    assert "FIFO (named pipe), not a regular file" in listed.stdout


def test_fifo_settings_file_is_said_in_list(sandbox: Sandbox) -> None:
    make_fifo(sandbox.workspace_settings)
    result = sandbox.cli("list", timeout=TIMEOUT)
    assert result.returncode == 0
    assert "it is a FIFO (named pipe), not a regular file" in result.stdout
    edit = sandbox.cli("disable", "x", "--scope", "workspace", timeout=TIMEOUT)
    no_traceback(edit)
    assert edit.returncode == 1


@pytest.mark.parametrize("target", ["fifo", "/dev/zero", "symlink-to-fifo", "symlink-to-zero"])
def test_trust_yes_then_list_on_scripts_that_never_end(sandbox: Sandbox, target: str) -> None:
    sandbox.trust_folder()
    fifo = make_fifo(sandbox.workspace / "fifo.sh")
    path = {"fifo": fifo, "/dev/zero": Path("/dev/zero")}.get(target)
    if path is None:
        path = sandbox.workspace / "link.sh"
        path.symlink_to(fifo if target == "symlink-to-fifo" else Path("/dev/zero"))
    sandbox.write_workspace(
        settings_with(
            command_hook(str(path), name="direct"),
            command_hook(f"bash {path}", name="interpreted"),
        )
    )
    trusted = sandbox.cli("trust", "--yes", timeout=TIMEOUT)
    assert trusted.returncode == 0, trusted.stderr
    assert "Trusted 2 project hook(s)" in trusted.stdout
    for command in (["list"], ["list", "--json"], ["check"], ["trust"]):
        result = sandbox.cli(*command, timeout=TIMEOUT)
        no_traceback(result)
        assert "CHANGED" not in result.stdout
    check = sandbox.cli("check", timeout=TIMEOUT)
    assert check.stdout.count("script-not-a-file") == 2


def test_deep_nesting_is_an_error_with_a_location(sandbox: Sandbox) -> None:
    sandbox.write_workspace('{\n  "hooks": ' + "[" * DEEP + "]" * DEEP + "\n}")
    sandbox.write_user('{"hooks": {}, "telemetry": {"outfile": "t.log"}}')
    sandbox.write(sandbox.home / ".gemini" / "trusted_hooks.json", "[" * DEEP + "]" * DEEP)
    for command in READ_COMMANDS:
        result = sandbox.cli(*command, timeout=TIMEOUT)
        no_traceback(result)
    check = sandbox.cli("check", timeout=TIMEOUT)
    assert check.returncode == 1
    assert "~/project/.gemini/settings.json:2:" in check.stdout
    # Deeper than Gemini CLI reads too: hookdash says it could not read it, not more.
    assert "hookdash could not read this file; Gemini CLI may run hooks in it" in check.stdout
    assert "nested more than 1,801 levels deep" in check.stdout
    fire_input = sandbox.workspace / "input.json"
    fire_input.write_text("[" * DEEP + "]" * DEEP)
    fired = sandbox.cli("fire", "BeforeTool", "--input", str(fire_input), timeout=TIMEOUT)
    no_traceback(fired)
    assert fired.returncode == 1
    assert "nested more than 100 levels deep" in fired.stderr


def _telemetry(sandbox: Sandbox, attributes: dict[str, Any]) -> dict[str, Any]:
    """A telemetry log holding one hook call with `attributes`, and the settings that point
    Gemini (and hookdash) at it."""
    telemetry = sandbox.home / "telemetry.log"
    telemetry.write_text(json.dumps({"attributes": attributes}, indent=2) + "\n")
    return {"enabled": True, "target": "local", "outfile": str(telemetry)}


def test_deep_hook_output_and_telemetry(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    attributes = {
        "event.name": "gemini_cli.hook_call",
        "hook_event_name": "BeforeTool",
        "hook_name": "deep",
        "success": True,
        "hook_output": "[" * DEEP + "]" * DEEP,
    }
    deep = command_hook(f"python3 -c \"print('[' * {DEEP} + ']' * {DEEP})\"", name="deep")
    sandbox.write_user({**settings_with(deep), "telemetry": _telemetry(sandbox, attributes)})
    fired = sandbox.cli("fire", "BeforeTool", "--yes", timeout=TIMEOUT)
    no_traceback(fired)
    assert fired.returncode == 0
    for command in (["log"], ["log", "--json"], ["log", "--source", "gemini", "--json"]):
        result = sandbox.cli(*command, timeout=TIMEOUT)
        no_traceback(result)
        assert result.returncode == 0


SURROGATE_NAME = "bad\ud800name"


def test_lone_surrogates_in_every_command(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    attributes = {
        "event.name": "gemini_cli.hook_call",
        "event.timestamp": "2026-11-21T10:23:48.040Z",
        "hook_event_name": "BeforeTool",
        "hook_name": SURROGATE_NAME,
        "stderr": "err\udc00",
        "success": True,
    }
    hook = command_hook('echo \'{"systemMessage": "\\udfff"}\'', name=SURROGATE_NAME)
    # json.dumps writes the lone surrogates as \ud800 escapes, as a hostile file would.
    sandbox.write_workspace({**settings_with(hook), "telemetry": _telemetry(sandbox, attributes)})
    commands = [
        *READ_COMMANDS,
        ["trust", "--yes"],
        ["trust", "--yes", "--json"],
        ["fire", "BeforeTool", "--yes"],
        ["fire", "BeforeTool", "--yes", "--json"],
        ["log"],
        ["log", "--json"],
        ["log", "--source", "gemini"],
    ]
    for command in commands:
        result = sandbox.cli(*command, timeout=TIMEOUT)
        no_traceback(result)
        assert result.returncode in (0, 1, 3), (command, result.stderr)
        if "--json" in command and command[0] != "log":
            data = json.loads(result.stdout)  # exact JSON: the surrogate escaped
            if command != ["trust", "--yes", "--json"]:  # (already trusted: no hooks named)
                assert SURROGATE_NAME in json.dumps(data, ensure_ascii=False), command
    listed = json.loads(sandbox.cli("list", "--json", timeout=TIMEOUT).stdout)
    assert listed["hooks"][0]["name"] == SURROGATE_NAME
    assert "bad<U+D800>name" in sandbox.cli("list", timeout=TIMEOUT).stdout  # the display rule
    log_lines = sandbox.cli("log", "--json", timeout=TIMEOUT).stdout.splitlines()
    ids = {json.loads(line)["id"] for line in log_lines}
    assert ids == {SURROGATE_NAME}
    assert len(log_lines) == 3  # two fired runs and Gemini's telemetry record
    stored = json.loads((sandbox.home / ".gemini" / "trusted_hooks.json").read_text())
    assert any(key.startswith(SURROGATE_NAME + ":") for key in stored[str(sandbox.workspace)])


def test_the_last_resort_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], sandbox: Sandbox
) -> None:
    def broken(args: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr("hookdash.cli.listing.configuration", broken)
    monkeypatch.delenv("HOOKDASH_DEBUG", raising=False)
    assert cli_main(["list"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("hookdash: internal error (RuntimeError: boom)")
    monkeypatch.setenv("HOOKDASH_DEBUG", "1")
    with pytest.raises(RuntimeError):
        cli_main(["list"])


def test_an_unreadable_run_log_is_one_line_and_exit_1(sandbox: Sandbox) -> None:
    (sandbox.state / "runs.jsonl").mkdir()  # unreadable for everyone, root included
    result = sandbox.cli("log", timeout=TIMEOUT)
    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0
    assert "runs.jsonl: it is a directory" in result.stderr
    assert "No hook runs yet" not in result.stdout


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_a_run_log_without_read_permission_is_said(sandbox: Sandbox) -> None:
    log = sandbox.state / "runs.jsonl"
    log.write_text("")
    log.chmod(0)
    result = sandbox.cli("log", timeout=TIMEOUT)
    assert result.returncode == 1
    assert "permission denied" in result.stderr
    log.chmod(stat.S_IRUSR | stat.S_IWUSR)
    sandbox.state.chmod(0)
    try:
        result = sandbox.cli("log", timeout=TIMEOUT)
    finally:
        sandbox.state.chmod(0o700)
    assert result.returncode == 1
    assert "permission denied" in result.stderr


@pytest.mark.parametrize("name", ["disable-undo.json", "created-keys.json"])
def test_a_fifo_among_hookdash_s_own_state_hangs_no_toggle(sandbox: Sandbox, name: str) -> None:
    """What hookdash remembers about settings files is read like any other file."""
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="a"))]}})
    make_fifo(sandbox.state / name)
    for command in (["disable", "a", "--scope", "workspace"], ["enable", "a"]):
        result = sandbox.cli(*command, timeout=TIMEOUT)
        no_traceback(result)
        assert result.returncode in (0, 1), (command, result.stderr)
