"""Which hooks Gemini CLI would run for one firing of an event (hookPlanner.ts)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel

from hookdash.core.hosts.gemini.events import TRIGGER_FIELD, match_kind
from hookdash.core.hosts.gemini.matcher import matches
from hookdash.core.model import Hook, HookNames
from hookdash.core.records import HostPlan, PlanSkip

SkipReason = Literal[
    "disabled",
    "matcher",
    "duplicate",
    "untrusted-folder",
    "hooks-disabled",
    "ignored-layer",
    "invalid",
    "unknown-event",
    "gemini-refuses-to-start",
    "planner-error",
]


class PlanContext(BaseModel):
    """What the matchers are compared with (Gemini's handler passes one or none)."""

    tool_name: str | None = None
    trigger: str | None = None


class Skipped(HookNames, PlanSkip, BaseModel):
    reason: SkipReason
    detail: str | None = None


class Plan(HostPlan, BaseModel):
    """`plan --json`: the hooks in run order, and every hook left out with its reason."""

    host: Literal["gemini"] = "gemini"
    event: str
    context: PlanContext
    sequential: bool
    hooks: list[Hook]
    skipped: list[Skipped]
    error: str | None = None

    @property
    def empty(self) -> bool:
        return not self.hooks


def context_for(event: str, tool_name: str | None, trigger: str | None) -> PlanContext:
    """The context Gemini's handler builds for `event` (others ignore tool/trigger)."""
    kind = match_kind(event)
    if kind == "tool":
        return PlanContext(tool_name=tool_name)
    if kind == "trigger":
        return PlanContext(trigger=trigger)
    return PlanContext()


def _skip(hook: Hook, reason: SkipReason, detail: str | None = None) -> Skipped:
    return Skipped(**hook.names(), reason=reason, detail=detail)


def plan_event(hooks: Iterable[Hook], event: str, context: PlanContext) -> Plan:
    """createExecutionPlan: enabled entries by priority, matcher filter, dedup, sequential.

    The context is used as given (see `context_for` for what Gemini passes per event).
    """
    skipped: list[Skipped] = []
    entries: list[Hook] = []
    for hook in hooks:
        if hook.event != event:
            continue
        if hook.runs:
            entries.append(hook)
        else:
            reason = hook.inactive_reason or "invalid"
            why = hook.not_running_because[0] if hook.not_running_because else None
            skipped.append(_skip(hook, reason, why))
    entries.sort(key=lambda h: h.order if h.order is not None else 0)

    matched: list[Hook] = []
    for hook in entries:
        try:
            ok = matches(hook.matcher, event, context.tool_name, context.trigger)
        except TypeError:
            # Gemini's planner throws: the whole event invocation runs nothing.
            message = (
                f"the matcher of {hook.id} is not a string; Gemini's planner throws and runs "
                f"no {event} hook"
            )
            return Plan(
                event=event,
                context=context,
                sequential=False,
                hooks=[],
                skipped=skipped + [_skip(h, "planner-error", message) for h in entries],
                error=message,
            )
        if ok:
            matched.append(hook)
        else:
            skipped.append(_skip(hook, "matcher", _matcher_detail(hook, event, context)))

    seen: dict[str, Hook] = {}
    planned: list[Hook] = []
    for hook in matched:
        first = seen.get(hook.key)
        if first is None:
            seen[hook.key] = hook
            planned.append(hook)
        else:
            skipped.append(
                _skip(hook, "duplicate", f"same name:command as {first.id} ({first.layer_label})")
            )
    return Plan(
        event=event,
        context=context,
        sequential=any(h.sequential for h in planned),
        hooks=planned,
        skipped=skipped,
    )


def _matcher_detail(hook: Hook, event: str, context: PlanContext) -> str:
    if context.tool_name:
        return f"matcher {hook.matcher!r} does not match tool {context.tool_name!r}"
    field = TRIGGER_FIELD.get(event, "trigger")
    return f"matcher {hook.matcher!r} is not {field} {context.trigger!r}"


def with_hook(hooks: Sequence[Hook], hook: Hook) -> list[Hook]:
    """`hooks` with `hook` in its place: instead of the hook with the same ref (an edited
    one, or the same), else (a draft not written yet) just before the hook of its event
    that now has its `order` — so the planner, which sorts stably by order, puts it
    where Gemini would register it."""
    out = list(hooks)
    for i, existing in enumerate(out):
        if existing.ref == hook.ref:
            out[i] = hook
            return out
    position = len(out)
    if hook.order is not None:
        ahead = [
            i
            for i, h in enumerate(out)
            if h.event == hook.event and h.order is not None and h.order < hook.order
        ]
        same_event = [i for i, h in enumerate(out) if h.event == hook.event]
        if ahead:
            position = ahead[-1] + 1
        elif same_event:
            position = same_event[0]
    out.insert(position, hook)
    return out
