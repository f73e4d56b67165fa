"""Which Gemini CLI is installed, and the verdicts that change with its version.

The switches are the differences the harness (tests/gemini) found between the versions
it ran; here each is checked on both sides of its boundary, on real files.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hookdash.core.hosts.gemini.installed import find_gemini
from hookdash.core.hosts.gemini.versions import (
    REFERENCE_VERSION,
    VERIFIED_VERSIONS,
    model_for,
    parse_version,
)
from tests.conftest import Sandbox, command_hook, definition


def _package(root: Path, version: str, entry: str = "bundle/gemini.js") -> Path:
    package = root / "lib" / "node_modules" / "@google" / "gemini-cli"
    (package / entry).parent.mkdir(parents=True, exist_ok=True)
    (package / "package.json").write_text(
        json.dumps({"name": "@google/gemini-cli", "version": version})
    )
    script = package / entry
    script.write_text("#!/usr/bin/env node\n")
    script.chmod(0o755)
    return script


# --- finding it -------------------------------------------------------------------------


def test_found_on_path_through_npms_symlink(tmp_path: Path) -> None:
    script = _package(tmp_path, "0.60.0")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gemini").symlink_to(os.path.relpath(script, bin_dir))
    found = find_gemini({"PATH": f"{tmp_path / 'empty'}:{bin_dir}"})
    assert found is not None
    assert (found.version, found.found_by, found.version_from) == ("0.60.0", "PATH", "package.json")
    assert found.path == str(bin_dir / "gemini") and found.script == str(script)


def test_gemini_cli_path_wins_over_path(tmp_path: Path) -> None:
    on_path = _package(tmp_path / "a", "0.41.2")
    explicit = _package(tmp_path / "b", "0.26.0", entry="dist/index.js")
    found = find_gemini({"PATH": str(on_path.parent), "GEMINI_CLI_PATH": str(explicit)})
    assert found is not None and (found.version, found.found_by) == ("0.26.0", "GEMINI_CLI_PATH")
    # The package directory itself is accepted too.
    found = find_gemini({"GEMINI_CLI_PATH": str(explicit.parents[1])})
    assert found is not None and found.version == "0.26.0"


def test_homebrew_style_wrapper_script(tmp_path: Path) -> None:
    real = _package(tmp_path / "Cellar", "0.61.0", entry="dist/index.js")
    wrapper = tmp_path / "bin" / "gemini"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/bash\nexec "{real}" "$@"\n')
    wrapper.chmod(0o755)
    found = find_gemini({"PATH": str(wrapper.parent)})
    assert found is not None
    assert (found.version, found.version_from) == ("0.61.0", "package.json")


def test_falls_back_to_running_version(tmp_path: Path) -> None:
    """No package.json to read: `gemini --version`, once, with its answer parsed."""
    counter = tmp_path / "ran"
    script = tmp_path / "bin" / "gemini"
    script.parent.mkdir()
    script.write_text(f"#!/bin/sh\necho x >> '{counter}'\necho '0.58.0'\n")
    script.chmod(0o755)
    environ = {"PATH": str(script.parent)}
    found = find_gemini(environ)
    assert found is not None
    assert (found.version, found.version_from) == ("0.58.0", "--version")
    assert find_gemini(environ) == found  # cached per process: not run again
    assert counter.read_text() == "x\n"


def test_unreadable_version(tmp_path: Path) -> None:
    script = tmp_path / "bin" / "gemini"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho 'no version here'\n")
    script.chmod(0o755)
    found = find_gemini({"PATH": str(script.parent)})
    assert found is not None and found.version is None and found.version_from is None
    model = model_for(found)
    assert model.version == REFERENCE_VERSION and model.note and "could not tell" in model.note


@pytest.mark.parametrize(
    "environ",
    [{}, {"PATH": ""}, {"GEMINI_CLI_PATH": "/nonexistent/gemini"}],
    ids=["no-path", "empty-path", "missing-explicit"],
)
def test_none_found(environ: dict[str, str], tmp_path: Path) -> None:
    assert find_gemini(environ) is None
    model = model_for(None)
    assert model.version == REFERENCE_VERSION and model.verified and model.note is None


# --- the model ---------------------------------------------------------------------------


def test_parse_version() -> None:
    assert parse_version("0.61.0") == (0, 61, 0)
    assert parse_version("v0.62.0-nightly.20260901") == (0, 62, 0)
    assert parse_version("gemini") is None and parse_version(None) is None


@pytest.mark.parametrize(
    ("version", "switches"),
    [
        # trust_env_false, restricted_mode_env, system_files_need_root,
        # folder_trust_default, tools_enable_hooks
        ("0.26.0", (False, False, False, False, True)),
        ("0.27.4", (False, False, False, False, True)),
        ("0.28.0", (False, False, False, False, False)),
        ("0.29.0", (False, False, False, True, False)),
        ("0.41.2", (False, False, False, True, False)),
        ("0.56.0", (False, False, False, True, False)),
        ("0.57.0", (True, False, False, True, False)),
        ("0.59.0", (True, True, False, True, False)),
        ("0.60.0", (True, True, True, True, False)),
        ("0.61.0", (True, True, True, True, False)),
        ("0.70.1", (True, True, True, True, False)),
    ],
)
def test_switches_by_version(tmp_path: Path, version: str, switches: tuple[bool, ...]) -> None:
    found = find_gemini({"GEMINI_CLI_PATH": str(_package(tmp_path, version))})
    model = model_for(found)
    assert model.version == version
    assert (
        model.trust_env_false,
        model.restricted_mode_env,
        model.system_files_need_root,
        model.folder_trust_default,
        model.tools_enable_hooks,
    ) == switches
    assert model.verified == (version in VERIFIED_VERSIONS)
    assert (model.note is None) == model.verified
    if version == "0.70.1":
        assert model.note and "newer than any version" in model.note


def test_older_than_hooks(tmp_path: Path) -> None:
    model = model_for(find_gemini({"GEMINI_CLI_PATH": str(_package(tmp_path, "0.21.0"))}))
    assert model.note and "older than 0.26.0" in model.note


# --- verdicts that follow the version -----------------------------------------------------


def _one_hook_everywhere(sandbox: Sandbox) -> None:
    for write in (sandbox.write_user, sandbox.write_workspace, sandbox.write_system):
        write({"hooks": {"BeforeAgent": [definition(command_hook("true", name=write.__name__))]}})


def _runs(sandbox: Sandbox) -> dict[str, bool]:
    return {h.id: h.runs for h in sandbox.load().hooks}


def test_system_file_not_locked_down(sandbox: Sandbox) -> None:
    """tmp_path is not root-owned: 0.60+ ignores the system file, 0.41 reads it."""
    sandbox.trust_folder()
    _one_hook_everywhere(sandbox)
    ignored = sandbox.load().snapshot.layers[-1]
    assert ignored.scope == "system" and not ignored.loaded
    assert ignored.ignored_reason and ignored.ignored_reason.startswith("Gemini CLI 0.61.0 ignores")
    assert _runs(sandbox)["write_system"] is False
    sandbox.install_gemini("0.41.2")
    assert _runs(sandbox)["write_system"] is True


RESTRICTED = {"GEMINI_RESTRICTED_MODE": "true", "GEMINI_CLI_TRUST_WORKSPACE": "true"}


@pytest.mark.parametrize(
    ("version", "env", "decided_by"),
    [
        ("0.61.0", {"GEMINI_CLI_TRUST_WORKSPACE": "false"}, "GEMINI_CLI_TRUST_WORKSPACE=false"),
        ("0.56.0", {"GEMINI_CLI_TRUST_WORKSPACE": "false"}, None),  # ignored: the file decides
        ("0.61.0", RESTRICTED, "GEMINI_RESTRICTED_MODE=true"),
        ("0.58.0", RESTRICTED, "GEMINI_CLI_TRUST_WORKSPACE=true"),
        ("0.58.0", {"GEMINI_RESTRICTED_MODE": "true"}, None),
    ],
)
def test_trust_environment_variables(
    sandbox: Sandbox, version: str, env: dict[str, str], decided_by: str | None
) -> None:
    sandbox.install_gemini(version)
    sandbox.trust_folder()
    _one_hook_everywhere(sandbox)
    for name, value in env.items():
        sandbox.set_env(name, value)
    trust = sandbox.load().snapshot.folder_trust
    assert trust.variable == decided_by
    assert trust.how == ("env" if decided_by else "file")
    trusted = decided_by in (None, "GEMINI_CLI_TRUST_WORKSPACE=true")
    assert trust.trusted is trusted
    assert set(_runs(sandbox).values()) == {trusted}


def test_restricted_mode_is_named(sandbox: Sandbox) -> None:
    sandbox.set_env("GEMINI_RESTRICTED_MODE", "true")
    sandbox.write_user({"hooks": {"BeforeAgent": [definition(command_hook("true"))]}})
    config = sandbox.load()
    assert config.snapshot.folder_trust.variable == "GEMINI_RESTRICTED_MODE=true"
    problem = next(p for p in config.snapshot.problems if p.code == "folder-untrusted")
    assert problem.fix == "Unset GEMINI_RESTRICTED_MODE."


def test_no_trust_decision(sandbox: Sandbox) -> None:
    """Folder trust is on by default since 0.29: before, a folder nobody decided on is
    trusted."""
    sandbox.write_user({"hooks": {"BeforeAgent": [definition(command_hook("true"))]}})
    assert sandbox.load().snapshot.folder_trust.trusted is False
    sandbox.install_gemini("0.26.0")
    trust = sandbox.load().snapshot.folder_trust
    assert (trust.trusted, trust.how, trust.enabled) == (True, "feature-off", False)


def test_tools_enable_hooks(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "tools": {"enableHooks": False},
            "hooks": {"BeforeAgent": [definition(command_hook("true", name="h"))]},
        }
    )
    sandbox.add_extension("ext", {"BeforeAgent": [definition(command_hook("true", name="e"))]})
    snap = sandbox.load().snapshot
    assert snap.hooks_enabled and all(h.runs for h in snap.hooks)
    legacy = next(p for p in snap.problems if p.code == "legacy-tools-enableHooks")
    assert "is ignored" in legacy.message

    sandbox.install_gemini("0.26.0")
    snap = sandbox.load().snapshot
    assert not snap.hooks_enabled and not any(h.runs for h in snap.hooks)
    assert "tools.enableHooks is false in user settings" in snap.hooks[0].not_running_because[0]
    codes = {p.code: p for p in snap.problems}
    assert codes["hooks-switched-off"].message.startswith("tools.enableHooks is false")
    assert "still reads it" in codes["legacy-tools-enableHooks"].message


def test_list_json_names_the_installed_gemini(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeAgent": [definition(command_hook("true"))]}})
    data = json.loads(sandbox.cli("list", "--json").stdout)
    assert data["gemini_version"] is None and data["gemini"]["version"] == REFERENCE_VERSION
    assert "gemini-version-unverified" not in {p["code"] for p in data["problems"]}

    script = sandbox.install_gemini("0.58.0")
    data = json.loads(sandbox.cli("list", "--json").stdout)
    assert data["gemini_version"] == "0.58.0"
    assert data["gemini"]["installed"]["script"] == str(script)
    assert data["gemini"]["verified"] is False
    problem = next(p for p in data["problems"] if p["code"] == "gemini-version-unverified")
    assert problem["severity"] == "warning" and "0.58.0" in problem["message"]
