"""`hookdash fire --host codex`: run Codex CLI hooks as Codex CLI 0.171.0 runs them.

The plan is `codex_plan` for the payload's match value (every matching hook that runs,
all at once, nothing deduplicated); with a hook named, that hook alone (even where Codex
would not run it: the result says why). Each runs as Codex runs it (run): `/bin/bash -c
command` in the session's folder with Codex's own environment, the payload on stdin,
through the shared process handling (core.run.process: a process group of its own, output
capped, killed at its timeout in seconds). What the outputs decide is `verdict`. Every run
is appended to the run log with host "codex".
"""

from __future__ import annotations

import asyncio
import json
import os
import time
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.disk.state import state_dir
from hookdash.core.hosts.codex.events import is_tool_event, match_field
from hookdash.core.hosts.codex.layers import CodexScope
from hookdash.core.hosts.codex.model import CodexHook, CodexSkipped, CodexSnapshot
from hookdash.core.hosts.codex.payloads import codex_payload, payload_value
from hookdash.core.hosts.codex.planner import codex_plan
from hookdash.core.hosts.codex.verdict import HookReading, Outcome, effect, read_run
from hookdash.core.records import FireOutcome, RunResult
from hookdash.core.run.input_override import merge_input
from hookdash.core.run.process import (
    HookProcess,
    captured_streams,
    run_cancellable,
    run_process,
)
from hookdash.core.run.runlog import CANCELLED_ERROR, RunLog, log_firing, run_record
from hookdash.core.shown import ShownRun

BASH = "/bin/bash"  # what Codex spawns a hook's command with (run: `/bin/bash -c command`)


class CodexRunResult(RunResult, BaseModel):
    """One Codex hook's run, as `fire --host codex --json` and the run log show it."""

    host: Literal["codex"] = "codex"
    id: str
    key: str
    ref: str
    scope: CodexScope
    extension: None = None
    event: str
    command: str
    input: dict[str, Any]
    started_at: str
    duration_ms: int
    exit_code: int | None = None
    signal: int | None = None
    success: bool
    timed_out: bool = False
    executed: bool = True
    stdout: str = ""
    stderr: str = ""
    stdout_bytes: int = 0
    stderr_bytes: int = 0
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    output: Any = None
    output_format: str | None = None  # "json" or "text"
    outcome: Outcome
    verdict: str | None = None  # what Codex decides from it: block, deny, allow, ask
    error: str | None = None

    @property
    def shown(self) -> ShownRun:
        return ShownRun(self)


class CodexFireResult(FireOutcome, BaseModel):
    host: Literal["codex"] = "codex"
    event: str
    run_id: str
    input: dict[str, Any]
    match_field: str | None
    value: str | None
    hook: str | None = None  # the key of the one hook fired, if one was named
    sequential: bool = False
    results: list[CodexRunResult]
    skipped: list[CodexSkipped] = []
    blocked: bool = False
    effect: str
    codex_would_run: bool = True
    codex_would_not_run_because: list[str] = []
    notes: list[str] = []
    warnings: list[str] = []


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def spawned(command: str) -> list[str] | str:
    """`/bin/bash -c command` (the shared engine's bash where /bin/bash is missing)."""
    return [BASH, "-c", command] if os.path.exists(BASH) else command


async def run_codex_hook(
    hook: CodexHook,
    payload: Mapping[str, Any],
    workspace: str,
    environ: Mapping[str, str],
    *,
    on_cancel: Callable[[CodexRunResult], None] | None = None,
) -> CodexRunResult:
    """Run one hook through the shared engine; never raises for its misbehaviour."""
    t0 = time.monotonic()
    base: dict[str, Any] = {
        "id": hook.id,
        "key": hook.key,
        "ref": hook.ref,
        "scope": hook.scope,
        "event": hook.event,
        "command": hook.command,
        "input": dict(payload),
        "started_at": _now(),
    }
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass"
    )
    process: list[HookProcess] = []
    try:
        ran = await run_process(
            spawned(hook.command),
            workspace,
            dict(environ),
            data,
            float(hook.timeout),
            on_spawn=process.append,
        )
    except asyncio.CancelledError:
        if on_cancel is not None:
            proc = process[0] if process else None
            streams = captured_streams(proc, proc.out.text(), proc.err.text()) if proc else {}
            on_cancel(
                CodexRunResult(
                    **base,
                    **streams,
                    duration_ms=int((time.monotonic() - t0) * 1000),
                    success=False,
                    outcome="cancelled",
                    error=CANCELLED_ERROR,
                )
            )
        raise
    duration = int((time.monotonic() - t0) * 1000)
    if isinstance(ran, str):
        return CodexRunResult(
            **base,
            duration_ms=duration,
            success=False,
            executed=False,
            outcome="not-started",
            error=ran,
        )
    proc, timed_out = ran
    out_text, err_text = proc.out.text(), proc.err.text()
    code = proc.returncode if proc.returncode is not None and proc.returncode >= 0 else None
    reading = read_run(hook.event, code, out_text, err_text, timed_out)
    return CodexRunResult(
        **base,
        **captured_streams(proc, out_text, err_text),
        duration_ms=duration,
        exit_code=code,
        signal=-proc.returncode if proc.returncode is not None and proc.returncode < 0 else None,
        success=reading.outcome == "success",
        timed_out=timed_out,
        output=reading.output,
        output_format="json" if reading.output is not None else ("text" if out_text else None),
        outcome=reading.outcome,
        verdict=reading.decision,
        error=f"timed out after {hook.timeout:g} s" if timed_out else None,
    )


def build_codex_payload(
    snapshot: CodexSnapshot,
    event: str,
    *,
    hook: CodexHook | None = None,
    tool: str | None = None,
    trigger: str | None = None,
) -> dict[str, Any]:
    return codex_payload(
        event,
        snapshot.workspace,
        Path(snapshot.codex_home),
        tool=tool,
        trigger=trigger,
        matcher=hook.matcher if hook is not None else None,
    )


OnCodexResult = Callable[[int, CodexRunResult], None]


async def fire_codex(
    snapshot: CodexSnapshot,
    event: str,
    *,
    hook: CodexHook | None = None,
    tool: str | None = None,
    trigger: str | None = None,
    payload: Mapping[str, Any] | None = None,
    input_override: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
    runlog: RunLog | None = None,
    on_result: OnCodexResult | None = None,
) -> CodexFireResult:
    """Fire `event` as Codex would (or just `hook`), and log every run."""
    env = dict(os.environ if environ is None else environ)
    if payload is None:
        payload = build_codex_payload(snapshot, event, hook=hook, tool=tool, trigger=trigger)
    final = merge_input(payload, input_override)
    value = payload_value(event, final)
    plan = codex_plan(
        snapshot,
        event,
        value if is_tool_event(event) else None,
        None if is_tool_event(event) else value,
    )
    planned = [hook] if hook is not None else list(plan.hooks)
    result = CodexFireResult(
        event=event,
        run_id=str(uuid.uuid4()),
        input=final,
        match_field=match_field(event),
        value=value,
        hook=hook.key if hook is not None else None,
        results=[],
        skipped=plan.skipped if hook is None else [],
        effect="",
        notes=list(plan.notes) if hook is None else [],
    )
    if hook is not None and not any(h.key == hook.key for h in plan.hooks):
        result.codex_would_run = False
        result.codex_would_not_run_because = [s.why for s in plan.skipped if s.key == hook.key] or [
            f"it is not among the hooks Codex runs for {event}"
        ]
    ran: list[CodexRunResult] = []

    async def one(index: int, h: CodexHook) -> CodexRunResult:
        done = await run_codex_hook(h, final, snapshot.workspace, env, on_cancel=ran.append)
        ran.append(done)
        if on_result is not None:
            on_result(index, done)
        return done

    log = runlog if runlog is not None else RunLog(state_dir(env))
    try:
        result.results = list(await asyncio.gather(*(one(i, h) for i, h in enumerate(planned))))
    except asyncio.CancelledError:
        _log(log, ran, result)
        raise
    _log(log, result.results, result)
    readings = [
        read_run(r.event, r.exit_code, r.stdout, r.stderr, r.timed_out) for r in result.results
    ]
    result.blocked = any(r.decision in ("block", "deny") for r in readings)
    tool_name = final.get("tool_name") if is_tool_event(event) else None
    sentence = effect(event, readings, tool_name if isinstance(tool_name, str) else None)
    if not result.codex_would_run:
        reasons = "; ".join(result.codex_would_not_run_because)
        sentence = f"Codex would not run this hook ({reasons}). Had it run: {sentence}"
    result.effect = sentence
    return result


def _log(log: RunLog, runs: list[CodexRunResult], result: CodexFireResult) -> None:
    records = (
        run_record(
            r,
            event=r.event,
            run_id=result.run_id,
            session=r.input.get("session_id"),
            decision=r.verdict,
        )
        for r in runs
    )
    warning = log_firing(log, records)
    if warning is not None:
        result.warnings.append(warning)


def fire_codex_sync(snapshot: CodexSnapshot, event: str, **kwargs: Any) -> CodexFireResult:
    """`fire_codex` for the CLI; Ctrl-C and signals kill the hooks' process groups."""
    return run_cancellable(lambda: fire_codex(snapshot, event, **kwargs))


class CodexConfirmation(BaseModel):
    """A hook `fire` runs only with `--yes`, and why."""

    id: str
    key: str
    reason: str


def codex_confirmations(hooks: list[CodexHook]) -> list[CodexConfirmation]:
    """Hooks Codex would not run for want of trust: `fire` asks before running them."""
    out = []
    for hook in hooks:
        if hook.trust in ("untrusted", "modified", "project-untrusted"):
            reason = {
                "untrusted": "a hook you never trusted in Codex",
                "modified": "a hook that changed since you trusted it in Codex",
                "project-untrusted": "a hook of a project folder Codex does not trust",
            }[hook.trust]
            out.append(CodexConfirmation(id=hook.id, key=hook.key, reason=reason))
    return out


def readings_of(results: list[CodexRunResult]) -> list[HookReading]:
    return [read_run(r.event, r.exit_code, r.stdout, r.stderr, r.timed_out) for r in results]
