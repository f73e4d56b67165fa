"""Gemini CLI behind the `Host` protocol: its layers, events, matchers, planner and every
operation, as the rest of this package does them (observed 0.61.0, and the older releases
`versions` names). Each method is a door into the module that does the work; the imports
are made on use (the dashboard's first paint imports no pydantic through here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core.hosts.base import BaseHost
from hookdash.core.hosts.gemini.events import EVENTS, TRIGGER_FIELD, match_kind
from hookdash.core.hosts.protocol import Capability, HostName, SwitchKind, TimeoutUnit
from hookdash.core.hosts.registry import register

if TYPE_CHECKING:
    from pydantic import JsonValue

    from hookdash.core.edit.edits import AuthoringResult, EditResult
    from hookdash.core.hosts.gemini.environment import GeminiEnvironment
    from hookdash.core.hosts.gemini.fire import FireResult
    from hookdash.core.hosts.gemini.planner import Plan
    from hookdash.core.model import Configuration, Hook, Snapshot
    from hookdash.core.records import HookChange, HookRecord, HostSnapshot, NewHook, Payload
    from hookdash.core.run.runlog import RunLog, RunRecord
    from hookdash.core.run.verdicts import Outcome, RunLike


class GeminiHost(BaseHost):
    name: HostName = "gemini"
    label = "Gemini CLI"
    mark = "G"
    modelled_version = "0.61.0"
    scopes: tuple[str, ...] = ("system-defaults", "user", "workspace", "system", "extension")
    write_scopes: tuple[str, ...] = ("user", "workspace")
    capabilities: frozenset[Capability] = frozenset(
        {
            "load",
            "plan",
            "fire",
            "switch",
            "global-switch",
            "add",
            "edit",
            "remove",
            "trust",
            "run-records",
        }
    )
    switch_kind: SwitchKind | None = "disabled-list"
    timeout_unit: TimeoutUnit = "ms"
    rank = 0

    # ------------------------------------------------------------ descriptors

    def events(self) -> tuple[str, ...]:
        return EVENTS

    def match_field(self, event: str) -> str | None:
        kind = match_kind(event)
        if kind == "tool":
            return "tool_name"
        return TRIGGER_FIELD.get(event) if kind == "trigger" else None

    def matches(self, matcher: JsonValue, event: str, value: str | None) -> bool:
        from hookdash.core.hosts.gemini.matcher import matches

        tool, trigger = self._tool_trigger(event, value)
        return matches(matcher, event, tool, trigger)

    @staticmethod
    def _tool_trigger(event: str, value: str | None) -> tuple[str | None, str | None]:
        """`value` as the tool name or the trigger, whichever `event`'s matcher tests."""
        kind = match_kind(event)
        return (value if kind == "tool" else None, value if kind == "trigger" else None)

    def _env(self, workspace: Path, environ: Mapping[str, str]) -> GeminiEnvironment:
        from hookdash.core.hosts.gemini.environment import resolve_environment

        return resolve_environment(str(workspace), environ)

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        env = self._env(workspace, environ)
        paths = [*env.settings_paths.values(), env.extensions_dir]
        return any(Path(path).exists() for path in paths)

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        from hookdash.core.hosts.gemini.installed import find_gemini

        found = find_gemini(environ)
        return found.version if found else None

    # ------------------------------------------------------------ reading

    def configuration(self, snapshot: HostSnapshot) -> Configuration:
        """The loaded configuration `snapshot` was made with (what the writes need)."""
        from hookdash.core.model import Snapshot

        own = self.own(snapshot, Snapshot)
        if own.configuration is None:
            raise ValueError("a Gemini snapshot not made by hookdash's loader")
        return own.configuration

    def load(self, workspace: Path, environ: Mapping[str, str]) -> Snapshot:
        from hookdash.core.load.loader import load_configuration

        return load_configuration(self._env(workspace, environ)).snapshot

    def plan(self, snapshot: HostSnapshot, event: str, value: str | None = None) -> Plan:
        from hookdash.core.hosts.gemini.planner import context_for, plan_event
        from hookdash.core.model import Snapshot

        tool, trigger = self._tool_trigger(event, value)
        return plan_event(
            self.own(snapshot, Snapshot).hooks, event, context_for(event, tool, trigger)
        )

    def find(self, snapshot: HostSnapshot, arg: str) -> Hook:
        from hookdash.core.errors import AmbiguousHook
        from hookdash.core.load.lookup import find_hooks

        config = self.configuration(snapshot)
        found = next((h for h in config.hooks if h.ref == arg), None)
        if found is not None:
            return found
        lookup = find_hooks(config, arg)
        if len(lookup.hooks) == 1:
            return lookup.hooks[0]
        raise AmbiguousHook(
            f"{len(lookup.hooks)} Gemini CLI hooks have the ID '{arg}'; give the ref of the "
            "one you mean (from `hookdash list --json`).",
            [h.as_ref() for h in lookup.hooks],
        )

    def verdict(self, run: RunLike) -> Outcome:
        from hookdash.core.hosts.gemini.effects import run_outcome

        return run_outcome(run)

    def run_records(self, snapshot: HostSnapshot, limit: int) -> list[RunRecord]:
        from hookdash.core.hosts.gemini.telemetry_log import attribute, read_last_telemetry
        from hookdash.core.model import Snapshot

        own = self.own(snapshot, Snapshot)
        outfile = own.telemetry.outfile if own.telemetry.enabled else None
        if outfile is None:
            return []
        return attribute(read_last_telemetry(Path(outfile), limit), own.hooks)

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
    ) -> FireResult:
        from hookdash.core.hosts.gemini.fire import fire
        from hookdash.core.model import Hook

        tool, trigger = self._tool_trigger(event, value)
        return await fire(
            self.configuration(snapshot),
            event,
            hook=None if hook is None else self.own(hook, Hook),
            tool_name=tool,
            trigger=trigger,
            input_override=input_override,
            runlog=runlog,
        )

    # ------------------------------------------------------------ writing

    def switch(self, snapshot: HostSnapshot, hook: HookRecord, on: bool) -> EditResult:
        from hookdash.core.hosts.gemini.switching.disabled_list import disable_hook, enable_hook
        from hookdash.core.model import Hook

        config, own = self.configuration(snapshot), self.own(hook, Hook)
        return enable_hook(config, own) if on else disable_hook(config, own)

    def switch_all(
        self, snapshot: HostSnapshot, on: bool, scope: str | None = None, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.gemini.switching.hooks_switch import switch_hooks, switch_scope

        config = self.configuration(snapshot)
        return switch_hooks(config, on, scope or switch_scope(config), dry_run=dry_run)

    def add(
        self, snapshot: HostSnapshot, hook: NewHook, scope: str, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.gemini.authoring.hook_draft import HookDraft
        from hookdash.core.hosts.gemini.authoring.writing import add_hook

        timeout = (
            hook.timeout
            if hook.timeout is None or isinstance(hook.timeout, str)
            else str(hook.timeout)
        )
        draft = HookDraft(
            event=hook.event,
            command=hook.command,
            name=hook.name,
            matcher=hook.matcher,
            timeout_ms=timeout,
            description=hook.description,
            sequential=hook.sequential,
        )
        return add_hook(self.configuration(snapshot), draft, scope, dry_run=dry_run)

    def edit(
        self,
        snapshot: HostSnapshot,
        hook: HookRecord,
        changes: HookChange,
        *,
        dry_run: bool = False,
    ) -> AuthoringResult:
        from hookdash.core.hosts.gemini.authoring.hook_edit import HookChanges
        from hookdash.core.hosts.gemini.authoring.writing import edit_hook
        from hookdash.core.model import Hook

        timeout = changes.timeout
        gemini = HookChanges(
            command=changes.command,
            name=changes.name,
            matcher=changes.matcher,
            timeout_ms=timeout if timeout is None or isinstance(timeout, str) else str(timeout),
            description=changes.description,
            sequential=changes.sequential,
        )
        ref = self.own(hook, Hook).ref
        return edit_hook(self.configuration(snapshot), ref, gemini, dry_run=dry_run)

    def remove(
        self, snapshot: HostSnapshot, hook: HookRecord, *, dry_run: bool = False
    ) -> AuthoringResult:
        from hookdash.core.hosts.gemini.authoring.writing import remove_hook
        from hookdash.core.model import Hook

        ref = self.own(hook, Hook).ref
        return remove_hook(self.configuration(snapshot), ref, dry_run=dry_run)

    def to_review(self, snapshot: HostSnapshot) -> Sequence[Hook]:
        from hookdash.core.hosts.gemini.trust.trust_store import plan_trust

        return plan_trust(self.configuration(snapshot)).trust

    def trust(self, snapshot: HostSnapshot, hooks: Sequence[HookRecord]) -> EditResult:
        from hookdash.core.hosts.gemini.trust.trust_store import trust_hooks
        from hookdash.core.model import Hook

        own = [self.own(hook, Hook) for hook in hooks]
        return trust_hooks(self.configuration(snapshot), own)


register(GeminiHost())
