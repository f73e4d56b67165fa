"""Codex CLI behind the `Host` protocol: its files, events, matchers, plan and every
operation, read and done as Codex CLI 0.171.0 does (tests/codex pins them against the
binary). Each method is a door into the module that does the work, imported on use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core.hosts.base import BaseHost
from hookdash.core.hosts.codex.events import EVENTS, is_tool_event, match_field
from hookdash.core.hosts.codex.installed import codex_binary
from hookdash.core.hosts.protocol import Capability, HostName, SwitchKind, TimeoutUnit
from hookdash.core.hosts.registry import register

if TYPE_CHECKING:
    from pydantic import JsonValue

    from hookdash.core.edit.edits import AuthoringResult, EditResult
    from hookdash.core.hosts.codex.fire import CodexFireResult
    from hookdash.core.hosts.codex.model import CodexHook, CodexPlan, CodexSnapshot
    from hookdash.core.hosts.codex.trusting import CodexTrustResult
    from hookdash.core.records import HookChange, HookRecord, HostSnapshot, NewHook, Payload
    from hookdash.core.run.runlog import RunLog
    from hookdash.core.run.verdicts import Outcome, RunLike


class CodexHost(BaseHost):
    name: HostName = "codex"
    label = "Codex CLI"
    modelled_version = "0.171.0"
    scopes: tuple[str, ...] = ("managed", "system", "user", "project", "plugin")
    write_scopes: tuple[str, ...] = ("user", "project")
    # Codex's own per-hook switch (`enabled = false`) and trust (`trusted_hash`), both in
    # the user's hooks.state, and its global one (`[features] hooks`); Codex keeps no
    # record of the hooks it ran that hookdash reads.
    capabilities: frozenset[Capability] = frozenset(
        {"load", "plan", "fire", "switch", "global-switch", "add", "edit", "remove", "trust"}
    )
    switch_kind: SwitchKind | None = "enabled-flag"
    timeout_unit: TimeoutUnit = "s"
    rank = 20
    mark = "X"  # its letter in a list of several hosts' hooks (C is Claude Code's)

    # ------------------------------------------------------------ descriptors

    def events(self) -> tuple[str, ...]:
        return EVENTS

    def match_field(self, event: str) -> str | None:
        return match_field(event)

    def matches(self, matcher: JsonValue, event: str, value: str | None) -> bool:
        from hookdash.core.hosts.codex.matcher import matches

        return matches(event, matcher if isinstance(matcher, str) else None, value)

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        from hookdash.core.hosts.codex.layers import codex_layers

        # A config.toml alone (model settings) is not a hook file: only one with hooks, or
        # one Codex cannot load, counts.
        return any(
            layer.read.exists
            and (
                layer.read.kind == "json"
                or bool(layer.read.handlers)
                or layer.read.error is not None
            )
            for layer in codex_layers(workspace, environ)
        )

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        found = codex_binary(environ)
        if found is None:
            return None
        from hookdash.core.hosts.program_version import version_output

        # `codex --version` prints "codex-cli 0.171.0"
        done = version_output(found, timeout=10, environ=environ)
        words = done[1].split() if done is not None else []
        return words[-1] if done is not None and done[0] == 0 and words else None

    # ------------------------------------------------------------ reading

    def _snapshot(self, snapshot: HostSnapshot) -> CodexSnapshot:
        from hookdash.core.hosts.codex.model import CodexSnapshot

        return self.own(snapshot, CodexSnapshot)

    def _hook(self, hook: HookRecord) -> CodexHook:
        from hookdash.core.hosts.codex.model import CodexHook

        return self.own(hook, CodexHook)

    @staticmethod
    def _tool_trigger(event: str, value: str | None) -> tuple[str | None, str | None]:
        return (value, None) if is_tool_event(event) else (None, value)

    def load(self, workspace: Path, environ: Mapping[str, str]) -> CodexSnapshot:
        from hookdash.core.hosts.codex.registry import load_codex

        snapshot = load_codex(workspace, environ)
        snapshot.remember_environ(environ)
        return snapshot

    def plan(self, snapshot: HostSnapshot, event: str, value: str | None = None) -> CodexPlan:
        from hookdash.core.hosts.codex.planner import codex_plan

        tool, trigger = self._tool_trigger(event, value)
        return codex_plan(self._snapshot(snapshot), event, tool, trigger)

    def verdict(self, run: RunLike) -> Outcome:
        from hookdash.core.hosts.codex.verdict import read_run
        from hookdash.core.run.verdicts import ended_early

        early = ended_early(run)
        if early is not None:
            return early
        if run.exit_code is None:  # a record without an exit code says only whether it ran
            return "ok" if run.success else "failed"
        stdout = getattr(run, "stdout", None) or ""
        if not stdout and isinstance(run.output, dict):
            import json

            stdout = json.dumps(run.output)
        stderr = getattr(run, "stderr", None) or ""
        reading = read_run(run.event or "", run.exit_code, stdout, stderr, run.timed_out)
        if reading.stops:
            return "stopped"
        if reading.decision in ("block", "deny"):
            return "blocked"
        if reading.outcome == "success":
            return "ok"
        return "failed" if run.exit_code is None else "warning"

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
    ) -> CodexFireResult:
        from hookdash.core.hosts.codex.fire import fire_codex

        own = self._snapshot(snapshot)
        tool, trigger = self._tool_trigger(event, value)
        return await fire_codex(
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

    def switch(self, snapshot: HostSnapshot, hook: HookRecord, on: bool) -> EditResult:
        from hookdash.core.hosts.codex.switching import switch_codex_hooks

        own = self._snapshot(snapshot)
        return switch_codex_hooks([self._hook(hook)], on, own.environ)

    def switch_all(
        self, snapshot: HostSnapshot, on: bool, scope: str | None = None, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.codex.global_switch import switch_codex_hooks_all

        own = self._snapshot(snapshot)
        return switch_codex_hooks_all(own, on, scope or "user", own.environ, dry_run=dry_run)

    def add(
        self, snapshot: HostSnapshot, hook: NewHook, scope: str, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.codex.writing import add_codex_hook, fields_of, writable_scope

        own = self._snapshot(snapshot)
        return add_codex_hook(
            Path(own.workspace),
            hook.event,
            fields_of(hook.command, hook.matcher, hook.timeout),
            scope=writable_scope(scope),
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
        from hookdash.core.hosts.codex.writing import edit_codex_hook, fields_of

        own = self._snapshot(snapshot)
        return edit_codex_hook(
            self._hook(hook),
            fields_of(changes.command, changes.matcher, changes.timeout),
            own.environ,
            dry_run=dry_run,
        )

    def remove(
        self, snapshot: HostSnapshot, hook: HookRecord, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.codex.writing import remove_codex_hook

        own = self._snapshot(snapshot)
        return remove_codex_hook(self._hook(hook), list(own.hooks), own.environ, dry_run=dry_run)

    def to_review(self, snapshot: HostSnapshot) -> Sequence[CodexHook]:
        """Every user or project hook Codex skips for want of trust (never trusted, or
        changed since), and every trusted one whose scripts changed since the review."""
        from hookdash.core.hosts.codex.trusting import codex_hooks_to_review

        return codex_hooks_to_review(self._snapshot(snapshot))

    def trust(self, snapshot: HostSnapshot, hooks: Sequence[HookRecord]) -> CodexTrustResult:
        from hookdash.core.hosts.codex.trusting import trust_codex_hooks

        own = self._snapshot(snapshot)
        return trust_codex_hooks(own, [self._hook(h) for h in hooks], own.environ)


register(CodexHost())
