"""Running command hooks exactly as Gemini's HookRunner does, minus its carelessness.

Same as Gemini (runner.ts): `bash -c <command>` after the `$GEMINI_*` expansion, cwd and
`GEMINI_*` variables from the payload, the hook's own `env` on top, the payload as
compact JSON on stdin, the timeout (`timeout ?? 60000` ms), and the output rules (stdout
before stderr, JSON whatever the exit code, double-encoded JSON, plain text by exit code).
Parallel by default; sequential runs chain BeforeAgent/BeforeModel/BeforeTool inputs.

Better than Gemini, without changing a verdict (the process handling is core.run.process,
shared by every host): a timeout kills the whole process group (and whatever still holds
the hook's pipes), then returns even if something still holds them; stdout/stderr are
capped in memory (with a marker and the true byte count); invalid UTF-8 is replaced; a
hook that closes stdin early or cannot be spawned is a result, never an exception.
Everything is asyncio-native, so a caller can cancel a run, which kills the hook's
process group.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.hosts.gemini.hook_output import OutputFormat, chain_input, parse_output
from hookdash.core.hosts.gemini.jsvalues import (
    JsTypeError,
    js_number,
    js_string,
    json_stringify,
    utf8,
)
from hookdash.core.hosts.gemini.shell import expand_command
from hookdash.core.hosts.gemini.timeouts import node_delay_ms
from hookdash.core.model import Hook, HookNames
from hookdash.core.records import RunResult
from hookdash.core.run.process import (
    KILL_GRACE_S,
    MAX_CAPTURE_BYTES,
    HookProcess,
    captured_streams,
    run_process,
)

UNTRUSTED_ERROR = "Security: Blocked execution of project hook in untrusted folder"


class HookRunResult(RunResult, HookNames, BaseModel):
    """One hook's run: `fire --json` results and the run log record are made from it."""

    host: Literal["gemini"] = "gemini"
    command: str | None
    command_run: str | None = None  # the text bash got, after the $GEMINI_* expansion
    event: str | None = None  # the hook's event (what Gemini makes of the output depends on it)
    input: dict[str, Any]
    started_at: str
    duration_ms: int
    exit_code: int | None = None  # Gemini's `exitCode || 0`: a signal death reads 0
    signal: int | None = None
    success: bool
    timed_out: bool = False
    executed: bool = True  # spawned at all
    stdout: str = ""
    stderr: str = ""
    stdout_bytes: int = 0
    stderr_bytes: int = 0
    stdout_truncated: bool = False
    stderr_truncated: bool = False
    output: Any = None
    output_format: OutputFormat | None = None
    error: str | None = None


@dataclass(frozen=True)
class RunSettings:
    """What every hook of one firing shares."""

    environ: Mapping[str, str]  # the (sanitized) environment Gemini's process would pass on
    plans_dir: str
    folder_trusted: bool = True
    plans_dir_error: str | None = None
    max_capture: int = MAX_CAPTURE_BYTES
    kill_grace_s: float = KILL_GRACE_S


@dataclass
class RunOutcome:
    """The results in plan order; `error` when Gemini's runner itself would throw."""

    results: list[HookRunResult]
    error: str | None = None
    not_run: list[Hook] = field(default_factory=list)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _base(hook: Hook, payload: Mapping[str, Any]) -> dict[str, Any]:
    return {
        **hook.names(),
        "command": hook.command,
        "event": hook.event,
        "input": dict(payload),
        "started_at": _now(),
    }


def _failure(base: dict[str, Any], t0: float, error: str, executed: bool = False) -> HookRunResult:
    return HookRunResult(
        **base,
        duration_ms=int((time.monotonic() - t0) * 1000),
        success=False,
        executed=executed,
        error=error,
    )


# The variables Gemini adds, and the payload field each comes from (None: the plans dir).
_GEMINI_VARS = (
    ("GEMINI_PROJECT_DIR", "cwd"),
    ("GEMINI_PLANS_DIR", None),
    ("GEMINI_CWD", "cwd"),
    ("GEMINI_SESSION_ID", "session_id"),
    ("CLAUDE_PROJECT_DIR", "cwd"),
)


def hook_environment(
    hook: Hook, payload: Mapping[str, Any], settings: RunSettings
) -> dict[str, str]:
    """runner.ts L348-356: sanitized env, the GEMINI_* variables, then the hook's env."""
    env = dict(settings.environ)
    for name, source in _GEMINI_VARS:
        if source is None:
            env[name] = settings.plans_dir
        elif source in payload:  # Node leaves out undefined values and stringifies the rest
            env[name] = js_string(payload[source])
    env.update(hook.env)
    return env


async def run_hook(
    hook: Hook, event: str, payload: Mapping[str, Any], settings: RunSettings
) -> HookRunResult:
    """HookRunner.executeHook for one hook. Never raises for a hook's misbehaviour."""
    t0 = time.monotonic()
    base = _base(hook, payload)
    refused = _refusal(hook, settings)
    if refused is not None:
        return _failure(base, t0, refused)
    assert hook.command is not None  # `_refusal` refuses a hook without one
    cwd = payload.get("cwd")
    command_text = expand_command(hook.command, cwd, settings.plans_dir, payload.get("session_id"))
    base["command_run"] = command_text
    if not isinstance(cwd, str):
        return _failure(
            base,
            t0,
            'TypeError: The "options.cwd" property must be of type string '
            f"(the payload's cwd is {json_stringify(cwd) if 'cwd' in payload else 'missing'})",
        )
    ran = await run_process(
        command_text,
        cwd,
        hook_environment(hook, payload, settings),
        utf8(json_stringify(payload)),
        node_delay_ms(hook.timeout_ms) / 1000,
        max_capture=settings.max_capture,
        kill_grace_s=settings.kill_grace_s,
    )
    if isinstance(ran, str):
        return _failure(base, t0, ran)
    proc, timed_out = ran
    return _finished(base, hook, proc, timed_out, int((time.monotonic() - t0) * 1000))


def _refusal(hook: Hook, settings: RunSettings) -> str | None:
    """Gemini's error for a hook it does not start at all, in the order it checks."""
    if hook.gemini_source == "project" and not settings.folder_trusted:
        return UNTRUSTED_ERROR
    if hook.type == "runtime":
        return (
            "TypeError: hookConfig.action is not a function (a runtime hook from a settings "
            "file has no code to run)"
        )
    if not hook.command:
        return "Command hook missing command"
    return settings.plans_dir_error or None


def _finished(
    base: dict[str, Any], hook: Hook, proc: HookProcess, timed_out: bool, duration_ms: int
) -> HookRunResult:
    """The result of a hook that ran: its streams, and its output or its timeout."""
    returncode = proc.returncode
    out_text, err_text = proc.out.text(), proc.err.text()
    streams = captured_streams(proc, out_text, err_text)
    killed_by = -returncode if returncode is not None and returncode < 0 else None
    if timed_out:
        return HookRunResult(
            **base,
            **streams,
            duration_ms=duration_ms,
            success=False,
            timed_out=True,
            signal=killed_by,
            error=f"Hook timed out after {js_number(hook.timeout_ms)}ms",
        )
    code = returncode if returncode is not None and returncode > 0 else 0
    output, output_format = parse_output(out_text, err_text, code)
    return HookRunResult(
        **base,
        **streams,
        duration_ms=duration_ms,
        exit_code=code,
        signal=killed_by,
        success=returncode == 0,
        output=output,
        output_format=output_format,
    )


OnStart = Callable[[int, Hook], None]
OnResult = Callable[[int, HookRunResult], Awaitable[None] | None]


async def _notify(callback: OnResult | None, index: int, result: HookRunResult) -> None:
    if callback is not None:
        maybe = callback(index, result)
        if maybe is not None:
            await maybe


async def run_hooks(
    hooks: Sequence[Hook],
    event: str,
    payload: Mapping[str, Any],
    settings: RunSettings,
    *,
    sequential: bool,
    on_start: OnStart | None = None,
    on_result: OnResult | None = None,
) -> RunOutcome:
    """executeHooksParallel / executeHooksSequential; results in plan order."""
    if not sequential:

        async def one(index: int, hook: Hook) -> HookRunResult:
            if on_start is not None:
                on_start(index, hook)
            result = await run_hook(hook, event, payload, settings)
            await _notify(on_result, index, result)
            return result

        if len(hooks) == 1:  # no gather: a task and a loop turn less on the common path
            return RunOutcome(results=[await one(0, hooks[0])])
        results = await asyncio.gather(*(one(i, h) for i, h in enumerate(hooks)))
        return RunOutcome(results=list(results))

    outcome = RunOutcome(results=[])
    current = dict(payload)
    for index, hook in enumerate(hooks):
        if on_start is not None:
            on_start(index, hook)
        result = await run_hook(hook, event, current, settings)
        outcome.results.append(result)
        await _notify(on_result, index, result)
        if result.success and result.output is not None:
            try:
                current = chain_input(current, result.output, event)
            except JsTypeError as exc:
                outcome.error = (
                    f"Gemini's runner throws while chaining {result.id}'s output "
                    f"(TypeError: {exc}): no later hook runs and the event has no effect"
                )
                outcome.not_run = list(hooks[index + 1 :])
                break
    return outcome
