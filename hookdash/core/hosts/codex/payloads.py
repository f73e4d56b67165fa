"""The JSON Codex CLI 0.171.0 writes to a hook's stdin, for each event.

Fields and their order as `codex exec` sent them (run: a hook that saved its stdin), and
the input schemas the binary embeds (`<event>.command.input`) for events a headless run
does not reach. Tools as hooks see them: `Bash` (Codex's `exec_command`, its input
`{"command": …}`) and `apply_patch` (the patch text as `command`).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from hookdash.core.hosts.codex.events import OFFERED, match_field

MODEL = "gpt-5.5"  # a model name Codex knows (any name works; this one offers apply_patch)
SAMPLE_PATCH = "*** Begin Patch\n*** Add File: hello.txt\n+hello\n*** End Patch\n"
# Events whose input carries no turn id, model or permission mode (the schemas).
_NO_TURN = frozenset({"SessionStart", "SessionEnd"})
_NO_MODEL = frozenset({"SessionEnd"})
_NO_PERMISSION_MODE = frozenset({"SessionEnd", "PreModelRequest", "PostModelRequest"})
# What PostToolUse's `tool_response` holds: a string (run), the command's output, or
# Codex's summary of a patch.
PATCH_RESPONSE = (
    "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\n"
    "A hello.txt\n"
)


def transcript_path(codex_home: Path, session_id: str, now: datetime) -> str:
    """Where Codex writes the session's rollout (`sessions/YYYY/MM/DD/rollout-…jsonl`)."""
    stamp = now.strftime("%Y-%m-%dT%H-%M-%S")
    day = now.strftime("%Y/%m/%d")
    return str(codex_home / "sessions" / day / f"rollout-{stamp}-{session_id}.jsonl")


def tool_input(tool: str) -> dict[str, Any]:
    if tool == "apply_patch":
        return {"command": SAMPLE_PATCH}
    if tool == "Bash":
        return {"command": "ls -la"}
    return {}


def value_for_matcher(event: str, matcher: str | None) -> str | None:
    """A value the matcher matches, to build a payload for one hook: the first value the
    event offers that it matches, else the matcher itself when it is a plain name."""
    from hookdash.core.hosts.codex.matcher import matches

    for value in OFFERED.get(event, ()):
        if matches(event, matcher, value):
            return value
    if matcher and matcher.replace("_", "").isalnum():
        return matcher
    return None


def codex_payload(
    event: str,
    cwd: str,
    codex_home: Path,
    *,
    tool: str | None = None,
    trigger: str | None = None,
    matcher: str | None = None,
) -> dict[str, Any]:
    """The payload of `event` as Codex writes it, for the tool (or trigger) given, else for
    a value `matcher` matches."""
    session = str(uuid.uuid4())
    now = datetime.now(UTC)
    if event in ("PreModelRequest", "PostModelRequest"):
        return _model_request(event, session, cwd, transcript_path(codex_home, session, now))
    field = match_field(event)
    value = tool if field == "tool_name" else trigger
    if value is None and field is not None:
        value = value_for_matcher(event, matcher) or (OFFERED.get(event) or (None,))[0]
    out: dict[str, Any] = {"session_id": session}
    if event not in _NO_TURN:
        out["turn_id"] = str(uuid.uuid4())
    out["transcript_path"] = transcript_path(codex_home, session, now)
    out["cwd"] = cwd
    out["hook_event_name"] = event
    if event not in _NO_MODEL:
        out["model"] = MODEL
    if event not in _NO_PERMISSION_MODE:
        out["permission_mode"] = "default"
    out.update(_event_fields(event, value or ""))
    return out


def _model_request(event: str, session: str, cwd: str, transcript: str) -> dict[str, Any]:
    """PreModelRequest / PostModelRequest: fired around each request to the model (run)."""
    out: dict[str, Any] = {
        "kind": "sampling",
        "request_id": str(uuid.uuid4()),
        "attempt_number": 1,
        "session_id": session,
        "thread_id": session,
        "turn_id": str(uuid.uuid4()),
        "cwd": cwd,
        "transcript_path": transcript,
        "model": MODEL,
        "hook_event_name": event,
    }
    if event == "PostModelRequest":
        out.update(
            status="completed",
            error=None,
            token_usage={
                "input_tokens": 10,
                "cached_input_tokens": 0,
                "cache_write_input_tokens": 0,
                "output_tokens": 5,
                "reasoning_output_tokens": 0,
                "total_tokens": 15,
            },
            response_id="resp_" + uuid.uuid4().hex[:24],
        )
    return out


def _event_fields(event: str, value: str) -> dict[str, Any]:
    if event in ("PreToolUse", "PermissionRequest"):
        fields: dict[str, Any] = {"tool_name": value, "tool_input": tool_input(value)}
        if event == "PreToolUse":
            fields["tool_use_id"] = "call_" + uuid.uuid4().hex[:24]
        return fields
    if event == "PostToolUse":
        return {
            "tool_name": value,
            "tool_input": tool_input(value),
            "tool_response": PATCH_RESPONSE if value == "apply_patch" else "total 0\n",
            "tool_use_id": "call_" + uuid.uuid4().hex[:24],
        }
    if event == "SessionStart":
        return {"source": value or "startup"}
    if event == "SessionEnd":
        return {"reason": value or "other"}
    if event in ("PreCompact", "PostCompact"):
        return {"trigger": value or "manual"}
    if event == "UserPromptSubmit":
        return {"prompt": "Run the tests and fix what fails."}
    if event == "Stop":
        return {"stop_hook_active": False, "last_assistant_message": "Done."}
    if event == "SubagentStart":
        return {"agent_id": str(uuid.uuid4()), "agent_type": value or "default"}
    if event == "SubagentStop":
        return {
            "agent_id": str(uuid.uuid4()),
            "agent_type": value or "default",
            "agent_transcript_path": None,
            "last_assistant_message": "Done.",
            "stop_hook_active": False,
        }
    return {}


def payload_value(event: str, payload: Mapping[str, Any]) -> str | None:
    """The value `event`'s matcher is tested against in `payload`."""
    field = match_field(event)
    value = payload.get(field) if field is not None else None
    return value if isinstance(value, str) else None
