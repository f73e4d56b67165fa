"""Switching a hook off and on again leaves no residue of hookdash's.

Golden files (`golden/residue/<case>.json`, expected `golden/residue/expected/`): comments,
CRLF, tabs, a minified file, a one-line `"disabled": []`, an empty object. For each:
- `round-trip`: disable then enable gives back the original bytes (no expected file: the
  input is the expectation);
- `disabled`: the disable's own text (a one-line list grows on its line);
- `edited-between`: someone edits the file between the disable and the enable, so the
  bytes cannot simply be put back; the enable still removes the `hooksConfig` /
  `disabled` it created once emptied, and keeps the other edit.
Regenerate with `HOOKDASH_UPDATE_GOLDEN=1 pytest tests/core/edit/test_toggle_residue.py` and
read every diff.

Then a property test over random documents in random styles, and the same through the
real operations (`disable_hook`, `enable_hook`: files, hookdash's state) on a sandbox.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_verify import same_value
from hookdash.core.edit.editor.settings_file import FileEdit, SettingsFile
from hookdash.core.edit.undo import created_keys, disable_undo
from hookdash.core.errors import UnsupportedShapeError
from hookdash.core.hosts.gemini.expand import expand_settings_string
from hookdash.core.hosts.gemini.switching.disabled_list import disable_hook, enable_hook
from hookdash.core.hosts.gemini.switching.disabled_text import add_entry, enable_entry
from tests.conftest import Sandbox, command_hook, definition
from tests.core.edit.editor.test_jsonedit_properties import ENTRY, EXAMPLES, comments, document

GOLDEN = Path(__file__).parent / "golden" / "residue"
CASES = sorted(p.stem for p in GOLDEN.glob("*.json"))
HOOK = "guard"
ENV: dict[str, str] = {}


def _disable(text: str | None, key: Any = "auto", identifier: str = HOOK) -> FileEdit:
    edit = add_entry(text, identifier, key, SettingsFile("workspace", "f", "f", ENV))
    assert edit.text is not None
    return edit


def _enable(
    text: str, disabled: FileEdit, original: str | None, identifier: str = HOOK
) -> FileEdit:
    """enable_entry with what disable_hook records: the containers it created, and the
    text it replaced (keyed by the SHA-256 of what it wrote)."""
    assert disabled.text is not None
    undo = []
    if original is not None:
        undo = [
            disable_undo.Restore(
                identifier=identifier,
                after_sha256=disable_undo.digest(disabled.text),
                before=original,
            )
        ]
    return enable_entry(
        text,
        identifier,
        "auto",
        SettingsFile("workspace", "f", "f", ENV),
        created=frozenset(disabled.created),
        undo=undo,
    )


def _golden(case: str, op: str, text: str) -> None:
    expected = GOLDEN / "expected" / f"{case}.{op}.json"
    if os.environ.get("HOOKDASH_UPDATE_GOLDEN"):
        expected.parent.mkdir(exist_ok=True)
        expected.write_bytes(text.encode("utf-8"))
    assert expected.exists(), f"no golden file for {case}.{op}"
    assert text == expected.read_bytes().decode("utf-8")


@pytest.mark.parametrize("case", CASES)
def test_round_trip_gives_the_original_bytes(case: str) -> None:
    original = (GOLDEN / f"{case}.json").read_bytes().decode("utf-8")
    disabled = _disable(original)
    _golden(case, "disabled", disabled.text or "")
    enabled = _enable(disabled.text or "", disabled, original)
    assert enabled.restored
    assert enabled.text == original
    assert any("byte for byte" in note for note in enabled.notes)


@pytest.mark.parametrize("case", CASES)
def test_edited_between_removes_only_what_hookdash_created(case: str) -> None:
    original = (GOLDEN / f"{case}.json").read_bytes().decode("utf-8")
    disabled = _disable(original)
    assert disabled.text is not None
    # Someone else's edit, between the two toggles (as a person would make it).
    edited = jsonedit.set_member(disabled.text, ("general", "vimMode"), True)
    enabled = _enable(edited, disabled, original)
    assert not enabled.restored and enabled.text is not None
    _golden(case, "edited-between", enabled.text)
    value, before = jsonc.parse(enabled.text), jsonc.parse(original)
    assert value == {**before, "general": {**before.get("general", {}), "vimMode": True}}
    assert comments(enabled.text) == comments(original)
    created = {".".join(jsonc.pointer_tokens(p)) for p in disabled.created}
    for note in enabled.notes:
        if note.startswith("Removed the emptied"):
            assert all(key in note for key in created)


def test_a_one_line_list_stays_on_its_line() -> None:
    original = (GOLDEN / "one-line-list.json").read_text()
    disabled = _disable(original)
    assert disabled.text is not None and disabled.created == []
    assert '    "disabled": ["guard"] // nothing off yet\n' in disabled.text
    assert disabled.text.count("\n") == original.count("\n")
    # Without any memory of the disable, removing the entry alone gives the bytes back.
    enabled = enable_entry(disabled.text, HOOK, "auto", SettingsFile("workspace", "f", "f", ENV))
    assert enabled.text == original


def test_a_list_the_user_wrote_is_kept_even_when_emptied() -> None:
    """Only what hookdash created goes: an empty list or object of the user's stays."""
    original = '{\n  "hooksConfig": {\n    "disabled": [\n      "guard"\n    ]\n  }\n}\n'
    enabled = enable_entry(original, HOOK, "auto", SettingsFile("workspace", "f", "f", ENV))
    assert jsonc.parse(enabled.text or "") == {"hooksConfig": {"disabled": []}}
    assert enabled.removed == [] and not enabled.restored


def test_no_restore_for_another_hook_or_a_changed_file() -> None:
    original = (GOLDEN / "tabs.json").read_text()
    first = _disable(original, identifier="a")
    second = _disable(first.text, identifier="b")
    assert second.text is not None
    # Enabling "a" while "b" is the newest disable: no byte restore (it would bring "b"
    # back on), only "a" goes.
    enabled = _enable(second.text, first, original, identifier="a")
    assert not enabled.restored
    assert jsonc.parse(enabled.text or "")["hooksConfig"]["disabled"] == ["b"]
    # A record whose hash is not the file's: not used either.
    stale = _enable(second.text + "\n", second, first.text, identifier="b")
    assert not stale.restored


def test_the_legacy_list_is_not_brought_back() -> None:
    """The disable added to hooksConfig only; the enable also cleans hooks.disabled: the
    old text (with the legacy entry) does not mean the same, so it is not restored."""
    original = '{\n  "hooks": {"disabled": ["guard"]}\n}\n'
    disabled = _disable(original)
    enabled = _enable(disabled.text or "", disabled, original)
    assert not enabled.restored
    assert jsonc.parse(enabled.text or "") == {"hooks": {"disabled": []}}


# ------------------------------------------------------------------ property


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(document(), ENTRY, st.sampled_from(["auto", "hooks", "hooksConfig"]))
def test_disable_then_enable_gives_back_the_original_bytes(
    doc: tuple[str, dict[str, Any]], entry: str, key: Any
) -> None:
    """Any document, any style: switching a hook off and on again (with what the
    disable recorded) writes back exactly the original text. Without the record (the
    file edited in between), the value is the original one, comments kept."""
    text, value = doc
    assume(expand_settings_string(entry, ENV) == entry)
    for section in ("hooks", "hooksConfig"):  # the hook is not disabled anywhere yet
        parent = value.get(section)
        listed = parent.get("disabled") if isinstance(parent, dict) else None
        assume(not (isinstance(listed, list) and entry in listed) and listed != entry)
    try:
        disabled = add_entry(text, entry, key, SettingsFile("user", "f", "f", ENV))
    except UnsupportedShapeError:
        return  # a list of the wrong type: refused, nothing written
    assert disabled.text is not None
    enabled = _enable(disabled.text, disabled, text, identifier=entry)
    assert enabled.text == text
    fallback = _enable(disabled.text, disabled, None, identifier=entry)
    assert same_value(jsonc.parse(fallback.text or ""), value)
    assert comments(fallback.text or "") == comments(text)


# ------------------------------------------------------- through the real operations


def test_workspace_toggle_leaves_a_committed_file_as_it_was(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    original = (
        '{\r\n\t// the project\'s hooks\r\n\t"hooks": {\r\n\t\t"BeforeTool": [\r\n'
        '\t\t\t{"hooks": [{"type": "command", "command": "./g.sh", "name": "guard"}]}\r\n'
        "\t\t]\r\n\t}\r\n}\r\n"
    )
    sandbox.write_workspace(original)
    off = disable_hook(sandbox.load(), "guard", "workspace")
    assert off.changed
    on_disk = sandbox.workspace_settings.read_bytes().decode()
    assert '"hooksConfig"' in on_disk
    path = sandbox.workspace_settings
    assert created_keys.created_in(sandbox.env(), path) == {
        "/hooksConfig",
        "/hooksConfig/disabled",
    }
    on = enable_hook(sandbox.load(), "guard")
    assert on.changed and sandbox.workspace_settings.read_bytes() == original.encode()
    assert any("byte for byte" in n for n in on.notes)
    # Nothing of it is left in hookdash's state either.
    assert disable_undo.restores(sandbox.env(), path) == []
    assert created_keys.created_in(sandbox.env(), path) == set()


def test_toggles_in_a_row_unwind_in_any_order(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    hooks = [definition(command_hook(f"./{n}.sh", name=n)) for n in ("a", "b")]
    sandbox.write_workspace({"hooks": {"BeforeTool": hooks}})
    original = sandbox.workspace_settings.read_bytes()
    disable_hook(sandbox.load(), "a", "workspace")
    disable_hook(sandbox.load(), "b", "workspace")
    enable_hook(sandbox.load(), "b")
    enable_hook(sandbox.load(), "a")
    assert sandbox.workspace_settings.read_bytes() == original
    # Out of order: "a" first — no byte restore possible, still no residue.
    disable_hook(sandbox.load(), "a", "workspace")
    disable_hook(sandbox.load(), "b", "workspace")
    enable_hook(sandbox.load(), "a")
    on = enable_hook(sandbox.load(), "b")
    assert jsonc.parse(sandbox.workspace_settings.read_text()) == jsonc.parse(original.decode())
    assert any("Removed the emptied hooksConfig.disabled and hooksConfig" in n for n in on.notes)


def test_an_edit_in_between_is_kept(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="g"))]}})
    disable_hook(sandbox.load(), "g", "workspace")
    text = sandbox.workspace_settings.read_text()
    sandbox.workspace_settings.write_text(jsonedit.set_member(text, ("ui", "theme"), "dark"))
    enable_hook(sandbox.load(), "g")
    value = jsonc.parse(sandbox.workspace_settings.read_text())
    assert "hooksConfig" not in value and value["ui"] == {"theme": "dark"}


def test_a_lost_state_file_only_means_the_emptied_list_stays(sandbox: Sandbox) -> None:
    sandbox.trust_folder()
    sandbox.write_workspace({"hooks": {"BeforeTool": [definition(command_hook("x", name="g"))]}})
    disable_hook(sandbox.load(), "g", "workspace")
    for state in (disable_undo.state_path(sandbox.env()), created_keys.state_path(sandbox.env())):
        state.write_text("{ damaged")
    on = enable_hook(sandbox.load(), "g")
    assert on.changed
    value = jsonc.parse(sandbox.workspace_settings.read_text())
    assert value["hooksConfig"] == {"disabled": []}
