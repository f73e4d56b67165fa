"""One sentence on what Gemini CLI 0.61 would do with an event's aggregated output.

Follows the integration points (scheduler hook-utils, coreToolHookTriggers, client.ts,
geminiChat.ts, hookSystem.ts), which check `continue:false` first, then a blocking
decision, then the event's own fields.
"""

from __future__ import annotations

import json
from typing import Any

from hookdash.core.display import shorten
from hookdash.core.hosts.gemini.jsvalues import js_get, js_string, js_truthy
from hookdash.core.hosts.gemini.outputs import (
    additional_context,
    effective_reason,
    has_modified_response,
    has_synthetic_response,
    is_ask_decision,
    is_blocking_decision,
    modified_tool_input,
    should_clear_context,
    should_stop_execution,
    tail_tool_call_request,
)
from hookdash.core.run.verdicts import Outcome, RunLike, ended_early

_IGNORING = {
    "SessionEnd": "Gemini awaits SessionEnd hooks but ignores their output",
    "PreCompress": "Gemini awaits PreCompress hooks but ignores their output",
    "Notification": "Gemini ignores the output of Notification hooks",
}


# Events whose hooks cannot block or stop anything: Gemini ignores their decision and
# `continue` (SessionStart uses only its added context).
IGNORES_DECISIONS = frozenset({*_IGNORING, "SessionStart"})


def _short(value: Any, width: int = 160) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return shorten(text, width)


def _reason(output: dict[str, Any]) -> str:
    return _short(js_string(effective_reason(output)))


def describe_effect(event: str, output: dict[str, Any] | None) -> str:
    """The effect of `output` (the aggregate) for `event`, as one sentence."""
    if output is None:
        return "Nothing: no hook produced an output, so Gemini carries on as if none had run."
    if event in _IGNORING:
        return f"Nothing: {_IGNORING[event]}{_message_note(output)}."
    if event == "BeforeToolSelection":
        return _tool_selection(output)
    stop = should_stop_execution(output)
    blocking = is_blocking_decision(output)
    if event == "SessionStart":
        context = additional_context(output)
        if context:
            return (
                f"Context is added to the session: <hook_context>{_short(context)}</hook_context> "
                "(prepended to the prompt in headless mode); SessionStart ignores decision and "
                f"continue{_message_note(output)}."
            )
        return f"Nothing: SessionStart ignores decision and continue{_message_note(output)}."
    if stop:
        return _stopped(event, output)
    if blocking:
        return _blocked(event, output)
    return _allowed(event, output)


def _message_note(output: dict[str, Any]) -> str:
    message = js_get(output, "systemMessage")
    if js_truthy(message):
        return f" (the user sees: {_short(js_string(message), 100)})"
    return ""


# What a stop or a block does, by event ({reason}: the hook's reason); AfterAgent and
# BeforeModel depend on more of the output and are worded in _stopped / _blocked.
_STOPPED = {
    "BeforeTool": "The agent stops: the tool fails with 'Agent execution stopped by hook: "
    "{reason}'.",
    "AfterTool": "The agent stops: the tool result is 'Agent execution stopped by hook: {reason}'.",
    "BeforeAgent": "The agent stops before answering (the prompt stays in history): {reason}.",
}
_BLOCKED = {
    "BeforeTool": "The tool call is blocked: the model sees 'Tool execution blocked: {reason}'.",
    "AfterTool": "The tool result is replaced by 'Tool result blocked: {reason}'.",
    "BeforeAgent": "The prompt is blocked and not added to history: {reason}.",
}


def _stopped(event: str, output: dict[str, Any]) -> str:
    reason = _reason(output)
    if event == "AfterAgent":
        cleared = " and the conversation is cleared" if should_clear_context(event, output) else ""
        return f"The agent stops{cleared}: {reason}."
    default = "The agent stops: the model call ends with 'stopped by hook': {reason}."
    return _STOPPED.get(event, default).format(reason=reason)


def _blocked(event: str, output: dict[str, Any]) -> str:
    reason = _reason(output)
    if event in _BLOCKED:
        return _BLOCKED[event].format(reason=reason)
    if event == "AfterAgent":
        cleared = "the conversation is cleared and " if should_clear_context(event, output) else ""
        return (
            f"Retry requested: {cleared}Gemini sends '{reason}' as a new prompt "
            "(BeforeAgent fires again with it)."
        )
    if event == "BeforeModel":
        if has_synthetic_response(event, output):
            return f"The model call is blocked and the hook's llm_response is used: {reason}."
        return f"The model call is blocked: {reason}."
    # AfterModel: Gemini passes the original chunk as the "synthetic response".
    return f"The chunk is reported as blocked, yet the original chunk is still shown: {reason}."


def _allowed(event: str, output: dict[str, Any]) -> str:
    if event == "BeforeTool":
        new_input = modified_tool_input(event, output)
        if is_ask_decision(output):
            also = f", and the tool input is replaced by {_short(new_input)}" if new_input else ""
            return (
                "Gemini asks the user to confirm the tool call even if policy allows it"
                f"{also}{_message_note(output)}."
            )
        if new_input is not None:
            return f"Tool input rewritten: the tool runs with {_short(new_input)} instead."
        return f"Nothing: the tool runs as requested{_message_note(output)}."
    if event == "AfterTool":
        parts = []
        context = additional_context(output)
        if context:
            parts.append(
                "context is added to the tool result: "
                f"<hook_context>{_short(context)}</hook_context>"
            )
        tail = tail_tool_call_request(output)
        if tail is not None:
            parts.append(
                f"another tool runs ({_short(js_get(tail, 'name'))}), its result replacing this one"
            )
        if parts:
            sentence = "; ".join(parts)
            return sentence[0].upper() + sentence[1:] + "."
        return f"Nothing: the tool result is used as is{_message_note(output)}."
    if event == "BeforeAgent":
        context = additional_context(output)
        if context:
            return f"Context added: the prompt gets <hook_context>{_short(context)}</hook_context>."
        return f"Nothing: the prompt is sent as is{_message_note(output)}."
    if event == "AfterAgent":
        return f"Nothing: the answer stands{_message_note(output)}."
    if event == "BeforeModel":
        request = js_get(js_get(output, "hookSpecificOutput"), "llm_request")
        if js_truthy(request):
            return f"The model request is rewritten with {_short(request)}."
        if has_synthetic_response(event, output):
            return "Nothing: an llm_response without a block decision is ignored."
        return f"Nothing: the model request is sent as is{_message_note(output)}."
    if event == "AfterModel":
        if has_modified_response(event, output):
            response = js_get(js_get(output, "hookSpecificOutput"), "llm_response")
            return f"Response replaced: the chunk becomes {_short(response)}."
        return f"Nothing: the response chunk is used as is{_message_note(output)}."
    return f"Nothing{_message_note(output)}."


def _tool_selection(output: dict[str, Any]) -> str:
    config = js_get(js_get(output, "hookSpecificOutput"), "toolConfig")
    mode = js_get(config, "mode")
    names = js_get(config, "allowedFunctionNames") or []
    listed = ", ".join(js_string(n) for n in names)
    if mode == "NONE":
        return "Tools restricted: the model may call no tool for this request (mode NONE)."
    if mode == "ANY" and names:
        return f"Tools restricted: the model must call one of {listed} (mode ANY)."
    if mode == "ANY":
        return "Tools restricted: the model must call some tool (mode ANY)."
    if names:
        return f"Tool selection set to AUTO with allowed functions {listed}."
    return (
        "Tool selection reset to AUTO: any output of a BeforeToolSelection hook replaces the "
        "request's tool config (Gemini's quirk), here with no restriction."
    )


def run_outcome(record: RunLike) -> Outcome:
    """What one run came to, as Gemini reads it (`Host.verdict`).

    `stopped`: `continue: false`; `blocked`: a blocking decision (JSON, or plain text with
    exit code 2 or more); `warning`: exit code 1 (Gemini shows the text and carries on);
    `failed`: any other failure (a crash, a spawn error, an exit code Gemini ignores).
    An event whose decisions Gemini ignores (Notification, SessionEnd, PreCompress,
    SessionStart) is never `blocked` or `stopped`: a denial there changes nothing.
    """
    early = ended_early(record)
    if early is not None:
        return early
    if isinstance(record.output, dict) and record.event not in IGNORES_DECISIONS:
        if should_stop_execution(record.output):
            return "stopped"
        if is_blocking_decision(record.output):
            return "blocked"
    if record.success:
        return "ok"
    if record.exit_code == 1:
        return "warning"
    return "failed"
