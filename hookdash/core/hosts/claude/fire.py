"""`hookdash fire --host claude`: run Claude Code hooks as Claude Code 2.1.332 runs them.

The plan is `claude_plan` (every hook of the event on and matching, identical handlers
once, all in parallel), made for the match query the final payload carries; with a hook
named, that hook alone (even where Claude would not run it: the result says why). Each
`command` hook runs as Claude runs it (core.hosts.claude.handler): `/bin/sh -c command`,
or for the exec form (`args`) the program with its arguments and no shell, through the
shared process handling (core.run.process: a process group of its own, output capped, the
group killed at the timeout, in SECONDS, default 600), with the payload on stdin, in the
workspace, with Claude's variables: `CLAUDE_PROJECT_DIR` (the workspace),
`CLAUDE_PLUGIN_ROOT`/`_DATA` for a plugin's hooks. What the outputs decide follows the
handler's fields: `onFailure: "block"` makes a failure block as exit 2 does; an `async`
hook's output decides nothing. Other handler types (http, prompt, agent, mcp_tool) and
`shell: "powershell"` hooks are not fired by hookdash; the result lists them. Every run is
appended to the run log with host "claude"; a cancelled firing (esc, Ctrl-C, a signal)
kills the hooks' process groups and logs each hook that started as cancelled, with what it
had written and how long it ran, as Gemini's firing does.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core.disk.state import state_dir
from hookdash.core.hosts.claude.events import is_tool_event, match_field
from hookdash.core.hosts.claude.handler import SHELL, exec_argv, on_failure_blocks
from hookdash.core.hosts.claude.model import (
    ClaudeHook,
    ClaudePlan,
    ClaudeScope,
    ClaudeSkipped,
    ClaudeSnapshot,
)
from hookdash.core.hosts.claude.outputs import (
    HookOutcome,
    Outcome,
    OutputFormat,
    aggregate,
    describe,
    output_fault,
    read_output,
)
from hookdash.core.hosts.claude.payloads import claude_payload, payload_value
from hookdash.core.hosts.claude.planner import claude_plan
from hookdash.core.hosts.claude.plugins import plugin_data_dir
from hookdash.core.records import FireOutcome, RunResult
from hookdash.core.run.hook_run import run_all_logged, run_one, started_now
from hookdash.core.run.input_override import merge_input
from hookdash.core.run.process import KILL_GRACE_S, MAX_CAPTURE_BYTES, run_cancellable
from hookdash.core.run.runlog import RunLog, decision_of

CLAUDE_COMMAND_TIMEOUT_S = 600.0  # the binary's default for command hooks (`var rm=600000`)


class ClaudeRunResult(RunResult, BaseModel):
    """One Claude hook's run, as `fire --host claude --json` and the run log show it."""

    host: Literal["claude"] = "claude"
    id: str
    key: str
    ref: str
    scope: ClaudeScope
    extension: None = None  # (the run views read it: Claude hooks have no extension)
    event: str
    command: str | None
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
    output_format: OutputFormat | None = None
    outcome: Outcome
    error: str | None = None
    # What its outcome means to Claude (the handler's fields): a failure blocks as exit 2
    # (onFailure "block"); an async hook is not waited for and decides nothing.
    blocks_on_failure: bool = False
    background: Literal["async", "asyncRewake"] | None = None

    @property
    def decision(self) -> str | None:
        """What Claude reads as its decision (`block` for exit 2), as the run log records it:
        the verdict words (`core.outcome_of`) read it."""
        return _decision(self)

    @property
    def failed(self) -> bool:
        """A failure in onFailure's sense: not started, timed out, an exit code other than
        0 or 2, or JSON output Claude's validation rejects."""
        return self.outcome in ("not-started", "timed-out", "non-blocking-error")


class ClaudeNotFired(BaseModel):
    """A hook Claude runs for the event that hookdash does not (not a `command`)."""

    id: str
    ref: str
    type: Any
    why: str


class ClaudeFireResult(FireOutcome, BaseModel):
    """`fire --host claude --json`: what ran, what each hook did, and what Claude does."""

    host: Literal["claude"] = "claude"
    event: str
    run_id: str
    input: dict[str, Any]
    match_field: str | None
    value: str | None
    sequential: bool = False  # Claude runs an event's hooks in parallel
    hook: str | None = None
    claude_would_run: bool = True
    claude_would_not_run_because: list[str] = []
    results: list[ClaudeRunResult]
    not_fired: list[ClaudeNotFired] = []
    skipped: list[ClaudeSkipped] = []
    aggregate: dict[str, Any] | None = None
    effect: str
    warnings: list[str] = []
    notes: list[str] = []


def hook_environment(
    hook: ClaudeHook, workspace: str, environ: Mapping[str, str]
) -> dict[str, str]:
    """Claude's environment for a hook: its own, `CLAUDE_PROJECT_DIR`, and for a plugin's
    hook `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA` (as 2.1.332 sets them, run)."""
    env = dict(environ)
    env["CLAUDE_PROJECT_DIR"] = workspace
    if hook.plugin is not None and hook.plugin_root is not None:
        env["CLAUDE_PLUGIN_ROOT"] = hook.plugin_root
        env["CLAUDE_PLUGIN_DATA"] = str(plugin_data_dir(environ, hook.plugin))
    return env


def spawned(hook: ClaudeHook, env: Mapping[str, str]) -> list[str]:
    """What Claude Code spawns for a command hook: the exec form's program and arguments
    (its placeholders replaced from `env`, Claude's values), else `/bin/sh -c command`."""
    assert hook.command is not None
    if hook.args is None:
        return [SHELL, "-c", hook.command]
    return exec_argv(hook.command, hook.args, env)


def timeout_of(hook: ClaudeHook) -> float:
    value = hook.timeout
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        return CLAUDE_COMMAND_TIMEOUT_S
    return float(value)


async def run_claude_hook(
    hook: ClaudeHook,
    payload: Mapping[str, Any],
    workspace: str,
    environ: Mapping[str, str],
    *,
    max_capture: int = MAX_CAPTURE_BYTES,
    kill_grace_s: float = KILL_GRACE_S,
    on_cancel: Callable[[ClaudeRunResult], None] | None = None,
) -> ClaudeRunResult:
    """Run one command hook through the shared engine (`core.run.hook_run.run_one`: never
    raises for its misbehaviour; cancelled, `on_cancel` gets the run as far as it went)."""
    base: dict[str, Any] = {
        "id": hook.id,
        "key": hook.key,
        "ref": hook.ref,
        "scope": hook.scope,
        "event": hook.event,
        "command": hook.id if hook.command is not None else None,
        "blocks_on_failure": on_failure_blocks(hook.on_failure, hook.background, hook.event),
        "background": hook.background,
    }
    if hook.command is None:
        return ClaudeRunResult(
            **base,
            input=dict(payload),
            started_at=started_now(),
            duration_ms=0,
            success=False,
            executed=False,
            outcome="not-started",
            error="not a command hook: hookdash does not fire it",
        )

    def read(code: int | None, out: str, err: str, timed_out: bool) -> dict[str, Any]:
        outcome, output, fmt = read_output(code, out, timed_out, True)
        fault = output_fault(output) if outcome == "success" and isinstance(output, dict) else None
        error = f"timed out after {timeout_of(hook):g} s" if timed_out else None
        if fault is not None:  # Claude's validation rejects it: a failure, its output unread
            outcome = "non-blocking-error"
            error = f"Hook JSON output validation failed — {fault}"
        return {
            "output": output,
            "output_format": fmt,
            "outcome": outcome,
            "success": outcome == "success",
            "error": error,
        }

    env = hook_environment(hook, workspace, environ)
    return await run_one(
        ClaudeRunResult,
        base,
        spawned(hook, env),
        workspace,
        env,
        payload,
        timeout_of(hook),
        read,
        max_capture=max_capture,
        kill_grace_s=kill_grace_s,
        on_cancel=on_cancel,
    )


def as_claude_reads_it(result: ClaudeRunResult) -> HookOutcome | None:
    """The part of a run Claude's verdict reads: None for an async hook (not waited for);
    a failure of a hook with `onFailure: "block"` as the exit 2 it counts as, told as
    Claude tells it (run: `failed; blocking because onFailure is "block"` + stderr)."""
    if result.background == "async":
        return None
    if result.blocks_on_failure and result.failed:
        what = "timed out" if result.outcome == "timed-out" else "failed"
        detail = result.stderr.strip() or (result.error if not result.timed_out else "") or ""
        told = f'{what}; blocking because onFailure is "block"' + (f"\n{detail}" if detail else "")
        return HookOutcome(outcome="blocking-error", stderr=told)
    return HookOutcome(
        outcome=result.outcome, output=result.output, stdout=result.stdout, stderr=result.stderr
    )


def _decision(result: ClaudeRunResult) -> str | None:
    read = as_claude_reads_it(result)
    if read is None:
        return None
    if read.outcome == "blocking-error":
        return "block"
    if result.outcome != "success":
        return None
    output = result.output if isinstance(result.output, dict) else {}
    specific = output.get("hookSpecificOutput")
    if isinstance(specific, dict) and isinstance(specific.get("permissionDecision"), str):
        return str(specific["permissionDecision"])
    return decision_of(output)


def build_claude_payload(
    snapshot: ClaudeSnapshot,
    event: str,
    *,
    hook: ClaudeHook | None = None,
    tool: str | None = None,
    trigger: str | None = None,
) -> dict[str, Any]:
    """The payload `fire` sends: the match query given, else one the hook's matcher names."""
    return claude_payload(
        event,
        snapshot.workspace,
        Path(snapshot.config_dir),
        tool=tool,
        trigger=trigger,
        matcher=hook.matcher if hook is not None else None,
    )


def hooks_to_fire(
    snapshot: ClaudeSnapshot, event: str, payload: Mapping[str, Any], hook: ClaudeHook | None
) -> tuple[list[ClaudeHook], ClaudePlan]:
    """The hooks a firing runs (the plan's, for the payload's match query; or `hook`), and
    the plan."""
    value = payload_value(event, payload)
    tool = value if is_tool_event(event) else None
    trigger = value if not is_tool_event(event) else None
    plan = claude_plan(snapshot, event, tool, trigger)
    return ([hook] if hook is not None else list(plan.hooks)), plan


OnClaudeResult = Callable[[int, ClaudeRunResult], None]


async def fire_claude(
    snapshot: ClaudeSnapshot,
    event: str,
    *,
    hook: ClaudeHook | None = None,
    tool: str | None = None,
    trigger: str | None = None,
    payload: Mapping[str, Any] | None = None,
    input_override: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
    runlog: RunLog | None = None,
    on_result: OnClaudeResult | None = None,
) -> ClaudeFireResult:
    """Fire `event` as Claude Code would (or just `hook`), and log every run."""
    env = dict(os.environ if environ is None else environ)
    if payload is None:
        payload = build_claude_payload(snapshot, event, hook=hook, tool=tool, trigger=trigger)
    final = merge_input(payload, input_override)
    planned, plan = hooks_to_fire(snapshot, event, final, hook)
    result = ClaudeFireResult(
        event=event,
        run_id=str(uuid.uuid4()),
        input=final,
        match_field=match_field(event),
        value=payload_value(event, final),
        hook=hook.ref if hook is not None else None,
        results=[],
        skipped=plan.skipped if hook is None else [],
        effect="",
        notes=list(plan.notes) if hook is None else [],
    )
    if hook is not None and not any(h.ref == hook.ref for h in plan.hooks):
        result.claude_would_run = False
        why = [s.why for s in plan.skipped if s.ref == hook.ref] or [
            f"it is not among the hooks Claude Code runs for {event}"
        ]
        result.claude_would_not_run_because = why
    commands = [
        h
        for h in planned
        if h.type == "command" and h.command is not None and h.shell != "powershell"
    ]
    result.not_fired = [
        ClaudeNotFired(
            id=h.id,
            ref=h.ref,
            type=h.type,
            why=(
                "runs under PowerShell (pwsh); hookdash fires hooks under /bin/sh"
                if h.type == "command"
                else f"type {h.type}: Claude Code runs it, hookdash fires only command hooks"
            ),
        )
        for h in planned
        if h not in commands
    ]

    result.results = await run_all_logged(
        commands,
        lambda h, cut: run_claude_hook(h, final, snapshot.workspace, env, on_cancel=cut),
        log=runlog if runlog is not None else RunLog(state_dir(env)),
        run_id=result.run_id,
        decision=_decision,
        warnings=result.warnings,
        on_result=on_result,
    )
    read = [as_claude_reads_it(r) for r in result.results]
    outcomes = [o for o in read if o is not None]
    agg = aggregate(event, outcomes)
    result.aggregate = agg.model_dump(mode="json")
    tool_name = final.get("tool_name") if is_tool_event(event) else None
    effect = describe(event, agg, tool_name if isinstance(tool_name, str) else None, len(outcomes))
    effect += _background_note(result.results)
    if not result.claude_would_run:
        reasons = "; ".join(result.claude_would_not_run_because)
        effect = f"Claude Code would not run this hook ({reasons}). Had it run: {effect}"
    result.effect = effect
    return result


def _background_note(results: list[ClaudeRunResult]) -> str:
    """What the verdict leaves out or assumes of async and asyncRewake hooks."""
    note = ""
    waited = sum(r.background == "async" for r in results)
    if waited:
        note += (
            f" {waited} async hook(s) ran too: Claude Code does not wait for them, and their "
            "output decides nothing."
        )
    if any(r.background == "asyncRewake" for r in results):
        note += (
            " asyncRewake: this verdict is `claude -p`'s, which waits for the hook; an "
            "interactive session runs it in the background, and its exit 2 wakes the model."
        )
    return note


def fire_claude_sync(snapshot: ClaudeSnapshot, event: str, **kwargs: Any) -> ClaudeFireResult:
    """`fire_claude` for the CLI; Ctrl-C, SIGTERM and SIGHUP kill the hooks' process groups
    (the run is cancelled) and raise FireInterrupted, as Gemini's `fire_sync` does."""
    return run_cancellable(lambda: fire_claude(snapshot, event, **kwargs))


class ClaudeConfirmation(BaseModel):
    """A hook `fire` runs only with `--yes`, and why."""

    id: str
    ref: str
    reason: str


def claude_confirmations(hooks: list[ClaudeHook]) -> list[ClaudeConfirmation]:
    """Project and local hooks that Claude's folder trust does not cover, or that hookdash's
    review marks new or changed: `fire` asks before running them."""
    needed = []
    for hook in hooks:
        if hook.type != "command":
            continue  # hookdash does not run it
        if hook.trust == "untrusted":
            reason = (
                "a project hook in a folder Claude Code has no trust recorded for: an "
                "interactive session would ask first (`claude -p` would not)"
            )
        elif hook.review == "new":
            reason = "a project hook not reviewed yet (`hookdash trust --host claude`)"
        elif hook.review == "changed":
            reason = "a project hook that changed since you reviewed it"
        else:
            continue
        needed.append(ClaudeConfirmation(id=hook.id, ref=hook.ref, reason=reason))
    return needed
