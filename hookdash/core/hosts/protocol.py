"""The seam between what every agent shares and what is one agent's own rule.

hookdash manages the hooks of more than one coding agent. What differs between them - which
files they read and in what order, their event names and what each event's matcher is
tested against, how a matcher matches, which hooks run for an event, how a hook is switched
off, added, trusted - lives behind `Host`, one implementation per agent in
`core/hosts/<host>/`, registered by name (`core.hosts.registry`). Everything else in core
(risk flags, hidden characters, the JSONC reader and byte-preserving writer, the engine's
process handling, the run log, undo, the display rule) is shared and written once.

The model is harlequin's adapter boundary: every operation is typed and every host has
every method; a host that cannot do one declares it (its `capabilities` lack the name) and
the call raises `UnsupportedOperation`, which every screen and command shows the same way.
A caller holding a `Host` never branches on which agent it is.

What a host's operations take and give are the host-neutral records of `core.records`
(`HookRecord`, `HostSnapshot`, `HostPlan`, `FireOutcome`, `RunResult`); a host hands back
its own subclasses and accepts only its own snapshot and hooks (another host's is a
programming error: `WrongHost`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

# A host's name as the registry knows it ("gemini", "claude", "codex"; a test's toy host):
# an open set, since a host registers itself (core.hosts.registry).
HostName = str

if TYPE_CHECKING:
    from pydantic import JsonValue

    from hookdash.core.edit.edits import AuthoringResult, EditResult
    from hookdash.core.records import (
        FireOutcome,
        HookChange,
        HookRecord,
        HostPlan,
        HostSnapshot,
        NewHook,
        Payload,
        WriteResult,
    )
    from hookdash.core.run.runlog import RunLog, RunRecord
    from hookdash.core.run.verdicts import Outcome, RunLike

# Each operation beyond the descriptors, by name (`Host.capabilities`, the error's
# `operation`). "load": read the host's files into a snapshot (a host without it is only
# scanned); "plan": which hooks run for an event; "fire": run them through the engine;
# "switch": one hook off and on; "global-switch": every hook off and on; "add", "edit",
# "remove": a hook's own entry; "trust": record the person's review of the hooks the host
# (or hookdash for it) asks to be reviewed; "run-records": the host's own record of the
# hooks it ran (Gemini's telemetry).
Capability = Literal[
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
]
CAPABILITIES: tuple[Capability, ...] = (
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
)
# What a capability is called in the one sentence `UnsupportedOperation` says
# ("hookdash cannot add a hook for Toy").
CAPABILITY_WORDS: dict[Capability, str] = {
    "load": "read the hooks",
    "plan": "plan an event",
    "fire": "fire hooks",
    "switch": "switch one hook off and on",
    "global-switch": "switch every hook off and on",
    "add": "add a hook",
    "edit": "edit a hook",
    "remove": "remove a hook",
    "trust": "record a review of hooks",
    "run-records": "read the record of the hooks it ran",
}

# How a host's per-hook switch works in its files:
# "disabled-list": a list of hook names the agent reads (Gemini's hooksConfig.disabled);
# "park": the agent has none, so hookdash moves the handler's exact text into its own state
#         and puts it back the same way (Claude Code);
# "enabled-flag": a per-hook `enabled = false` the agent reads (Codex's hooks.state).
SwitchKind = Literal["disabled-list", "park", "enabled-flag"]
# The unit of a hook's timeout in the host's files (what `NewHook.timeout` is read in).
TimeoutUnit = Literal["ms", "s"]


@runtime_checkable
class Host(Protocol):
    """One agent, as hookdash models the shipped binary (not its docs).

    `load` gives what `list --host NAME --json` prints: its `hooks` are that host's hook
    records, each with `host == name`, its own `event` names and `scope` values (from
    `scopes`), and the fields every hook record has.
    """

    name: HostName
    label: str  # as a person names it: "Gemini CLI", "Claude Code"
    mark: str  # one letter before each of its hooks in a list of several hosts' ("G")
    modelled_version: str  # the release whose behaviour the verdicts reproduce
    scopes: tuple[str, ...]  # its layers, in the order it reads them
    write_scopes: tuple[str, ...]  # the layers `add` and `switch_all` may write, default first
    capabilities: frozenset[Capability]
    switch_kind: SwitchKind | None  # None: no per-hook switch ("switch" not a capability)
    timeout_unit: TimeoutUnit
    rank: int  # where `list` and `check` put it among the hosts (lower first)

    # ------------------------------------------------------------ descriptors

    def events(self) -> tuple[str, ...]:
        """Every event name the agent fires hooks for."""
        ...

    def match_field(self, event: str) -> str | None:
        """What `event`'s matcher is tested against (a tool name, a trigger), or None when
        the agent ignores matchers for that event."""
        ...

    def matches(self, matcher: JsonValue, event: str, value: str | None) -> bool:
        """Whether a hook with `matcher` runs for `event` when the tested field is `value`."""
        ...

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        """Whether any file of this agent exists for `workspace`: `list` and `check`
        without `--host` cover every host for which this is true."""
        ...

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        """The version of the agent installed on this machine, None when none is found."""
        ...

    # ------------------------------------------------------------ reading

    def load(self, workspace: Path, environ: Mapping[str, str]) -> HostSnapshot:
        """Every hook with its verdict, the layers, the trust and the findings. The snapshot
        remembers `environ`: the other operations take it back."""
        ...

    def plan(self, snapshot: HostSnapshot, event: str, value: str | None = None) -> HostPlan:
        """What the agent runs for `event` when the field its matchers test
        (`match_field(event)`) is `value`, and why each other hook does not run."""
        ...

    def find(self, snapshot: HostSnapshot, arg: str) -> HookRecord:
        """The one hook `arg` names (its ref, else its ID): `HookNotFound`, `AmbiguousHook`."""
        ...

    def verdict(self, run: RunLike) -> Outcome:
        """What the agent makes of one run (ok, warning, blocked, stopped, failed,
        timed-out, cancelled): one vocabulary for every host."""
        ...

    def run_records(self, snapshot: HostSnapshot, limit: int) -> list[RunRecord]:
        """The newest `limit` runs the agent itself recorded, oldest first."""
        ...

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
    ) -> FireOutcome:
        """Run `event`'s plan (or the one `hook`) with a realistic payload through the
        engine; every run is appended to the run log."""
        ...

    # ------------------------------------------------------------ writing

    def switch(self, snapshot: HostSnapshot, hook: HookRecord, on: bool) -> EditResult:
        """Switch one hook off (`on` False) or back on, by the host's own switch."""
        ...

    def switch_all(
        self, snapshot: HostSnapshot, on: bool, scope: str | None = None, *, dry_run: bool = False
    ) -> AuthoringResult:
        """Switch every hook of the host off or on, in `scope` (None: the host's choice)."""
        ...

    def add(
        self, snapshot: HostSnapshot, hook: NewHook, scope: str, *, dry_run: bool = False
    ) -> AuthoringResult:
        """Add one command hook to `scope`'s file (one of `write_scopes`)."""
        ...

    def edit(
        self,
        snapshot: HostSnapshot,
        hook: HookRecord,
        changes: HookChange,
        *,
        dry_run: bool = False,
    ) -> AuthoringResult:
        """Change one hook's fields in place."""
        ...

    def remove(
        self, snapshot: HostSnapshot, hook: HookRecord, *, dry_run: bool = False
    ) -> AuthoringResult:
        """Remove one hook from its file."""
        ...

    def to_review(self, snapshot: HostSnapshot) -> Sequence[HookRecord]:
        """The hooks waiting for the person's review (new, or changed since reviewed)."""
        ...

    def trust(self, snapshot: HostSnapshot, hooks: Sequence[HookRecord]) -> WriteResult:
        """Record `hooks`, exactly as the person was shown them, as reviewed and trusted."""
        ...
