"""Parking against the real Claude Code 2.1.332: after `hookdash disable --host claude`
the binary does not run the hook; after `enable` it does again, from the same bytes."""

from __future__ import annotations

from typing import Any

import pytest

from tests.claude.harness import World
from tests.claude.test_differential import _hookdash_json

pytestmark = pytest.mark.claude


def test_a_parked_hook_does_not_run_and_an_unparked_one_does(
    world: World, monkeypatch: pytest.MonkeyPatch, capsys: Any, tmp_path: Any
) -> None:
    monkeypatch.setenv("HOOKDASH_STATE_DIR", str(tmp_path / "state"))
    parked, kept = world.hook("parked"), world.hook("kept")
    text = (
        '{\n\t"hooks": {\n\t\t"PreToolUse": [{"matcher": "Bash", "hooks": [\n'
        f'\t\t\t{{"type": "command", "command": "{parked["command"]}"}},\n'
        f'\t\t\t{{"type": "command", "command": "{kept["command"]}"}}\n'
        '\t\t]}],\n\t\t"Stop": [{"hooks": [{"type": "command", '
        f'"command": "{parked["command"]}"}}]}}]\n\t}}\n}}\n'
    )
    world.write(world.user_settings, text)
    assert {"parked", "kept"} <= world.run().labels

    ref = next(
        h["ref"]
        for h in _hookdash_json(["list", "--host", "claude"], world, monkeypatch, capsys)["hooks"]
        if h["event"] == "PreToolUse" and h["command"] == parked["command"]
    )
    done = _hookdash_json(["disable", "--host", "claude", ref], world, monkeypatch, capsys)
    assert done["action"] == "disable" and done["changed"]
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    events = {p["hook_event_name"] for p in ran.traces.get("parked", [])}
    assert "PreToolUse" not in events and "Stop" in events  # only the parked handler is off
    assert "kept" in ran.labels

    listed = _hookdash_json(["list", "--host", "claude"], world, monkeypatch, capsys)["hooks"]
    again = next(h["ref"] for h in listed if h["parked"])
    _hookdash_json(["enable", "--host", "claude", again], world, monkeypatch, capsys)
    assert world.user_settings.read_text() == text
    events = {p["hook_event_name"] for p in world.run().traces.get("parked", [])}
    assert {"PreToolUse", "Stop"} <= events
