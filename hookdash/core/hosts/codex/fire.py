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

import os
import uuid
from collections.abc import Callable, Mapping
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
from hookdash.core.run.hook_run import run_all_logged, run_one
from hookdash.core.run.input_override import merge_input
from hookdash.core.run.process import run_cancellable
from hookdash.core.run.runlog import RunLog
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

    def read(code: int | None, out: str, err: str, timed_out: bool) -> dict[str, Any]:
        reading = read_run(hook.event, code, out, err, timed_out)
        return {
            "output": reading.output,
            "output_format": "json" if reading.output is not None else ("text" if out else None),
            "outcome": reading.outcome,
            "verdict": reading.decision,
            "success": reading.outcome == "success",
            "error": f"timed out after {hook.timeout:g} s" if timed_out else None,
        }

    base = {
        "id": hook.id,
        "key": hook.key,
        "ref": hook.ref,
        "scope": hook.scope,
        "event": hook.event,
        "command": hook.command,
    }
    return await run_one(
        CodexRunResult,
        base,
        spawned(hook.command),
        workspace,
        environ,
        payload,
        float(hook.timeout),
        read,
        on_cancel=on_cancel,
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
    result.results = await run_all_logged(
        planned,
        lambda h, cut: run_codex_hook(h, final, snapshot.workspace, env, on_cancel=cut),
        log=runlog if runlog is not None else RunLog(state_dir(env)),
        run_id=result.run_id,
        decision=lambda r: r.verdict,
        warnings=result.warnings,
        on_result=on_result,
    )
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
