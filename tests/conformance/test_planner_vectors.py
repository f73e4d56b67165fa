"""planner.json: registration, priority order, matchers, dedup and the sequential flag."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.gemini.planner import PlanContext, plan_event
from hookdash.core.hosts.gemini.registry import (
    Candidate,
    VerdictContext,
    assign_order_and_duplicates,
    make_hook,
)
from hookdash.core.load.command_scripts import CommandScripts
from tests.conformance import vectors

CASES = vectors("planner")


def _registry(case: dict[str, Any]) -> list[Any]:
    ctx = VerdictContext(
        fatal=None,
        hooks_enabled=True,
        hooks_off_where="",
        folder_trusted=True,
        disabled=case["disabled"],
        disabled_by_scope={"user": case["disabled"]},
        legacy_by_scope={},
        trust_store={},
        project_root="/project",
        script_of=lambda command, env: CommandScripts(),
    )
    hooks = []
    for i, entry in enumerate(case["entries"]):
        definition: dict[str, Any] = {"hooks": [entry["hook"]]}
        for key in ("matcher", "sequential"):
            if key in entry:
                definition[key] = entry[key]
        source = entry["source"]
        candidate = Candidate(
            event=entry["event"],
            scope="extension" if source == "extensions" else "user",
            extension="ext" if source == "extensions" else None,
            file=Path("/settings.json"),
            pointer=f"/hooks/{entry['event']}/{i}/hooks/0",
            definition=definition,
            config=entry["hook"],
            source=source,
            registered=True,
        )
        hooks.append(make_hook(candidate, ctx))
    assign_order_and_duplicates(hooks)
    return hooks


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_planner_vector(case: dict[str, Any]) -> None:
    query = case["query"]
    plan = plan_event(
        _registry(case),
        query["event"],
        PlanContext(tool_name=query.get("tool_name"), trigger=query.get("trigger")),
    )
    expect = case["expect"]
    if expect is None:
        assert plan.hooks == []
    else:
        assert [h.key for h in plan.hooks] == expect["hooks"]
        assert plan.sequential is expect["sequential"]
