"""add_hook / edit_hook / remove_hook on real settings files (the API of `hookdash add`,
`edit`, `remove` and the dashboard's hook form)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from hookdash.core import jsonc
from hookdash.core.errors import (
    AmbiguousHook,
    FileChangedError,
    InvalidHookError,
    ReadOnlyScopeError,
    SettingsParseError,
    UnsupportedShapeError,
    WorkspaceIsHomeError,
)
from hookdash.core.hosts.gemini.authoring.hook_draft import HookDraft
from hookdash.core.hosts.gemini.authoring.hook_edit import HookChanges
from hookdash.core.hosts.gemini.authoring.writing import add_hook, edit_hook, remove_hook
from tests.conftest import Sandbox, command_hook, definition, settings_of, settings_with


def _doc(path: Path) -> dict[str, Any]:
    value = jsonc.parse(path.read_text(encoding="utf-8"))
    assert isinstance(value, dict)
    return value


def _draft(event: str = "BeforeTool", command: str = "echo hi", **fields: Any) -> HookDraft:
    return HookDraft(event=event, command=command, **fields)


# ---------------------------------------------------------------------------- add


def test_add_creates_the_user_file_and_list_reports_the_hook(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    result = add_hook(
        sandbox.load(),
        _draft(command="echo guard", name="guard", matcher="run_shell_command", timeout_ms=5000),
    )
    assert result.changed and not result.dry_run
    assert result.message == (
        "Added 'guard' to BeforeTool in user settings (~/.gemini/settings.json), as a new "
        "definition with matcher 'run_shell_command'."
    )
    assert _doc(sandbox.user_settings) == {
        "hooks": {
            "BeforeTool": [
                {
                    "matcher": "run_shell_command",
                    "hooks": [
                        {
                            "name": "guard",
                            "type": "command",
                            "command": "echo guard",
                            "timeout": 5000,
                        }
                    ],
                }
            ]
        }
    }
    assert result.diff.startswith("--- /dev/null\n+++ ~/.gemini/settings.json\n")
    [change] = result.changes
    assert (change.key, change.action, change.scope) == (
        "/hooks/BeforeTool/0/hooks/0",
        "add",
        "user",
    )
    [hook] = sandbox.load().hooks
    assert result.hooks[0].ref == hook.ref
    assert (hook.event, hook.scope, hook.matcher, hook.timeout_ms, hook.order, hook.runs) == (
        "BeforeTool",
        "user",
        "run_shell_command",
        5000,
        0,
        True,
    )


def test_add_joins_the_definition_with_the_same_matcher_and_flag(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        settings_of(
            definition(command_hook("a", name="a"), matcher="read_file"),
            definition(command_hook("b", name="b"), matcher="write_file"),
            definition(command_hook("c", name="c"), matcher="write_file", sequential=True),
        )
    )
    joined = add_hook(sandbox.load(), _draft(command="d", name="d", matcher="write_file"))
    assert joined.changes[0].key == "/hooks/BeforeTool/1/hooks/1"
    assert "joining the definition with the same matcher" in joined.message
    seq = add_hook(
        sandbox.load(), _draft(command="e", name="e", matcher="write_file", sequential=True)
    )
    assert seq.changes[0].key == "/hooks/BeforeTool/2/hooks/1"
    other = add_hook(sandbox.load(), _draft(command="f", name="f", matcher="glob"))
    assert other.changes[0].key == "/hooks/BeforeTool/3/hooks/0"
    hooks = {h.id: h for h in sandbox.load().hooks}
    assert [hooks[n].order for n in "abdcef"] == [0, 1, 2, 3, 4, 5]
    assert hooks["e"].sequential and not hooks["d"].sequential


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        (
            "PreToolUse",
            "'PreToolUse' is Claude Code's name for the event: Gemini CLI calls it BeforeTool",
        ),
        ("UserPromptSubmit", "Gemini CLI calls it BeforeAgent"),
        ("BeforTool", "Did you mean BeforeTool?"),
        ("beforetool", "Did you mean BeforeTool?"),
        ("Whatever", "The events are: BeforeTool, AfterTool"),
    ],
)
def test_add_refuses_an_unknown_event(sandbox: Sandbox, event: str, expected: str) -> None:
    with pytest.raises(InvalidHookError) as err:
        add_hook(sandbox.load(), _draft(event=event, name="x"))
    assert expected in err.value.message
    assert not sandbox.user_settings.exists()


@pytest.mark.parametrize("timeout", ["abc", "0", "-5", "1.5", 0, -1, "5s"])
def test_add_refuses_a_timeout_that_is_not_a_positive_integer(
    sandbox: Sandbox, timeout: Any
) -> None:
    with pytest.raises(InvalidHookError) as err:
        add_hook(sandbox.load(), _draft(name="x", timeout_ms=timeout))
    assert "not a positive whole number of milliseconds" in err.value.message


def test_add_accepts_a_timeout_given_as_text(sandbox: Sandbox) -> None:
    add_hook(sandbox.load(), _draft(name="x", timeout_ms="30000"))
    assert _doc(sandbox.user_settings)["hooks"]["BeforeTool"][0]["hooks"][0]["timeout"] == 30000


def test_add_refuses_an_empty_command(sandbox: Sandbox) -> None:
    with pytest.raises(InvalidHookError, match="command is empty"):
        add_hook(sandbox.load(), _draft(command="  ", name="x"))


def test_add_refuses_the_same_name_and_command_for_the_event_in_the_file(
    sandbox: Sandbox,
) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("echo hi", name="x"))]}})
    before = sandbox.user_settings.read_bytes()
    with pytest.raises(InvalidHookError, match="already has a BeforeTool hook with this name"):
        add_hook(sandbox.load(), _draft(name="x", matcher="glob"))
    assert sandbox.user_settings.read_bytes() == before
    # Another event, or the same command under another name, is a different hook.
    add_hook(sandbox.load(), _draft(event="AfterTool", name="x"))
    add_hook(sandbox.load(), _draft(name="y"))


def test_add_warnings(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    config = sandbox.load()
    unnamed = add_hook(config, _draft(command="echo a", timeout_ms=5), dry_run=True)
    assert any("has no name" in w for w in unnamed.warnings)
    assert any("5 milliseconds, not seconds" in w for w in unnamed.warnings)
    regex = add_hook(config, _draft(name="r", matcher="run_shell_command("), dry_run=True)
    assert any("not a valid JavaScript regular expression" in w for w in regex.warnings)
    ignored = add_hook(config, _draft(event="BeforeAgent", name="i", matcher="x"), dry_run=True)
    assert any("matcher ('x') is ignored" in w for w in ignored.warnings)
    trigger = add_hook(
        config, _draft(event="SessionStart", name="t", matcher="startup|resume"), dry_run=True
    )
    assert any("compared exactly, not as regular expressions" in w for w in trigger.warnings)
    missing = add_hook(config, _draft(name="m", command="./hooks/nope.sh"), dry_run=True)
    assert any("does not exist" in w for w in missing.warnings)
    sandbox.script("hooks/plain.sh", "exit 0", executable=False)
    plain = add_hook(config, _draft(name="p", command="./hooks/plain.sh"), dry_run=True)
    assert any("is not executable" in w for w in plain.warnings)
    clean = add_hook(config, _draft(name="c", command="echo ok", timeout_ms=30000), dry_run=True)
    assert clean.warnings == []


def test_add_warns_about_a_name_another_hook_has(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"AfterTool": [definition(command_hook("other", name="fmt"))]}})
    result = add_hook(sandbox.load(), _draft(name="fmt"), dry_run=True)
    assert any("has the same ID 'fmt'" in w for w in result.warnings)


def test_add_dry_run_writes_nothing_and_shows_the_diff(sandbox: Sandbox) -> None:
    sandbox.write_user('{\n  "ui": {}\n}\n')
    before = sandbox.user_settings.read_bytes()
    result = add_hook(sandbox.load(), _draft(name="x"), dry_run=True)
    assert result.dry_run and not result.changed
    assert result.message.startswith("Would add 'x' to BeforeTool")
    assert sandbox.user_settings.read_bytes() == before
    assert '+  "hooks": {\n' in result.diff and result.diff.startswith(
        "--- ~/.gemini/settings.json"
    )


def test_add_to_the_workspace_records_trust_unless_told_not_to(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    result = add_hook(sandbox.load(), _draft(name="lint", command="echo lint"), "workspace")
    assert [c.scope for c in result.changes][:2] == ["workspace", "trusted-hooks"]
    store = json.loads((sandbox.home / ".gemini" / "trusted_hooks.json").read_text())
    assert store == {str(sandbox.workspace): ["lint:echo lint"]}
    [hook] = sandbox.load().hooks
    assert hook.trust == "trusted"
    untrusted = add_hook(
        sandbox.load(), _draft(name="fmt", command="echo fmt"), "workspace", trust=False
    )
    assert any("Not recorded as trusted" in n for n in untrusted.notes)
    assert {h.id: h.trust for h in sandbox.load().hooks} == {"lint": "trusted", "fmt": "new"}


def test_add_scope_refusals(sandbox: Sandbox) -> None:
    with pytest.raises(ReadOnlyScopeError):
        add_hook(sandbox.load(), _draft(name="x"), "system")
    with pytest.raises(WorkspaceIsHomeError):
        add_hook(sandbox.load(sandbox.home), _draft(name="x"), "workspace")


def test_add_refuses_a_file_that_does_not_parse_and_leaves_it(sandbox: Sandbox) -> None:
    sandbox.write_user('{\n  "hooks": {,}\n}\n')
    with pytest.raises(SettingsParseError, match="does not parse at line 2"):
        add_hook(sandbox.load(), _draft(name="x"))
    assert sandbox.user_settings.read_text() == '{\n  "hooks": {,}\n}\n'


def test_add_refuses_a_shape_it_does_not_rewrite(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": definition(command_hook("a", name="a"))}})
    with pytest.raises(UnsupportedShapeError, match=r"hooks\.BeforeTool is not a list"):
        add_hook(sandbox.load(), _draft(name="x"))


def test_add_through_a_symlink_keeps_the_link_and_the_mode(sandbox: Sandbox) -> None:
    real = sandbox.root / "dotfiles" / "settings.json"
    sandbox.write(real, '{\n\t"ui": {}\n}\n')
    real.chmod(0o640)
    sandbox.user_settings.symlink_to(real)
    result = add_hook(sandbox.load(), _draft(name="x"))
    assert sandbox.user_settings.is_symlink()
    assert oct(real.stat().st_mode & 0o777) == "0o640"
    assert '\n\t"hooks": {\n\t\t"BeforeTool": [\n' in real.read_text()
    assert any("is a symlink" in n for n in result.notes)


def test_add_reapplies_itself_when_the_file_changed_since_loading(sandbox: Sandbox) -> None:
    sandbox.write_user({"ui": {"theme": "dark"}})
    config = sandbox.load()
    sandbox.write_user({"ui": {"theme": "light"}, "hooks": {}})
    result = add_hook(config, _draft(name="x"))
    assert _doc(sandbox.user_settings)["ui"] == {"theme": "light"}
    assert any("changed on disk since hookdash read it" in n for n in result.notes)


def test_add_says_when_the_hook_will_not_run(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user({"hooksConfig": {"disabled": ["x"]}})
    result = add_hook(sandbox.load(), _draft(name="x"))
    assert any("will not run it now: disabled in hooksConfig.disabled" in n for n in result.notes)


# ---------------------------------------------------------------------------- remove


def test_add_then_remove_gives_back_the_original_bytes(sandbox: Sandbox) -> None:
    original = '{\r\n\t// keep me\r\n\t"ui": {"theme": "dark"} /* and me */\r\n}'
    sandbox.write_user(original)
    add_hook(sandbox.load(), _draft(name="x", matcher="glob"))
    add_hook(sandbox.load(), _draft(event="AfterTool", name="y"))
    assert sandbox.user_settings.read_bytes().count(b"\r\n") > 10
    remove_hook(sandbox.load(), "y")
    result = remove_hook(sandbox.load(), "x")
    assert sandbox.user_settings.read_bytes().decode() == original
    assert "and the definition it left empty" in result.message
    assert "which hookdash had created" in (result.changes[0].note or "")


def test_remove_keeps_a_list_the_user_wrote(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("a", name="a"))]}})
    remove_hook(sandbox.load(), "a")
    assert _doc(sandbox.user_settings) == {"hooks": {"BeforeTool": []}}


def test_remove_one_of_several_keeps_the_definition(sandbox: Sandbox) -> None:
    sandbox.write_user(
        settings_with(
            command_hook("a", name="a"),
            command_hook("b", name="b"),
            matcher="x",
            event="AfterTool",
        )
    )
    result = remove_hook(sandbox.load(), "a")
    assert _doc(sandbox.user_settings)["hooks"]["AfterTool"] == [
        definition(command_hook("b", name="b"), matcher="x")
    ]
    assert "definition" not in result.message


def test_remove_drops_disabled_entries_no_other_hook_uses(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("a", name="a"), command_hook("b", name="b"))]
            },
            "hooksConfig": {"disabled": ["a", "b"]},
            "hooks_note": 1,
        }
    )
    sandbox.write_workspace(
        {
            "hooks": {"AfterTool": [definition(command_hook("other b", name="b"))]},
            "hooksConfig": {"disabled": ["a"]},
        }
    )
    result = remove_hook(sandbox.load(), "a")
    assert _doc(sandbox.user_settings)["hooksConfig"] == {"disabled": ["b"]}
    assert _doc(sandbox.workspace_settings)["hooksConfig"] == {"disabled": []}
    assert [(c.scope, c.key, c.action) for c in result.changes] == [
        ("user", "/hooks/BeforeTool/0/hooks/0", "remove"),
        ("user", "hooksConfig.disabled", "remove"),
        ("workspace", "hooksConfig.disabled", "remove"),
    ]
    kept = remove_hook(sandbox.load(), "user:/hooks/BeforeTool/0/hooks/0")  # b, shared ID
    assert _doc(sandbox.user_settings)["hooksConfig"] == {"disabled": ["b"]}
    assert any("other hook(s) have the ID 'b'" in n for n in kept.notes)


def test_remove_dry_run(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("a", name="a"))]}})
    before = sandbox.user_settings.read_bytes()
    result = remove_hook(sandbox.load(), "a", dry_run=True)
    assert result.message.startswith("Would remove a (BeforeTool, user, line 8)")  # its command
    assert sandbox.user_settings.read_bytes() == before
    assert result.diff.count("\n-") >= 6


def test_remove_refuses_extension_and_system_hooks(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.add_extension("tools", {"BeforeTool": [definition(command_hook("e", name="ext"))]})
    sandbox.write_system({"hooks": {"BeforeTool": [definition(command_hook("s", name="sys"))]}})
    with pytest.raises(ReadOnlyScopeError, match="an update replaces it"):
        remove_hook(sandbox.load(), "ext")
    with pytest.raises(ReadOnlyScopeError, match="belong to the administrator"):
        remove_hook(sandbox.load(), "sys")


def test_remove_an_id_several_hooks_have_lists_their_refs(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("a", name="x"))]}})
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"AfterTool": [definition(command_hook("b", name="x"))]}})
    with pytest.raises(AmbiguousHook) as err:
        remove_hook(sandbox.load(), "x")
    assert [c.ref for c in err.value.candidates] == [
        "user:/hooks/BeforeTool/0/hooks/0",
        "workspace:/hooks/AfterTool/0/hooks/0",
    ]


def test_remove_an_invalid_hook_by_its_ref(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition({"command": "no type"})]}})
    remove_hook(sandbox.load(), "user:/hooks/BeforeTool/0/hooks/0")
    assert _doc(sandbox.user_settings) == {"hooks": {"BeforeTool": []}}


def test_remove_finds_the_hook_after_the_file_changed(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("a", name="a"))]}})
    config = sandbox.load()
    sandbox.write_user(
        settings_of(
            definition(command_hook("n", name="new")),
            definition(command_hook("a", name="a")),
        )
    )
    remove_hook(config, "a")
    assert _doc(sandbox.user_settings)["hooks"]["BeforeTool"] == [
        definition(command_hook("n", name="new"))
    ]
    sandbox.write_user({"hooks": {"BeforeTool": []}})
    with pytest.raises(FileChangedError, match="no longer where it was"):
        remove_hook(config, "a")


# ---------------------------------------------------------------------------- edit


def test_edit_changes_fields_in_place_and_nothing_else(sandbox: Sandbox) -> None:
    text = (
        '{\n  // hooks\n  "hooks": {"BeforeTool": [{"matcher": "glob", "hooks": [\n'
        '    {"name": "a", "type": "command", "command": "old", "timeout": 5} // tight\n'
        "  ]}]}\n}\n"
    )
    sandbox.write_user(text)
    result = edit_hook(
        sandbox.load(),
        "a",
        HookChanges(command="new", timeout_ms=5000, description="says hi"),
    )
    assert sandbox.user_settings.read_text() == text.replace(
        '"old", "timeout": 5}', '"new", "timeout": 5000, "description": "says hi"}'
    )
    assert [(c.key, c.action, c.value) for c in result.changes] == [
        ("/hooks/BeforeTool/0/hooks/0/command", "replace", {"from": "old", "to": "new"}),
        ("/hooks/BeforeTool/0/hooks/0/timeout", "replace", {"from": 5, "to": 5000}),
        ("/hooks/BeforeTool/0/hooks/0/description", "add", "says hi"),
    ]
    assert (
        result.message == "Changed command, timeout, description of a (BeforeTool, user, line 4)."
    )


def test_edit_nothing_to_change(sandbox: Sandbox) -> None:
    sandbox.write_user({"hooks": {"BeforeTool": [definition(command_hook("a", name="a"))]}})
    result = edit_hook(sandbox.load(), "a", HookChanges(command="a"))
    assert not result.changed and "nothing changed" in result.message


def test_edit_rename_keeps_the_disabled_lists_in_step(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {"BeforeTool": [definition(command_hook("a", name="old"))]},
            "hooksConfig": {"disabled": ["x", "old"]},
            "hooks_": {},
        }
    )
    sandbox.write_workspace({"hooksConfig": {"disabled": ["old"]}, "hooks": {"disabled": ["old"]}})
    result = edit_hook(sandbox.load(), "old", HookChanges(name="new"))
    assert _doc(sandbox.user_settings)["hooksConfig"] == {"disabled": ["x", "new"]}
    ws = _doc(sandbox.workspace_settings)
    assert ws["hooksConfig"] == {"disabled": ["new"]} and ws["hooks"] == {"disabled": ["new"]}
    assert result.identifier == "new"
    [hook] = sandbox.load().hooks
    assert hook.id == "new" and hook.disabled
    assert [(c.scope, c.key, c.action) for c in result.changes] == [
        ("user", "/hooks/BeforeTool/0/hooks/0/name", "replace"),
        ("user", "hooksConfig.disabled", "replace"),
        ("workspace", "hooksConfig.disabled", "replace"),
        ("workspace", "hooks.disabled", "replace"),
    ]


def test_edit_rename_of_a_shared_id_adds_the_new_entry(sandbox: Sandbox) -> None:
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("a", name="fmt"))],
                "AfterTool": [definition(command_hook("b", name="fmt"))],
            },
            "hooksConfig": {"disabled": ["fmt"]},
        }
    )
    result = edit_hook(sandbox.load(), "user:/hooks/AfterTool/0/hooks/0", HookChanges(name="fmt2"))
    assert _doc(sandbox.user_settings)["hooksConfig"] == {"disabled": ["fmt", "fmt2"]}
    assert any("still have the ID 'fmt'" in n for n in result.notes)


def test_edit_matcher_of_a_lone_hook_changes_its_definition(sandbox: Sandbox) -> None:
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook("a", name="a"), matcher="glob")]}}
    )
    edit_hook(sandbox.load(), "a", HookChanges(matcher="read_file", sequential=True))
    assert _doc(sandbox.user_settings)["hooks"]["BeforeTool"] == [
        {"matcher": "read_file", "hooks": [command_hook("a", name="a")], "sequential": True}
    ]
    edit_hook(sandbox.load(), "a", HookChanges(matcher="", sequential=False))
    assert _doc(sandbox.user_settings)["hooks"]["BeforeTool"] == [
        {"hooks": [command_hook("a", name="a")]}
    ]


def test_edit_matcher_of_a_shared_definition_moves_the_hook(sandbox: Sandbox) -> None:
    sandbox.write_user(
        settings_of(
            definition(command_hook("a", name="a"), command_hook("b", name="b"), matcher="glob"),
            definition(command_hook("c", name="c"), matcher="read_file"),
        )
    )
    joined = edit_hook(sandbox.load(), "a", HookChanges(matcher="read_file"))
    assert _doc(sandbox.user_settings)["hooks"]["BeforeTool"] == [
        definition(command_hook("b", name="b"), matcher="glob"),
        definition(command_hook("c", name="c"), command_hook("a", name="a"), matcher="read_file"),
    ]
    assert any("moved into the definition that has the new ones" in n for n in joined.notes)
    fresh = edit_hook(sandbox.load(), "c", HookChanges(sequential=True))
    assert _doc(sandbox.user_settings)["hooks"]["BeforeTool"][2] == {
        "matcher": "read_file",
        "sequential": True,
        "hooks": [command_hook("c", name="c")],
    }
    assert any("moved into a new definition" in n for n in fresh.notes)


def test_edit_refuses_what_add_refuses(sandbox: Sandbox) -> None:
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [definition(command_hook("a", name="a"), command_hook("b", name="b"))]
            }
        }
    )
    with pytest.raises(InvalidHookError, match="command is empty"):
        edit_hook(sandbox.load(), "a", HookChanges(command=""))
    with pytest.raises(InvalidHookError, match="positive whole number"):
        edit_hook(sandbox.load(), "a", HookChanges(timeout_ms="0"))
    with pytest.raises(InvalidHookError, match="already has a BeforeTool hook"):
        edit_hook(sandbox.load(), "a", HookChanges(name="b", command="b"))


def test_edit_of_a_trusted_workspace_hook_command(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace(
        {"hooks": {"BeforeTool": [definition(command_hook("v1", name="lint"))]}}
    )
    sandbox.write_trusted_hooks({str(sandbox.workspace): ["lint:v1"]})
    result = edit_hook(sandbox.load(), "lint", HookChanges(command="v2"))
    assert any("Gemini CLI trusted this project hook as 'lint:v1'" in n for n in result.notes)
    assert sandbox.load().hooks[0].trust == "changed"
    trusted = edit_hook(sandbox.load(), "lint", HookChanges(command="v3"), trust=True)
    assert "trusted-hooks" in [c.scope for c in trusted.changes]
    assert sandbox.load().hooks[0].trust == "trusted"


def test_edit_removes_optional_fields_with_an_empty_value(sandbox: Sandbox) -> None:
    sandbox.write_user(
        {"hooks": {"BeforeTool": [definition(command_hook("a", name="a", description="d"))]}}
    )
    result = edit_hook(sandbox.load(), "a", HookChanges(name="", description=""))
    assert _doc(sandbox.user_settings)["hooks"]["BeforeTool"][0]["hooks"] == [
        {"type": "command", "command": "a"}
    ]
    assert result.identifier == "a"
    assert any("has no name" in w for w in result.warnings)


def test_file_modes_and_state_are_kept_private(sandbox: Sandbox) -> None:
    # The state file records only pointers, but lives with the run log: never group-writable.
    add_hook(sandbox.load(), _draft(name="x"))
    state = sandbox.state / "created-keys.json"
    assert json.loads(state.read_text())["files"] == {
        os.path.realpath(sandbox.user_settings): ["/hooks", "/hooks/BeforeTool"]
    }


def test_remove_says_the_trust_entry_stays(sandbox: Sandbox) -> None:
    """Issue 20: removing a project hook left its key in trusted_hooks.json, unsaid."""
    sandbox.trust_folder()
    sandbox.write_workspace(settings_with(command_hook("lint.sh", name="lint")))
    sandbox.write_trusted_hooks({str(sandbox.workspace): ["lint:lint.sh"]})
    result = remove_hook(sandbox.load(), "lint")
    assert any(
        "Its trust stays in ~/.gemini/trusted_hooks.json" in n
        and "runs without Gemini's first-seen warning" in n
        for n in result.notes
    )
    # A user hook has no trust entry to speak of.
    sandbox.write_user(settings_with(command_hook("fmt.sh", name="fmt")))
    assert not any("trust" in n for n in remove_hook(sandbox.load(), "fmt").notes)
