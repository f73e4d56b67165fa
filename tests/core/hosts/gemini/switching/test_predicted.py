"""edit.predicted.hooks_after_edit: what the dashboard shows right after a switch, before reloading.

The reading it predicts must be the one the reload then gives, for every hook it touches,
in the cases a person meets: disable in user or workspace settings, with each key,
enable, a read-only scope that keeps the hook disabled, an untrusted folder.
"""

from __future__ import annotations

import pytest

from hookdash.core.hosts.gemini.switching.disabled_list import disable_hook, enable_hook
from hookdash.core.hosts.gemini.switching.disabled_text import DisabledKey
from hookdash.core.hosts.gemini.switching.predicted import hooks_after_edit
from hookdash.core.load.checks.trust import untrusted_project_hooks
from hookdash.core.model import Configuration, Hook
from tests.conftest import Sandbox, command_hook, definition, settings_with

FIELDS = (
    "disabled",
    "disabled_in",
    "legacy_disabled_in",
    "runs",
    "not_running_because",
    "inactive_reason",
)


def _setup(sandbox: Sandbox, *, trusted: bool = True, legacy: bool = False) -> None:
    if trusted:
        sandbox.trust_folder()
    user: dict[str, object] = settings_with(
        command_hook("echo a", name="a"),
        command_hook("echo b", name="b"),
        matcher="run_shell_command",
    )
    if legacy:
        user["hooks"]["disabled"] = ["zzz"]  # type: ignore[index]
    sandbox.write_user(user)
    sandbox.write_workspace(
        {"hooks": {"AfterTool": [definition(command_hook("echo a", name="a"))]}}
    )


def _check(before: Configuration, after: Configuration, predicted: dict[str, Hook]) -> None:
    new = {h.ref: h for h in after.hooks}
    for hook in before.hooks:
        expected = new[hook.ref]
        shown = predicted.get(hook.ref, hook)
        for field in FIELDS:
            assert getattr(shown, field) == getattr(expected, field), (hook.ref, field)


@pytest.mark.parametrize("key", ["auto", "hooksConfig", "hooks"])
@pytest.mark.parametrize("scope", ["user", "workspace"])
@pytest.mark.parametrize("legacy", [False, True])
def test_disable_prediction_matches_the_reload(
    sandbox: Sandbox, key: DisabledKey, scope: str, legacy: bool
) -> None:
    _setup(sandbox, legacy=legacy)
    before = sandbox.load()
    hook = next(h for h in before.hooks if h.id == "a" and h.scope == "user")
    result = disable_hook(before, hook, scope, key)
    predicted = hooks_after_edit(before.hooks, result, before.snapshot.folder_trust.trusted)
    if key == "hooks" and not legacy:
        # Only the legacy list (which Gemini 0.26+ ignores): the verdict stays, the
        # legacy badge appears.
        assert all(not h.disabled for h in predicted.values())
    elif key != "hooks":
        # Every hook with the ID is switched off: both copies of 'a'.
        assert {h.ref for h in predicted.values() if h.disabled} == {
            h.ref for h in before.hooks if h.id == "a"
        }
    _check(before, sandbox.load(), predicted)


def test_enable_prediction_matches_the_reload(sandbox: Sandbox) -> None:
    _setup(sandbox)
    before = sandbox.load()
    disable_hook(before, "a", "user")
    disable_hook(before, "a", "workspace")
    disabled = sandbox.load()
    assert all(h.disabled for h in disabled.hooks if h.id == "a")
    hook = next(h for h in disabled.hooks if h.id == "a")
    result = enable_hook(disabled, hook)
    predicted = hooks_after_edit(disabled.hooks, result, True)
    assert predicted and all(h.runs and not h.disabled for h in predicted.values())
    _check(disabled, sandbox.load(), predicted)


def test_a_read_only_scope_keeps_it_disabled(sandbox: Sandbox) -> None:
    _setup(sandbox)
    sandbox.allow_system_files()
    sandbox.write_system({"hooksConfig": {"disabled": ["b"]}})
    disable_hook(sandbox.load(), "b", "user")
    before = sandbox.load()
    hook = next(h for h in before.hooks if h.id == "b")
    assert hook.disabled_in == ["user", "system"]
    result = enable_hook(before, hook)
    assert result.still_disabled_by == ["system"]
    predicted = hooks_after_edit(before.hooks, result, True)
    assert predicted[hook.ref].disabled and not predicted[hook.ref].runs
    _check(before, sandbox.load(), predicted)


def test_untrusted_folder(sandbox: Sandbox) -> None:
    _setup(sandbox, trusted=False)
    before = sandbox.load()
    hook = next(h for h in before.hooks if h.id == "a" and h.scope == "user")
    for scope in ("workspace", "user"):
        result = disable_hook(sandbox.load(), hook, scope)
        predicted = hooks_after_edit(before.hooks, result, False)
        _check(before, sandbox.load(), predicted)
        before = sandbox.load()


def test_nothing_changed_predicts_nothing(sandbox: Sandbox) -> None:
    _setup(sandbox)
    config = sandbox.load()
    result = enable_hook(config, "a")
    assert not result.changed
    assert hooks_after_edit(config.hooks, result, True) == {}


def test_untrusted_project_hooks(sandbox: Sandbox) -> None:
    _setup(sandbox)
    sandbox.write_trusted_hooks({str(sandbox.workspace): ["a:echo old"]})
    config = sandbox.load()
    assert [(h.id, h.trust) for h in untrusted_project_hooks(config.hooks)] == [("a", "changed")]
