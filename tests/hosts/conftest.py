"""Each registered host, with one of its hooks written on a fake machine: the every-host
suite runs each operation of the protocol on each of them (the toy host included)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from hookdash.core import Host, all_hosts
from tests.hosts.toy_host import ToyHost, toy_registered, write_toy_hooks


@dataclass
class Machine:
    """A fake home and workspace, and the environment that points every agent at them."""

    tmp: Path
    home: Path
    workspace: Path
    environ: dict[str, str]


@dataclass
class OneHook:
    """What a host's fixture wrote: one command hook that runs for `event` when the field its
    matcher tests is `value`."""

    event: str
    value: str | None
    command: str
    file: Path


def machine(tmp_path: Path) -> Machine:
    home = tmp_path / "home"
    workspace = tmp_path / "project"
    for folder in (home / ".gemini", home / ".claude", home / ".codex", workspace):
        folder.mkdir(parents=True, exist_ok=True)
    environ = {
        "HOME": str(home),
        "GEMINI_CLI_HOME": str(home),
        "GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(tmp_path / "system" / "settings.json"),
        "GEMINI_CLI_SYSTEM_DEFAULTS_PATH": str(tmp_path / "system" / "defaults.json"),
        "HOOKDASH_STATE_DIR": str(tmp_path / "state"),
        "HOOKDASH_CLAUDE_MANAGED_DIR": str(tmp_path / "managed"),
        "CLAUDE_CONFIG_DIR": str(home / ".claude"),
        "CODEX_HOME": str(home / ".codex"),
        "HOOKDASH_CODEX_SYSTEM_DIR": str(tmp_path / "etc-codex"),  # never the real /etc/codex
        "HOOKDASH_CODEX": "",  # no codex binary: trust edits the user's config.toml
        "PATH": "/usr/bin:/bin",
        "GEMINI_CLI_TRUST_WORKSPACE": "true",
    }
    return Machine(tmp_path, home, workspace, environ)


def _gemini(m: Machine) -> OneHook:
    path = m.home / ".gemini" / "settings.json"
    hook = {"type": "command", "command": "echo gemini-ran", "name": "g"}
    block = {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [hook]}]}
    path.write_text(json.dumps({"hooks": block}, indent=2))
    return OneHook("BeforeTool", "run_shell_command", "echo gemini-ran", path)


def _claude(m: Machine) -> OneHook:
    path = m.home / ".claude" / "settings.json"
    handler = {"type": "command", "command": "echo claude-ran"}
    path.write_text(
        json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [handler]}]}}, indent=2)
    )
    return OneHook("PreToolUse", "Bash", "echo claude-ran", path)


def _codex(m: Machine) -> OneHook:
    """A user PreToolUse hook, trusted (its hash in hooks.state): Codex runs it."""
    from hookdash.core.hosts.codex.trust import hashed_fields, trusted_hash

    path = m.home / ".codex" / "hooks.json"
    handler = {"type": "command", "command": "echo codex-ran", "timeout": 30}
    path.write_text(
        json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [handler]}]}}, indent=2)
    )
    digest = trusted_hash(hashed_fields("PreToolUse", "Bash", "echo codex-ran", 30))
    (m.home / ".codex" / "config.toml").write_text(
        f'[hooks.state."{path}:pre_tool_use:0:0"]\ntrusted_hash = "{digest}"\n'
    )
    return OneHook("PreToolUse", "Bash", "echo codex-ran", path)


def _toy(m: Machine) -> OneHook:
    path = write_toy_hooks(m.workspace, [{"event": "BeforeTool", "command": "echo toy-ran"}])
    return OneHook("BeforeTool", "shell", "echo toy-ran", path)


# One hook of each host, written where that host reads it. A host registered without an
# entry here fails the suite: every host must be run through every operation.
ONE_HOOK: dict[str, Callable[[Machine], OneHook]] = {
    "gemini": _gemini,
    "claude": _claude,
    "codex": _codex,
    "toy": _toy,
}


def _names() -> list[str]:
    with toy_registered():
        return [h.name for h in all_hosts()]


@pytest.fixture(params=_names())
def every_host(request: pytest.FixtureRequest) -> Iterator[Host]:
    """Each registered host in turn, with the toy host registered for the test."""
    with toy_registered() as toy:
        name = request.param
        yield toy if name == ToyHost.name else next(h for h in all_hosts() if h.name == name)
