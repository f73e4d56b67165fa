"""Payload models and the builder, checked against the payloads Gemini CLI 0.61 really sent."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.gemini.events import EVENTS
from hookdash.core.hosts.gemini.matcher import compile_js
from hookdash.core.hosts.gemini.payloads import (
    BASE_FIELDS,
    build_payload,
    context_of,
    payload_problems,
    tool_for_matcher,
    trigger_for_matcher,
)
from tests.conftest import Sandbox

OBSERVED: list[dict[str, Any]] = json.loads(
    (Path(__file__).parents[3] / "data" / "payloads-observed-0.61.json").read_text()
)
FIRST_OBSERVED = {o["event"]: o["stdin"] for o in reversed(OBSERVED)}


def _key_paths(value: Any, prefix: str = "") -> list[str]:
    """Every key path in document order (lists: their first element)."""
    if isinstance(value, dict):
        out = []
        for key, child in value.items():
            out.append(prefix + key)
            out.extend(_key_paths(child, prefix + key + "."))
        return out
    if isinstance(value, list) and value:
        return _key_paths(value[0], prefix + "0.")
    return []


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_builds_a_valid_payload(sandbox: Sandbox, event: str) -> None:
    payload = build_payload(sandbox.env(), event)
    assert list(payload)[:5] == list(BASE_FIELDS)
    assert payload["hook_event_name"] == event
    assert payload["cwd"] == str(sandbox.workspace)
    assert payload_problems(event, payload) == []
    uuid.UUID(payload["session_id"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", payload["timestamp"])
    assert re.fullmatch(
        re.escape(str(sandbox.home / ".gemini/tmp/project/chats/session-"))
        + r"\d{4}-\d\d-\d\dT\d\d-\d\d-"
        + payload["session_id"][:8]
        + r"\.jsonl",
        payload["transcript_path"],
    )


@pytest.mark.parametrize("event", sorted(FIRST_OBSERVED))
def test_field_order_matches_gemini(sandbox: Sandbox, event: str) -> None:
    """Same keys, nested ones too, in the same order as the real 0.61 payloads."""
    observed = FIRST_OBSERVED[event]
    ours = build_payload(sandbox.env(), event, tool_name=observed.get("tool_name"))
    assert _key_paths(ours) == _key_paths(observed)


def test_payload_problems_names_what_gemini_never_sends(sandbox: Sandbox) -> None:
    payload = build_payload(sandbox.env(), "BeforeTool")
    del payload["tool_input"]
    payload["hook_event_name"] = "AfterTool"
    problems = payload_problems("BeforeTool", payload)
    assert any("hook_event_name" in p for p in problems)
    assert any(p.startswith("tool_input") for p in problems)


@pytest.mark.parametrize(
    ("matcher", "tool"),
    [
        (None, "run_shell_command"),
        ("*", "run_shell_command"),
        ("read", "read_file"),
        ("run_.*", "run_shell_command"),
        ("replace|write_file", "replace"),
        ("Bash|run_shell_command", "run_shell_command"),
        ("^(glob|read_file)$", "glob"),
        ("mcp_github_create_issue", "mcp_github_create_issue"),
        ("^Edit$", "Edit"),
        ("[invalid", "[invalid"),  # an invalid regex is compared exactly by Gemini
    ],
)
def test_tool_for_matcher(matcher: str | None, tool: str) -> None:
    assert tool_for_matcher(matcher) == tool


@pytest.mark.parametrize("matcher", ["mcp_github_.*", "mcp_.*_create", "^my\\d+tool$", "x{2}y"])
def test_made_up_tool_names_match(matcher: str) -> None:
    compiled = compile_js(matcher)
    assert compiled is not None and compiled.search(tool_for_matcher(matcher))


def test_mcp_tool_gets_an_mcp_context(sandbox: Sandbox) -> None:
    payload = build_payload(sandbox.env(), "BeforeTool", tool_name="mcp_github_create_issue")
    assert payload["mcp_context"] == {"server_name": "github", "tool_name": "create_issue"}


def test_trigger_for_matcher() -> None:
    assert trigger_for_matcher("SessionStart", "resume") == "resume"
    assert trigger_for_matcher("SessionStart", "Startup") == "startup"  # never fired: default
    assert trigger_for_matcher("SessionEnd", None) == "exit"
    assert trigger_for_matcher("PreCompress", " manual ") == "manual"
    assert trigger_for_matcher("BeforeTool", "x") is None


def test_context_comes_from_the_payload() -> None:
    assert context_of("BeforeTool", {"tool_name": "glob"}).tool_name == "glob"
    assert context_of("SessionEnd", {"reason": "clear"}).trigger == "clear"
    assert context_of("BeforeAgent", {"tool_name": "glob"}).tool_name is None
    assert context_of("BeforeTool", {"tool_name": 5}).tool_name is None
