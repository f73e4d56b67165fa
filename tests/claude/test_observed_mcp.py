"""The MCP servers a repository makes Claude Code start, run headless (`claude -p`) in a
folder never trusted. Each test pins one fact of `observed-2.1.332.md` ("MCP servers"):
what the Claude host of hookdash tells a reviewer about a repository's `.mcp.json`.

A server here is a command that leaves a mark (a file under the run's trace directory,
by label) and exits a second later: it does not speak MCP, so Claude reports it failed
to connect, but the mark proves Claude started the process.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.claude.harness import World

pytestmark = pytest.mark.claude


def server(world: World, label: str) -> dict[str, Any]:
    """A stdio server (exec form: a program and its args) that records its start."""
    mark = f"echo '{{}}' > {world.trace_dir}/{label}.mcp.json; sleep 1"
    return {"command": "sh", "args": ["-c", mark]}


def mcp_json(world: World, *names: str) -> Path:
    return world.write(
        world.project / ".mcp.json", {"mcpServers": {n: server(world, n) for n in names}}
    )


def settings(world: World, layer: str) -> Path:
    return {
        "user": world.user_settings,
        "project": world.project_settings,
        "local": world.local_settings,
    }[layer]


def test_a_repositorys_mcp_json_server_starts_under_p_without_asking(world: World) -> None:
    mcp_json(world, "srv")
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == {"srv"}


@pytest.mark.parametrize(
    ("layer", "keys"),
    [
        ("project", {"enableAllProjectMcpServers": True}),
        ("project", {"enableAllProjectMcpServers": False}),
        ("project", {"enabledMcpjsonServers": ["srv"]}),
        ("local", {"enableAllProjectMcpServers": True}),
        ("user", {"enabledMcpjsonServers": ["srv"]}),
    ],
    ids=["project-all", "project-all-false", "project-named", "local-all", "user-named"],
)
def test_the_approval_keys_change_nothing_under_p(
    world: World, layer: str, keys: dict[str, Any]
) -> None:
    """Every server of .mcp.json starts, named in enabledMcpjsonServers or not: under -p
    Claude approves them itself ("non_interactive")."""
    mcp_json(world, "srv", "other")
    world.write(settings(world, layer), keys)
    assert world.run().labels == {"srv", "other"}


@pytest.mark.parametrize("layer", ["project", "local", "user"])
def test_disabled_mcpjson_servers_keeps_a_server_from_starting(world: World, layer: str) -> None:
    mcp_json(world, "srv", "other")
    world.write(
        settings(world, layer),
        {"disabledMcpjsonServers": ["srv"], "enableAllProjectMcpServers": True},
    )
    assert world.run().labels == {"other"}  # disabled wins over enableAll


def test_a_settings_files_mcp_servers_key_starts_nothing(world: World) -> None:
    for layer in ("project", "local"):
        world.write(settings(world, layer), {"mcpServers": {layer: server(world, layer)}})
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == set()


def test_a_user_scope_server_of_claude_json_starts(world: World) -> None:
    world.write(world.config_dir / ".claude.json", {"mcpServers": {"mine": server(world, "mine")}})
    assert world.run().labels == {"mine"}


def test_a_repositorys_url_servers_are_contacted_without_asking(world: World) -> None:
    world.write(
        world.project / ".mcp.json",
        {
            "mcpServers": {
                "web": {"type": "http", "url": world.stub.url + "/mcp-web"},
                "events": {"type": "sse", "url": world.stub.url + "/mcp-sse"},
            }
        },
    )
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    asked = {r["path"] for r in world.stub.requests}
    assert {"/mcp-web", "/mcp-sse"} <= asked


def test_every_folder_above_has_its_mcp_json_read_the_closest_wins(world: World) -> None:
    """From a subdirectory (no git repository): the .mcp.json of every folder above is
    read, the closest one's server of a name is the one started, and a file that is not
    strict JSON is dropped without a word."""
    sub = world.project / "sub"
    world.write(world.home / ".mcp.json", {"mcpServers": {"same": server(world, "home")}})
    world.write(
        world.project / ".mcp.json",
        {"mcpServers": {"same": server(world, "project"), "top": server(world, "top")}},
    )
    world.write(sub / ".mcp.json", '{"mcpServers": {"sub": ' + '{"command": "true"},}}')
    ran = world.run(cwd=sub)
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == {"project", "top"}
