"""Codex 0.171.0's own API, run: `codex app-server` lists each hook with its key, current
hash and trust status (`hooks/list`), and `config/batchWrite` writes `[hooks.state]` in
the user's config.toml, keeping the file's comments. It has no trust method of its own.
(observed-0.171.0.md, "Codex's own API")"""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.codex import trust
from tests.codex.harness import World

pytestmark = pytest.mark.codex


def _two(world: World) -> tuple[tuple[str, str], tuple[str, str]]:
    world.write_hooks_json(
        world.user_hooks,
        {"PreToolUse": [world.group(world.hook("a")), world.group(world.hook("b"))]},
    )
    first, second = trust.state_entries(
        str(world.user_hooks), world.hooks_in(world.user_hooks)
    ).items()
    return first, second


def test_hooks_list_describes_each_hook(world: World) -> None:
    handler = world.hook("pre", timeout=30, statusMessage="checking")
    world.write_hooks_json(world.user_hooks, {"PreToolUse": [world.group(handler, matcher="Bash")]})
    (hook,) = world.listed()["hooks"]
    assert hook == {
        "key": f"{world.user_hooks}:pre_tool_use:0:0",
        "eventName": "preToolUse",
        "handlerType": "command",
        "command": handler["command"],
        "async": False,
        "matcher": "Bash",
        "timeoutSec": 30,
        "statusMessage": "checking",
        "additionalContextLimit": None,
        "sourcePath": str(world.user_hooks),
        "source": "user",
        "pluginId": None,
        "environmentId": None,
        "displayOrder": 0,
        "enabled": True,
        "isManaged": False,
        "currentHash": trust.trusted_hash("PreToolUse", "Bash", handler),
        "trustStatus": "untrusted",
    }


def test_batch_write_upserts_hooks_state_and_keeps_comments(world: World) -> None:
    (k0, h0), (k1, h1) = _two(world)
    world.add_config(world.user_config, "# mine\n[features]  # trailing\nhooks = true   # aligned")
    world.state(k0, trusted_hash=h0)
    before = world.user_config.read_text()
    with world.app_server() as server:
        done = server.batch_write(
            [
                {
                    "keyPath": "hooks.state",
                    "mergeStrategy": "upsert",
                    "value": {k1: {"trusted_hash": h1}},
                }
            ]
        )
        assert done["status"] == "ok"
        assert done["filePath"] == str(world.user_config)
        statuses = [h["trustStatus"] for h in server.hooks_list(world.project)["hooks"]]
    assert statuses == ["trusted", "trusted"]
    after = world.user_config.read_text()
    assert after.startswith(before.split("[hooks.state")[0])  # comments and spacing kept
    assert f'[hooks.state.{trust_key(k1)}]\ntrusted_hash = "{h1}"\n' in after
    assert world.run().labels == {"a", "b"}


def test_batch_write_upsert_merges_and_replace_replaces(world: World) -> None:
    (k0, h0), (k1, h1) = _two(world)
    world.state(k0, trusted_hash=h0)
    world.state(k1, trusted_hash=h1)
    with world.app_server() as server:
        server.batch_write(
            [
                {
                    "keyPath": "hooks.state",
                    "mergeStrategy": "upsert",
                    "value": {k1: {"enabled": False}},
                }
            ]
        )
        listed = server.hooks_list(world.project)["hooks"]
        assert [(h["enabled"], h["trustStatus"]) for h in listed] == [
            (True, "trusted"),
            (False, "trusted"),
        ]
        server.batch_write(
            [
                {
                    "keyPath": "hooks.state",
                    "mergeStrategy": "replace",
                    "value": {k1: {"trusted_hash": h1}},
                }
            ]
        )
        listed = server.hooks_list(world.project)["hooks"]
    assert [(h["enabled"], h["trustStatus"]) for h in listed] == [
        (True, "untrusted"),  # the whole table was replaced: k0's entry is gone
        (True, "trusted"),
    ]


def test_a_quoted_key_path_keeps_the_dots_an_unquoted_one_splits_them(world: World) -> None:
    (k0, h0), (k1, h1) = _two(world)
    with world.app_server() as server:
        server.batch_write(
            [
                {
                    "keyPath": f'hooks.state."{k0}".trusted_hash',
                    "mergeStrategy": "replace",
                    "value": h0,
                }
            ]
        )
        server.batch_write(
            [{"keyPath": f"hooks.state.{k1}.trusted_hash", "mergeStrategy": "replace", "value": h1}]
        )
        listed = server.hooks_list(world.project)["hooks"]
    assert [h["trustStatus"] for h in listed] == ["trusted", "untrusted"]
    text = world.user_config.read_text()
    assert f"[hooks.state.{trust_key(k0)}]" in text
    assert '."codex/hooks"."json:pre_tool_use:1:0"]' in text  # k1 split at its dots


def trust_key(key: str) -> str:
    return f'"{key}"'


def _methods(schema: object) -> set[str]:
    """Every `method` value a JSON schema enumerates."""
    found: set[str] = set()
    if isinstance(schema, dict):
        method = schema.get("properties", {}).get("method") if "properties" in schema else None
        if isinstance(method, dict):
            found.update(method.get("enum") or [])
        for value in schema.values():
            found |= _methods(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= _methods(value)
    return found


def test_the_app_server_has_no_trust_method(world: World) -> None:
    out = world.root / "schema"
    subprocess.run(
        [str(world.codex), "app-server", "generate-json-schema", "--out", str(out)],
        env=world.environ(),
        capture_output=True,
        timeout=120,
        check=True,
    )
    methods = _methods(json.loads((out / "ClientRequest.json").read_text()))
    assert {"hooks/list", "config/batchWrite", "config/value/write"} <= methods
    assert [m for m in methods if "hook" in m.lower() or "trust" in m.lower()] == ["hooks/list"]
