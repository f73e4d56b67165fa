"""Gemini's merge of several hook outputs into one (hookAggregator.ts), per event.

OR-decision for the tool and agent events and SessionStart, field replacement for the
model events, a union of allowed tools for BeforeToolSelection, a plain shallow merge
for the rest. Outputs go in plan order, failed hooks' outputs included, as Gemini does.
"""

from __future__ import annotations

from typing import Any, Literal

from hookdash.core.hosts.gemini.jsvalues import (
    JsTypeError,
    js_get,
    js_has,
    js_join,
    js_spread,
    js_string,
    js_truthy,
    utf16_key,
)
from hookdash.core.hosts.gemini.outputs import (
    is_ask_decision,
    is_blocking_decision,
    standard_fields,
)

Strategy = Literal["or-decision", "field-replacement", "tool-selection", "simple"]

STRATEGIES: dict[str, Strategy] = {
    "BeforeTool": "or-decision",
    "AfterTool": "or-decision",
    "BeforeAgent": "or-decision",
    "AfterAgent": "or-decision",
    "SessionStart": "or-decision",
    "BeforeModel": "field-replacement",
    "AfterModel": "field-replacement",
    "BeforeToolSelection": "tool-selection",
}


class AggregationError(Exception):
    """Gemini's aggregator throws on this input: the event has no effect at all."""


def strategy_for(event: str) -> Strategy:
    return STRATEGIES.get(event, "simple")


def aggregate(event: str, outputs: list[Any]) -> dict[str, Any] | None:
    """The final output Gemini acts on (None: no hook produced an output)."""
    if not outputs:
        return None
    strategy = strategy_for(event)
    try:
        if strategy == "or-decision":
            merged = _or_decision(outputs)
        elif strategy == "field-replacement":
            merged = _field_replacement(outputs)
        elif strategy == "tool-selection":
            merged = _tool_selection(outputs)
        else:
            merged = _simple(outputs)
    except JsTypeError as exc:
        raise AggregationError(f"TypeError: {exc}") from exc
    return standard_fields(merged)


def _or_decision(outputs: list[Any]) -> dict[str, Any]:
    merged: dict[str, Any] = {"continue": True, "suppressOutput": False}
    stop_reasons: list[Any] = []
    reasons: list[Any] = []
    messages: list[Any] = []
    contexts: list[str] = []
    blocked = asked = stopped = False
    for output in outputs:
        if js_get(output, "continue") is False:
            stopped = True
            merged["continue"] = False
            if js_truthy(js_get(output, "stopReason")):
                stop_reasons.append(js_get(output, "stopReason"))
        if is_blocking_decision(output):
            blocked = True
            merged["decision"] = js_get(output, "decision")
        elif is_ask_decision(output):
            asked = True
            if not blocked:  # an ask never overrides an earlier block
                merged["decision"] = "ask"
        if js_truthy(js_get(output, "reason")):
            reasons.append(js_get(output, "reason"))
        if js_truthy(js_get(output, "systemMessage")):
            messages.append(js_get(output, "systemMessage"))
        if js_truthy(js_get(output, "suppressOutput")):
            merged["suppressOutput"] = True
        specific = js_get(output, "hookSpecificOutput")
        if js_get(specific, "clearContext") is True:
            merged["hookSpecificOutput"] = {
                **merged.get("hookSpecificOutput", {}),
                "clearContext": True,
            }
        if js_truthy(specific):
            rest = js_spread(specific)
            rest.pop("clearContext", None)
            merged["hookSpecificOutput"] = {**merged.get("hookSpecificOutput", {}), **rest}
            # `'additionalContext' in specific` throws on a primitive, as in Gemini.
            if js_has("additionalContext", specific):
                context = js_get(specific, "additionalContext")
                if isinstance(context, str):
                    contexts.append(context)
    if not blocked and not asked and not stopped:
        merged["decision"] = "allow"
    if stop_reasons:
        merged["stopReason"] = js_join(stop_reasons, "\n")
    if reasons:
        merged["reason"] = js_join(reasons, "\n")
    if messages:
        merged["systemMessage"] = js_join(messages, "\n")
    if contexts:
        merged["hookSpecificOutput"] = {
            **merged.get("hookSpecificOutput", {}),
            "additionalContext": "\n".join(contexts),
        }
    return merged


def _field_replacement(outputs: list[Any]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for output in outputs:
        merged = {
            **merged,
            **js_spread(output),
            "hookSpecificOutput": {
                **js_spread(merged.get("hookSpecificOutput")),
                **js_spread(js_get(output, "hookSpecificOutput")),
            },
        }
    return merged


def _iterate(value: Any) -> list[Any]:
    """`for (const x of value)`: arrays and strings iterate, anything else throws."""
    if isinstance(value, list):
        return value
    if isinstance(value, str):
        return list(value)
    raise JsTypeError(f"{js_string(value)} is not iterable")


def _tool_selection(outputs: list[Any]) -> dict[str, Any]:
    names: list[Any] = []
    seen: set[tuple[str, Any]] = set()
    none_mode = any_mode = False
    for output in outputs:
        config = js_get(js_get(output, "hookSpecificOutput"), "toolConfig")
        if not js_truthy(config):
            continue
        mode = js_get(config, "mode")
        if mode == "NONE":
            none_mode = True
        elif mode == "ANY":
            any_mode = True
        allowed = js_get(config, "allowedFunctionNames")
        if js_truthy(allowed):
            for name in _iterate(allowed):
                # Set semantics: primitives by value and type, objects by identity.
                marker = (
                    type(name).__name__,
                    name if not isinstance(name, dict | list) else id(name),
                )
                if marker not in seen:
                    seen.add(marker)
                    names.append(name)
    if none_mode:
        mode_out, final = "NONE", []
    else:
        mode_out = "ANY" if any_mode else "AUTO"
        final = sorted(names, key=utf16_key)  # Array.sort: String(x) by UTF-16 code units
    return {
        "hookSpecificOutput": {
            "hookEventName": "BeforeToolSelection",
            "toolConfig": {"mode": mode_out, "allowedFunctionNames": final},
        }
    }


def _simple(outputs: list[Any]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for output in outputs:
        merged = {**merged, **js_spread(output)}
    return merged
