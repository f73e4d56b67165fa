"""The MCP servers Gemini CLI 0.61 starts: a workspace's `.gemini/settings.json`
`mcpServers`, the user's, and an extension's (`gemini-extension.json`), in a trusted
folder and in one that is not. Each test pins a fact of `observed-0.61.md` ("MCP
servers"), which hookdash's Gemini host tells a reviewer.

A server is a command that leaves a mark and exits a second later: it does not speak
MCP, but the mark proves Gemini started the process.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.gemini.harness import World

pytestmark = pytest.mark.gemini


def server(w: World, label: str) -> dict[str, Any]:
    return {"command": "sh", "args": ["-c", f"echo started > {w.root}/mark-{label}; sleep 1"]}


def started(w: World) -> set[str]:
    return {p.name.removeprefix("mark-") for p in w.root.glob("mark-*")}


def every_source(w: World, user: dict[str, Any] | None = None) -> None:
    """One server in the workspace file, one in the user's, one in an extension."""
    w.settings("workspace", {"mcpServers": {"workspace": server(w, "workspace")}})
    w.settings("user", {"mcpServers": {"user": server(w, "user")}, **(user or {})})
    extension = w.home / ".gemini" / "extensions" / "tools"
    w.write(
        extension / "gemini-extension.json",
        {"name": "tools", "version": "1.0.0", "mcpServers": {"ext": server(w, "ext")}},
    )


def test_a_trusted_folder_starts_every_server_without_asking(world: World) -> None:
    every_source(world)
    run = world.run_gemini()  # GEMINI_CLI_TRUST_WORKSPACE=true
    assert run.exit_code == 0, run.describe()
    assert started(world) == {"workspace", "user", "ext"}


def test_trusted_by_trusted_folders_json_too(world: World) -> None:
    every_source(world)
    world.trust_folder()
    run = world.run_gemini(trust_env=None)
    assert run.exit_code == 0, run.describe()
    assert started(world) == {"workspace", "user", "ext"}


def test_an_untrusted_folder_starts_no_server_at_all(world: World) -> None:
    """Not the workspace's, and not the user's or an extension's either."""
    every_source(world, user={"security": {"folderTrust": {"enabled": False}}})
    run = world.run_gemini(trust_env="false")
    assert run.exit_code == 0, run.describe()
    assert started(world) == set()


@pytest.mark.parametrize("rule", [None, "DO_NOT_TRUST"], ids=["no-decision", "do-not-trust"])
def test_headless_refuses_a_folder_not_trusted_before_any_server(
    world: World, rule: str | None
) -> None:
    every_source(world)
    if rule is not None:
        world.trust_folder(rule)
    run = world.run_gemini(trust_env=None)
    assert run.refused_untrusted, run.describe()
    assert started(world) == set()


def test_excluded_servers_do_not_start(world: World) -> None:
    """`mcp.excluded` (any layer, the workspace's too) keeps a server from starting;
    `mcp.allowed` keeps every server it does not name from starting."""
    every_source(world)
    world.settings(
        "workspace",
        {"mcpServers": {"workspace": server(world, "workspace")}, "mcp": {"excluded": ["user"]}},
    )
    assert started_after(world) == {"workspace", "ext"}
    for mark in world.root.glob("mark-*"):
        mark.unlink()
    world.settings(
        "user",
        {"mcpServers": {"user": server(world, "user")}, "mcp": {"allowed": ["ext"]}},
    )
    world.settings("workspace", {"mcpServers": {"workspace": server(world, "workspace")}})
    assert started_after(world) == {"ext"}


def started_after(w: World) -> set[str]:
    run = w.run_gemini()
    assert run.exit_code == 0, run.describe()
    return started(w)


def test_a_workspace_server_wins_over_the_users_of_the_same_name(world: World) -> None:
    world.settings("user", {"mcpServers": {"same": server(world, "from-user")}})
    world.settings("workspace", {"mcpServers": {"same": server(world, "from-workspace")}})
    assert started_after(world) == {"from-workspace"}
