from __future__ import annotations

import os
from pathlib import Path

from hookdash.core.hosts.gemini.environment import normalize_path, resolve_environment


def test_defaults_on_linux(tmp_path: Path) -> None:
    env = resolve_environment(tmp_path, environ={"HOME": "/home/u"}, platform="linux")
    assert env.home == Path("/home/u")
    assert env.user_settings_path == Path("/home/u/.gemini/settings.json")
    assert env.system_settings_path == Path("/etc/gemini-cli/settings.json")
    assert env.system_defaults_path == Path("/etc/gemini-cli/system-defaults.json")
    assert env.workspace_settings_path == tmp_path / ".gemini" / "settings.json"


def test_overrides_and_defaults_follow_system_path(tmp_path: Path) -> None:
    env = resolve_environment(
        tmp_path,
        environ={
            "HOME": "/home/u",
            "GEMINI_CLI_HOME": "/alt",
            "GEMINI_CLI_SYSTEM_SETTINGS_PATH": "/opt/g/settings.json",
        },
        platform="linux",
    )
    assert env.home == Path("/alt")
    assert env.system_defaults_path == Path("/opt/g/system-defaults.json")
    assert env.trusted_folders_path == Path("/alt/.gemini/trustedFolders.json")


def test_empty_override_counts_as_unset(tmp_path: Path) -> None:
    env = resolve_environment(tmp_path, environ={"HOME": "/h", "GEMINI_CLI_HOME": ""})
    assert env.home == Path("/h")


def test_macos_paths(tmp_path: Path) -> None:
    env = resolve_environment(tmp_path, environ={"HOME": "/Users/u"}, platform="darwin")
    assert str(env.system_settings_path).startswith("/Library/Application Support/GeminiCli")


def test_workspace_is_physical_path(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real)
    env = resolve_environment(link, environ={"HOME": str(tmp_path)})
    assert env.workspace == real


def test_workspace_equal_to_home(tmp_path: Path) -> None:
    env = resolve_environment(tmp_path, environ={"GEMINI_CLI_HOME": str(tmp_path)})
    assert env.workspace_is_home
    other = tmp_path / "p"
    other.mkdir()
    assert not resolve_environment(
        other, environ={"GEMINI_CLI_HOME": str(tmp_path)}
    ).workspace_is_home


def test_display_relative_to_home(tmp_path: Path) -> None:
    env = resolve_environment(tmp_path, environ={"GEMINI_CLI_HOME": "/h"})
    assert env.display("/h/.gemini/settings.json") == os.path.join("~", ".gemini", "settings.json")
    assert env.display("/elsewhere") == "/elsewhere"
    assert env.display("/hx/a") == "/hx/a"


def test_normalize_path_case_folds_on_macos() -> None:
    assert normalize_path("/A/B", "darwin") == "/a/b"
    assert normalize_path("/A/B", "linux") == "/A/B"
