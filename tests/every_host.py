"""What the parity tests need to know of each host: where a person writes a hook, and the
events and tool names a blocking guard uses. One entry per host the registry has; a host
without an entry fails the tests that run over every host (so a new host is covered by
registering here, not by a test that forgets it)."""

from __future__ import annotations

import json
import os
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


def _codex_hook(
    files: SettingsFiles, event: str, command: str, matcher: str | None, name: str
) -> None:
    """In `$CODEX_HOME/hooks.json`; on this machine's own user file, trusted the way a person
    does before Codex runs it (hookdash's review: its hash in the user's hooks.state). A file
    written for another machine (a project's, moved) stays as written: never trusted."""
    from hookdash.core import host

    group: dict[str, Any] = {"hooks": [{"type": "command", "command": command}]}
    if matcher is not None:
        group["matcher"] = matcher
    path = files.home / ".codex" / "hooks.json"
    _add(path, event, group)
    if path.parent != Path(os.environ.get("CODEX_HOME", "")):
        return
    codex, environ = host("codex"), dict(os.environ)
    snapshot = codex.load(files.workspace, environ)
    wrote = [h for h in codex.to_review(snapshot) if h.file == str(path) and h.command == command]
    assert wrote, f"{command!r}: Codex has nothing of it to trust"
    codex.trust(snapshot, wrote)


def _trust_codex_project(sandbox: Sandbox) -> None:
    """The project folder trusted in Codex (its project hooks load), as `codex` asks once."""
    config = sandbox.home / ".codex" / "config.toml"
    config.parent.mkdir(parents=True, exist_ok=True)
    before = config.read_text() if config.exists() else ""
    config.write_text(f'{before}[projects."{sandbox.workspace}"]\ntrust_level = "trusted"\n')


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
    # Where `write_hook` writes under a home; the same path under a project is the
    # project's own file (a project hook: `write_hook` on another machine, then moved).
    hook_file: str
    # Makes the sandbox's project trusted by the host (its project hooks then load and
    # run; hookdash still asks before running one it has not reviewed).
    trust_project: Callable[[Sandbox], None]

    def hook_id(self, command: str, name: str) -> str:
        """The id hookdash lists a hook by that `write_hook` wrote with these."""
        return name if self.names_hooks else command

    def move_to_project(self, files: SettingsFiles, workspace: Path) -> None:
        """What `write_hook` wrote on `files` (another machine), as `workspace`'s own file."""
        target = workspace / self.hook_file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((files.home / self.hook_file).read_bytes())


def _nothing_to_trust(sandbox: Sandbox) -> None:
    """Claude Code loads a project's hooks without a folder trust of its own (hookdash's
    review of them is what asks)."""


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
        hook_file=".gemini/settings.json",
        trust_project=lambda sandbox: sandbox.trust_folder(),
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
        hook_file=".claude/settings.json",
        trust_project=_nothing_to_trust,
    ),
    "codex": HostCase(
        "codex",
        "Codex CLI",
        "PreToolUse",
        "Bash",
        "Stop",
        _codex_hook,
        """cat >/dev/null; echo '{"hookSpecificOutput": {"hookEventName": "PreToolUse", """
        """"permissionDecision": "deny", "permissionDecisionReason": "nope"}}'""",
        names_hooks=False,
        hook_file=".codex/hooks.json",
        trust_project=_trust_codex_project,
    ),
}


def case_of(name: str, sandbox: Sandbox | None = None) -> HostCase:
    """The parity case of a registered host (a host without one fails the test), with
    `sandbox` made ready for the host's hooks to run (its project trusted by the host)."""
    case = CASES.get(name)
    if case is None:
        pytest.fail(f"host {name!r} has no parity case: add one to tests/every_host.py")
    if sandbox is not None:
        case.trust_project(sandbox)
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
