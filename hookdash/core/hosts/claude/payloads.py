"""The stdin JSON Claude Code 2.1.332 gives a command hook, event by event: what `fire
--host claude` sends.

Ten events were recorded from real `claude -p` sessions (tests/claude/
payloads-observed-2.1.332.json: SessionStart, UserPromptSubmit, PreToolUse, PermissionRequest,
PostToolUse, PostToolUseFailure, PostToolBatch, MessageDisplay, Stop, SessionEnd); the
others are built from the objects the binary makes (`hook_event_name:"PreCompact",
trigger:…,custom_instructions:…`), as that file's note says. Field order is Claude's: the
base fields (session_id, transcript_path, cwd, prompt_id, permission_mode, effort), then
`hook_event_name`, then the event's own.

The event's match query (tool name, source, trigger, reason, …) is the value `--tool` or
`--trigger` names, else one the hook's matcher names, else the value a `-p` run sends.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookdash.core.hosts.claude.events import KNOWN_VALUES, is_tool_event, match_field
from hookdash.core.hosts.claude.matcher import names_of
from hookdash.core.hosts.crosswalk import CLAUDE_TOOL_NAMES, CLAUDE_TOOLS_WITHOUT_GEMINI

DEFAULT_TOOL = "Bash"
# The match query a headless session sends (observed), or the first value the binary names.
DEFAULT_VALUES: dict[str, str] = {
    "SessionStart": "startup",
    "SessionEnd": "other",
    "PreCompact": "manual",
    "PostCompact": "manual",
    "Setup": "init",
    "Notification": "permission_prompt",
    "ConfigChange": "user_settings",
    "DirectoryAdded": "cli",
    "InstructionsLoaded": "session_start",
    "StopFailure": "rate_limit",
    "SubagentStart": "general-purpose",
    "SubagentStop": "general-purpose",
    "PreModelSwitch": "claude-sonnet-4-5",
    "PostModelSwitch": "claude-sonnet-4-5",
    "UserPromptExpansion": "review",
    "Elicitation": "example-server",
    "ElicitationResult": "example-server",
}
# Which of the base fields each recorded event carries beyond session_id, transcript_path
# and cwd (a `-p` run: SessionStart comes before the first prompt, so has no prompt_id).
_NO_PROMPT_ID = frozenset({"SessionStart"})
_NO_PERMISSION_MODE = frozenset({"SessionStart", "SessionEnd", "MessageDisplay"})
_WITH_EFFORT = frozenset(
    {
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "PostToolBatch",
        "PermissionRequest",
        "PermissionDenied",
        "Stop",
        "SubagentStop",
    }
)
_TOOL_INPUTS: dict[str, dict[str, Any]] = {
    "Bash": {"command": "echo hookdash", "description": "A test command from hookdash"},
    "Read": {"file_path": "README.md"},
    "Write": {"file_path": "hookdash-test.txt", "content": "hookdash\n"},
    "Edit": {"file_path": "README.md", "old_string": "a", "new_string": "b"},
    "Glob": {"pattern": "**/*.py"},
    "Grep": {"pattern": "TODO"},
    "WebFetch": {"url": "https://example.com", "prompt": "Summarise the page"},
    "WebSearch": {"query": "hookdash"},
}
TOOL_USE_ID = "toolu_hookdash"


def transcript_path(config_dir: Path, cwd: str, session_id: str) -> str:
    """`<config dir>/projects/<cwd, every other character than a letter or digit a dash>/
    <session>.jsonl`, where Claude keeps a session's transcript (observed)."""
    slug = re.sub(r"[^A-Za-z0-9]", "-", cwd)
    return str(config_dir / "projects" / slug / f"{session_id}.jsonl")


def value_for_matcher(event: str, matcher: Any) -> str | None:
    """A match query the matcher names (its first name), or None for a regex, `*`, or none."""
    if not isinstance(matcher, str) or matcher in ("", "*"):
        return None
    names = names_of(event, matcher)
    return names[0] if names else None


def match_value(event: str, tool: str | None, trigger: str | None, matcher: Any = None) -> str:
    """The event's match query for a firing: given, named by the hook's matcher, or the default."""
    given = tool if is_tool_event(event) else trigger
    if given:
        return given
    named = value_for_matcher(event, matcher) if match_field(event) is not None else None
    if named:
        return named
    return DEFAULT_TOOL if is_tool_event(event) else DEFAULT_VALUES.get(event, "")


def claude_match_query(event: str, matcher: Any = None) -> tuple[str | None, str]:
    """What `event`'s matcher is tested against (None: nothing, matchers are ignored) and
    the value a firing sends (`match_value`: the matcher's first name, else the default):
    what the dashboard's plan starts from."""
    field = match_field(event)
    return field, (match_value(event, None, None, matcher) if field is not None else "")


def claude_offered_values(event: str) -> tuple[str, ...]:
    """The match queries worth offering for `event` (the dashboard's plan suggests them):
    Claude's tool names, the values Claude is known to send, else the one `fire` sends."""
    if match_field(event) is None:
        return ()
    if is_tool_event(event):
        return tuple(sorted({*CLAUDE_TOOL_NAMES, *CLAUDE_TOOLS_WITHOUT_GEMINI}))
    if event in KNOWN_VALUES:
        return KNOWN_VALUES[event]
    return (DEFAULT_VALUES[event],) if event in DEFAULT_VALUES else ()


def tool_input(tool: str, cwd: str) -> dict[str, Any]:
    found = _TOOL_INPUTS.get(tool, {})
    return {k: f"{cwd}/{v}" if k == "file_path" else v for k, v in found.items()}


def _tool_response(tool: str, inputs: Mapping[str, Any]) -> Any:
    if tool == "Bash":
        return {
            "stdout": "hookdash",
            "stderr": "",
            "interrupted": False,
            "isImage": False,
            "noOutputExpected": False,
        }
    if tool in ("Write", "Edit"):
        return {"type": "update", "filePath": inputs.get("file_path", "")}
    return {"output": "hookdash"}


def _event_fields(event: str, value: str, cwd: str, transcript: str) -> dict[str, Any]:
    """The event's own fields, in Claude's order (`value`: its match query)."""
    if event in ("PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest"):
        inputs = tool_input(value, cwd)
        fields: dict[str, Any] = {"tool_name": value, "tool_input": inputs}
        if event == "PermissionRequest":
            fields["permission_suggestions"] = [
                {"type": "addDirectories", "directories": [cwd], "destination": "session"},
                {"type": "setMode", "mode": "acceptEdits", "destination": "session"},
            ]
            return fields
        if event == "PostToolUse":
            fields["tool_response"] = _tool_response(value, inputs)
        fields["tool_use_id"] = TOOL_USE_ID
        if event == "PostToolUseFailure":
            fields.update(error="Exit code 1", is_interrupt=False, duration_ms=25)
        elif event == "PostToolUse":
            fields["duration_ms"] = 25
        return fields
    return _OTHER_FIELDS[event](value, cwd, transcript) if event in _OTHER_FIELDS else {}


def _batch(value: str, cwd: str, transcript: str) -> dict[str, Any]:
    call = {
        "tool_name": DEFAULT_TOOL,
        "tool_input": tool_input(DEFAULT_TOOL, cwd),
        "tool_use_id": TOOL_USE_ID,
        "tool_response": "hookdash",
    }
    return {"tool_calls": [call]}


def _subagent_stop(value: str, cwd: str, transcript: str) -> dict[str, Any]:
    return {
        "stop_hook_active": False,
        "agent_id": "agent_hookdash",
        "agent_transcript_path": transcript.removesuffix(".jsonl") + "/agent_hookdash.jsonl",
        "agent_type": value,
        "last_assistant_message": "done",
    }


def _model_switch(value: str, cwd: str, transcript: str) -> dict[str, Any]:
    return {
        "from_model": "claude-opus-4-1",
        "to_model": value,
        "requested_model": value,
        "source": "user",
    }


def _task(value: str, cwd: str, transcript: str) -> dict[str, Any]:
    return {
        "task_id": "task_hookdash",
        "task_subject": "A test task from hookdash",
        "task_description": "",
        "teammate_name": "hookdash",
        "team_name": "hookdash",
    }


_OTHER_FIELDS: dict[str, Any] = {
    "PostToolBatch": _batch,
    "PermissionDenied": lambda v, c, t: {
        "tool_name": v,
        "tool_input": tool_input(v, c),
        "tool_use_id": TOOL_USE_ID,
        "reason": "The user denied the tool call",
    },
    "PreSkillShellCommand": lambda v, c, t: {"tool_name": v, "tool_input": {"command": "echo hi"}},
    "Notification": lambda v, c, t: {
        "message": "Claude needs your permission to use Bash",
        "title": "Claude Code",
        "notification_type": v,
    },
    "UserPromptSubmit": lambda v, c, t: {"prompt": "A test prompt from hookdash"},
    "UserPromptExpansion": lambda v, c, t: {
        "expansion_type": "slash_command",
        "command_name": v,
        "command_args": "",
        "command_source": "project",
        "prompt": f"/{v}",
    },
    "SessionStart": lambda v, c, t: {"source": v},
    "SessionEnd": lambda v, c, t: {"reason": v},
    "Stop": lambda v, c, t: {
        "stop_hook_active": False,
        "last_assistant_message": "done",
        "background_tasks": [],
        "session_crons": [],
    },
    "StopFailure": lambda v, c, t: {
        "error": v,
        "error_details": "",
        "last_assistant_message": "",
    },
    "SubagentStart": lambda v, c, t: {"agent_id": "agent_hookdash", "agent_type": v},
    "SubagentStop": _subagent_stop,
    "PreCompact": lambda v, c, t: {"trigger": v, "custom_instructions": ""},
    "PostCompact": lambda v, c, t: {"trigger": v, "compact_summary": "A test summary"},
    "PreModelSwitch": _model_switch,
    "PostModelSwitch": _model_switch,
    "Setup": lambda v, c, t: {"trigger": v},
    "TeammateIdle": lambda v, c, t: {"teammate_name": "hookdash", "team_name": "hookdash"},
    "TaskCreated": _task,
    "TaskCompleted": _task,
    "Elicitation": lambda v, c, t: {
        "mcp_server_name": v,
        "message": "Please enter a value",
        "mode": "form",
        "url": None,
        "elicitation_id": "elicitation_hookdash",
        "requested_schema": {"type": "object", "properties": {}},
    },
    "ElicitationResult": lambda v, c, t: {
        "mcp_server_name": v,
        "elicitation_id": "elicitation_hookdash",
        "mode": "form",
        "action": "accept",
        "content": {},
    },
    "ConfigChange": lambda v, c, t: {"source": v, "file_path": f"{c}/.claude/settings.json"},
    "WorktreeCreate": lambda v, c, t: {"name": "hookdash-test"},
    "WorktreeRemove": lambda v, c, t: {"worktree_path": f"{c}/.claude/worktrees/hookdash-test"},
    "InstructionsLoaded": lambda v, c, t: {
        "file_path": f"{c}/CLAUDE.md",
        "memory_type": "Project",
        "load_reason": v,
        "globs": None,
        "trigger_file_path": None,
        "parent_file_path": None,
    },
    "CwdChanged": lambda v, c, t: {"old_cwd": c, "new_cwd": c},
    "FileChanged": lambda v, c, t: {"file_path": f"{c}/{v or 'README.md'}", "event": "change"},
    "DirectoryAdded": lambda v, c, t: {"directory": c, "source": v},
    "MessageDisplay": lambda v, c, t: {
        "turn_id": str(uuid.uuid4()),
        "message_id": str(uuid.uuid4()),
        "index": 0,
        "final": True,
        "delta": "done",
    },
}


def claude_payload(
    event: str,
    cwd: str,
    config_dir: Path,
    *,
    tool: str | None = None,
    trigger: str | None = None,
    matcher: Any = None,
    session_id: str | None = None,
) -> dict[str, Any]:
    """The stdin JSON of `event` as Claude Code 2.1.332 sends it in a session in `cwd`."""
    session = session_id or str(uuid.uuid4())
    transcript = transcript_path(config_dir, cwd, session)
    payload: dict[str, Any] = {"session_id": session, "transcript_path": transcript, "cwd": cwd}
    if event not in _NO_PROMPT_ID:
        payload["prompt_id"] = str(uuid.uuid4())
    if event not in _NO_PERMISSION_MODE:
        payload["permission_mode"] = "default"
    if event in _WITH_EFFORT:
        payload["effort"] = {"level": "medium"}
    payload["hook_event_name"] = event
    value = match_value(event, tool, trigger, matcher)
    payload.update(_event_fields(event, value, cwd, transcript))
    return payload


def payload_value(event: str, payload: Mapping[str, Any]) -> str | None:
    """The match query a payload carries (what the plan is made for), as Claude reads it."""
    field = match_field(event)
    if field is None:
        return None
    value = payload.get(field)
    return value if isinstance(value, str) else None
