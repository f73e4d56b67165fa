"""Where Codex 0.171.0 reads hooks from, run: the layers, the project trust gate, the
system files, the switches, and what it does with a file it cannot read.
(observed-0.171.0.md, "Files and layers")"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.codex.harness import World

pytestmark = pytest.mark.codex


def _pre(world: World, label: str) -> dict[str, Any]:
    return {"PreToolUse": [world.group(world.hook(label))]}


def _both(world: World) -> str:
    return (
        f"loading hooks from both {world.user_hooks} and {world.user_config}; "
        "prefer a single representation for this layer"
    )


def _keys(listed: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(h["key"], h["source"], h["trustStatus"]) for h in listed["hooks"]]


def test_the_users_hooks_json_and_config_toml_both_run_with_a_warning(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world, "json"))
    world.add_config(world.user_config, world.hooks_toml(_pre(world, "toml")))
    world.trust_file(world.user_hooks)
    world.trust_file(world.user_config)
    listed = world.listed()
    assert _keys(listed) == [
        (f"{world.user_hooks}:pre_tool_use:0:0", "user", "trusted"),
        (f"{world.user_config}:pre_tool_use:0:0", "user", "trusted"),
    ]
    assert listed["warnings"] == [_both(world)]
    ran = world.run()
    assert ran.labels == {"json", "toml"}
    assert f"warning: {_both(world)}" in ran.warnings


def test_a_project_layer_loads_only_when_the_project_is_trusted(world: World) -> None:
    project_hooks = world.codex_dir() / "hooks.json"
    world.write_hooks_json(project_hooks, _pre(world, "proj"))
    world.add_config(world.codex_dir() / "config.toml", world.hooks_toml(_pre(world, "projt")))
    world.trust_file(project_hooks)
    world.trust_file(world.codex_dir() / "config.toml")
    listed = world.listed()
    assert listed["hooks"] == []
    assert listed["warnings"] == []  # the app-server says nothing; exec does
    ran = world.run()
    assert ran.labels == set()
    assert any("Untrusted project-local configuration is disabled" in w for w in ran.warnings)
    world.trust_project()
    assert [k[1:] for k in _keys(world.listed())] == [("project", "trusted")] * 2
    assert world.run().labels == {"proj", "projt"}


def test_the_roots_and_a_subfolders_codex_both_run(world: World) -> None:
    sub = world.project / "sub"
    sub.mkdir()
    for folder, label in ((world.project, "root"), (sub, "sub")):
        world.write_hooks_json(world.codex_dir(folder) / "hooks.json", _pre(world, label))
        world.trust_file(world.codex_dir(folder) / "hooks.json")
    world.trust_project(sub)  # the subfolder alone: only its own .codex
    assert world.run(cwd=sub).labels == {"sub"}
    world.trust_project()  # the repository's root: both
    assert [k[0] for k in _keys(world.listed(sub))] == [
        f"{world.codex_dir()}/hooks.json:pre_tool_use:0:0",
        f"{world.codex_dir(sub)}/hooks.json:pre_tool_use:0:0",
    ]
    assert world.run(cwd=sub).labels == {"root", "sub"}


def test_system_hooks_run_without_trust(world: World) -> None:
    world.write(world.system_dir / "config.toml", world.hooks_toml(_pre(world, "sysconf")))
    world.write(world.system_dir / "requirements.toml", world.hooks_toml(_pre(world, "sysreq")))
    world.write_hooks_json(world.user_hooks, _pre(world, "user"))
    world.trust_file(world.user_hooks)
    listed = world.listed()
    assert [(h["key"], h["source"], h["trustStatus"], h["isManaged"]) for h in listed["hooks"]] == [
        ("/etc/codex/requirements.toml:pre_tool_use:0:0", "system", "managed", True),
        ("/etc/codex/config.toml:pre_tool_use:0:0", "system", "managed", True),
        (f"{world.user_hooks}:pre_tool_use:0:0", "user", "trusted", False),
    ]
    assert world.run().labels == {"sysconf", "sysreq", "user"}


def test_allow_managed_hooks_only_drops_the_users(world: World) -> None:
    world.write(world.system_dir / "config.toml", world.hooks_toml(_pre(world, "sysconf")))
    world.write(
        world.system_dir / "requirements.toml",
        "allow_managed_hooks_only = true\n" + world.hooks_toml(_pre(world, "sysreq")),
    )
    world.write_hooks_json(world.user_hooks, _pre(world, "user"))
    world.trust_file(world.user_hooks)
    assert [h["source"] for h in world.listed()["hooks"]] == ["system", "system"]
    assert world.run().labels == {"sysconf", "sysreq"}


def test_a_trusted_projects_features_hooks_false_silences_the_users_hooks(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world, "user"))
    world.trust_file(world.user_hooks)
    world.trust_project()
    assert world.run().labels == {"user"}
    world.add_config(world.codex_dir() / "config.toml", "[features]\nhooks = false")
    assert world.listed() == {"cwd": str(world.project), "hooks": [], "warnings": [], "errors": []}
    ran = world.run()
    assert ran.labels == set()
    assert ran.warnings == []


def test_nothing_is_deduplicated(world: World) -> None:
    world.trust_project()
    same = world.hook("same")
    world.write_hooks_json(
        world.user_hooks,
        {"PreToolUse": [world.group(same, same), world.group(same, matcher="Bash")]},
    )
    world.add_config(world.user_config, world.hooks_toml({"PreToolUse": [world.group(same)]}))
    world.write_hooks_json(world.codex_dir() / "hooks.json", {"PreToolUse": [world.group(same)]})
    world.add_config(
        world.codex_dir() / "config.toml", world.hooks_toml({"PreToolUse": [world.group(same)]})
    )
    for path in (
        world.user_hooks,
        world.user_config,
        world.codex_dir() / "hooks.json",
        world.codex_dir() / "config.toml",
    ):
        world.trust_file(path)
    assert len(world.listed()["hooks"]) == 6
    assert world.run().count("same") == 6


def _good(world: World) -> dict[str, Any]:
    return {"hooks": _pre(world, "json")}


BROKEN: dict[str, tuple[Callable[[World], str], str]] = {
    "trailing comma": (
        lambda w: json.dumps(_good(w))[:-2] + "},}",
        "trailing comma at line 1 column",
    ),
    "$schema": (
        lambda w: json.dumps({"$schema": "https://example.com/s.json", **_good(w)}),
        "unknown field `$schema`, expected `description` or `hooks`",
    ),
    "a // comment": (lambda w: "// hooks\n" + json.dumps(_good(w)), "expected value at line 1"),
}


@pytest.mark.parametrize("broken", list(BROKEN))
def test_a_hooks_json_codex_cannot_read_is_refused_whole(world: World, broken: str) -> None:
    make, said = BROKEN[broken]
    world.add_config(world.user_config, world.hooks_toml(_pre(world, "toml")))
    world.trust_file(world.user_config)
    world.user_hooks.write_text(make(world))
    listed = world.listed()
    assert _keys(listed) == [(f"{world.user_config}:pre_tool_use:0:0", "user", "trusted")]
    (warning,) = listed["warnings"]
    assert warning.startswith(f"failed to parse hooks config {world.user_hooks}: ")
    assert said in warning
    ran = world.run(flags=("--dangerously-bypass-hook-trust",))
    assert ran.labels == {"toml"}  # the layer's other file still runs
    assert f"warning: {warning}" in ran.warnings


def test_a_description_key_is_allowed(world: World) -> None:
    world.write(world.user_hooks, {"description": "mine", **_good(world)})
    world.trust_file(world.user_hooks)
    assert world.listed()["warnings"] == []
    assert world.run().labels == {"json"}


def test_an_unknown_event_is_ignored_silently(world: World) -> None:
    hooks = {"BeforeTool": [world.group(world.hook("gemini"))], **_pre(world, "json")}
    world.write_hooks_json(world.user_hooks, hooks)
    world.trust_file(world.user_hooks)
    listed = world.listed()
    assert [k[0].rsplit(":", 3)[1] for k in _keys(listed)] == ["pre_tool_use"]
    assert listed["warnings"] == []
    ran = world.run()
    assert ran.labels == {"json"}
    assert ran.warnings == []


def test_a_config_toml_that_does_not_parse_lists_an_error(world: World) -> None:
    world.write_hooks_json(world.user_hooks, _pre(world, "json"))
    world.trust_file(world.user_hooks)
    world.add_config(world.user_config, "[features]\nhooks = true\n[features]\nhooks = true")
    listed = world.listed()
    assert listed["hooks"] == []
    (error,) = listed["errors"]
    assert error["message"].startswith(f"{world.user_config}:")
    assert "duplicate key" in error["message"]


def test_codex_exec_trust_records_the_repositorys_root(world: World) -> None:
    project_hooks = world.codex_dir() / "hooks.json"
    world.write_hooks_json(project_hooks, _pre(world, "proj"))
    world.trust_file(project_hooks)
    sub = world.project / "sub"
    sub.mkdir()
    before = world.user_config.read_text()
    ran = world.run(cwd=sub, flags=("--trust",))
    assert ran.labels == {"proj"}
    assert world.user_config.read_text() == (
        before + f'\n[projects."{world.project}"]\ntrust_level = "trusted"\n'
    )
    assert world.run(cwd=sub).labels == {"proj"}
