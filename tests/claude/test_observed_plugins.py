"""What Claude Code 2.1.332 does with the hooks of installed plugins, run headless. Each
test pins one fact of observed-2.1.332.md's "Plugins" section; `test_differential.py`
compares hookdash's plan with the runs (its `plugin_*` scenarios).
"""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest

from tests.claude.harness import MARKETPLACE, World

pytestmark = pytest.mark.claude

P = f"p@{MARKETPLACE}"
Q = f"q@{MARKETPLACE}"


def fires(world: World, label: str, **fields: Any) -> dict[str, Any]:
    """A plugin's hooks object: `label` on SessionStart and PreToolUse."""
    return {e: [{"hooks": [world.hook(label, **fields)]}] for e in ("SessionStart", "PreToolUse")}


def test_plugin_install_writes_these_files(world: World) -> None:
    """`claude plugin marketplace add DIR` + `claude plugin install` write the shape the
    harness's `install_plugin` writes by hand."""
    source = world.root / "marketplaces" / "real"
    world.write(
        source / ".claude-plugin" / "marketplace.json",
        {"name": "real", "owner": {"name": "o"}, "plugins": [{"name": "g", "source": "./g"}]},
    )
    world.write(source / "g" / ".claude-plugin" / "plugin.json", {"name": "g", "version": "2.0.0"})
    world.write(source / "g" / "hooks" / "hooks.json", {"hooks": fires(world, "g")})
    claude = str(world.claude)
    for argv in (["plugin", "marketplace", "add", str(source)], ["plugin", "install", "g@real"]):
        done = world.run(argv=[claude, *argv])
        assert done.returncode == 0, done.stderr
    plugins = world.plugins_dir
    installed = json.loads((plugins / "installed_plugins.json").read_text())
    cache = plugins / "cache" / "real" / "g" / "2.0.0"
    assert installed["version"] == 2
    [entry] = installed["plugins"]["g@real"]
    assert entry["scope"] == "user" and entry["installPath"] == str(cache)
    assert entry["version"] == "2.0.0"
    assert (cache / "hooks" / "hooks.json").is_file()
    known = json.loads((plugins / "known_marketplaces.json").read_text())
    assert known["real"]["source"] == {"source": "directory", "path": str(source)}
    assert known["real"]["installLocation"] == str(source)
    settings = json.loads(world.user_settings.read_text())
    assert settings["enabledPlugins"] == {"g@real": True}
    assert world.run().labels == {"g"}


def test_plugin_hooks_run_only_when_enabled_true(world: World) -> None:
    for name in ("p", "q", "r", "t"):
        world.install_plugin(name, fires(world, name))
    world.enable(
        world.user_settings, {P: True, Q: False, f"r@{MARKETPLACE}": ["1.0.0"], "no id": True}
    )  # t: installed, never named
    assert world.run().labels == {"p"}


@pytest.mark.parametrize("value", ["yes", None, 1])
def test_an_enabled_plugins_value_of_the_wrong_type_drops_the_file(
    world: World, value: Any
) -> None:
    world.install_plugin("p", fires(world, "p"))
    world.install_plugin("q", fires(world, "q"))
    world.enable(world.user_settings, {P: True, Q: value}, hooks=fires(world, "user"))
    assert world.run().labels == set()


@pytest.mark.parametrize(
    ("user", "project", "local", "runs"),
    [
        (True, False, None, False),
        (False, True, None, True),  # a repository switches on a plugin you switched off
        (None, True, None, True),  # a repository switches on a plugin you installed
        (None, True, False, False),
        (True, None, False, False),
        (False, None, True, True),
    ],
)
def test_plugin_enabled_by_the_last_layer_naming_it(
    world: World, user: Any, project: Any, local: Any, runs: bool
) -> None:
    world.install_plugin("p", fires(world, "p"))
    for path, value in (
        (world.user_settings, user),
        (world.project_settings, project),
        (world.local_settings, local),
    ):
        if value is not None:
            world.enable(path, {P: value})
    assert world.run().labels == ({"p"} if runs else set())


def _root_recorder(world: World, label: str) -> dict[str, Any]:
    out = world.root / f"env-{label}"
    command = (
        f"printf '%s\\n' \"$CLAUDE_PLUGIN_ROOT\" '${{CLAUDE_PLUGIN_ROOT}}' "
        f'"$CLAUDE_PLUGIN_DATA" "$PWD" > {out}; {world.tracer} {label}'
    )
    return {"SessionStart": [{"hooks": [{"type": "command", "command": command}]}]}


def test_plugin_root_is_the_directory_marketplace_or_the_install_path(world: World) -> None:
    local = world.install_plugin("p", _root_recorder(world, "p"))
    cached = world.install_plugin("q", _root_recorder(world, "q"), marketplace="gh", github=True)
    world.enable(world.user_settings, {P: True, "q@gh": True})
    assert world.run().labels == {"p", "q"}
    data = world.plugins_dir / "data"
    for label, root, data_dir in (
        ("p", local, data / f"p-{MARKETPLACE}"),
        ("q", cached, data / "q-gh"),
    ):
        recorded = (world.root / f"env-{label}").read_text().splitlines()
        # The text is not rewritten: the shell expands the variable, not Claude.
        assert recorded == [str(root), "${CLAUDE_PLUGIN_ROOT}", str(data_dir), str(world.project)]
    assert local.is_relative_to(world.root / "marketplaces")


def test_plugin_needs_a_known_marketplace_listing_it_and_an_install(world: World) -> None:
    names = ("nomkt", "unlisted", "noentry", "nocache", "elsewhere", "here")
    roots = {n: world.install_plugin(n, fires(world, n), marketplace=n, github=True) for n in names}
    world.enable(world.user_settings, {f"{n}@{n}": True for n in names})
    known_path = world.plugins_dir / "known_marketplaces.json"
    known = json.loads(known_path.read_text())
    del known["nomkt"]
    world.write(known_path, known)
    world.write(
        world.plugins_dir / "marketplaces" / "unlisted" / ".claude-plugin" / "marketplace.json",
        {"name": "unlisted", "owner": {"name": "o"}, "plugins": []},
    )
    shutil.rmtree(roots["nocache"])
    installed_path = world.plugins_dir / "installed_plugins.json"
    installed = json.loads(installed_path.read_text())
    del installed["plugins"]["noentry@noentry"]
    for name, folder in (("elsewhere", "/elsewhere"), ("here", str(world.project))):
        entry = installed["plugins"][f"{name}@{name}"][0]
        entry.update(scope="project", projectPath=folder)
    world.write(installed_path, installed)
    assert world.run().labels == {"here"}


def test_a_repositorys_own_marketplace_is_not_loaded_by_p(world: World) -> None:
    market = world.project / "mkt"
    world.write(
        market / ".claude-plugin" / "marketplace.json",
        {"name": "evil", "owner": {"name": "o"}, "plugins": [{"name": "x", "source": "./x"}]},
    )
    world.write(market / "x" / "hooks" / "hooks.json", {"hooks": fires(world, "evil")})
    world.write(
        world.project_settings,
        {
            "extraKnownMarketplaces": {
                "evil": {"source": {"source": "directory", "path": str(market)}}
            },
            "enabledPlugins": {"x@evil": True},
        },
    )
    assert world.run().labels == set()


def test_plugin_hooks_come_from_hooks_json_and_the_manifest(world: World) -> None:
    world.install_plugin("p", fires(world, "file"), manifest={"hooks": fires(world, "inline")})
    root = world.install_plugin("q", fires(world, "qfile"), manifest={"hooks": "./extra.json"})
    world.write(root / "extra.json", {"hooks": fires(world, "extra")})
    world.install_plugin(
        "r", fires(world, "rfile"), manifest={"hooks": {"hooks": fires(world, "rinline")}}
    )
    bare = world.install_plugin("s", None)
    world.write(bare / "hooks" / "hooks.json", fires(world, "bare"))  # no "hooks" wrapper
    world.enable(world.user_settings, {f"{n}@{MARKETPLACE}": True for n in "pqrs"})
    # r: a wrapped inline `hooks` makes the manifest invalid: nothing of r runs.
    assert world.run().labels == {"file", "inline", "qfile", "extra"}


def test_plugin_hooks_are_deduplicated_per_plugin(world: World) -> None:
    same = world.hook("same")
    world.install_plugin("p", {"PreToolUse": [{"hooks": [same, same]}, {"hooks": [same]}]})
    world.install_plugin("q", {"PreToolUse": [{"hooks": [same]}]})
    hooks = {"PreToolUse": [{"hooks": [same]}]}
    world.enable(world.user_settings, {P: True, Q: True}, hooks=hooks)
    world.write(world.project_settings, {"hooks": hooks})
    # once for the settings files, once for p, once for q
    assert world.run().count("same") == 3


def test_disable_all_hooks_silences_plugin_hooks(world: World) -> None:
    world.install_plugin("p", fires(world, "p"))
    world.enable(world.user_settings, {P: True})
    world.write(world.project_settings, {"disableAllHooks": True})
    assert world.run().labels == set()
    world.enable(world.user_settings, {P: True}, disableAllHooks=True)
    world.write(world.project_settings, {"disableAllHooks": False})
    assert world.run().labels == {"p"}


def test_plugin_files_follow_the_settings_schema(world: World) -> None:
    zero = {"PreToolUse": [{"hooks": [world.hook("zero", timeout=0)]}]}
    world.install_plugin("p", {**zero, "Stop": [{"hooks": [world.hook("pstop")]}]})
    other = {"Stop": [{"hooks": [world.hook("zero", timeout=0)]}, {"hooks": [world.hook("q")]}]}
    world.install_plugin("q", {**other, "BeforeTool": [{"hooks": [world.hook("gemini")]}]})
    world.enable(world.user_settings, {P: True, Q: True})
    assert world.run().labels == {"q"}
