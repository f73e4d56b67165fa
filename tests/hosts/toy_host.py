"""A fourth host that exists only in the tests: "Toy", whose hooks are a JSON list in a
workspace's `.toy/hooks.json`. It registers itself like any host and offers only `load` and
`plan`; every other operation raises the one typed error. If `list`, `check`, `plan` and the
dashboard show its hooks, hookdash treats every host alike (issue 25, "a test suite over
every host")."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, JsonValue

from hookdash.core.hosts import registered
from hookdash.core.hosts.base import BaseHost
from hookdash.core.hosts.protocol import Capability
from hookdash.core.problems import Problem
from hookdash.core.records import HookRecord, HostPlan, HostSnapshot, PlanSkip

TOY_EVENTS = ("Start", "BeforeTool")


class ToyHook(HookRecord, BaseModel):
    host: Literal["toy"] = "toy"
    scope: Literal["project"] = "project"


class ToySnapshot(HostSnapshot, BaseModel):
    host: Literal["toy"] = "toy"
    hooks: list[ToyHook]


class ToyPlan(HostPlan, BaseModel):
    host: Literal["toy"] = "toy"
    hooks: list[ToyHook]
    skipped: list[PlanSkip]


class ToyHost(BaseHost):
    name = "toy"
    label = "Toy Agent"
    modelled_version = "1.0"
    scopes: tuple[str, ...] = ("project",)
    capabilities: frozenset[Capability] = frozenset({"load", "plan"})
    rank = 90

    def events(self) -> tuple[str, ...]:
        return TOY_EVENTS

    def match_field(self, event: str) -> str | None:
        return "tool_name" if event == "BeforeTool" else None

    def matches(self, matcher: JsonValue, event: str, value: str | None) -> bool:
        return matcher is None or self.match_field(event) is None or matcher == value

    def has_files(self, workspace: Path, environ: Mapping[str, str]) -> bool:
        return (workspace / ".toy" / "hooks.json").is_file()

    def load(self, workspace: Path, environ: Mapping[str, str]) -> ToySnapshot:
        path = workspace / ".toy" / "hooks.json"
        problems: list[Problem] = []
        hooks: list[ToyHook] = []
        if path.is_file():
            for n, entry in enumerate(json.loads(path.read_text(encoding="utf-8"))):
                known = entry["event"] in TOY_EVENTS
                hooks.append(
                    ToyHook(
                        id=entry["command"],
                        ref=f"{path}#/{n}",
                        key=entry["command"],
                        event=entry["event"],
                        file=str(path),
                        pointer=f"/{n}",
                        line=n + 2,
                        matcher=entry.get("matcher"),
                        type="command",
                        command=entry["command"],
                        runs=known,
                        not_running_because=[] if known else ["Toy has no such event"],
                        understood=True,
                    )
                )
                if not known:
                    problems.append(
                        Problem(
                            severity="warning",
                            code="unknown-event",
                            message=f"Toy has no event {entry['event']!r}",
                            file=str(path),
                            line=n + 2,
                        )
                    )
        snapshot = ToySnapshot(
            workspace=str(workspace),
            home=environ.get("HOME", ""),
            hooks_enabled=True,
            hooks=hooks,
            problems=problems,
        )
        snapshot.remember_environ(environ)
        return snapshot

    def plan(self, snapshot: HostSnapshot, event: str, value: str | None = None) -> ToyPlan:
        own = self.own(snapshot, ToySnapshot)
        chosen, skipped = [], []
        for hook in own.hooks:
            if hook.event != event:
                continue
            if hook.runs and self.matches(hook.matcher, event, value):
                chosen.append(hook)
            else:
                skipped.append(
                    PlanSkip(id=hook.id, ref=hook.ref, scope=hook.scope, reason="matcher")
                )
        return ToyPlan(event=event, hooks=chosen, skipped=skipped)


def write_toy_hooks(workspace: Path, hooks: list[dict[str, str]]) -> Path:
    path = workspace / ".toy" / "hooks.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(hooks, indent=1), encoding="utf-8")
    return path


@contextmanager
def toy_registered() -> Iterator[ToyHost]:
    with registered(ToyHost()) as toy:
        assert isinstance(toy, ToyHost)
        yield toy
