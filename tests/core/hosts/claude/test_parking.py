"""Parking a Claude Code hook and putting it back: byte for byte on real files of every
formatting, re-inserted when the file changed, refused with the reason otherwise."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from hookdash.core import (
    add_claude_hook,
    claude_plan,
    load_claude,
    park_claude_hook,
    unpark_claude_hook,
)
from hookdash.core.errors import EditError, ReadOnlyScopeError, SettingsParseError
from tests.core.hosts.claude.conftest import Machine, hooks_on


def _env(machine: Machine) -> dict[str, str]:
    return {**machine.environ(), "HOOKDASH_STATE_DIR": str(machine.root / "state")}


def _park(machine: Machine, arg: str) -> None:
    park_claude_hook(arg, machine.project, _env(machine))


def _unpark(machine: Machine, arg: str) -> str:
    return unpark_claude_hook(arg, machine.project, _env(machine)).message


ODD = {
    "tabs and CRLF": (
        '{\r\n\t"hooks": {\r\n\t\t"PreToolUse": [ {"matcher": "Bash", "hooks": [ '
        '{"type":"command","command":"a.sh"}, {"type":"command","command":"b.sh"} ]} ],\r\n'
        '\t\t"Stop": [{"hooks":[{"type":"command","command":"stop.sh"}]}]\r\n\t}, "x": 1\r\n}'
    ),
    "unicode and one line": (
        '{"model":"é☃","hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo ☃ 🎉"},'
        '{"type":"command","command":"b.sh"}]}],"PreToolUse":[{"hooks":[{"type":"command",'
        '"command":"a.sh"}]},{"matcher":"Edit","hooks":[{"type":"command","command":"stop.sh"}]}]}}'
    ),
    "a BOM and odd indentation": (
        '\ufeff{\n   "hooks" :{\n "PreToolUse":[\n      {"hooks":[{"type":"command","command":'
        '"a.sh"},\n        {"type":"command","command":"b.sh","timeout":5}]}],\n'
        '     "Stop":[ { "hooks" : [ {"type":"command","command":"stop.sh"} ] } ]\n }\n}\n'
    ),
}


@pytest.mark.parametrize("name", sorted(ODD))
@pytest.mark.parametrize("hook", ["a.sh", "b.sh", "stop.sh"])
def test_disable_then_enable_gives_the_exact_bytes_back(
    machine: Machine, name: str, hook: str
) -> None:
    original = ODD[name].encode()
    machine.user.parent.mkdir(parents=True)
    machine.user.write_bytes(original)
    _park(machine, hook)
    parked = machine.user.read_bytes()
    assert parked != original
    assert hook.encode() not in parked.replace(b"stop.sh", b"") or hook == "stop.sh"
    listed = {h.id: h for h in load_claude(machine.project, _env(machine)).hooks}
    assert listed[hook].parked and not listed[hook].runs
    assert listed[hook].not_running_because == ["off: parked by hookdash"]
    assert listed[hook].inactive_reason == "parked"
    assert "exact bytes" in _unpark(machine, hook)
    assert machine.user.read_bytes() == original


def test_the_last_handler_takes_its_group_and_the_last_group_its_event(machine: Machine) -> None:
    text = json.dumps({"model": "x", **hooks_on("Stop", "stop.sh")}, indent=2)
    machine.write(machine.user, text)
    _park(machine, "stop.sh")
    assert json.loads(machine.user.read_text()) == {"model": "x"}
    _unpark(machine, "stop.sh")
    assert machine.user.read_bytes() == text.encode()


@pytest.mark.parametrize("name", sorted(ODD))
def test_two_parked_hooks_come_back_exactly_in_either_order(machine: Machine, name: str) -> None:
    text = ODD[name]
    machine.user.parent.mkdir(parents=True)
    machine.user.write_bytes(text.encode())
    for order in (("b.sh", "stop.sh"), ("stop.sh", "b.sh")):
        for hook in ("b.sh", "stop.sh"):
            _park(machine, hook)
        for hook in order:
            assert "exact bytes" in _unpark(machine, hook)
        assert machine.user.read_bytes() == text.encode()


def test_two_parked_hooks_of_one_group_come_back(machine: Machine) -> None:
    """The second parking takes the group the first one's place was in: the first can
    then only be re-inserted, into the group the second brings back."""
    machine.write(machine.user, hooks_on("PreToolUse", "a.sh", "b.sh", matcher="Bash"))
    original = json.loads(machine.user.read_text())
    _park(machine, "a.sh")
    _park(machine, "b.sh")
    assert "exact bytes" in _unpark(machine, "b.sh")
    assert "re-inserted into the matcher group" in _unpark(machine, "a.sh")
    group = json.loads(machine.user.read_text())["hooks"]["PreToolUse"][0]
    assert sorted(h["command"] for h in group["hooks"]) == ["a.sh", "b.sh"]
    assert group["matcher"] == original["hooks"]["PreToolUse"][0]["matcher"]


def test_a_file_changed_since_gets_the_handler_re_inserted_into_its_group(
    machine: Machine,
) -> None:
    machine.write(machine.user, hooks_on("PreToolUse", "a.sh", "b.sh", matcher="Bash"))
    _park(machine, "b.sh")
    data = json.loads(machine.user.read_text())
    data["model"] = "changed by hand"
    machine.write(machine.user, data)
    message = _unpark(machine, "b.sh")
    assert "re-inserted into the matcher group at /hooks/PreToolUse/0" in message
    back = json.loads(machine.user.read_text())
    assert back["hooks"]["PreToolUse"][0]["hooks"][1] == {"type": "command", "command": "b.sh"}
    assert back["model"] == "changed by hand"
    assert not any(h.parked for h in load_claude(machine.project, _env(machine)).hooks)


def test_its_group_gone_it_comes_back_in_a_new_group_with_its_matcher(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("PreToolUse", "b.sh", matcher="Bash"))
    _park(machine, "b.sh")
    machine.write(machine.user, {"hooks": {"Stop": []}})
    assert "new matcher group" in _unpark(machine, "b.sh")
    assert json.loads(machine.user.read_text())["hooks"]["PreToolUse"] == [
        {"matcher": "Bash", "hooks": [{"type": "command", "command": "b.sh"}]}
    ]


def test_a_file_that_no_longer_parses_keeps_the_hook_parked(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("Stop", "a.sh", "b.sh"))
    _park(machine, "b.sh")
    broken = machine.user.read_text().replace('"a.sh"', '"a.sh",', 1)
    machine.write(machine.user, broken)
    with pytest.raises(SettingsParseError) as caught:
        _unpark(machine, "b.sh")
    assert (
        "line 8, column 30" in caught.value.message
        and "stays in hookdash's state" in caught.value.message
    )
    assert machine.user.read_text() == broken
    assert [h.id for h in load_claude(machine.project, _env(machine)).hooks if h.parked] == ["b.sh"]


def test_a_project_folder_gone_keeps_the_hook_parked(machine: Machine) -> None:
    machine.write(machine.local_file, hooks_on("Stop", "local.sh"))
    _park(machine, "local.sh")
    entry = json.loads((machine.root / "state" / "claude-parked.json").read_text())
    assert entry["parked"][0]["removed"]
    machine.local_file.unlink()
    machine.local_file.parent.rmdir()
    assert "local.sh" in _unpark(machine, "local.sh")  # .claude alone gone: made again
    assert json.loads(machine.local_file.read_text()) == hooks_on("Stop", "local.sh")
    _park(machine, "local.sh")
    shutil.rmtree(machine.project)  # the project itself gone: nothing to put it back in
    with pytest.raises(EditError, match=r"is gone.*stays in hookdash's state"):
        _unpark(machine, "local.sh")
    assert [h.parked for h in load_claude(machine.project, _env(machine)).hooks] == [True]


def test_a_managed_hook_is_refused(machine: Machine) -> None:
    machine.write(machine.managed / "managed-settings.json", hooks_on("Stop", "admin.sh"))
    with pytest.raises(ReadOnlyScopeError, match="administrator"):
        _park(machine, "admin.sh")


def test_a_file_that_is_not_strict_json_is_refused_with_line_and_column(machine: Machine) -> None:
    text = '{"hooks": {"Stop": [{"hooks": []}]},\n}'
    machine.write(machine.user, text)
    with pytest.raises(SettingsParseError) as caught:
        add_claude_hook("Stop", "a.sh", workspace=machine.project, environ=_env(machine))
    assert (caught.value.line, caught.value.column) == (1, 36)  # the comma
    assert machine.user.read_text() == text


def test_the_state_is_private_and_plan_lists_the_parked_hook_as_skipped(
    machine: Machine,
) -> None:
    machine.write(machine.user, hooks_on("PreToolUse", "a.sh", matcher="Bash"))
    _park(machine, "a.sh")
    state = machine.root / "state" / "claude-parked.json"
    assert stat.S_IMODE(state.stat().st_mode) == 0o600
    plan = claude_plan(load_claude(machine.project, _env(machine)), "PreToolUse", "Bash")
    assert plan.hooks == []
    assert [(s.id, s.reason) for s in plan.skipped] == [("a.sh", "parked")]


def test_a_symlinked_user_file_is_written_through_its_link(machine: Machine) -> None:
    real = machine.write(machine.root / "dotfiles" / "claude.json", hooks_on("Stop", "a.sh"))
    machine.user.parent.mkdir(parents=True)
    os.symlink(real, machine.user)
    before = real.read_bytes()
    _park(machine, "a.sh")
    assert machine.user.is_symlink() and real.read_bytes() != before
    _unpark(machine, "a.sh")
    assert real.read_bytes() == before


def test_a_state_that_cannot_be_written_leaves_the_file_as_it_was(machine: Machine) -> None:
    machine.write(machine.user, hooks_on("Stop", "a.sh"))
    before = machine.user.read_bytes()
    state = machine.root / "state"
    state.write_text("not a directory")
    with pytest.raises(EditError, match="nothing was parked"):
        _park(machine, "a.sh")
    assert machine.user.read_bytes() == before


_SPACE = st.sampled_from(["", " ", "  ", "\t", "\n", "\r\n", "\n\t\t", " \n  "])


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(gaps=st.lists(_SPACE, min_size=12, max_size=12), which=st.sampled_from(["a", "b", "c"]))
def test_any_formatting_round_trips(tmp_path: Path, gaps: list[str], which: str) -> None:
    g = iter(gaps)
    text = (
        f'{{{next(g)}"hooks"{next(g)}:{next(g)}{{"Stop":[{next(g)}{{"hooks":[{next(g)}'
        f'{{"type":"command","command":"a"}}{next(g)},{next(g)}{{"type":"command","command":"b"}}'
        f"{next(g)}]}}{next(g)}],{next(g)}"
        f'"PreToolUse":[{{"hooks":[{{"type":"command","command":"c"}}]}}{next(g)}]}}{next(g)}}}'
    )
    machine = Machine(tmp_path / os.urandom(4).hex())
    machine.project.mkdir(parents=True)
    machine.write(machine.user, text)
    _park(machine, which)
    _unpark(machine, which)
    assert machine.user.read_bytes() == text.encode()


def test_disable_of_a_parked_hook_and_enable_of_a_running_one_change_nothing(
    machine: Machine,
) -> None:
    machine.write(machine.user, hooks_on("Stop", "a.sh", "b.sh"))
    _park(machine, "a.sh")
    before = machine.user.read_bytes()
    again = park_claude_hook("a.sh", machine.project, _env(machine))
    assert not again.changed and "already parked" in again.message
    running = unpark_claude_hook("b.sh", machine.project, _env(machine))
    assert not running.changed and "is not parked" in running.message
    assert machine.user.read_bytes() == before
