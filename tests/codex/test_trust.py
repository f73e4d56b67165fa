"""Codex 0.171.0's hook trust, run: the key and hash computed here (trust.py) are the ones
the binary checks; a hook whose hash does not match is skipped without a word.
(observed-0.171.0.md, "Trust")"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.codex import trust
from tests.codex.harness import World

pytestmark = pytest.mark.codex


def _pre(world: World, label: str = "pre", **fields: Any) -> dict[str, Any]:
    return {"PreToolUse": [world.group(world.hook(label, **fields), matcher="Bash")]}


def test_the_computed_hash_is_codexs_and_a_trusted_hook_runs(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world, statusMessage="checking é"))
    entries = world.trust_file(world.user_hooks)
    key = f"{world.user_hooks}:pre_tool_use:0:0"
    assert list(entries) == [key]
    listed = world.listed()["hooks"]
    assert [(h["key"], h["currentHash"], h["trustStatus"]) for h in listed] == [
        (key, entries[key], "trusted")
    ]
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    assert ran.count("pre") == 1


def test_an_untrusted_hook_is_skipped_without_a_word(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world))
    assert [h["trustStatus"] for h in world.listed()["hooks"]] == ["untrusted"]
    ran = world.run()
    assert ran.returncode == 0
    assert ran.labels == set()
    assert ran.hook_lines == []
    assert ran.warnings == []
    assert ran.tool_outputs() and "hookdash-harness" in str(ran.tool_outputs()[0])


def _swap(world: World) -> dict[str, Any]:
    return {"PreToolUse": [world.group(world.hook("second"), world.hook("pre"), matcher="Bash")]}


CHANGES: dict[str, Callable[[World], dict[str, Any]]] = {
    "command": lambda w: _pre(w, "pre2"),
    "timeout": lambda w: _pre(w, timeout=60),
    "matcher": lambda w: {"PreToolUse": [w.group(w.hook("pre"), matcher="Bash|Read")]},
    "statusMessage": lambda w: _pre(w, statusMessage="now with a message"),
    "handlers swapped": _swap,
    "group inserted before": lambda w: {
        "PreToolUse": [w.group(w.hook("inserted"), matcher="Bash"), *_pre(w)["PreToolUse"]]
    },
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_change_makes_the_hook_modified_and_skipped_silently(world: World, change: str) -> None:
    if change == "handlers swapped":
        world.write_hooks_json(
            world.user_hooks,
            {"PreToolUse": [world.group(world.hook("pre"), world.hook("second"), matcher="Bash")]},
        )
    else:
        world.write_hooks_json(world.user_hooks, _pre(world))
    world.trust_file(world.user_hooks)
    assert world.run().labels >= {"pre"}
    world.write_hooks_json(world.user_hooks, CHANGES[change](world))
    key = f"{world.user_hooks}:pre_tool_use:0:0"
    statuses = {h["key"]: h["trustStatus"] for h in world.listed()["hooks"]}
    assert statuses[key] == "modified"
    ran = world.run()
    assert ran.returncode == 0
    assert ran.labels == set(), ran.traces  # nothing at :0:0 or anywhere else runs
    assert ran.warnings == []
    assert ran.hook_lines == []


def test_reformatting_keeps_trust(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world, timeout=30))
    world.trust_file(world.user_hooks)
    hooks = json.loads(world.user_hooks.read_text())
    handler = hooks["hooks"]["PreToolUse"][0]["hooks"][0]
    # Keys reordered, another indentation, the timeout written as a float-free int again.
    hooks["hooks"]["PreToolUse"][0] = {
        "hooks": [dict(reversed(handler.items()))],
        "matcher": "Bash",
    }
    world.user_hooks.write_text(json.dumps(hooks, indent=7, sort_keys=True) + "\n\n")
    assert [h["trustStatus"] for h in world.listed()["hooks"]] == ["trusted"]
    assert world.run().count("pre") == 1


def test_a_projects_own_hooks_state_is_ignored(world: World) -> None:
    world.trust_project()
    project_hooks = world.codex_dir() / "hooks.json"
    world.write_hooks_json(project_hooks, _pre(world, "proj"))
    world.trust_file(project_hooks, into=world.codex_dir() / "config.toml")
    assert [h["trustStatus"] for h in world.listed()["hooks"]] == ["untrusted"]
    assert world.run().labels == set()
    world.trust_file(project_hooks)  # the same entries, in the user's config: it runs
    assert world.run().count("proj") == 1


def test_enabled_false_stops_a_trusted_hook(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world))
    entries = world.trust_file(world.user_hooks)
    world.user_config.write_text(
        world.user_config.read_text() + "enabled = false\n"
    )  # appended to the last [hooks.state."…"] table: this hook's
    (key,) = entries
    listed = world.listed()["hooks"]
    assert [(h["enabled"], h["trustStatus"]) for h in listed] == [(False, "trusted")]
    ran = world.run()
    assert ran.returncode == 0
    assert ran.labels == set()
    assert key in world.user_config.read_text()


def test_bypass_runs_untrusted_user_hooks_with_a_warning(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world))
    ran = world.run(flags=("--dangerously-bypass-hook-trust",))
    assert ran.count("pre") == 1
    assert any("--dangerously-bypass-hook-trust" in w for w in ran.warnings)


def test_bypass_never_loads_an_untrusted_projects_hooks(world: World) -> None:
    world.write_hooks_json(world.codex_dir() / "hooks.json", _pre(world, "proj"))
    assert world.run(flags=("--dangerously-bypass-hook-trust",)).labels == set()
    world.trust_project()  # a trusted project's untrusted hook: the flag runs it
    assert world.run(flags=("--dangerously-bypass-hook-trust",)).count("proj") == 1


def test_the_hash_covers_async_and_a_zero_timeout(world: World) -> None:
    hooks = {
        "PreToolUse": [world.group(world.hook("pre", timeout=0), matcher="")],
        "SessionEnd": [world.group(world.hook("end"))],
        "Stop": [world.group(world.hook("stop", **{"async": True}))],
    }
    world.write_hooks_json(world.user_hooks, hooks)
    listed = {h["key"].split(":", 1)[1]: h for h in world.listed()["hooks"]}
    assert listed["pre_tool_use:0:0"]["timeoutSec"] == 1
    assert listed["session_end:0:0"]["timeoutSec"] == 1
    assert listed["stop:0:0"]["timeoutSec"] == 600
    for event, groups in hooks.items():
        handler = groups[0]["hooks"][0]
        mine = trust.trusted_hash(event, groups[0].get("matcher"), handler)
        assert listed[f"{trust.snake(event)}:0:0"]["currentHash"] == mine


EVENTS = [
    "PreModelRequest",
    "PostModelRequest",
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "SubagentStart",
    "SubagentStop",
    "Stop",
    "Interrupt",
]


def test_every_events_hash_and_which_events_take_no_matcher(world: World) -> None:
    hooks = {event: [world.group(world.hook("x"), matcher="M")] for event in EVENTS}
    world.write_hooks_json(world.user_hooks, hooks)
    listed = world.listed()["hooks"]
    assert [h["eventName"][0].upper() + h["eventName"][1:] for h in listed] == EVENTS
    without = {event for event, h in zip(EVENTS, listed, strict=True) if h["matcher"] is None}
    assert without == trust.MATCHERLESS
    for event, h in zip(EVENTS, listed, strict=True):
        assert h["currentHash"] == trust.trusted_hash(event, "M", hooks[event][0]["hooks"][0])
        assert h["timeoutSec"] == (1 if event in trust.SHORT_EVENTS else 600)
