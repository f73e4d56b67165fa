from __future__ import annotations

import os
from pathlib import Path

import pytest

from hookdash.core.hosts.gemini.layers import system_file_insecurity
from tests.conftest import Sandbox, command_hook, definition


def test_missing_files_are_not_errors(sandbox: Sandbox) -> None:
    config = sandbox.load()
    assert [(lay.scope, lay.exists, lay.error) for lay in config.snapshot.layers] == [
        ("system-defaults", False, None),
        ("user", False, None),
        ("workspace", False, None),
        ("system", False, None),
    ]
    assert config.snapshot.gemini_starts


def test_parse_error_is_reported_with_place_and_stops_gemini(sandbox: Sandbox) -> None:
    sandbox.write_user('{\n  "hooks": {},\n}\n')
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("echo hi"))]}})
    snap = sandbox.load().snapshot
    user = snap.layers[1]
    assert user.error is not None and (user.error.line, user.error.column) == (2, 14)
    assert not user.loaded
    assert not snap.gemini_starts
    problem = next(p for p in snap.problems if p.code == "settings-parse-error")
    assert problem.severity == "error" and problem.line == 2
    # The other layers still load, and their hooks are listed (as not running).
    hook = snap.hooks[0]
    assert hook.will_register and not hook.runs
    assert "refuses to start" in hook.not_running_because[0]
    assert hook.inactive_reason == "gemini-refuses-to-start"


def test_root_must_be_an_object(sandbox: Sandbox) -> None:
    sandbox.write_user("[1, 2]")
    snap = sandbox.load().snapshot
    assert any(p.code == "settings-not-object" for p in snap.problems)
    assert not snap.gemini_starts


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file(sandbox: Sandbox) -> None:
    path = sandbox.write_user("{}")
    path.chmod(0)
    snap = sandbox.load().snapshot
    assert any(p.code == "settings-unreadable" for p in snap.problems)


def test_env_expansion_in_settings(sandbox: Sandbox) -> None:
    sandbox.set_env("MY_HOOKS", "/opt/hooks")
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("$MY_HOOKS/a.sh x"))]}})
    hook = sandbox.load().snapshot.hooks[0]
    assert hook.command == "/opt/hooks/a.sh x"
    assert hook.command_raw == "$MY_HOOKS/a.sh x"
    assert hook.key == ":/opt/hooks/a.sh x"


def test_validation_failure_keeps_raw_values_and_warns(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "enabled": True,
                "BeforeTool": [definition(command_hook("a", timeout="5000"))],
            }
        }
    )
    snap = sandbox.load().snapshot
    warning = next(p for p in snap.problems if p.code == "settings-invalid")
    assert "hooks.enabled" in warning.message
    assert snap.hooks[0].timeout_ms == 5000  # Node's setTimeout coerces the string


def test_valid_file_is_coerced(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooksConfig": {"enabled": "FALSE"},
            "hooks": {"BeforeTool": [definition(command_hook("a", timeout="250"))]},
        }
    )
    snap = sandbox.load().snapshot
    assert snap.hooks_enabled is False
    assert snap.hooks[0].timeout_ms == 250


def test_invalid_file_keeps_string_booleans_truthy(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooksConfig": {"enabled": "false", "disabled": "x"}})
    snap = sandbox.load().snapshot
    assert snap.hooks_enabled is True  # "false" is a truthy string when not coerced


def test_system_file_in_world_writable_place_is_ignored(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_system({"hooks": {"BeforeTool": [definition(command_hook("echo sys"))]}})
    snap = sandbox.load().snapshot
    system = snap.layers[3]
    assert system.exists and not system.loaded
    assert system.ignored_reason and "ignores" in system.ignored_reason
    hook = snap.hooks[0]
    assert hook.scope == "system" and not hook.runs
    assert hook.inactive_reason == "ignored-layer"
    assert any(p.code == "system-file-ignored" for p in snap.problems)


def test_file_under_world_writable_directory_is_insecure(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{}")
    reason = system_file_insecurity(path)
    assert reason is not None and ("writable" in reason or "owned" in reason)


def test_root_owned_locked_file_is_accepted() -> None:
    candidate = Path("/etc/passwd")
    st = candidate.stat()
    if st.st_uid != 0 or st.st_mode & 0o022 or Path("/etc").stat().st_mode & 0o022:
        pytest.skip("this machine has no root-owned, locked-down /etc/passwd to compare with")
    assert system_file_insecurity(candidate) is None


def test_system_parse_error_is_fatal_only_when_loaded(sandbox: Sandbox) -> None:
    sandbox.write_system("{,}")
    assert sandbox.load().snapshot.gemini_starts  # ignored file: never parsed by Gemini
    sandbox.allow_system_files()
    assert not sandbox.load().snapshot.gemini_starts


def test_workspace_equal_to_home_is_skipped(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo u"))]}})
    sandbox.set_env("GEMINI_CLI_TRUST_WORKSPACE", "true")
    config = sandbox.load(sandbox.home)
    workspace = config.snapshot.layers[2]
    assert not workspace.loaded and workspace.ignored_reason
    assert [h.scope for h in config.snapshot.hooks] == ["user"]
