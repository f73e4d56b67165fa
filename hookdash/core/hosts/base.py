"""What every host inherits: each operation of the protocol that the host does not offer
raises `UnsupportedOperation` (harlequin's adapters: optional operations raise), so a host
implements only what its agent has, and declares it in `capabilities`.

`tests/core/hosts/test_every_host.py` runs each operation on each registered host: an
operation a host declares must not raise this error, one it does not declare must.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from hookdash.core.errors import UnsupportedOperation
from hookdash.core.hosts.protocol import (
    CAPABILITY_WORDS,
    Capability,
    HostName,
    SwitchKind,
    TimeoutUnit,
)

if TYPE_CHECKING:
    from pydantic import BaseModel

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

OwnT = TypeVar("OwnT", bound="BaseModel")


class WrongHost(TypeError):
    """A snapshot or hook of one host handed to another: a programming error, not a
    person's (never shown as a sentence)."""


class BaseHost:
    """The operations a host may lack, each raising `UnsupportedOperation`. A host class
    sets the descriptors and overrides what its agent has."""

    name: HostName
    label: str
    mark: str = ""  # "": the first letter of its name
    modelled_version: str
    scopes: tuple[str, ...]
    write_scopes: tuple[str, ...] = ()
    capabilities: frozenset[Capability] = frozenset()
    switch_kind: SwitchKind | None = None
    timeout_unit: TimeoutUnit = "s"
    rank: int = 100

    def unsupported(self, operation: Capability) -> UnsupportedOperation:
        """The one error a missing operation raises."""
        return UnsupportedOperation(self.name, self.label, operation, CAPABILITY_WORDS[operation])

    def own(self, value: BaseModel, kind: type[OwnT]) -> OwnT:
        """`value` as this host's own record type; `WrongHost` when it is another host's."""
        if not isinstance(value, kind):
            raise WrongHost(f"{self.name} was handed {type(value).__name__}")
        return value

    # ------------------------------------------------------------ descriptors

    def installed_version(self, environ: Mapping[str, str]) -> str | None:
        return None

    # ------------------------------------------------------------ operations

    def load(self, workspace: Path, environ: Mapping[str, str]) -> HostSnapshot:
        raise self.unsupported("load")

    def plan(self, snapshot: HostSnapshot, event: str, value: str | None = None) -> HostPlan:
        raise self.unsupported("plan")

    def find(self, snapshot: HostSnapshot, arg: str) -> HookRecord:
        from hookdash.core.hosts.finding import find_hook

        return find_hook(snapshot, arg, self.label)

    def verdict(self, run: RunLike) -> Outcome:
        from hookdash.core.run.verdicts import plain_outcome

        return plain_outcome(run)

    def run_records(self, snapshot: HostSnapshot, limit: int) -> list[RunRecord]:
        raise self.unsupported("run-records")

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
        raise self.unsupported("fire")

    def switch(self, snapshot: HostSnapshot, hook: HookRecord, on: bool) -> EditResult:
        raise self.unsupported("switch")

    def switch_all(
        self, snapshot: HostSnapshot, on: bool, scope: str | None = None, *, dry_run: bool = False
    ) -> AuthoringResult:
        raise self.unsupported("global-switch")

    def add(
        self, snapshot: HostSnapshot, hook: NewHook, scope: str, *, dry_run: bool = False
    ) -> AuthoringResult:
        raise self.unsupported("add")

    def edit(
        self,
        snapshot: HostSnapshot,
        hook: HookRecord,
        changes: HookChange,
        *,
        dry_run: bool = False,
    ) -> AuthoringResult:
        raise self.unsupported("edit")

    def remove(
        self, snapshot: HostSnapshot, hook: HookRecord, *, dry_run: bool = False
    ) -> AuthoringResult:
        raise self.unsupported("remove")

    def to_review(self, snapshot: HostSnapshot) -> Sequence[HookRecord]:
        return []

    def trust(self, snapshot: HostSnapshot, hooks: Sequence[HookRecord]) -> WriteResult:
        raise self.unsupported("trust")
