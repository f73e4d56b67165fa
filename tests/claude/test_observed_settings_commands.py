"""The commands a Claude Code settings file runs that are not hooks (apiKeyHelper,
statusLine, …), run headless (`claude -p`) in a folder never trusted. Each test pins one
fact of `observed-2.1.332.md` ("Settings commands that are not hooks"): what the Claude
host of hookdash tells a reviewer about a repository that sets one.

Every command here records that it ran (a file under the run's trace directory, by
label) and prints what its key expects: an API key for apiKeyHelper, which the API
stand-in records, so a test also sees whose key Claude sent.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.claude.harness import World

pytestmark = pytest.mark.claude

NO_KEY: dict[str, str | None] = {"ANTHROPIC_API_KEY": None}  # the helper's key is the only one


def traced(world: World, label: str, prints: str = "") -> str:
    """A command that records its run under `label`, then prints `prints`."""
    return f"echo '{{}}' > {world.trace_dir}/{label}.$$.json; echo '{prints}'"


def layers(world: World) -> dict[str, Any]:
    return {
        "user": world.user_settings,
        "project": world.project_settings,
        "local": world.local_settings,
    }


def api_key_helper(world: World, label: str) -> dict[str, Any]:
    return {"apiKeyHelper": traced(world, label, f"sk-ant-{label}")}


def keys_sent(world: World) -> set[str | None]:
    return {r.get("key") for r in world.stub.requests if r["path"].startswith("/v1/messages")}


def test_a_projects_api_key_helper_runs_under_p_without_asking(world: World) -> None:
    world.write(world.project_settings, api_key_helper(world, "project"))
    ran = world.run(env=NO_KEY)
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == {"project"}
    assert keys_sent(world) == {"sk-ant-project"}  # the repository's command made the key


def test_it_runs_even_when_the_environment_holds_a_key(world: World) -> None:
    world.write(world.project_settings, api_key_helper(world, "project"))
    ran = world.run()  # ANTHROPIC_API_KEY set
    assert ran.labels == {"project"}
    assert keys_sent(world) == {"sk-ant-hookdash-harness"}  # ran, though its key went unused


def test_the_last_layer_that_sets_api_key_helper_is_the_one_run(world: World) -> None:
    for label, path in layers(world).items():
        world.write(path, api_key_helper(world, label))
    assert world.run(env=NO_KEY).labels == {"local"}
    world.local_settings.unlink()
    assert world.run(env=NO_KEY).labels == {"project"}  # a project's wins over the user's


def test_interactive_only_commands_do_not_run_under_p(world: World) -> None:
    for layer, path in layers(world).items():
        world.write(
            path,
            {
                "statusLine": {"type": "command", "command": traced(world, f"{layer}-status")},
                "subagentStatusLine": {
                    "type": "command",
                    "command": traced(world, f"{layer}-subagent"),
                },
                "fileSuggestion": {"type": "command", "command": traced(world, f"{layer}-files")},
                "processWrapper": traced(world, f"{layer}-wrapper"),
                # Conditional ones, their condition not met: no telemetry, no proxy
                # helper switch, the first-party API (not Bedrock or Vertex).
                "otelHeadersHelper": traced(world, f"{layer}-otel", "{}"),
                "proxyAuthHelper": traced(world, f"{layer}-proxy", "Basic eDp5"),
                "awsAuthRefresh": traced(world, f"{layer}-aws"),
                "gcpAuthRefresh": traced(world, f"{layer}-gcp"),
            },
        )
    ran = world.run()
    assert ran.returncode == 0, ran.stderr
    assert ran.labels == set()


TELEMETRY = {
    "CLAUDE_CODE_ENABLE_TELEMETRY": "1",
    "OTEL_METRICS_EXPORTER": "otlp",
    "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json",
    "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:9",
}


def test_otel_headers_helper_runs_from_a_project_when_telemetry_is_on(world: World) -> None:
    world.write(world.project_settings, {"otelHeadersHelper": traced(world, "otel", "{}")})
    assert world.run(env=TELEMETRY).labels == {"otel"}
    # The repository's own env block does not switch telemetry on for it.
    world.write(
        world.project_settings,
        {"otelHeadersHelper": traced(world, "otel", "{}"), "env": TELEMETRY},
    )
    assert world.run().labels == set()


def test_a_repository_arms_its_own_proxy_and_aws_helpers(world: World) -> None:
    """The switch each needs can be set in the same file's env block."""
    world.write(
        world.project_settings,
        {
            "proxyAuthHelper": traced(world, "proxy", "Basic eDp5"),
            "env": {"CLAUDE_CODE_ENABLE_PROXY_AUTH_HELPER": "1"},
        },
    )
    assert world.run().labels == {"proxy"}
    world.write(
        world.project_settings,
        {
            "awsAuthRefresh": traced(world, "aws"),
            "env": {
                "CLAUDE_CODE_USE_BEDROCK": "1",
                "AWS_REGION": "us-east-1",
                "ANTHROPIC_BEDROCK_BASE_URL": world.stub.url,
            },
        },
    )
    assert "aws" in world.run(env=NO_KEY).labels  # the Bedrock call itself fails here
