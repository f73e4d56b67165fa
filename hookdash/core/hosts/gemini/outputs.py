"""One hook output as Gemini reads it: the seven standard fields and their accessors.

`DefaultHookOutput` and its per-event subclasses (`types.ts`). Outputs are JSON values
as `json.loads` gives them; JS `undefined` is an absent key.
"""

from __future__ import annotations

from typing import Any

from hookdash.core.hosts.gemini.jsvalues import (
    is_plain_object,
    js_get,
    js_has,
    js_truthy,
)

# DefaultHookOutput's fields, in its constructor's order: everything else is dropped.
STANDARD_FIELDS = (
    "continue",
    "stopReason",
    "suppressOutput",
    "systemMessage",
    "decision",
    "reason",
    "hookSpecificOutput",
)


def standard_fields(output: Any) -> dict[str, Any]:
    """`new DefaultHookOutput(output)` serialised: the seven fields that are present."""
    if not isinstance(output, dict):
        return {}
    return {k: output[k] for k in STANDARD_FIELDS if k in output}


def _hso(output: Any) -> Any:
    return js_get(output, "hookSpecificOutput")


def is_blocking_decision(output: Any) -> bool:
    return bool(js_get(output, "decision") in ("block", "deny"))


def is_ask_decision(output: Any) -> bool:
    return bool(js_get(output, "decision") == "ask")


def should_stop_execution(output: Any) -> bool:
    return js_get(output, "continue") is False


def effective_reason(output: Any) -> Any:
    """`stopReason || reason || 'No reason provided'` (stopReason wins)."""
    for key in ("stopReason", "reason"):
        value = js_get(output, key)
        if js_truthy(value):
            return value
    return "No reason provided"


def blocking_error(output: Any) -> dict[str, Any]:
    if is_blocking_decision(output):
        return {"blocked": True, "reason": effective_reason(output)}
    return {"blocked": False, "reason": ""}


def _specific(output: Any, key: str) -> tuple[bool, Any]:
    """(`key in hookSpecificOutput`, its value), with JS's `hso && key in hso` guard."""
    hso = _hso(output)
    if not js_truthy(hso):
        return False, None
    if js_has(key, hso):
        return True, js_get(hso, key)
    return False, None


def additional_context(output: Any) -> str | None:
    """getAdditionalContext: the string with `<` and `>` escaped (tag injection guard)."""
    present, context = _specific(output, "additionalContext")
    if not present or not isinstance(context, str):
        return None
    return context.replace("<", "&lt;").replace(">", "&gt;")


def should_clear_context(event: str, output: Any) -> bool:
    """Only AfterAgent's output class honours clearContext."""
    if event != "AfterAgent":
        return False
    present, value = _specific(output, "clearContext")
    return present and value is True


def modified_tool_input(event: str, output: Any) -> dict[str, Any] | None:
    """BeforeTool: `hookSpecificOutput.tool_input` if it is a non-array object."""
    if event != "BeforeTool":
        return None
    present, value = _specific(output, "tool_input")
    return value if present and is_plain_object(value) else None


def tail_tool_call_request(output: Any) -> dict[str, Any] | None:
    present, value = _specific(output, "tailToolCallRequest")
    return value if present and is_plain_object(value) else None


def has_synthetic_response(event: str, output: Any) -> bool:
    """BeforeModel: a truthy `llm_response` (used only together with a block)."""
    if event != "BeforeModel":
        return False
    present, value = _specific(output, "llm_response")
    return present and js_truthy(value)


def has_modified_response(event: str, output: Any) -> bool:
    """AfterModel: `llm_response.candidates[0].content.parts` is non-empty."""
    if event != "AfterModel":
        return False
    present, response = _specific(output, "llm_response")
    if not present:
        return False
    candidates = js_get(response, "candidates")
    first = js_get(candidates, "0")
    parts = js_get(js_get(first, "content"), "parts")
    if isinstance(parts, list | str):
        return len(parts) > 0
    return False
