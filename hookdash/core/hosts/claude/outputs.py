"""What Claude Code 2.1.332 makes of a command hook's exit code and output, and of the
outputs of every hook of one event together: the `effect` sentence of `fire --host claude`.

One hook (run in the harness, tests/claude/test_fire_differential.py):
- exit 2 blocks where the event can be blocked (PreToolUse: the tool call does not run);
  stderr is what Claude is told, stdout is ignored;
- exit 0 with a JSON object on stdout: `decision: "block"` + `reason`, `continue: false` +
  `stopReason` (for PreToolUse the call still runs, then Claude stops), `systemMessage`
  (shown to the user), `suppressOutput`, and `hookSpecificOutput`: `permissionDecision`
  allow / deny / ask + `permissionDecisionReason` (PreToolUse), `additionalContext`;
- exit 0 with other stdout: plain text (added as context for UserPromptSubmit and
  SessionStart); any other exit code, a timeout: a non-blocking error, the call goes on.
Every hook (parallel): a block or a deny wins, then ask, then allow (a `-p` run, which cannot
ask, refuses an ask).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.display import shorten, visible

# "cancelled": cut short by a cancelled firing (a run-log record only: such a firing has
# no verdict).
Outcome = Literal[
    "success", "blocking-error", "non-blocking-error", "timed-out", "not-started", "cancelled"
]
OutputFormat = Literal["json", "text"]

# What exit 2 (and `decision: "block"`) does, for the events that can be blocked: the
# sentence's start ({tool}: the tool's name). PreToolUse is pinned by a run; the others
# follow Claude Code's hook documentation.
BLOCKS: dict[str, str] = {
    "PreToolUse": "Claude Code blocks the {tool} call",
    "PermissionRequest": "Claude Code denies the {tool} permission",
    "PreSkillShellCommand": "Claude Code blocks the skill's shell command",
    "PostToolUse": "Claude Code tells Claude the {tool} call was blocked (it has already run)",
    "PostToolUseFailure": "Claude Code tells Claude about the failed {tool} call",
    "PostToolBatch": "Claude Code tells Claude the tool calls were blocked (they have run)",
    "UserPromptSubmit": "Claude Code refuses the prompt: it is erased, not sent to the model",
    "UserPromptExpansion": "Claude Code blocks the expansion of the command",
    "Stop": "Claude Code does not stop: Claude is told to go on",
    "SubagentStop": "Claude Code does not stop the subagent: it is told to go on",
    "TeammateIdle": "Claude Code keeps the teammate working",
    "TaskCreated": "Claude Code refuses to create the task",
    "TaskCompleted": "Claude Code refuses to mark the task completed",
    "ConfigChange": "Claude Code refuses the settings change",
    "PreCompact": "Claude Code does not compact the conversation",
    "WorktreeCreate": "Claude Code does not create the worktree",
    "Elicitation": "Claude Code declines the MCP server's request",
    "ElicitationResult": "Claude Code declines the answer",
}
# Plain stdout of exit 0 becomes context for Claude for these events (others: transcript).
TEXT_IS_CONTEXT = frozenset({"UserPromptSubmit", "UserPromptExpansion", "SessionStart"})
_RANK = {"deny": 3, "ask": 2, "allow": 1}


# Fields of a hook's JSON output whose type Claude Code checks (its schema rejects the
# whole output, a failure of the hook, when one is wrong; run: {"continue": "yes"}). Only
# the fields hookdash reads are checked here.
_BOOLEANS = ("continue", "suppressOutput")
_STRINGS = ("stopReason", "reason", "systemMessage")
_CHOICES: dict[str, tuple[str, ...]] = {"decision": ("approve", "block")}
_SPECIFIC_CHOICES: dict[str, tuple[str, ...]] = {
    "permissionDecision": ("allow", "deny", "ask", "defer")
}


def output_fault(output: Mapping[str, Any]) -> str | None:
    """Why Claude Code's validation rejects a hook's JSON output, or None when the fields
    hookdash reads are of the right type (the binary's message's start)."""
    for key in _BOOLEANS:
        if key in output and not isinstance(output[key], bool):
            return f"{key}: expected boolean"
    for key in _STRINGS:
        if key in output and not isinstance(output[key], str):
            return f"{key}: expected string"
    specific = output.get("hookSpecificOutput")
    if "hookSpecificOutput" in output and not isinstance(specific, dict):
        return "hookSpecificOutput: expected object"
    for where, choices in ((output, _CHOICES), (specific or {}, _SPECIFIC_CHOICES)):
        for key, allowed in choices.items():
            if key in where and where[key] not in allowed:
                prefix = "hookSpecificOutput." if where is not output else ""
                return f"{prefix}{key}: expected one of {'|'.join(allowed)}"
    return None


def read_output(
    exit_code: int | None, stdout: str, timed_out: bool, executed: bool
) -> tuple[Outcome, Any, OutputFormat | None]:
    """One hook's outcome, its JSON output (None when it gave none) and its format."""
    if not executed:
        return "not-started", None, None
    if timed_out:
        return "timed-out", None, None
    if exit_code == 2:
        return "blocking-error", None, None
    if exit_code != 0:
        return "non-blocking-error", None, None
    text = stdout.strip()
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        if isinstance(value, dict):
            return "success", value, "json"
    return "success", None, "text" if text else None


class ClaudeAggregate(BaseModel):
    """What Claude Code makes of every hook of one event together."""

    blocked: bool = False
    block_reasons: list[str] = []
    permission_decision: Literal["allow", "deny", "ask"] | None = None
    permission_reason: str | None = None
    stop: bool = False  # `continue: false`
    stop_reason: str | None = None
    system_messages: list[str] = []
    additional_context: list[str] = []
    suppress_output: bool = False
    errors: int = 0  # non-blocking errors and timeouts


class HookOutcome(BaseModel):
    """The part of one hook's run the aggregate reads."""

    outcome: Outcome
    output: Any = None
    stdout: str = ""
    stderr: str = ""


def _specific(output: Mapping[str, Any]) -> Mapping[str, Any]:
    found = output.get("hookSpecificOutput")
    return found if isinstance(found, dict) else {}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _permission(agg: ClaudeAggregate, decision: Any, reason: Any) -> None:
    if decision == "approve":  # the older name of allow
        decision = "allow"
    if decision not in _RANK:
        return
    if agg.permission_decision is None or _RANK[decision] > _RANK[agg.permission_decision]:
        agg.permission_decision = decision
        agg.permission_reason = _text(reason)


def _read_json(agg: ClaudeAggregate, event: str, output: Mapping[str, Any]) -> None:
    specific = _specific(output)
    if output.get("continue") is False:
        agg.stop = True
        agg.stop_reason = agg.stop_reason or _text(output.get("stopReason"))
    if output.get("decision") == "block" and event in BLOCKS:
        agg.blocked = True
        agg.block_reasons.append(_text(output.get("reason")) or "no reason given")
    if output.get("decision") == "approve" and event == "PreToolUse":
        _permission(agg, "approve", output.get("reason"))
    if event == "PreToolUse":
        _permission(
            agg, specific.get("permissionDecision"), specific.get("permissionDecisionReason")
        )
    if event == "PermissionRequest":
        decision = specific.get("decision")
        if isinstance(decision, dict):
            _permission(agg, decision.get("behavior"), decision.get("message"))
    if message := _text(output.get("systemMessage")):
        agg.system_messages.append(message)
    if context := _text(specific.get("additionalContext")):
        agg.additional_context.append(context)
    if output.get("suppressOutput") is True:
        agg.suppress_output = True


def aggregate(event: str, runs: Sequence[HookOutcome]) -> ClaudeAggregate:
    agg = ClaudeAggregate()
    for run in runs:
        if run.outcome == "blocking-error":
            if event in BLOCKS:
                agg.blocked = True
                agg.block_reasons.append(run.stderr.strip() or "no reason given")
            else:  # Claude shows its stderr to the user; nothing to block
                agg.errors += 1
        elif run.outcome in ("non-blocking-error", "timed-out"):
            agg.errors += 1
        elif isinstance(run.output, dict):
            _read_json(agg, event, run.output)
        elif event in TEXT_IS_CONTEXT and run.stdout.strip():
            agg.additional_context.append(run.stdout.strip())
    if agg.permission_decision == "deny":
        agg.blocked = True
        agg.block_reasons.insert(0, agg.permission_reason or "no reason given")
    return agg


def _quote(text: str) -> str:
    return visible(shorten(text, 200))


def describe(event: str, agg: ClaudeAggregate, tool: str | None, ran: int) -> str:
    """One sentence on what Claude Code does with the outputs (`fire`'s effect)."""
    tool_name = tool or "tool"
    parts: list[str] = []
    if agg.blocked and event in BLOCKS:
        start = BLOCKS[event].format(tool=tool_name)
        parts.append(f"{start}: {'; '.join(_quote(r) for r in agg.block_reasons)}")
    elif agg.permission_decision == "ask":
        why = f": {_quote(agg.permission_reason)}" if agg.permission_reason else ""
        parts.append(
            f"Claude Code asks you before the {tool_name} call (`claude -p`, which cannot "
            f"ask, refuses it){why}"
        )
    elif agg.permission_decision == "allow":
        parts.append(f"Claude Code runs the {tool_name} call without asking for permission")
    if agg.stop:
        why = f": {_quote(agg.stop_reason)}" if agg.stop_reason else ""
        first = " after the call (which still runs)" if event == "PreToolUse" else ""
        parts.append(f"Claude Code stops Claude{first}{why}")
    if agg.system_messages:
        parts.append(f"it shows you: {'; '.join(_quote(m) for m in agg.system_messages)}")
    if agg.additional_context:
        parts.append(f"Claude is given: {'; '.join(_quote(c) for c in agg.additional_context)}")
    if not parts:
        if ran == 0:
            return "Nothing: no command hook ran."
        goes_on = (
            f"the {tool_name} call goes on" if event == "PreToolUse" else "Claude Code goes on"
        )
        parts.append(f"Nothing: {goes_on}")
    sentence = "; ".join(parts)
    if agg.errors:
        sentence += (
            f" ({agg.errors} hook(s) failed without blocking: Claude Code goes on and shows "
            "their stderr in its transcript)"
        )
    return sentence[0].upper() + sentence[1:] + "."


def run_verdict(
    event: str | None, exit_code: int | None, output: Any, decision: str | None, success: bool
) -> Literal["stopped", "blocked", "ok", "warning", "failed"]:
    """What one logged run of a Claude hook came to, in Claude Code's terms (the log's word
    for it): `stopped` (`continue: false`), `blocked` (a JSON block or deny, exit 2 — or a
    failure `onFailure: "block"` turns into one, which fire records as the run's `decision`
    — on an event that can be blocked), `ok`, `warning` (a non-blocking error: Claude shows
    it and goes on, exit 2 on an event with nothing to block included), `failed` (never
    ran to an exit code)."""
    if exit_code == 0 and isinstance(output, dict):
        agg = aggregate(event or "", [HookOutcome(outcome="success", output=output)])
        if agg.stop:
            return "stopped"
        if agg.blocked:
            return "blocked"
    if decision in ("block", "deny") and event in BLOCKS:
        return "blocked"
    if success:
        return "ok"
    return "failed" if exit_code is None else "warning"
