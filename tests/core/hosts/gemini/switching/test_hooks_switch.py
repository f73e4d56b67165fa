"""switch_hooks: `hooksConfig.enabled` in the user or workspace settings, and which layer
decides when several set it."""

from __future__ import annotations

import pytest

from hookdash.core import jsonc
from hookdash.core.errors import ReadOnlyScopeError, SettingsParseError
from hookdash.core.hosts.gemini.switching.hooks_switch import switch_hooks
from tests.conftest import Sandbox, command_hook, definition


def test_off_in_user_settings_stops_every_hook(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        '{\n  // mine\n  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", '
        '"command": "a"}]}]}\n}\n'
    )
    sandbox.add_extension("ext", {"AfterTool": [definition(command_hook("e", name="e"))]})
    result = switch_hooks(sandbox.load(), False)
    assert result.message == (
        "Switched hooks off in user settings (~/.gemini/settings.json): Gemini CLI runs no hook "
        "at all — settings hooks and extension hooks alike — and its /hooks command is gone, "
        "from its next start."
    )
    assert sandbox.user_settings.read_text().endswith(
        '  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "a"}]}]},\n'
        '  "hooksConfig": {\n    "enabled": false\n  }\n}\n'
    )
    assert [(c.key, c.action, c.value) for c in result.changes] == [
        ("hooksConfig.enabled", "add", False)
    ]
    config = sandbox.load()
    assert not config.snapshot.hooks_enabled
    assert not any(h.runs for h in config.hooks)
    on = switch_hooks(config, True)
    # hookdash added the member (and its object): on takes them out again.
    assert [(c.action, c.value) for c in on.changes] == [("remove", False)]
    assert sandbox.load().snapshot.hooks_enabled
    assert "hooksConfig" not in sandbox.user_settings.read_text()


def test_already_so_is_a_no_op(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooksConfig": {"enabled": True}})
    before = sandbox.user_settings.read_bytes()
    result = switch_hooks(sandbox.load(), True)
    assert not result.changed and "already switched on" in result.message
    assert sandbox.user_settings.read_bytes() == before


def test_says_which_layer_wins(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooksConfig": {"enabled": True}})
    result = switch_hooks(sandbox.load(), False, "user")
    assert any(
        "the workspace settings set hooksConfig.enabled to on and win over the user settings" in n
        and "hooks stay on here" in n
        for n in result.notes
    )
    assert sandbox.load().snapshot.hooks_enabled
    overriding = switch_hooks(sandbox.load(), False, "workspace")
    assert any("overrides hooksConfig.enabled in the user settings" in n for n in overriding.notes)
    assert not sandbox.load().snapshot.hooks_enabled


def test_system_settings_win_over_everything(sandbox: Sandbox) -> None:
    sandbox.allow_system_files()
    sandbox.write_system({"hooksConfig": {"enabled": False}})
    result = switch_hooks(sandbox.load(), True, "user")
    assert any("the system settings set hooksConfig.enabled to off" in n for n in result.notes)
    with pytest.raises(ReadOnlyScopeError):
        switch_hooks(sandbox.load(), True, "system")


def test_untrusted_workspace_and_legacy_keys_are_explained(sandbox: Sandbox) -> None:
    sandbox.write_workspace({"hooks": {"enabled": False}, "tools": {"enableHooks": False}})
    result = switch_hooks(sandbox.load(), False, "workspace")
    assert any("folder is not trusted" in n for n in result.notes)
    assert any(
        "also has hooks.enabled and tools.enableHooks, which Gemini CLI 0.61 ignores" in n
        for n in result.notes
    )
    assert jsonc.parse(sandbox.workspace_settings.read_text())["hooksConfig"] == {"enabled": False}


def test_dry_run_and_refusals(sandbox: Sandbox) -> None:
    result = switch_hooks(sandbox.load(), False, dry_run=True)
    assert result.dry_run and not sandbox.user_settings.exists()
    assert result.message.startswith("Would switch hooks off")
    assert '+    "enabled": false\n' in result.diff
    sandbox.write_user('{"hooksConfig": ')
    with pytest.raises(SettingsParseError):
        switch_hooks(sandbox.load(), False)


COMMITTED = (
    "{\n"
    "  // the project's hooks\r\n"
    '  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "a"}]}]} ,\n'
    '  "general" : { "vimMode": true }\n'
    "}"
)


@pytest.mark.parametrize(
    "text",
    [
        COMMITTED,
        '{"hooksConfig": {"disabled": ["x"]},\n "hooks": {}}\n',
        '{\n  "hooksConfig": {\n    "enabled": true // on\n  }\n}\n',
        "{}",
    ],
)
def test_off_then_on_gives_the_bytes_back(sandbox: Sandbox, text: str) -> None:
    """Issue 20: `hooks off` then `hooks on` left `"enabled": true` in a committed file."""
    sandbox.trust_folder()
    sandbox.write_workspace(text)
    before = sandbox.workspace_settings.read_bytes()
    switch_hooks(sandbox.load(), False, "workspace")
    assert not sandbox.load().snapshot.hooks_enabled
    on = switch_hooks(sandbox.load(), True, "workspace")
    assert on.changed
    assert sandbox.workspace_settings.read_bytes() == before
    assert sandbox.load().snapshot.hooks_enabled


def test_on_after_an_outside_edit_still_removes_what_off_added(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace('{"general": {"vimMode": true}}\n')
    switch_hooks(sandbox.load(), False, "workspace")
    text = sandbox.workspace_settings.read_text()
    sandbox.workspace_settings.write_text(text.replace("true", "false", 1))  # the user's edit
    on = switch_hooks(sandbox.load(), True, "workspace")
    assert any("which hookdash had added when it switched hooks off" in n for n in on.notes)
    assert jsonc.parse(sandbox.workspace_settings.read_text()) == {"general": {"vimMode": False}}


def test_on_keeps_a_switch_the_user_wrote(sandbox: Sandbox) -> None:
    """A `false` hookdash did not write becomes `true`: the member is the user's."""
    sandbox.write_user('{"hooksConfig": {"enabled": false}}')
    switch_hooks(sandbox.load(), True)
    assert jsonc.parse(sandbox.user_settings.read_text()) == {"hooksConfig": {"enabled": True}}
