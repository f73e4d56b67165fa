"""What hookdash creates is never group- or world-writable, whatever the umask."""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

from tests.conftest import Sandbox, command_hook, definition

GROUP_OR_OTHER_WRITE = stat.S_IWGRP | stat.S_IWOTH


def cli_with_umask(sandbox: Sandbox, umask: int, *args: str) -> subprocess.CompletedProcess[str]:
    env = sandbox.environ
    env["HOOKDASH_STATE_DIR"] = str(sandbox.root / "fresh" / "nested" / "state")
    return sandbox.cli(*args, env=env, umask=umask)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_created_files_and_directories_under_umask_000(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo u", name="u"))]}})
    project = sandbox.root / "home" / "other-project"
    project.mkdir()
    sandbox.workspace = project  # a workspace with no .gemini directory yet
    sandbox.trust_folder(project)

    disabled = cli_with_umask(sandbox, 0, "disable", "u", "--scope", "workspace")
    assert disabled.returncode == 0, disabled.stderr
    settings_dir = project / ".gemini"
    assert mode(settings_dir) == 0o755
    assert mode(settings_dir / "settings.json") == 0o644

    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("echo w", name="w"))]}}
    )
    trusted_hooks = sandbox.home / ".gemini" / "trusted_hooks.json"
    assert not trusted_hooks.exists()
    trusted = cli_with_umask(sandbox, 0, "trust", "--yes")
    assert trusted.returncode == 0, trusted.stderr
    assert mode(trusted_hooks) == 0o644

    fired = cli_with_umask(sandbox, 0, "fire", "BeforeTool", "--yes")
    assert fired.returncode == 0, fired.stderr
    fresh = sandbox.root / "fresh"
    state = fresh / "nested" / "state"
    assert mode(state) == 0o700
    assert mode(state / "runs.jsonl") == 0o600
    assert mode(state / "trusted-scripts.json") == 0o600
    for directory in (fresh, fresh / "nested"):  # the parents hookdash made, too
        assert not mode(directory) & GROUP_OR_OTHER_WRITE
    for path in [settings_dir, *settings_dir.iterdir(), trusted_hooks, *fresh.rglob("*")]:
        assert not mode(path) & GROUP_OR_OTHER_WRITE, path


def test_a_private_umask_narrows_new_files_further(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("echo w", name="w"))]}}
    )
    trusted = cli_with_umask(sandbox, 0o077, "trust", "--yes")
    assert trusted.returncode == 0, trusted.stderr
    assert mode(sandbox.home / ".gemini" / "trusted_hooks.json") == 0o600


def test_an_existing_files_mode_is_kept(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo u", name="u"))]}})
    sandbox.user_settings.chmod(0o640)
    result = cli_with_umask(sandbox, 0, "disable", "u")
    assert result.returncode == 0, result.stderr
    assert mode(sandbox.user_settings) == 0o640
