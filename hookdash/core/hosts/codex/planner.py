"""`hookdash plan --host codex`: what Codex CLI 0.171.0 runs for one event.

Every hook of the event that runs (see `registry`) and whose group's matcher matches the
event's tested value, in `hooks/list` order, all started together; nothing deduplicated.
"""

from __future__ import annotations

from hookdash.core.hosts.codex.events import EVENTS, match_field
from hookdash.core.hosts.codex.matcher import matches
from hookdash.core.hosts.codex.model import CodexPlan, CodexSkipped, CodexSnapshot


def plan_value(event: str, tool: str | None, trigger: str | None) -> str | None:
    """The value the event's matcher is tested against, from `--tool` / `--trigger`."""
    field = match_field(event)
    if field is None:
        return None
    return tool if field == "tool_name" else trigger


def codex_plan(
    snapshot: CodexSnapshot, event: str, tool: str | None = None, trigger: str | None = None
) -> CodexPlan:
    value = plan_value(event, tool, trigger)
    plan = CodexPlan(event=event, match_field=match_field(event), value=value, hooks=[], skipped=[])
    if event not in EVENTS:
        plan.notes.append(f"Codex CLI 0.171.0 has no event {event!r}: it runs no hook for it")
    if plan.match_field is not None and value is None:
        plan.notes.append(
            f"no {plan.match_field} given: every matcher counts as matching "
            f"(give {'--tool' if plan.match_field == 'tool_name' else '--trigger'})"
        )
    elif plan.match_field is None and any(
        h.matcher not in (None, "", "*") for h in snapshot.hooks if h.event == event
    ):
        plan.notes.append(f"Codex ignores matchers on {event}: every hook of it runs")
    for hook in snapshot.hooks:
        if hook.event != event:
            continue
        if not hook.runs:
            plan.skipped.append(
                CodexSkipped(
                    id=hook.id,
                    ref=hook.ref,
                    key=hook.key,
                    scope=hook.scope,
                    reason=hook.inactive_reason or "invalid",
                    why="; ".join(hook.not_running_because),
                )
            )
            continue
        if value is not None and not matches(event, hook.matcher, value):
            plan.skipped.append(
                CodexSkipped(
                    id=hook.id,
                    ref=hook.ref,
                    key=hook.key,
                    scope=hook.scope,
                    reason="matcher",
                    why=f"its matcher {hook.matcher!r} does not match {value!r} (a regex over "
                    "the whole value, case-sensitive)",
                )
            )
            continue
        plan.hooks.append(hook)
    return plan
