"""Codex's hook key and trusted_hash, pinned against what `codex app-server`'s hooks/list
reported as currentHash (Codex CLI 0.171.0), and the trust states hookdash derives."""

from __future__ import annotations

import pytest

from hookdash.core.hosts.codex.trust import hashed_fields, hook_key, trusted_hash
from tests.core.hosts.codex.conftest import CodexMachine, hook_group

# (event, matcher as Codex uses it, command, effective timeout, async) → currentHash
BINARY_HASHES = [
    ("PreToolUse", "Bash", "echo user", 30, False,
     "sha256:d2c6c96bd2d1b5ba9b65b5f2f52972091abfa350b3a1ac887ce0e9c49d5d4444"),
    ("PreToolUse", "Edit|Write", "echo usertoml", 600, False,
     "sha256:f290d127ba5b05403cddba838c1f3163a36b6094153d41851bf9dbe7a3752e01"),
    ("Stop", None, "echo proj", 600, False,
     "sha256:c95d99c8cabf1154d4b530da495b7b849f0a8c0a81081902bb1745a17afc20d5"),
    ("Interrupt", None, "echo i", 1, False,
     "sha256:7181efa38f7a375410869cf16b8f63fb3fa47502036e94eb74299623757343a3"),
    ("PreToolUse", "Bash", "echo a", 30, False,
     "sha256:def04b31df427b427b648eaa402a98aa72d5dd25963faca70bc34d8eb73b638a"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("event", "matcher", "command", "timeout", "is_async", "want"), BINARY_HASHES
)
def test_hash_is_the_binarys(
    event: str, matcher: str | None, command: str, timeout: int, is_async: bool, want: str
) -> None:
    assert trusted_hash(hashed_fields(event, matcher, command, timeout, is_async)) == want


def test_key_spells_the_event_in_snake_case() -> None:
    assert hook_key("/h/.codex/hooks.json", "PreToolUse", 0, 1) == (
        "/h/.codex/hooks.json:pre_tool_use:0:1"
    )
    assert hook_key("/f", "UserPromptSubmit", 2, 0) == "/f:user_prompt_submit:2:0"


def state(machine: CodexMachine, key: str, body: str) -> None:
    machine.write(machine.user_toml, f'[hooks.state."{key}"]\n{body}\n')


def test_trusted_untrusted_modified_disabled(machine: CodexMachine) -> None:
    machine.hooks_json(
        machine.user_json, {"PreToolUse": [hook_group("echo a", matcher="Bash", timeout=30)]}
    )
    key = f"{machine.user_json}:pre_tool_use:0:0"
    assert machine.load().hooks[0].trust == "untrusted"
    good = "sha256:def04b31df427b427b648eaa402a98aa72d5dd25963faca70bc34d8eb73b638a"
    state(machine, key, f'trusted_hash = "{good}"')
    hook = machine.load().hooks[0]
    assert (hook.trust, hook.runs) == ("trusted", True)
    state(machine, key, 'trusted_hash = "sha256:00"')
    hook = machine.load().hooks[0]
    assert hook.trust == "modified" and not hook.runs
    assert hook.not_running_because == [
        "Codex skips this hook without a word: it changed since you trusted it (its command, "
        "timeout, matcher or statusMessage, or its place in the file)"
    ]
    state(machine, key, f'trusted_hash = "{good}"\nenabled = false')
    hook = machine.load().hooks[0]
    assert (hook.trust, hook.runs, hook.inactive_reason) == ("disabled", False, "disabled")


def test_a_projects_own_hook_state_is_ignored(machine: CodexMachine) -> None:
    machine.trust_project()
    project = machine.repo / ".codex" / "config.toml"
    key = f"{project}:stop:0:0"
    machine.write(
        project,
        '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "echo p"\n'
        f'[hooks.state."{key}"]\ntrusted_hash = "sha256:whatever"\n',
    )
    snap = machine.load()
    assert snap.hooks[0].trust == "untrusted"
    assert "codex-project-hook-state" in [p.code for p in snap.problems]


def test_reformatting_keeps_the_hash(machine: CodexMachine) -> None:
    machine.hooks_json(machine.user_json, {"Stop": [hook_group("echo b", timeout=5)]})
    before = machine.load().hooks[0].current_hash
    machine.write(
        machine.user_json,
        '{"hooks":{"Stop":[{"hooks":[{"timeout":5,"command":"echo b","type":"command"}]}]}}',
    )
    assert machine.load().hooks[0].current_hash == before
