"""What a hook's output means, read as Gemini's HookRunner reads it (runner.ts).

Stdout before stderr; JSON whatever the exit code (double-encoded JSON too); plain text
by exit code. A sequential run hands each hook's output on to the next hook's input.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from hookdash.core.hosts.gemini.jsvalues import (
    js_get,
    js_has,
    js_spread,
    js_string,
    js_trim,
    js_truthy,
    json_parse,
)

OutputFormat = Literal["json", "text"]


def plain_text_output(text: str, exit_code: int) -> dict[str, Any]:
    """convertPlainTextToHookOutput: 0 allows, 1 warns, anything else denies."""
    if exit_code == 0:
        return {"decision": "allow", "systemMessage": text}
    if exit_code == 1:
        return {"decision": "allow", "systemMessage": f"Warning: {text}"}
    return {"decision": "deny", "reason": text}


def parse_output(stdout: str, stderr: str, exit_code: int) -> tuple[Any, OutputFormat | None]:
    """The runner's `close` handler: (output, output_format)."""
    text = js_trim(stdout) or js_trim(stderr)
    if not text:
        return None, None
    try:
        parsed = json_parse(text)
        if isinstance(parsed, str):
            parsed = json_parse(parsed)  # double-encoded JSON
    except ValueError:
        return plain_text_output(text, exit_code), "text"
    if isinstance(parsed, dict | list):  # arrays count as objects in Gemini
        return parsed, "json"
    return None, None  # a number, boolean or null: no output, and no text fallback


def chain_input(current: Mapping[str, Any], output: Any, event: str) -> dict[str, Any]:
    """applyHookOutputToInput: the next sequential hook's stdin.

    Raises JsTypeError where Gemini's `in` would throw (a primitive hookSpecificOutput).
    """
    modified = dict(current)
    specific = js_get(output, "hookSpecificOutput")
    if not js_truthy(specific):
        return modified
    if event == "BeforeAgent" and js_has("additionalContext", specific):
        context = js_get(specific, "additionalContext")
        if isinstance(context, str) and "prompt" in modified:
            modified["prompt"] = js_string(modified["prompt"]) + "\n\n" + context
    elif event in ("BeforeModel", "BeforeTool"):
        key = "llm_request" if event == "BeforeModel" else "tool_input"
        if js_has(key, specific):
            partial = js_get(specific, key)
            if js_truthy(partial) and key in modified:
                modified[key] = {**js_spread(modified[key]), **js_spread(partial)}
    return modified
