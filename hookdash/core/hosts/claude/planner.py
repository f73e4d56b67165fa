"""What Claude Code 2.1.332 runs for one event: every hook of the event that is on and
whose matcher matches the event's match query, identical handlers once, all in parallel.

The match query is the tool name for tool events (`--tool`), the source, trigger, reason,
notification type, … for the others (`--trigger`); an event without a match field runs
every hook whatever its matcher says. Without the value, every matcher counts as
matching, and a note says so.
"""

from __future__ import annotations

import difflib

from hookdash.core.display import visible
from hookdash.core.hosts.claude.events import (
    EVENTS,
    KNOWN_EVENTS,
    KNOWN_VALUES,
    is_tool_event,
    match_field,
)
from hookdash.core.hosts.claude.matcher import matches
from hookdash.core.hosts.claude.model import (
    ClaudeHook,
    ClaudeInactive,
    ClaudePlan,
    ClaudeSkipped,
    ClaudeSnapshot,
)
from hookdash.core.hosts.claude.run_once import RunOnce

# Why a hook's listed verdict keeps it out of every plan of its event.
_STANDING: tuple[ClaudeInactive, ...] = (
    "claude-refuses-to-start",
    "hooks-disabled",
    "ignored-layer",
    "invalid",
    "parked",
    "plugin-off",
    "untrusted-folder",
    "not-fired",
)


def _skip(hook: ClaudeHook, reason: ClaudeInactive, why: str) -> ClaudeSkipped:
    return ClaudeSkipped(id=hook.id, ref=hook.ref, scope=hook.scope, reason=reason, why=why)


def _notes(event: str, field: str | None, tool: str | None, trigger: str | None) -> list[str]:
    notes = []
    if field is None and (tool or trigger):
        notes.append(
            f"Claude Code fires {event} without a match query: matchers are ignored, and so "
            "are --tool and --trigger."
        )
    elif field is not None:
        given = tool if is_tool_event(event) else trigger
        flag = "--tool NAME" if is_tool_event(event) else "--trigger VALUE"
        if given is None:
            notes.append(
                f"No {flag} given: {event} matchers are tested against its {field}, so this "
                "lists every hook as if its matcher matched."
            )
        known = KNOWN_VALUES.get(event)
        if given is not None and known is not None and given not in known:
            notes.append(
                f"Claude Code sends {event} with {field} {', '.join(known)}, not {given!r}."
            )
    return notes


def claude_plan(
    snapshot: ClaudeSnapshot, event: str, tool: str | None = None, trigger: str | None = None
) -> ClaudePlan:
    field = match_field(event)
    value = (tool if is_tool_event(event) else trigger) if field is not None else None
    if field == "file_path" and value is not None:
        value = value.rstrip("/").rsplit("/", 1)[-1]  # FileChanged matches the base name
    runs: list[ClaudeHook] = []
    skipped: list[ClaudeSkipped] = []
    candidates: list[ClaudeHook] = []
    for hook in snapshot.hooks:
        if hook.event != event:
            continue
        if hook.inactive_reason in _STANDING:
            skipped.append(_skip(hook, hook.inactive_reason, hook.not_running_because[0]))
            continue
        matcher = hook.matcher if isinstance(hook.matcher, str) else None
        if field is not None and value is not None and not matches(event, matcher, value):
            why = f"its matcher {matcher!r} does not match {field} {value!r}"
            skipped.append(_skip(hook, "matcher", why))
            continue
        candidates.append(hook)
    kept = RunOnce(candidates)
    for hook in candidates:
        first = kept.copy_of(hook, event)
        if first is not None:
            at = f"{first.file}:{first.line}" if first.line else first.file
            why = f"identical to the {first.scope} hook at {at}: Claude Code runs it once"
            skipped.append(_skip(hook, "duplicate", why))
            continue
        runs.append(hook)
    notes = _notes(event, field, tool, trigger)
    conditional = [h for h in runs if h.condition]
    if conditional:
        notes.append(
            f"{len(conditional)} of these hooks also have an `if` condition (a permission rule "
            "such as Bash(git *)): Claude runs them only when the tool call matches it, which "
            "hookdash does not evaluate."
        )
    notes += _scoped_notes(runs) + _safe_mode_notes(runs)
    return ClaudePlan(
        event=event,
        match_field=field,
        value=value,
        hooks=runs,
        skipped=skipped,
        notes=notes,
    )


def _scoped_notes(runs: list[ClaudeHook]) -> list[str]:
    """When the hooks of skills and agents in the plan run: not in every session."""
    notes = []
    skills = sorted({h.source_name or "" for h in runs if h.source == "skill"})
    agents = sorted({h.source_name or "" for h in runs if h.source == "agent"})
    if skills:
        notes.append(
            f"Hooks of the skill(s) {', '.join(visible(n) for n in skills)} run only once "
            "the skill has been used in the session, and from then to its end."
        )
    if agents:
        notes.append(
            f"Hooks of the agent(s) {', '.join(visible(n) for n in agents)} run only while "
            "that subagent runs, for its own tool calls."
        )
    return notes


def _safe_mode_notes(runs: list[ClaudeHook]) -> list[str]:
    """What `claude --safe-mode` (or CLAUDE_CODE_SAFE_MODE=1) leaves of the plan: only
    managed hooks and those of plugins managed settings enable (run)."""
    left_out = [h for h in runs if not h.managed]
    if not left_out:
        return []
    kept = len(runs) - len(left_out)
    return [
        f"Under claude --safe-mode (or CLAUDE_CODE_SAFE_MODE=1) only managed hooks run: "
        f"{kept} of these {len(runs)}, the others not."
    ]


def claude_event_problem(name: str) -> str | None:
    """None when `name` is a Claude Code 2.1.332 event; else the message that says so."""
    if name in KNOWN_EVENTS:
        return None
    close = difflib.get_close_matches(name, EVENTS, n=1)
    hint = f" Did you mean {close[0]}?" if close else ""
    return f"{name!r} is not a Claude Code event.{hint} Events: {', '.join(EVENTS)}."
