"""disable_hook / enable_hook: the API the CLI and the dashboard call."""

from __future__ import annotations

import json

import pytest

from hookdash.core import jsonc
from hookdash.core.errors import (
    AmbiguousHook,
    FileWriteError,
    HookNotFound,
    NotDisableableError,
    ReadOnlyScopeError,
    SettingsParseError,
    UnsupportedShapeError,
    WorkspaceIsHomeError,
)
from hookdash.core.hosts.gemini.switching.disabled_list import disable_hook, enable_hook
from tests.conftest import Sandbox, command_hook, definition


def _user_hooks(sandbox: Sandbox, *hooks: dict[str, object], extra: str = "") -> None:
    body = json.dumps({"BeforeTool": [definition(*hooks)]}, indent=2).replace("\n", "\n  ")
    sandbox.write_user('{\n  // mine\n  "hooks": ' + body + extra + "\n}\n")


def _parsed(path: object) -> dict[str, object]:
    from pathlib import Path

    value = jsonc.parse(Path(str(path)).read_text(encoding="utf-8"))
    assert isinstance(value, dict)
    return value


def test_disable_writes_hooks_config_of_user_settings(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("./guard.sh", name="guard"))
    before = sandbox.user_settings.read_text()
    result = disable_hook(sandbox.load(), "guard")
    after = sandbox.user_settings.read_text()
    assert after.startswith(before[: before.rindex("}")].rstrip())  # only appended
    assert "// mine" in after
    assert _parsed(sandbox.user_settings)["hooksConfig"] == {"disabled": ["guard"]}
    assert result.changed and result.identifier == "guard"
    assert [(c.key, c.action, c.value, c.before, c.after) for c in result.changes] == [
        ("hooksConfig.disabled", "add", "guard", None, ["guard"])
    ]
    assert result.message == (
        "Disabled 'guard' in user settings (~/.gemini/settings.json, hooksConfig.disabled)."
    )
    hook = sandbox.load().hooks[0]
    assert hook.disabled and hook.disabled_in == ["user"] and not hook.runs


def test_disable_auto_mirrors_into_an_existing_legacy_list(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"), command_hook("y", name="b"))
    text = sandbox.user_settings.read_text().replace(
        '"hooks": {', '"hooks": {\n    "disabled": ["a"],', 1
    )
    sandbox.write_user(text)
    result = disable_hook(sandbox.load(), "b")
    value = _parsed(sandbox.user_settings)
    assert value["hooks"]["disabled"] == ["a", "b"]  # type: ignore[index]
    assert value["hooksConfig"] == {"disabled": ["b"]}
    assert [c.key for c in result.changes] == ["hooksConfig.disabled", "hooks.disabled"]


@pytest.mark.parametrize(
    ("key", "written", "absent"),
    [("hooks", "hooks", "hooksConfig"), ("hooksConfig", "hooksConfig", None)],
)
def test_disable_with_one_key(sandbox: Sandbox, key: str, written: str, absent: str | None) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"))
    result = disable_hook(sandbox.load(), "a", disabled_key=key)  # type: ignore[arg-type]
    value = _parsed(sandbox.user_settings)
    assert value[written]["disabled"] == ["a"]  # type: ignore[index]
    if absent:
        assert absent not in value
        assert any("Gemini CLI 0.26 and later ignore it" in n for n in result.notes)
        assert sandbox.load().hooks[0].runs  # current Gemini still runs it: said plainly


def test_already_disabled_is_a_no_op_that_says_so(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(
        sandbox, command_hook("x", name="a"), extra=',\n  "hooksConfig": {"disabled": ["a"]}'
    )
    before = sandbox.user_settings.read_bytes()
    mtime = sandbox.user_settings.stat().st_mtime_ns
    result = disable_hook(sandbox.load(), "a")
    assert not result.changed and result.changes == []
    assert result.message.startswith("'a' is already disabled in user settings")
    assert sandbox.user_settings.read_bytes() == before
    assert sandbox.user_settings.stat().st_mtime_ns == mtime


def test_shared_identifier_affects_every_hook_and_says_so(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("one", name="fmt"))
    sandbox.write_workspace({"hooks": {"AfterTool": [definition(command_hook("two", name="fmt"))]}})
    result = disable_hook(sandbox.load(), "fmt")
    assert _parsed(sandbox.user_settings)["hooksConfig"] == {"disabled": ["fmt"]}  # one entry
    assert len(result.hooks) == 2
    note = next(n for n in result.notes if n.startswith("All 2 hooks"))
    assert "BeforeTool, user" in note and "AfterTool, workspace" in note
    assert all(h.disabled for h in sandbox.load().hooks)


def test_ref_and_command_of_a_named_hook(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("./guard.sh", name="guard"), command_hook("./lint.sh"))
    config = sandbox.load()
    by_ref = disable_hook(config, config.hooks[1].ref)
    assert by_ref.identifier == "./lint.sh"
    by_command = disable_hook(sandbox.load(), "./guard.sh")
    assert by_command.identifier == "guard"  # Gemini matches named hooks by name only
    assert any("is the command of the hook named 'guard'" in n for n in by_command.notes)
    assert _parsed(sandbox.user_settings)["hooksConfig"] == {"disabled": ["./lint.sh", "guard"]}


def test_hook_object_from_the_dashboard(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"))
    config = sandbox.load()
    result = disable_hook(config, config.hooks[0], scope="workspace")
    assert _parsed(sandbox.workspace_settings) == {"hooksConfig": {"disabled": ["a"]}}
    assert sandbox.workspace_settings.read_text() == (
        '{\n  "hooksConfig": {\n    "disabled": [\n      "a"\n    ]\n  }\n}'
    )  # a new file, as Gemini writes one: JSON.stringify(obj, null, 2), no final newline
    assert result.notes == ["Created ~/project/.gemini/settings.json."]


def test_ambiguous_and_unknown_ids_list_candidates(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(
        sandbox,
        command_hook("./run.sh", name="lint-js"),
        command_hook("./run.sh", name="lint-py"),
        command_hook("./other.sh", name="guard"),
    )
    config = sandbox.load()
    with pytest.raises(AmbiguousHook) as ambiguous:
        disable_hook(config, "./run.sh")
    assert "2 hooks with different names ('lint-js', 'lint-py')" in ambiguous.value.message
    assert [c.id for c in ambiguous.value.candidates] == ["lint-js", "lint-py"]
    with pytest.raises(HookNotFound) as unknown:
        disable_hook(config, "lint")
    assert unknown.value.candidates == ["lint-js", "lint-py"]
    assert "Did you mean: 'lint-js', 'lint-py'?" in unknown.value.message
    with pytest.raises(HookNotFound) as typo:
        disable_hook(config, "gaurd")
    assert typo.value.candidates == ["guard"]
    assert not sandbox.workspace_settings.exists()
    assert "hooksConfig" not in _parsed(sandbox.user_settings)


def test_scope_refusals(sandbox: Sandbox) -> None:
    _user_hooks(sandbox, command_hook("x", name="a"))
    config = sandbox.load()
    with pytest.raises(ReadOnlyScopeError, match="administrator"):
        disable_hook(config, "a", scope="system")
    home = sandbox.load(sandbox.home)
    with pytest.raises(WorkspaceIsHomeError, match="workspace is your home directory"):
        disable_hook(home, "a", scope="workspace")


def test_refuses_a_file_that_does_not_parse(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="a"))]}})
    broken = '{\n  "hooks": {},\n}\n'  # a trailing comma: Gemini refuses it
    sandbox.write_user(broken)
    with pytest.raises(SettingsParseError) as exc:
        disable_hook(sandbox.load(), "a")
    assert (exc.value.line, exc.value.column) == (2, 14)
    assert "line 2, column 14" in exc.value.message and "trailing comma" in exc.value.message
    assert sandbox.user_settings.read_text() == broken


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (b'{\n  "ui": "caf\xe9"\n}\n', "not valid UTF-8"),  # Latin-1
        ("\ufeff{}".encode(), "byte order mark"),
    ],
    ids=["not-utf8", "bom"],
)
def test_refuses_a_file_it_cannot_read_as_written(sandbox: Sandbox, raw: bytes, why: str) -> None:
    """Refused, and the file is left byte for byte."""
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="a"))]}})
    sandbox.user_settings.write_bytes(raw)
    with pytest.raises(SettingsParseError, match=why):
        disable_hook(sandbox.load(), "a")
    assert sandbox.user_settings.read_bytes() == raw


def test_empty_user_file_is_started_as_an_object(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="a"))]}})
    sandbox.write_user("// nothing yet\n")
    result = disable_hook(sandbox.load(), "a")
    assert sandbox.user_settings.read_text().startswith("// nothing yet\n{\n")
    assert any("Gemini CLI refuses to start with" in n for n in result.notes)
    assert sandbox.load().snapshot.gemini_starts


def test_wrong_shape_is_refused(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"), extra=',\n  "hooksConfig": {"disabled": "a"}')
    before = sandbox.user_settings.read_bytes()
    with pytest.raises(UnsupportedShapeError, match=r"hooksConfig\.disabled is a string"):
        disable_hook(sandbox.load(), "a")
    assert sandbox.user_settings.read_bytes() == before


def test_read_only_settings_file(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"))
    before = sandbox.user_settings.read_bytes()
    sandbox.user_settings.chmod(0o444)
    with pytest.raises(FileWriteError, match="read-only"):
        disable_hook(sandbox.load(), "a")
    assert sandbox.user_settings.read_bytes() == before


def test_extension_hook_with_a_variable_it_cannot_match(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.set_env("ORACLE_HOOK", "/opt/oracle")
    sandbox.add_extension("ext", {"AfterTool": [definition(command_hook('"$ORACLE_HOOK" run'))]})
    with pytest.raises(NotDisableableError, match="give the hook a name"):
        disable_hook(sandbox.load(), '"$ORACLE_HOOK" run')


def test_invalid_hook_cannot_be_toggled(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, {"type": "command", "name": "broken"})
    with pytest.raises(HookNotFound, match="invalid"):
        disable_hook(sandbox.load(), "broken")


def test_file_changed_since_loaded_is_reapplied_on_fresh_content(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"))
    config = sandbox.load()  # the dashboard loaded this a while ago...
    text = sandbox.user_settings.read_text().replace("// mine", "// mine, edited in vim")
    sandbox.write_user(text)  # ...then the user edited the file
    result = disable_hook(config, "a")
    after = sandbox.user_settings.read_text()
    assert "edited in vim" in after and _parsed(sandbox.user_settings)["hooksConfig"]
    assert any("changed on disk since hookdash read it" in n for n in result.notes)


def test_workspace_scope_in_untrusted_folder_says_it_has_no_effect_yet(sandbox: Sandbox) -> None:
    _user_hooks(sandbox, command_hook("x", name="a"))
    result = disable_hook(sandbox.load(), "a", scope="workspace")
    assert any("folder is not trusted" in n for n in result.notes)


# -------------------------------------------------------------------------- enable


def test_enable_removes_from_every_writable_scope_and_both_keys(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.set_env("HOOK_HOME", "/opt/h")
    _user_hooks(
        sandbox,
        command_hook("$HOOK_HOME/fmt.sh"),
        extra=',\n  "hooksConfig": {\n    "disabled": [\n      "keep",\n      "$HOOK_HOME/fmt.sh"'
        " // raw form\n    ]\n  }",
    )
    sandbox.write_workspace(
        '{\n\t"hooks": {"disabled": ["/opt/h/fmt.sh"]},\n'
        '\t"hooksConfig": {"disabled": ["/opt/h/fmt.sh", "other"]}\n}\n'
    )
    result = enable_hook(sandbox.load(), "/opt/h/fmt.sh")
    assert result.changed
    assert [(c.scope, c.key) for c in result.changes] == [
        ("user", "hooksConfig.disabled"),
        ("workspace", "hooksConfig.disabled"),
        ("workspace", "hooks.disabled"),
    ]
    user = sandbox.user_settings.read_text()
    assert '"keep"\n      // raw form\n' in user  # the comment stays
    assert _parsed(sandbox.user_settings)["hooksConfig"] == {"disabled": ["keep"]}
    assert sandbox.workspace_settings.read_text() == (
        '{\n\t"hooks": {"disabled": []},\n\t"hooksConfig": {"disabled": ["other"]}\n}\n'
    )
    assert sandbox.load().hooks[0].runs


def test_enable_says_which_read_only_scope_still_disables(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.allow_system_files()
    _user_hooks(
        sandbox, command_hook("x", name="a"), extra=',\n  "hooksConfig": {"disabled": ["a"]}'
    )
    sandbox.write_system({"hooksConfig": {"disabled": ["a"]}})
    result = enable_hook(sandbox.load(), "a")
    assert result.changed and result.still_disabled_by == ["system"]
    assert result.message.startswith("Removed 'a' from user settings (hooksConfig.disabled), but")
    assert "it stays disabled: the system settings (" in result.message
    assert sandbox.load().hooks[0].disabled  # as Gemini would see it


def test_enable_not_disabled_is_a_no_op(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"))
    result = enable_hook(sandbox.load(), "a")
    assert not result.changed and "is not in the disabled list" in result.message
    assert not sandbox.workspace_settings.parent.exists()  # no directory created


def test_enable_a_stale_entry(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooksConfig": {"disabled": ["gone"]}})
    result = enable_hook(sandbox.load(), "gone")
    assert result.changed and result.hooks == []
    assert any("stale" in n for n in result.notes)


def test_enable_one_key_leaves_the_other_and_says_so(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    _user_hooks(
        sandbox,
        command_hook("x", name="a"),
        extra=',\n  "hooksConfig": {"disabled": ["a"]}',
    )
    text = sandbox.user_settings.read_text().replace(
        '"hooks": {', '"hooks": {"disabled": ["a"],', 1
    )
    sandbox.write_user(text)
    result = enable_hook(sandbox.load(), "a", disabled_key="hooksConfig")
    assert [c.key for c in result.changes] == ["hooksConfig.disabled"]
    assert any("hooks.disabled in the user settings still lists it" in n for n in result.notes)


def test_enable_refuses_when_a_writable_file_does_not_parse(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooksConfig": {"disabled": ["a"]}})
    sandbox.write_workspace('{"hooksConfig": {"disabled": ["a"]')
    before = sandbox.user_settings.read_bytes()
    with pytest.raises(SettingsParseError, match="cannot tell whether that file disables"):
        enable_hook(sandbox.load(), "a")
    assert sandbox.user_settings.read_bytes() == before  # nothing half-done


def test_toggle_for_the_dashboard(sandbox: Sandbox) -> None:
    from hookdash.core.hosts.gemini.switching.disabled_list import toggle_hook

    sandbox.trust_folder()
    _user_hooks(sandbox, command_hook("x", name="a"))
    off = toggle_hook(sandbox.load(), sandbox.load().hooks[0], scope="workspace")
    assert off.action == "disable" and sandbox.load().hooks[0].disabled_in == ["workspace"]
    config = sandbox.load()
    on = toggle_hook(config, config.hooks[0])
    assert on.action == "enable" and on.changed and sandbox.load().hooks[0].runs


def test_refuses_a_file_of_one_unclosed_comment(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="a"))]}})
    sandbox.write_user("// settings\n/* started, never closed\n")
    with pytest.raises(SettingsParseError, match=r"line 2\) is never closed"):
        disable_hook(sandbox.load(), "a")
    assert sandbox.user_settings.read_text() == "// settings\n/* started, never closed\n"


def test_enable_refuses_an_unreadable_settings_file(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooksConfig": {"disabled": ["a"]}})
    sandbox.user_settings.mkdir()  # exists, cannot be read as a file
    with pytest.raises(SettingsParseError, match=r"hookdash cannot read ~/\.gemini/settings\.json"):
        enable_hook(sandbox.load(), "a")
    assert _parsed(sandbox.workspace_settings) == {"hooksConfig": {"disabled": ["a"]}}
