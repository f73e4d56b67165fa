"""Gemini's firing, hookdash's engine for it: plan → run → aggregate → effect, and the run
log, in one code path. (Claude Code's is hosts/claude/fire.py; what both run through - the
hook's process, the run log, `run_cancellable` - is core.run's.)

The CLI (`hookdash fire`), the dashboard and the tests all fire events through `fire`,
which appends one run-log record per hook it ran. It is asyncio-native: the dashboard
awaits it without blocking its event loop and can cancel it (which kills the hooks'
process groups); `fire_sync` is the CLI's wrapper.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.disk.state import state_dir
from hookdash.core.display import visible
from hookdash.core.hosts.gemini.aggregator import AggregationError, aggregate
from hookdash.core.hosts.gemini.effects import describe_effect
from hookdash.core.hosts.gemini.fire_setup import build_payload, check_event, run_settings
from hookdash.core.hosts.gemini.payloads import (
    context_of,
    payload_problems,
)
from hookdash.core.hosts.gemini.planner import (
    Plan,
    PlanContext,
    Skipped,
    plan_event,
    with_hook,
)
from hookdash.core.hosts.gemini.runner import (
    HookRunResult,
    OnResult,
    OnStart,
    RunOutcome,
    run_hooks,
)
from hookdash.core.hosts.gemini.timeouts import killed_at_once
from hookdash.core.model import Configuration, Hook
from hookdash.core.records import FireOutcome
from hookdash.core.run.input_override import merge_input
from hookdash.core.run.process import run_cancellable
from hookdash.core.run.runlog import (
    RunLog,
    decision_of,
    log_firing,
    run_record,
)
from hookdash.core.run.verdicts import CANCELLED_ERROR

# ------------------------------------------------------------------ firing


class FireResult(FireOutcome, BaseModel):
    """`fire --json`: what ran, what each hook did, the aggregate and its effect."""

    host: Literal["gemini"] = "gemini"
    event: str
    run_id: str
    input: dict[str, Any]
    context: PlanContext
    sequential: bool
    hook: str | None = None  # the ref of the one hook fired with --hook
    gemini_would_run: bool = True
    gemini_would_not_run_because: list[str] = []
    results: list[HookRunResult]
    not_run: list[str] = []  # refs of planned hooks that did not run (runner error)
    skipped: list[Skipped] = []
    aggregate: dict[str, Any] | None = None
    aggregate_error: str | None = None
    run_error: str | None = None
    effect: str
    warnings: list[str] = []
    # Hooks whose timeout Node turns into 1 ms: Gemini kills them at once (and so did this
    # run), one sentence each.
    timeouts: list[str] = []


def _cancelled(hook: Hook, payload: Mapping[str, Any], started: float) -> HookRunResult:
    return HookRunResult(
        **hook.names(),
        command=hook.command,
        event=hook.event,
        input=dict(payload),
        started_at=datetime.fromtimestamp(started, UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z"),
        duration_ms=int((time.time() - started) * 1000),
        success=False,
        error=CANCELLED_ERROR,
    )


async def fire(
    config: Configuration,
    event: str,
    *,
    hook: Hook | None = None,
    tool_name: str | None = None,
    trigger: str | None = None,
    input_override: Mapping[str, Any] | None = None,
    payload: Mapping[str, Any] | None = None,
    on_start: OnStart | None = None,
    on_result: OnResult | None = None,
    runlog: RunLog | None = None,
) -> FireResult:
    """Fire `event` as Gemini CLI would, or fire just `hook` (even where Gemini would not).

    `payload` is used as given (the dashboard's edited one); otherwise a realistic one is
    built, and `input_override` is merged over either. The match context comes from the
    final payload, as in Gemini. Every hook run is appended to the run log.
    """
    check_event(event)
    if payload is None:
        payload = build_payload(config, event, hook=hook, tool_name=tool_name, trigger=trigger)
    final_input = merge_input(payload, input_override)
    result, to_run = _prepare(config, event, final_input, hook)
    log = runlog if runlog is not None else RunLog(state_dir(config.env.environ))
    outcome = await _run(config, to_run, result, log, on_start, on_result)
    result.results = outcome.results
    result.not_run = [h.ref for h in outcome.not_run]
    if outcome.error:
        result.run_error = outcome.error
    _log(log, outcome.results, event, result)
    result.effect = _effect(result, event)
    return result


def _prepare(
    config: Configuration, event: str, final_input: dict[str, Any], hook: Hook | None
) -> tuple[FireResult, list[Hook]]:
    """The result to fill in, and the hooks to run: the plan's, or just `hook`."""
    context = context_of(event, final_input)  # from the final payload, as in Gemini
    # A hook given (maybe a draft not written yet, or an edit of one) is planned in its place.
    pool = with_hook(config.hooks, hook) if hook is not None else config.hooks
    the_plan = plan_event(pool, event, context)
    result = FireResult(
        event=event,
        run_id=str(uuid.uuid4()),
        input=final_input,
        context=context,
        sequential=the_plan.sequential,
        results=[],
        skipped=the_plan.skipped,
        effect="",
        warnings=payload_problems(event, final_input),
        run_error=the_plan.error or None,
    )
    to_run = list(the_plan.hooks) if hook is None else [hook]
    result.timeouts = [
        f"{visible(h.id)}: {why}" for h in to_run if (why := killed_at_once(h.timeout_raw))
    ]
    if hook is None:
        return result, to_run
    result.hook = hook.ref
    result.sequential = False
    if not any(h.ref == hook.ref for h in the_plan.hooks):
        result.gemini_would_run = False
        result.gemini_would_not_run_because = _why_not(hook, the_plan)
    return result, [hook]


async def _run(
    config: Configuration,
    to_run: list[Hook],
    result: FireResult,
    log: RunLog,
    on_start: OnStart | None,
    on_result: OnResult | None,
) -> RunOutcome:
    """Run the hooks; when cancelled, log what ran (a hook cut short as cancelled)."""
    done: dict[int, HookRunResult] = {}
    started: dict[int, float] = {}

    def started_hook(index: int, h: Hook) -> None:
        started[index] = time.time()
        if on_start is not None:
            on_start(index, h)

    async def finished_hook(index: int, r: HookRunResult) -> None:
        done[index] = r
        if on_result is not None:
            maybe = on_result(index, r)
            if maybe is not None:
                await maybe

    try:
        return await run_hooks(
            to_run,
            result.event,
            result.input,
            run_settings(config, result.input),
            sequential=result.sequential,
            on_start=started_hook,
            on_result=finished_hook,
        )
    except asyncio.CancelledError:
        partial = [
            done.get(i) or _cancelled(to_run[i], result.input, t) for i, t in started.items()
        ]
        _log(log, partial, result.event, result)
        raise


def _log(log: RunLog, runs: Sequence[HookRunResult], event: str, result: FireResult) -> None:
    """Append the runs; a log that cannot be written is a warning, not a failed firing."""
    session = result.input.get("session_id")
    records = (
        run_record(
            r, event=event, run_id=result.run_id, session=session, decision=decision_of(r.output)
        )
        for r in runs
    )
    warning = log_firing(log, records)
    if warning is not None:
        result.warnings.append(warning)


def _why_not(hook: Hook, the_plan: Plan) -> list[str]:
    for skipped in the_plan.skipped:
        if skipped.ref == hook.ref:
            reasons = [skipped.detail or skipped.reason]
            if skipped.reason != "matcher":
                reasons = hook.not_running_because or reasons
            return reasons
    return [f"it is not among the hooks Gemini would run for {the_plan.event}"]


def _effect(result: FireResult, event: str) -> str:
    if not result.results and not result.run_error:
        return "Nothing: Gemini would run no hook for this event here."
    if result.run_error:
        effect = f"Nothing: {result.run_error}."
    else:
        outputs = [r.output for r in result.results if r.output is not None]
        try:
            result.aggregate = aggregate(event, outputs)
            effect = describe_effect(event, result.aggregate)
        except AggregationError as exc:
            result.aggregate_error = str(exc)
            effect = f"Nothing: Gemini's aggregator throws ({exc}), so the event has no effect."
    if not result.gemini_would_run:
        why = "; ".join(result.gemini_would_not_run_because)
        effect = f"Gemini would not run this hook ({why}). Had it run: {effect}"
    return effect


def fire_sync(config: Configuration, event: str, **kwargs: Any) -> FireResult:
    """`fire` for callers without an event loop (the CLI); see `run_cancellable`."""
    return run_cancellable(lambda: fire(config, event, **kwargs))
