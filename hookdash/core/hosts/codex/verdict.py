"""What Codex CLI 0.171.0 does with a hook's exit code and output (run: tests/codex).

On PreToolUse, exit 2 blocks the call (stderr is the reason the model gets), and so does
JSON output with `hookSpecificOutput.permissionDecision: "deny"` or `decision: "block"`;
a blocked call gets no PostToolUse. Exit 1 (or any other code) does not block: a failed
hook is noted and the call goes ahead. On PreToolUse, `permissionDecision` "allow" or "ask"
and `continue: false` are outputs Codex does not support there: the hook counts as failed
and the call goes ahead (run: `hook: PreToolUse Failed`). On UserPromptSubmit, Stop and
SubagentStop, exit 2 or `decision: "block"` blocks too (the prompt is dropped; the turn
goes on with the reason); on PostToolUse it hands the reason to the model. Elsewhere
`continue: false` stops the turn.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel

Outcome = Literal[
    "success", "blocking-error", "non-blocking-error", "timed-out", "not-started", "cancelled"
]
BLOCKING_EVENTS = frozenset(
    {"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"}
)


class HookReading(BaseModel):
    """One hook's run as Codex reads it."""

    outcome: Outcome
    output: Any = None  # the JSON object on stdout, when there is one
    decision: str | None = None  # block, deny, allow, ask
    reason: str | None = None
    stops: bool = False  # continue: false


def parse_output(stdout: str) -> Any:
    text = stdout.strip()
    if not text.startswith("{"):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def read_run(
    event: str, exit_code: int | None, stdout: str, stderr: str, timed_out: bool
) -> HookReading:
    if timed_out:
        return HookReading(outcome="timed-out")
    if exit_code is None:
        return HookReading(outcome="not-started")
    if exit_code == 2:
        blocks = event in BLOCKING_EVENTS
        return HookReading(
            outcome="blocking-error",
            decision="block" if blocks else None,
            reason=stderr.strip() or None,
        )
    if exit_code != 0:
        return HookReading(outcome="non-blocking-error")
    output = parse_output(stdout)
    reading = HookReading(outcome="success", output=output)
    if not isinstance(output, dict):
        return reading
    if event == "PreToolUse" and _unsupported_on_pre_tool_use(output):
        return HookReading(outcome="non-blocking-error", output=output)
    specific = output.get("hookSpecificOutput")
    decision = specific.get("permissionDecision") if isinstance(specific, dict) else None
    if isinstance(decision, str) and event in ("PreToolUse", "PermissionRequest"):
        reading.decision = decision
        why = specific.get("permissionDecisionReason") if isinstance(specific, dict) else None
        reading.reason = why if isinstance(why, str) else None
    if output.get("decision") == "block" and event in BLOCKING_EVENTS:
        reading.decision = "block"
        why = output.get("reason")
        reading.reason = why if isinstance(why, str) else reading.reason
    if output.get("continue") is False:
        reading.stops = True
        why = output.get("stopReason")
        reading.reason = why if isinstance(why, str) else reading.reason
    return reading


def _unsupported_on_pre_tool_use(output: dict[str, Any]) -> bool:
    specific = output.get("hookSpecificOutput")
    decision = specific.get("permissionDecision") if isinstance(specific, dict) else None
    return decision in ("allow", "ask") or output.get("continue") is False


def blocked(reading: HookReading) -> bool:
    return reading.decision in ("block", "deny")


def effect(event: str, readings: list[HookReading], tool: str | None) -> str:
    """One sentence: what Codex does after these hooks ran."""
    stop = next((r for r in readings if r.stops), None)
    if stop is not None:
        return f"Codex stops the turn: {stop.reason or 'a hook said continue: false'}"
    block = next((r for r in readings if blocked(r)), None)
    failed = sum(r.outcome in ("non-blocking-error", "timed-out", "not-started") for r in readings)
    note = f" ({failed} hook(s) failed; Codex goes on)" if failed else ""
    if block is None:
        if event == "PreToolUse":
            return f"the {tool or 'tool'} call goes ahead{note}"
        if event == "UserPromptSubmit":
            return f"the prompt goes to the model{note}"
        if event == "Stop":
            return f"the turn ends{note}"
        return f"nothing to decide: Codex goes on{note}"
    reason = block.reason or "no reason given"
    if event in ("PreToolUse", "PermissionRequest"):
        return (
            f"the {tool or 'tool'} call is blocked: {reason} (no PostToolUse; the model is "
            "told the reason)"
        )
    if event == "PostToolUse":
        return f"the model is told: {reason}"
    if event == "UserPromptSubmit":
        return f"the prompt is blocked: {reason}"
    if event in ("Stop", "SubagentStop"):
        return f"the turn does not end: Codex goes on with {reason!r} as the next prompt"
    return f"blocked: {reason}"
