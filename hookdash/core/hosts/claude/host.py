"""Claude Code behind the `Host` protocol: its layers, events, matchers, plan and every
operation, read and done as Claude Code 2.1.332 does (tests/claude/observed-2.1.332.md).
Each method is a door into the module that does the work, imported on use."""

from __future__ import annotations

import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core.hosts.base import BaseHost
from hookdash.core.hosts.claude.events import EVENTS, is_tool_event, match_field
from hookdash.core.hosts.protocol import Capability, HostName, SwitchKind, TimeoutUnit
from hookdash.core.hosts.registry import register

if TYPE_CHECKING:
    from pydantic import JsonValue

    from hookdash.core.edit.edits import AuthoringResult
    from hookdash.core.hosts.claude.fire import ClaudeFireResult
    from hookdash.core.hosts.claude.model import ClaudeHook, ClaudePlan, ClaudeSnapshot
    from hookdash.core.hosts.claude.review import ClaudeTrustResult
    from hookdash.core.records import HookChange, HookRecord, HostSnapshot, NewHook, Payload
    from hookdash.core.run.runlog import RunLog
    from hookdash.core.run.verdicts import Outcome, RunLike


class ClaudeHost(BaseHost):
    name: HostName = "claude"
    label = "Claude Code"
    mark = "C"
    modelled_version = "2.1.332"
    scopes: tuple[str, ...] = ("managed", "user", "project", "local", "plugin")
    write_scopes: tuple[str, ...] = ("user", "project", "local")
    # No per-hook off switch in Claude's files (hookdash parks) and no record of the hooks
    # it ran; the review is hookdash's own (Claude trusts a folder, not a hook).
    capabilities: frozenset[Capability] = frozenset(
        {"load", "plan", "fire", "switch", "global-switch", "add", "edit", "remove", "trust"}
    )
    switch_kind: SwitchKind | None = "park"
    timeout_unit: TimeoutUnit = "s"
    rank = 10

    # ------------------------------------------------------------ descriptors

    def events(self) -> tuple[str, ...]:
        return tuple(EVENTS)

    def match_field(self, event: str) -> str | None:
        return match_field(event)

    def matches(self, matcher: JsonValue, event: str, value: str | None) -> bool:
        from hookdash.core.hosts.claude.matcher import matches

        if match_field(event) is None:
            return True  # Claude ignores the matcher of such an event
        return matches(event, matcher if isinstance(matcher, str) else None, value or "")

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        from hookdash.core.hosts.claude.layers import claude_has_files

        return claude_has_files(workspace, environ)

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        found = shutil.which("claude", path=environ.get("PATH"))
        if found is None:
            return None
        from hookdash.core.hosts.program_version import version_output

        # `claude --version` prints "2.1.332 (Claude Code)"
        done = version_output(found, timeout=10, environ=environ)
        words = done[1].split() if done is not None else []
        return words[0] if done is not None and done[0] == 0 and words else None

    # ------------------------------------------------------------ reading

    def _snapshot(self, snapshot: HostSnapshot) -> ClaudeSnapshot:
        from hookdash.core.hosts.claude.model import ClaudeSnapshot

        return self.own(snapshot, ClaudeSnapshot)

    def _hook(self, hook: HookRecord) -> ClaudeHook:
        from hookdash.core.hosts.claude.model import ClaudeHook

        return self.own(hook, ClaudeHook)

    @staticmethod
    def _tool_trigger(event: str, value: str | None) -> tuple[str | None, str | None]:
        """`value` as the tool name or the trigger, whichever `event`'s matcher tests."""
        return (value, None) if is_tool_event(event) else (None, value)

    def load(self, workspace: Path, environ: Mapping[str, str]) -> ClaudeSnapshot:
        from hookdash.core.hosts.claude.registry import load_claude

        return load_claude(workspace, environ)

    def plan(self, snapshot: HostSnapshot, event: str, value: str | None = None) -> ClaudePlan:
        from hookdash.core.hosts.claude.planner import claude_plan

        tool, trigger = self._tool_trigger(event, value)
        return claude_plan(self._snapshot(snapshot), event, tool, trigger)

    def find(self, snapshot: HostSnapshot, arg: str) -> ClaudeHook:
        from hookdash.core.hosts.claude.target import find_claude_hook

        return find_claude_hook(self._snapshot(snapshot), arg)

    def verdict(self, run: RunLike) -> Outcome:
        from hookdash.core.hosts.claude.outputs import run_verdict
        from hookdash.core.run.verdicts import ended_early

        early = ended_early(run)
        if early is not None:
            return early
        decision = getattr(run, "decision", None)
        return run_verdict(run.event, run.exit_code, run.output, decision, run.success)

    # ------------------------------------------------------------ running

    async def fire(
        self,
        snapshot: HostSnapshot,
        event: str,
        *,
        hook: HookRecord | None = None,
        value: str | None = None,
        input_override: Payload | None = None,
        runlog: RunLog | None = None,
    ) -> ClaudeFireResult:
        from hookdash.core.hosts.claude.fire import fire_claude

        own = self._snapshot(snapshot)
        tool, trigger = self._tool_trigger(event, value)
        return await fire_claude(
            own,
            event,
            hook=None if hook is None else self._hook(hook),
            tool=tool,
            trigger=trigger,
            input_override=input_override,
            environ=own.environ,
            runlog=runlog,
        )

    # ------------------------------------------------------------ writing

    def switch(self, snapshot: HostSnapshot, hook: HookRecord, on: bool) -> AuthoringResult:
        from hookdash.core.hosts.claude.parking import park_claude_hook, unpark_claude_hook

        own = self._snapshot(snapshot)
        act = unpark_claude_hook if on else park_claude_hook
        return act(self._hook(hook).ref, own.workspace, own.environ)

    def switch_all(
        self, snapshot: HostSnapshot, on: bool, scope: str | None = None, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.claude.switching import switch_claude_hooks

        own = self._snapshot(snapshot)
        return switch_claude_hooks(on, scope or "user", own.workspace, own.environ, dry_run=dry_run)

    def add(
        self, snapshot: HostSnapshot, hook: NewHook, scope: str, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.claude.authoring import add_claude_hook

        own = self._snapshot(snapshot)
        return add_claude_hook(
            hook.event,
            hook.command,
            matcher=hook.matcher,
            timeout=hook.timeout,
            scope=scope,
            workspace=own.workspace,
            environ=own.environ,
            dry_run=dry_run,
        )

    def edit(
        self,
        snapshot: HostSnapshot,
        hook: HookRecord,
        changes: HookChange,
        *,
        dry_run: bool = False,
    ) -> AuthoringResult:
        from hookdash.core.hosts.claude.authoring import edit_claude_hook

        own = self._snapshot(snapshot)
        return edit_claude_hook(
            self._hook(hook).ref,
            command=changes.command,
            matcher=changes.matcher,
            timeout=changes.timeout,
            workspace=own.workspace,
            environ=own.environ,
            dry_run=dry_run,
        )

    def remove(
        self, snapshot: HostSnapshot, hook: HookRecord, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.claude.authoring import remove_claude_hook

        own = self._snapshot(snapshot)
        return remove_claude_hook(self._hook(hook).ref, own.workspace, own.environ, dry_run=dry_run)

    def to_review(self, snapshot: HostSnapshot) -> Sequence[ClaudeHook]:
        """The repository's hooks never reviewed or changed since (the settings commands
        hookdash also reviews are not hooks: `hookdash trust --host claude` covers them)."""
        from hookdash.core.hosts.claude.model import ClaudeHook
        from hookdash.core.hosts.claude.review import claude_hooks_to_review

        items = claude_hooks_to_review(self._snapshot(snapshot))
        return [item for item in items if isinstance(item, ClaudeHook)]

    def trust(self, snapshot: HostSnapshot, hooks: Sequence[HookRecord]) -> ClaudeTrustResult:
        from hookdash.core.hosts.claude.review import trust_claude_hooks

        own = self._snapshot(snapshot)
        return trust_claude_hooks(own, [self._hook(h) for h in hooks], own.environ)


register(ClaudeHost())
