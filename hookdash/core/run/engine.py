"""The shared engine: plan → run → aggregate → effect, and the run log, in one code path.

The CLI (`hookdash fire`), the dashboard and the tests all fire events through `fire`,
which appends one run-log record per hook it ran. It is asyncio-native: the dashboard
awaits it without blocking its event loop and can cancel it (which kills the hooks'
process groups); `fire_sync` is the CLI's wrapper.
"""

from __future__ import annotations

import asyncio
import signal
import time
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel

from hookdash.core.errors import FireInterrupted, UnknownEvent
from hookdash.core.gemini.aggregator import AggregationError, aggregate
from hookdash.core.gemini.effects import describe_effect
from hookdash.core.gemini.env_sanitize import Sanitization, sanitize_environment
from hookdash.core.gemini.events import EVENTS, match_kind, suggest_event
from hookdash.core.gemini.storage import PlansDirError, plans_dir
from hookdash.core.model import Configuration, Hook
from hookdash.core.run.payloads import (
    build_payload as _build_event_payload,
    context_of,
    merge_input,
    payload_problems,
    tool_for_matcher,
    trigger_for_matcher,
)
from hookdash.core.run.planner import (
    Plan,
    PlanContext,
    Skipped,
    context_for,
    plan_event,
    with_hook,
)
from hookdash.core.run.runlog import RunLog, RunRecord, decision_of
from hookdash.core.run.runner import (
    HookRunResult,
    OnResult,
    OnStart,
    RunSettings,
    run_hooks,
)
from hookdash.core.state import state_dir

# ------------------------------------------------------------------ arguments


def check_event(name: str) -> str:
    if name not in EVENTS:
        raise UnknownEvent(name, hint=suggest_event(name), events=EVENTS)
    return name


# ------------------------------------------------------------------ confirmation


class Confirmation(BaseModel):
    """A hook Gemini would not run without the user's say-so, and why."""

    id: str
    ref: str
    reason: str


def confirmations_needed(config: Configuration, hooks: Sequence[Hook]) -> list[Confirmation]:
    """Hooks that need `--yes`: untrusted project hooks, settings hooks of an untrusted folder."""
    trusted_folder = config.snapshot.folder_trust.trusted
    needed = []
    for hook in hooks:
        if hook.gemini_source == "project" and not trusted_folder:
            reason = (
                "the folder is not trusted, and Gemini CLI never runs a settings hook there "
                "(its runner refuses it, so hookdash will not start it either)"
            )
        elif hook.trust == "new":
            reason = "a project hook not yet in trusted_hooks.json"
        elif hook.trust == "changed":
            reason = f"a project hook that changed since it was trusted ({hook.trust_detail})"
        else:
            continue
        needed.append(Confirmation(id=hook.id, ref=hook.ref, reason=reason))
    return needed


# ------------------------------------------------------------------ payloads


def default_match_values(
    config: Configuration, event: str, hook: Hook | None = None
) -> tuple[str | None, str | None]:
    """(tool name, trigger) for a test firing: from the hook's matcher, else from the
    first running hook of the event that has one."""
    kind = match_kind(event)
    if kind == "none":
        return None, None
    matcher: object = None
    if hook is not None:
        matcher = hook.matcher
    else:
        for candidate in sorted(
            (h for h in config.hooks if h.event == event and h.runs),
            key=lambda h: h.order if h.order is not None else 0,
        ):
            if candidate.matcher:
                matcher = candidate.matcher
                break
    if kind == "tool":
        return tool_for_matcher(matcher), None
    return None, trigger_for_matcher(event, matcher)


def build_payload(
    config: Configuration,
    event: str,
    *,
    hook: Hook | None = None,
    tool_name: str | None = None,
    trigger: str | None = None,
    session_id: str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The stdin Gemini would send for `event` here; tool/trigger default to what the
    hook's (or the event's first) matcher names."""
    check_event(event)
    default_tool, default_trigger = default_match_values(config, event, hook)
    return _build_event_payload(
        config.env,
        event,
        tool_name=tool_name or default_tool,
        trigger=trigger or default_trigger,
        session_id=session_id,
        now=now,
    )


def plan(
    config: Configuration, event: str, tool_name: str | None = None, trigger: str | None = None
) -> Plan:
    """`hookdash plan`: the plan for the context Gemini would pass with these values."""
    check_event(event)
    return plan_event(config.hooks, event, context_for(event, tool_name, trigger))


def run_settings(config: Configuration, payload: Mapping[str, Any]) -> RunSettings:
    """What Gemini's runner takes from its config: sanitized env, plans dir, folder trust."""
    env = config.env
    environ = sanitize_environment(env.environ, Sanitization.from_settings(config.merged))
    session = payload.get("session_id")
    try:
        plans = plans_dir(
            env.gemini_dir,
            env.project_root,
            session if isinstance(session, str) else "",
            config.merged,
        )
        error = None
    except PlansDirError as exc:
        plans, error = "", str(exc)
    return RunSettings(
        environ=environ,
        plans_dir=plans,
        plans_dir_error=error,
        folder_trusted=config.snapshot.folder_trust.trusted,
    )


# ------------------------------------------------------------------ firing


class FireResult(BaseModel):
    """`fire --json`: what ran, what each hook did, the aggregate and its effect."""

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


# The fields a run record takes over from the run's result as they are.
_SHARED_FIELDS = set(RunRecord.model_fields) & set(HookRunResult.model_fields)


def _record(result: HookRunResult, event: str, run_id: str, session: Any) -> RunRecord:
    started = datetime.fromisoformat(result.started_at.replace("Z", "+00:00"))
    finished = started.timestamp() + result.duration_ms / 1000
    ts = datetime.fromtimestamp(finished, UTC).isoformat(timespec="milliseconds")
    shared = result.model_dump(include=_SHARED_FIELDS)
    return RunRecord(
        **shared,
        ts=ts.replace("+00:00", "Z"),
        origin="hookdash",
        session_id=session if isinstance(session, str) else None,
        event=event,
        decision=decision_of(result.output),
        run_id=run_id,
    )


def _cancelled(hook: Hook, payload: Mapping[str, Any], started: float) -> HookRunResult:
    return HookRunResult(
        id=hook.id,
        key=hook.key,
        scope=hook.scope,
        extension=hook.extension,
        ref=hook.ref,
        command=hook.command,
        input=dict(payload),
        started_at=datetime.fromtimestamp(started, UTC)
        .isoformat(timespec="milliseconds")
        .replace("+00:00", "Z"),
        duration_ms=int((time.time() - started) * 1000),
        success=False,
        error="cancelled: hookdash killed its process group",
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
    context = context_of(event, final_input)
    # A hook given (maybe a draft not written yet, or an edit of one) is planned in its place.
    pool = with_hook(config.hooks, hook) if hook is not None else config.hooks
    the_plan = plan_event(pool, event, context)
    warnings = payload_problems(event, final_input)
    result = FireResult(
        event=event,
        run_id=str(uuid.uuid4()),
        input=final_input,
        context=context,
        sequential=the_plan.sequential,
        results=[],
        skipped=the_plan.skipped,
        effect="",
        warnings=warnings,
    )
    to_run = the_plan.hooks
    if the_plan.error:
        result.run_error = the_plan.error
    if hook is not None:
        result.hook = hook.ref
        result.sequential = False
        to_run = [hook]
        if not any(h.ref == hook.ref for h in the_plan.hooks):
            result.gemini_would_run = False
            result.gemini_would_not_run_because = _why_not(hook, the_plan)

    settings = run_settings(config, final_input)
    log = runlog if runlog is not None else RunLog(state_dir(config.env.environ))
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
        outcome = await run_hooks(
            to_run,
            event,
            final_input,
            settings,
            sequential=result.sequential,
            on_start=started_hook,
            on_result=finished_hook,
        )
    except asyncio.CancelledError:
        partial = [done.get(i) or _cancelled(to_run[i], final_input, t) for i, t in started.items()]
        _log(log, partial, event, result)
        raise
    result.results = outcome.results
    result.not_run = [h.ref for h in outcome.not_run]
    if outcome.error:
        result.run_error = outcome.error
    _log(log, outcome.results, event, result)
    result.effect = _effect(result, event)
    return result


def _log(log: RunLog, runs: Sequence[HookRunResult], event: str, result: FireResult) -> None:
    """Append the runs; a log that cannot be written is a warning, not a failed firing."""
    session = result.input.get("session_id")
    try:
        log.append(_record(r, event, result.run_id, session) for r in runs)
    except OSError as exc:
        result.warnings.append(f"could not append to the run log {log.path}: {exc.strerror or exc}")


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


# Ctrl-C, `kill`, and a closed terminal: each must take the hooks down with hookdash.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def fire_sync(config: Configuration, event: str, **kwargs: Any) -> FireResult:
    """`fire` for callers without an event loop (the CLI).

    SIGINT, SIGTERM and SIGHUP cancel the firing — which kills the running hooks' process
    groups, as the dashboard's cancel does — and then raise `FireInterrupted`. Without
    this, SIGTERM or SIGHUP would end hookdash at once and leave its hooks running (they
    have process groups of their own, so the terminal's hangup does not reach them).
    """

    async def main() -> FireResult:
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        caught: list[int] = []

        def stop(signum: int) -> None:
            if not caught:
                caught.append(signum)
                if task is not None:
                    task.cancel()

        installed = []
        for sig in STOP_SIGNALS:
            try:
                loop.add_signal_handler(sig, stop, sig)
            except (ValueError, RuntimeError, NotImplementedError):  # not the main thread
                continue
            installed.append(sig)
        try:
            result = await fire(config, event, **kwargs)
        except asyncio.CancelledError:
            if caught:
                raise FireInterrupted(caught[0]) from None
            raise
        finally:
            for sig in installed:
                loop.remove_signal_handler(sig)
        if caught:  # arrived as the last hook finished: still a request to stop
            raise FireInterrupted(caught[0])
        return result

    return asyncio.run(main())
