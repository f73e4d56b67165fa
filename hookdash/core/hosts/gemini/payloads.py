"""The stdin JSON of each hook event, and realistic test payloads for firing a hook.

Field order is Gemini's (`createBaseInput` then the event's fields, hookEventHandler.ts);
`spec/payloads-observed-0.61.json` holds real ones. A payload for a hook is built so the
hook's matcher would match it: a tool name the matcher names (or one of Gemini's built-in
tools that it matches), a trigger value it names.
"""

from __future__ import annotations

import copy
import re
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.hosts.gemini.events import EVENTS, FIRED_TRIGGERS, TRIGGER_FIELD, match_kind
from hookdash.core.hosts.gemini.jsvalues import JS_WHITESPACE
from hookdash.core.hosts.gemini.matcher import alternatives, compile_js, example_of
from hookdash.core.hosts.gemini.planner import PlanContext, context_for
from hookdash.core.hosts.gemini.storage import transcript_path
from hookdash.core.hosts.gemini.tools import BUILTIN_TOOLS

DEFAULT_MODEL = "gemini-2.5-flash"
DEFAULT_TOOL = "run_shell_command"
DEFAULT_TRIGGERS = {"SessionStart": "startup", "SessionEnd": "exit", "PreCompress": "auto"}
BASE_FIELDS = ("session_id", "transcript_path", "cwd", "hook_event_name", "timestamp")

# --------------------------------------------------------------------------- models


class _Model(BaseModel):
    model_config = ConfigDict(extra="allow")


class HookInput(_Model):
    """`createBaseInput`: the five fields every event's payload starts with."""

    session_id: str
    transcript_path: str
    cwd: str
    hook_event_name: str
    timestamp: str


class McpContext(_Model):
    server_name: str
    tool_name: str
    command: str | None = None
    args: list[str] | None = None
    cwd: str | None = None
    url: str | None = None
    tcp: str | None = None


class ToolResponse(_Model):
    llmContent: Any
    returnDisplay: Any = None
    error: dict[str, Any] | None = None


class LLMMessage(_Model):
    role: str
    content: str


class LLMRequest(_Model):
    model: str
    messages: list[LLMMessage]
    config: dict[str, Any]


class LLMCandidate(_Model):
    content: dict[str, Any]
    finishReason: str | None = None
    index: int | None = None


class LLMResponse(_Model):
    text: str | None = None
    candidates: list[LLMCandidate]
    usageMetadata: dict[str, Any] | None = None


class BeforeToolInput(HookInput):
    tool_name: str
    tool_input: dict[str, Any]
    mcp_context: McpContext | None = None
    original_request_name: str | None = None


class AfterToolInput(HookInput):
    tool_name: str
    tool_input: dict[str, Any]
    tool_response: ToolResponse
    mcp_context: McpContext | None = None
    original_request_name: str | None = None


class BeforeAgentInput(HookInput):
    prompt: str


class AfterAgentInput(HookInput):
    prompt: str
    prompt_response: str
    stop_hook_active: bool


class NotificationInput(HookInput):
    notification_type: str
    message: str
    details: dict[str, Any]


class SessionStartInput(HookInput):
    source: str


class SessionEndInput(HookInput):
    reason: str


class PreCompressInput(HookInput):
    trigger: str


class BeforeModelInput(HookInput):
    llm_request: LLMRequest


class AfterModelInput(HookInput):
    llm_request: LLMRequest
    llm_response: LLMResponse


class BeforeToolSelectionInput(HookInput):
    llm_request: LLMRequest


INPUT_MODELS: dict[str, type[HookInput]] = {
    "BeforeTool": BeforeToolInput,
    "AfterTool": AfterToolInput,
    "BeforeAgent": BeforeAgentInput,
    "AfterAgent": AfterAgentInput,
    "Notification": NotificationInput,
    "SessionStart": SessionStartInput,
    "SessionEnd": SessionEndInput,
    "PreCompress": PreCompressInput,
    "BeforeModel": BeforeModelInput,
    "AfterModel": AfterModelInput,
    "BeforeToolSelection": BeforeToolSelectionInput,
}
assert set(INPUT_MODELS) == set(EVENTS)


def payload_problems(event: str, payload: Mapping[str, Any]) -> list[str]:
    """Where a (user-edited) payload differs from what Gemini would ever send."""
    model = INPUT_MODELS.get(event)
    if model is None:
        return [f"{event} is not a Gemini CLI event"]
    problems = []
    if payload.get("hook_event_name") != event:
        problems.append(f"hook_event_name is {payload.get('hook_event_name')!r}, not {event!r}")
    try:
        model.model_validate(dict(payload))
    except ValidationError as exc:
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"])
            problems.append(f"{where}: {error['msg']}")
    return problems


# ------------------------------------------------------------------ choosing values


def _literal_alternatives(pattern: str) -> list[str]:
    """Plain names a regex spells out as top-level alternatives (`a|^b$|(c)`)."""
    names: list[str] = []
    for part in alternatives(pattern):
        part = part.removeprefix("^").removesuffix("$")
        if part.startswith("(") and part.endswith(")") and part.count("(") == 1:
            names.extend(_literal_alternatives(part[1:-1].removeprefix("?:")))
            continue
        text = re.sub(r"\\([.\-_/:])", r"\1", part)
        if re.fullmatch(r"[A-Za-z0-9_.:/-]+", text):
            names.append(text)
    return names


def tool_for_matcher(matcher: object) -> str:
    """A tool name the matcher matches: one it names, a built-in one, or one made up."""
    if not isinstance(matcher, str):
        return DEFAULT_TOOL
    m = matcher.strip(JS_WHITESPACE)
    if m in ("", "*"):
        return DEFAULT_TOOL
    compiled = compile_js(m)
    if compiled is None:
        return m  # Gemini compares an invalid regex with the tool name exactly
    literals = [name for name in _literal_alternatives(m) if compiled.search(name)]
    for name in literals:
        if name in BUILTIN_TOOLS:
            return name
    for name in BUILTIN_TOOLS:
        if compiled.search(name):
            return name
    if literals:
        return literals[0]
    return example_of(m) or DEFAULT_TOOL


def trigger_for_matcher(event: str, matcher: object) -> str | None:
    """The trigger value the matcher names, if Gemini ever fires it; else the usual one."""
    if match_kind(event) != "trigger":
        return None
    if isinstance(matcher, str) and matcher.strip(JS_WHITESPACE) in FIRED_TRIGGERS[event]:
        return matcher.strip(JS_WHITESPACE)
    return DEFAULT_TRIGGERS[event]


# ------------------------------------------------------------------- the builder

_PROMPT = "Please run the tests and fix whatever fails."
_ANSWER = "Done: all 42 tests pass now."
_TOOL_RESPONSES: dict[str, dict[str, Any]] = {
    "run_shell_command": {
        "llmContent": "<untrusted_context>\nOutput: README.md\nsrc\ntests\n"
        "Process Group PGID: 4242\n</untrusted_context>",
        "returnDisplay": "README.md\nsrc\ntests",
    },
    "read_file": {"llmContent": "# My project\n\nA small example project.\n", "returnDisplay": ""},
    "write_file": {
        "llmContent": "Successfully created and wrote to new file: notes.txt.",
        "returnDisplay": "Wrote notes.txt",
    },
    "replace": {
        "llmContent": "Successfully modified file: src/app.py (1 replacements).",
        "returnDisplay": "Modified src/app.py",
    },
}


def _now_iso(now: datetime) -> str:
    return now.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _session_context(cwd: str, now: datetime, temp_dir: str) -> str:
    return (
        "<session_context>\nThis is the Gemini CLI. We are setting up the context for our "
        f"chat.\nToday's date is {now.strftime('%A, %B %d, %Y')} (formatted according to the "
        "user's locale).\nMy operating system is: linux\nThe project's temporary directory "
        f"is: {temp_dir}\n- **Workspace Directories:**\n  - {cwd}\n</session_context>"
    )


def _llm_request(cwd: str, now: datetime, temp_dir: str) -> dict[str, Any]:
    return {
        "model": DEFAULT_MODEL,
        "messages": [{"role": "user", "content": _session_context(cwd, now, temp_dir) + _PROMPT}],
        "config": {"temperature": 1, "topP": 0.95, "topK": 64},
    }


def _llm_response() -> dict[str, Any]:
    return {
        "text": _ANSWER,
        "candidates": [
            {"content": {"role": "model", "parts": [_ANSWER]}, "finishReason": "STOP", "index": 0}
        ],
        "usageMetadata": {"promptTokenCount": 20, "candidatesTokenCount": 7, "totalTokenCount": 27},
    }


def _tool_fields(tool_name: str, with_response: bool) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "tool_name": tool_name,
        "tool_input": copy.deepcopy(BUILTIN_TOOLS.get(tool_name, {})),
    }
    if with_response:
        fields["tool_response"] = copy.deepcopy(
            _TOOL_RESPONSES.get(
                tool_name,
                {
                    "llmContent": f"{tool_name} completed.",
                    "returnDisplay": f"{tool_name} completed.",
                },
            )
        )
    if tool_name.startswith("mcp_") and "_" in tool_name[4:]:
        server, tool = tool_name[4:].split("_", 1)
        fields["mcp_context"] = {"server_name": server, "tool_name": tool}
    return fields


def build_payload(
    env: GeminiEnvironment,
    event: str,
    *,
    tool_name: str | None = None,
    trigger: str | None = None,
    session_id: str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """A realistic stdin for `event`, as Gemini CLI would build it in `env.workspace`."""
    if event not in INPUT_MODELS:
        raise ValueError(f"{event!r} is not a Gemini CLI event")
    now = now or datetime.now(UTC)
    session = session_id or str(uuid.uuid4())
    cwd = str(env.workspace)
    transcript = transcript_path(env.gemini_dir, env.project_root, session, now)
    temp_dir = str(Path(transcript).parent.parent)
    payload: dict[str, Any] = {
        "session_id": session,
        "transcript_path": transcript,
        "cwd": cwd,
        "hook_event_name": event,
        "timestamp": _now_iso(now),
    }
    if event in ("BeforeTool", "AfterTool"):
        payload.update(_tool_fields(tool_name or DEFAULT_TOOL, event == "AfterTool"))
    elif event == "BeforeAgent":
        payload["prompt"] = _PROMPT
    elif event == "AfterAgent":
        payload.update(prompt=_PROMPT, prompt_response=_ANSWER, stop_hook_active=False)
    elif event == "Notification":
        payload.update(
            notification_type="ToolPermission",
            message="Tool Confirm Shell Command requires execution",
            details={
                "type": "exec",
                "title": "Confirm Shell Command",
                "command": "ls -la",
                "rootCommand": "ls",
            },
        )
    elif event in TRIGGER_FIELD:
        payload[TRIGGER_FIELD[event]] = trigger or DEFAULT_TRIGGERS[event]
    elif event in ("BeforeModel", "BeforeToolSelection"):
        payload["llm_request"] = _llm_request(cwd, now, temp_dir)
    elif event == "AfterModel":
        payload["llm_request"] = _llm_request(cwd, now, temp_dir)
        payload["llm_response"] = _llm_response()
    return payload


def context_of(event: str, payload: Mapping[str, Any]) -> PlanContext:
    """The match context Gemini's handler derives from the same values as the payload."""
    kind = match_kind(event)
    value = (
        payload.get("tool_name") if kind == "tool" else payload.get(TRIGGER_FIELD.get(event, ""))
    )
    text = value if isinstance(value, str) else None
    return context_for(event, text if kind == "tool" else None, text if kind == "trigger" else None)
