"""The stdin JSON `fire --host claude` sends: for every event a real `claude -p` session
fired (tests/claude/payloads-observed-2.1.332.json), the same keys, in the same order,
with values of the same JSON types (nested objects too)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.claude.events import EVENTS, match_field
from hookdash.core.hosts.claude.payloads import (
    claude_match_query,
    claude_offered_values,
    claude_payload,
    match_value,
    transcript_path,
)

OBSERVED_FILE = Path(__file__).parents[3] / "claude" / "payloads-observed-2.1.332.json"
OBSERVED = {entry["event"]: entry for entry in json.loads(OBSERVED_FILE.read_text())}
# What a session had that hookdash has no reason to imitate: the ids of real tools.
CONFIG = Path("/home/u/.claude")


def shape(value: Any) -> Any:
    """A JSON value's keys and types, a list by its first element."""
    if isinstance(value, dict):
        return [(k, shape(v)) for k, v in value.items()]
    if isinstance(value, list):
        return ["list", shape(value[0])] if value else ["list"]
    return type(value).__name__


def test_ten_events_were_observed() -> None:
    assert set(OBSERVED) >= {
        "SessionStart",
        "UserPromptSubmit",
        "PreToolUse",
        "PermissionRequest",
        "PostToolUse",
        "PostToolUseFailure",
        "PostToolBatch",
        "MessageDisplay",
        "Stop",
        "SessionEnd",
    }


@pytest.mark.parametrize("event", sorted(OBSERVED))
def test_the_payload_has_the_observed_keys_and_types(event: str) -> None:
    observed = OBSERVED[event]["stdin"]
    value = observed.get(match_field(event) or "", None)
    tool = value if match_field(event) == "tool_name" else None
    trigger = value if tool is None else None
    built = claude_payload(event, "/work/p", CONFIG, tool=tool, trigger=trigger)
    assert shape(built) == shape(observed)


@pytest.mark.parametrize("event", EVENTS)
def test_every_event_has_the_base_fields_and_its_match_query(event: str) -> None:
    built = claude_payload(event, "/work/p", CONFIG, tool="Read", trigger="auto")
    assert list(built)[:3] == ["session_id", "transcript_path", "cwd"]
    assert built["hook_event_name"] == event
    field = match_field(event)
    if field == "tool_name":
        assert built["tool_name"] == "Read"
    elif field == "file_path":
        assert built["file_path"] == "/work/p/auto"
    elif field is not None:
        assert built[field] == "auto", field


def test_the_transcript_path_is_where_claude_keeps_it() -> None:
    observed = OBSERVED["SessionStart"]["stdin"]
    assert observed["transcript_path"].startswith("<CONFIG>/projects/-")
    assert transcript_path(CONFIG, "/a/b.c_d", "s1") == "/home/u/.claude/projects/-a-b-c-d/s1.jsonl"


def test_the_match_query_follows_the_flag_then_the_matcher_then_the_default() -> None:
    assert match_value("PreToolUse", "Write", None, "Read|Edit") == "Write"
    assert match_value("PreToolUse", None, None, "Read|Edit") == "Read"
    assert match_value("PreToolUse", None, None, "Ba.*") == "Bash"
    assert match_value("SessionStart", None, None, "resume") == "resume"
    assert match_value("SessionEnd", None, None, None) == "other"


def test_the_dashboards_plan_starts_from_what_a_firing_sends() -> None:
    """The field an event's matcher is tested against, the value `f` would send (the
    matcher's first name, else the default), and the values worth suggesting."""
    assert claude_match_query("PreToolUse", "Edit|Write") == ("tool_name", "Edit")
    assert claude_match_query("PreToolUse", "^Web.*") == ("tool_name", "Bash")  # a regex
    assert claude_match_query("SessionStart") == ("source", "startup")
    assert claude_match_query("Stop", "Bash") == (None, "")
    assert {"Bash", "Edit", "WebFetch", "NotebookEdit"} <= set(claude_offered_values("PreToolUse"))
    assert claude_offered_values("PreCompact") == ("manual", "auto")
    assert claude_offered_values("Notification") == ("permission_prompt",)
    assert claude_offered_values("Stop") == ()
