"""check --fix: only the safe fixes, each reported."""

from __future__ import annotations

from hookdash.core import jsonc
from hookdash.core.hosts.gemini.switching.fixes import NOT_AUTOMATIC, apply_safe_fixes
from tests.conftest import Sandbox, command_hook, definition

LEGACY_USER = """{
  "hooks": {
    "BeforeTool": [{"hooks": [
      {"name": "lint", "type": "command", "command": "./lint.sh"},
      {"name": "guard", "type": "command", "command": "./guard.sh"},
      {"type": "command", "command": "./fmt.sh"}
    ]}],
    // switched off in the old days
    "disabled": ["lint", "./guard.sh", "./fmt.sh"]
  }
}
"""


def _codes(sandbox: Sandbox) -> dict[str, str]:
    return {p.code: p.severity for p in sandbox.load().snapshot.problems}


def test_legacy_entries_are_copied_and_take_effect(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(LEGACY_USER)
    assert _codes(sandbox)["legacy-hooks-disabled"] == "warning"
    assert all(h.runs for h in sandbox.load().hooks)
    result = apply_safe_fixes(sandbox.load())
    assert [(c.key, c.action, c.value) for c in result.changes] == [
        ("hooksConfig.disabled", "add", "lint"),
        ("hooksConfig.disabled", "add", "guard"),  # the command of a named hook -> its name
        ("hooksConfig.disabled", "add", "./fmt.sh"),
    ]
    text = sandbox.user_settings.read_text()
    assert text.startswith(LEGACY_USER.rstrip()[:-1].rstrip())  # only appended
    value = jsonc.parse(text)
    assert value["hooks"]["disabled"] == ["lint", "./guard.sh", "./fmt.sh"]  # kept for < 0.26
    assert value["hooksConfig"]["disabled"] == ["lint", "guard", "./fmt.sh"]
    assert not any(h.runs for h in sandbox.load().hooks)
    codes = _codes(sandbox)
    assert "legacy-hooks-disabled" not in codes
    assert codes["legacy-hooks-disabled-mirrored"] == "info"
    again = apply_safe_fixes(sandbox.load())
    assert not again.changed and again.changes == []


def test_command_entry_is_replaced_by_the_name(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {"BeforeTool": [definition(command_hook("./guard.sh", name="guard"))]},
            "hooksConfig": {"disabled": ["./guard.sh"]},
        }
    )
    assert "disabled-entry-is-command" in _codes(sandbox)
    result = apply_safe_fixes(sandbox.load())
    (change,) = result.changes
    assert (change.action, change.value) == ("replace", {"from": "./guard.sh", "to": "guard"})
    assert jsonc.parse(sandbox.user_settings.read_text())["hooksConfig"]["disabled"] == ["guard"]
    assert sandbox.load().hooks[0].disabled
    assert "disabled-entry-is-command" not in _codes(sandbox)


def test_dead_command_entry_next_to_the_name_is_removed(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace(
        {
            "hooks": {"BeforeTool": [definition(command_hook("./guard.sh", name="guard"))]},
            "hooksConfig": {"disabled": ["./guard.sh", "guard"]},
        }
    )
    result = apply_safe_fixes(sandbox.load())
    assert [(c.scope, c.action, c.value) for c in result.changes] == [
        ("workspace", "remove", "./guard.sh")
    ]
    value = jsonc.parse(sandbox.workspace_settings.read_text())
    assert value["hooksConfig"]["disabled"] == ["guard"]


# Two hooks that share one command: an entry naming the command cannot say which.
_ONE_COMMAND_TWO_NAMES = definition(
    command_hook("./run.sh", name="a"), command_hook("./run.sh", name="b")
)


def test_ambiguous_command_entry_is_left_alone(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {"BeforeTool": [_ONE_COMMAND_TWO_NAMES]},
            "hooksConfig": {"disabled": ["./run.sh"]},
        }
    )
    before = sandbox.user_settings.read_bytes()
    result = apply_safe_fixes(sandbox.load())
    assert not result.changed and sandbox.user_settings.read_bytes() == before


def test_read_only_and_broken_files_are_reported_not_touched(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.allow_system_files()
    system = {
        "hooks": {
            "BeforeTool": [definition(command_hook("x", name="sys"))],
            "disabled": ["sys"],
        }
    }
    sandbox.write_system(system)
    sandbox.write_workspace('{"hooks": {"disabled": ["sys"],}}')
    before = sandbox.system_settings.read_bytes()
    result = apply_safe_fixes(sandbox.load())
    assert not result.changed
    assert any(
        s.startswith("system settings") and "does not write them" in s for s in result.skipped
    )
    assert any(s.startswith("workspace settings") and "does not parse" in s for s in result.skipped)
    assert sandbox.system_settings.read_bytes() == before


def test_unsafe_problems_are_listed_with_the_reason(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {"hooks": {"PreToolUse": [definition(command_hook("true"))]}, "hooksConfig": {}}
    )
    result = apply_safe_fixes(sandbox.load())
    assert not result.changed
    assert f"unknown-event: {NOT_AUTOMATIC['unknown-event']}" in result.skipped
    assert "PreToolUse" in sandbox.user_settings.read_text()


def test_legacy_entries_naming_no_hook_or_several_are_not_copied(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_user(
        {
            "hooks": {
                "BeforeTool": [_ONE_COMMAND_TWO_NAMES],
                "disabled": ["gone", "./run.sh", "a"],
            }
        }
    )
    result = apply_safe_fixes(sandbox.load())
    assert [c.value for c in result.changes] == ["a"]
    assert any("'gone' in hooks.disabled was not copied: it names no configured hook" in n
               for n in result.notes)  # fmt: skip
    assert any("several named hooks (a, b): say which by name" in n for n in result.notes)
    # './run.sh' still needs a person: the legacy warning stays.
    assert _codes(sandbox)["legacy-hooks-disabled"] == "warning"
