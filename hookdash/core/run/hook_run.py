"""One hook's run through the shared engine, as its host's result model, and one firing's
runs all at once, each appended to the run log.

What every host that runs an event's hooks in parallel and reads each run on its own
shares (Claude Code's and Codex CLI's `fire`): spawning, timing, the capped streams, a run
that never started, a run cut short by a cancelled firing, and the log. What a host reads
from a finished run (its outcome, its output, its verdict) it says itself, in `read`.
Gemini CLI's runner chains one hook's output into the next and keeps its own loop.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from hookdash.core.records import RunResult
from hookdash.core.run.process import (
    KILL_GRACE_S,
    MAX_CAPTURE_BYTES,
    HookProcess,
    captured_streams,
    run_process,
)
from hookdash.core.run.runlog import RunLog, log_firing, run_record
from hookdash.core.run.verdicts import CANCELLED_ERROR

R = TypeVar("R", bound=RunResult)
H = TypeVar("H")

# What a host reads from a finished run: (exit code or None for a signal, stdout, stderr,
# timed out) → the result's fields it decides (success, outcome, output, error, …).
ReadRun = Callable[[int | None, str, str, bool], Mapping[str, Any]]


def started_now() -> str:
    """A run's `started_at`: UTC, to the millisecond, as the run log writes times."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


async def run_one(
    model: type[R],
    base: Mapping[str, Any],
    command: str | Sequence[str],
    workspace: str,
    env: Mapping[str, str],
    payload: Mapping[str, Any],
    timeout_s: float,
    read: ReadRun,
    *,
    max_capture: int = MAX_CAPTURE_BYTES,
    kill_grace_s: float = KILL_GRACE_S,
    on_cancel: Callable[[R], None] | None = None,
) -> R:
    """Run `command` (a string for bash, or a program and its arguments) with `payload` as
    JSON on stdin, as `model` with the hook's own fields `base`; never raises for the
    hook's misbehaviour. Cancelled, it kills the hook's process group, hands `on_cancel`
    the run as far as it went (what it had written, how long it ran; its error as the
    log's cancelled runs have it), and raises CancelledError."""
    t0 = time.monotonic()
    fields = {**base, "input": dict(payload), "started_at": started_now()}
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass"
    )
    process: list[HookProcess] = []
    try:
        ran = await run_process(
            command,
            workspace,
            dict(env),
            data,
            timeout_s,
            max_capture=max_capture,
            kill_grace_s=kill_grace_s,
            on_spawn=process.append,
        )
    except asyncio.CancelledError:
        if on_cancel is not None:
            proc = process[0] if process else None
            streams = captured_streams(proc, proc.out.text(), proc.err.text()) if proc else {}
            on_cancel(
                model(
                    **fields,
                    **streams,
                    duration_ms=int((time.monotonic() - t0) * 1000),
                    success=False,
                    outcome="cancelled",
                    error=CANCELLED_ERROR,
                )
            )
        raise
    duration = int((time.monotonic() - t0) * 1000)
    if isinstance(ran, str):  # it never started: the spawn's error
        return model(
            **fields,
            duration_ms=duration,
            success=False,
            executed=False,
            outcome="not-started",
            error=ran,
        )
    proc, timed_out = ran
    out_text, err_text = proc.out.text(), proc.err.text()
    returncode = proc.returncode
    code = returncode if returncode is not None and returncode >= 0 else None
    return model(
        **fields,
        **captured_streams(proc, out_text, err_text),
        duration_ms=duration,
        exit_code=code,
        signal=-returncode if returncode is not None and returncode < 0 else None,
        timed_out=timed_out,
        **read(code, out_text, err_text, timed_out),
    )


async def run_all_logged(
    hooks: Sequence[H],
    run: Callable[[H, Callable[[R], None]], Awaitable[R]],
    *,
    log: RunLog,
    run_id: str,
    decision: Callable[[R], str | None],
    warnings: list[str],
    on_result: Callable[[int, R], None] | None = None,
) -> list[R]:
    """Run every hook at once (`run(hook, on_cancel)`), results in the hooks' order, and
    append each run to `log` with the firing's `run_id` and the host's `decision` for it.
    Cancelled, the runs that started are logged (finished or cut short) before
    CancelledError goes on. A log that cannot be written adds to `warnings`: it does not
    fail the firing."""
    ran: list[R] = []  # finished, or cut short by a cancel

    async def one(index: int, hook: H) -> R:
        done = await run(hook, ran.append)
        ran.append(done)
        if on_result is not None:
            on_result(index, done)
        return done

    def append(runs: Sequence[R]) -> None:
        records = (
            run_record(
                r,
                event=r.event or "",
                run_id=run_id,
                session=r.input.get("session_id"),
                decision=decision(r),
            )
            for r in runs
        )
        warning = log_firing(log, records)
        if warning is not None:
            warnings.append(warning)

    try:
        results = list(await asyncio.gather(*(one(i, h) for i, h in enumerate(hooks))))
    except asyncio.CancelledError:
        # gather raises once every hook has ended: each one that started is in `ran`.
        append(ran)
        raise
    append(results)
    return results
