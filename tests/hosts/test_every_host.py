"""Every operation of the host protocol, on every registered host (harlequin's adapter
suite): what a host declares it does, and every operation it does not declare raises the
one typed error, `UnsupportedOperation`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from hookdash.core import (
    AuthoringResult,
    HookChange,
    HookRecord,
    Host,
    HostSnapshot,
    NewHook,
    RunRecord,
    WriteResult,
)
from hookdash.core.errors import UnsupportedOperation
from hookdash.core.hosts import CAPABILITIES, Capability
from hookdash.core.records import HostPlan
from tests.hosts.conftest import ONE_HOOK, Machine, OneHook, machine


def _loaded(host: Host, tmp_path: Path) -> tuple[Machine, OneHook, HostSnapshot, HookRecord]:
    assert host.name in ONE_HOOK, f"no fixture writes a hook of {host.name}: add one to ONE_HOOK"
    m = machine(tmp_path)
    one = ONE_HOOK[host.name](m)
    snapshot = host.load(m.workspace, m.environ)
    hooks = [h for h in snapshot.hooks if h.command == one.command]
    assert len(hooks) == 1, [h.command for h in snapshot.hooks]
    return m, one, snapshot, hooks[0]


def test_descriptors(every_host: Host) -> None:
    h = every_host
    assert h.label and h.modelled_version and h.scopes and h.events()
    assert set(h.write_scopes) <= set(h.scopes) | {"workspace"}
    assert h.capabilities <= set(CAPABILITIES)
    # A per-hook switch is declared with how it works, and only then.
    assert ("switch" in h.capabilities) == (h.switch_kind is not None)
    assert h.timeout_unit in ("ms", "s")
    assert len(h.mark) <= 1  # one letter (none: its name's first)


def test_load_gives_records_of_the_host(every_host: Host, tmp_path: Path) -> None:
    m, one, snapshot, hook = _loaded(every_host, tmp_path)
    assert isinstance(snapshot, HostSnapshot) and snapshot.host == every_host.name
    assert every_host.has_files(m.workspace, m.environ)
    assert all(isinstance(h, HookRecord) for h in snapshot.hooks)
    assert hook.host == every_host.name and hook.scope in every_host.scopes
    assert hook.event == one.event and hook.runs and hook.file == str(one.file)
    assert not hook.switched_off
    assert snapshot.environ["HOME"] == m.environ["HOME"]


def test_no_files_no_hooks(every_host: Host, tmp_path: Path) -> None:
    m = machine(tmp_path)
    assert not every_host.has_files(m.workspace, m.environ)


def test_plan_and_matcher(every_host: Host, tmp_path: Path) -> None:
    _, one, snapshot, hook = _loaded(every_host, tmp_path)
    plan = every_host.plan(snapshot, one.event, one.value)
    assert isinstance(plan, HostPlan) and plan.host == every_host.name
    assert [h.ref for h in plan.hooks] == [hook.ref]
    assert every_host.matches(hook.matcher, one.event, one.value)
    if hook.matcher is not None and every_host.match_field(one.event) is not None:
        other = every_host.plan(snapshot, one.event, "no_such_tool_anywhere")
        assert other.hooks == [] and [s.ref for s in other.skipped] == [hook.ref]


def test_find(every_host: Host, tmp_path: Path) -> None:
    _, _, snapshot, hook = _loaded(every_host, tmp_path)
    assert every_host.find(snapshot, hook.ref).ref == hook.ref
    assert every_host.find(snapshot, hook.id).ref == hook.ref


def test_verdict_is_one_vocabulary(every_host: Host) -> None:
    ok = RunRecord(ts="2026-01-01T00:00:00Z", origin="hookdash", event="x", id="h", success=True)
    timed_out = ok.model_copy(update={"success": False, "timed_out": True})
    assert every_host.verdict(ok) == "ok"
    assert every_host.verdict(timed_out) == "timed-out"


# ------------------------------------------------------------------ each operation


def _call(
    host: Host,
    operation: Capability,
    m: Machine,
    one: OneHook,
    snap: HostSnapshot,
    hook: HookRecord,
) -> object:
    """Call `operation` the way a command would (writes as a dry run where there is one)."""
    calls: dict[Capability, Callable[[], object]] = {
        "load": lambda: host.load(m.workspace, m.environ),
        "plan": lambda: host.plan(snap, one.event, one.value),
        "fire": lambda: asyncio.run(host.fire(snap, one.event, hook=hook, value=one.value)),
        "switch": lambda: host.switch(snap, hook, False),
        "global-switch": lambda: host.switch_all(snap, False, dry_run=True),
        "add": lambda: host.add(
            snap,
            NewHook(event=one.event, command="echo added"),
            (host.write_scopes or host.scopes)[0],
            dry_run=True,
        ),
        "edit": lambda: host.edit(snap, hook, HookChange(command="echo edited"), dry_run=True),
        "remove": lambda: host.remove(snap, hook, dry_run=True),
        "trust": lambda: host.trust(snap, list(host.to_review(snap))),
        "run-records": lambda: host.run_records(snap, 10),
    }
    return calls[operation]()


@pytest.mark.parametrize("operation", CAPABILITIES)
def test_each_operation(every_host: Host, operation: Capability, tmp_path: Path) -> None:
    m, one, snapshot, hook = _loaded(every_host, tmp_path)
    before = one.file.read_bytes()
    if operation not in every_host.capabilities:
        with pytest.raises(UnsupportedOperation) as raised:
            _call(every_host, operation, m, one, snapshot, hook)
        assert raised.value.operation == operation and raised.value.host == every_host.name
        assert every_host.label in raised.value.message
        assert raised.value.to_dict()["error"] == "unsupported-operation"
        return
    result = _call(every_host, operation, m, one, snapshot, hook)
    if operation == "fire":
        assert [r.ref for r in result.results] == [hook.ref]  # type: ignore[attr-defined]
        assert result.results[0].success  # type: ignore[attr-defined]
        assert one.command.split()[1] in result.results[0].stdout  # type: ignore[attr-defined]
    elif operation == "switch":
        assert isinstance(result, WriteResult) and result.changed
        off = every_host.load(m.workspace, m.environ)
        switched = every_host.find(off, hook.id)
        assert switched.switched_off and not switched.runs
        every_host.switch(off, switched, True)
        back = every_host.load(m.workspace, m.environ)
        assert not every_host.find(back, hook.id).switched_off
        assert one.file.read_bytes() == before  # exact bytes back
    elif operation in ("global-switch", "add", "edit", "remove"):
        assert isinstance(result, AuthoringResult) and result.dry_run
        assert result.changes and result.diff
        assert one.file.read_bytes() == before  # a dry run writes nothing
    elif operation == "trust":
        assert isinstance(result, WriteResult)
    elif operation == "run-records":
        assert isinstance(result, list)
    else:
        assert result is not None
