"""What the parity tests need to know of each host: where a person writes a hook, and the
events and tool names a blocking guard uses. One entry per host the registry has; a host
without an entry fails the tests that run over every host (so a new host is covered by
registering here, not by a test that forgets it)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hookdash.core import host_names
from tests.conftest import Sandbox, SettingsFiles, command_hook, definition


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2))


def _add(path: Path, event: str, group: dict[str, Any]) -> None:
    data = json.loads(path.read_text()) if path.exists() else {}
    data.setdefault("hooks", {}).setdefault(event, []).append(group)
    _write(path, data)


def _gemini_hook(
    files: SettingsFiles, event: str, command: str, matcher: str | None, name: str
) -> None:
    _add(files.user_settings, event, definition(command_hook(command, name=name), matcher=matcher))


def _claude_hook(
    files: SettingsFiles, event: str, command: str, matcher: str | None, name: str
) -> None:
    group: dict[str, Any] = {"hooks": [{"type": "command", "command": command}]}
    if matcher is not None:
        group["matcher"] = matcher
    _add(files.home / ".claude" / "settings.json", event, group)


@dataclass(frozen=True)
class HostCase:
    name: str
    label: str  # as hookdash names it to a person
    tool_event: str  # the event before a tool call (a guard blocks it)
    shell_tool: str  # the shell tool's name as the host's hooks see it
    stop_event: str  # an event without a match query
    # Writes a hook of the user's layer: (files, event, command, matcher, name: where the
    # host names hooks; elsewhere the command names it).
    write_hook: Callable[[SettingsFiles, str, str, str | None, str], None]
    deny: str  # a command whose JSON output blocks the tool call
    names_hooks: bool  # a hook's id is its name (else its command)

    def hook_id(self, command: str, name: str) -> str:
        """The id hookdash lists a hook by that `write_hook` wrote with these."""
        return name if self.names_hooks else command


CASES: dict[str, HostCase] = {
    "gemini": HostCase(
        "gemini",
        "Gemini CLI",
        "BeforeTool",
        "run_shell_command",
        "AfterAgent",
        _gemini_hook,
        """cat >/dev/null; echo '{"decision":"deny","reason":"nope"}'""",
        names_hooks=True,
    ),
    "claude": HostCase(
        "claude",
        "Claude Code",
        "PreToolUse",
        "Bash",
        "Stop",
        _claude_hook,
        """cat >/dev/null; echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", """
        """"permissionDecision": "deny", "permissionDecisionReason": "nope"}}'""",
        names_hooks=False,
    ),
}


def case_of(name: str, sandbox: Sandbox | None = None) -> HostCase:
    """The parity case of a registered host (a host without one fails the test), with
    `sandbox` made ready for the host's hooks to run (Gemini's folder trusted)."""
    case = CASES.get(name)
    if case is None:
        pytest.fail(f"host {name!r} has no parity case: add one to tests/every_host.py")
    if sandbox is not None:
        sandbox.trust_folder()
    return case


def _param(name: str) -> Any:
    if name in CASES:
        return name
    # Said, not hidden: the parity of this host is not built (the test fails as expected;
    # once its case is added here, the test runs for it like for every other host).
    reason = f"host {name!r} has no parity case yet (tests/every_host.py)"
    return pytest.param(name, marks=pytest.mark.xfail(reason=reason, strict=True))


# Every host the registry has, for `pytest.mark.parametrize("host", EVERY_HOST)`.
EVERY_HOST: tuple[Any, ...] = tuple(_param(name) for name in host_names())

# The registered hosts that have a case: what a test that writes every host's hooks covers.
COVERED: tuple[str, ...] = tuple(name for name in host_names() if name in CASES)
