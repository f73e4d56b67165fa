"""runner.json through the real runner: spawning, output rules, trust gate, chaining."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.gemini.runner import RunSettings, run_hook, run_hooks
from tests.conformance import vectors
from tests.conformance.helpers import make_command_hook

CASES = vectors("runner")
SINGLE = [c for c in CASES if c["mode"] == "single"]
MULTI = [c for c in CASES if c["mode"] != "single"]


def _settings(case: dict[str, Any]) -> RunSettings:
    return RunSettings(
        environ=dict(os.environ),
        plans_dir="/tmp/plans",
        folder_trusted=case.get("trusted_folder", True),
    )


def _inputs_seen(trace: Path) -> list[Any]:
    text, decoder, i, seen = trace.read_text(), json.JSONDecoder(), 0, []
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        value, i = decoder.raw_decode(text, i)
        seen.append(value)
    return seen


@pytest.mark.parametrize("case", SINGLE, ids=[c["name"] for c in SINGLE])
async def test_single(case: dict[str, Any], tmp_path: Path) -> None:
    trace = tmp_path / "trace"
    trace.write_text("")
    source = "project" if case.get("hook_source") == "project" else "extensions"
    hook = make_command_hook(
        case["event"],
        case["command"],
        source=source,
        env={**case.get("env", {}), "HOOK_TRACE": str(trace)},
        timeout_ms=case.get("timeout_ms"),
    )
    result = await run_hook(hook, case["event"], case["input"], _settings(case))
    expect = case["expect"]
    assert {
        "success": result.success,
        "exit_code": result.exit_code,
        "output": result.output,
        "output_format": result.output_format,
        "timed_out": result.timed_out,
    } == {k: v for k, v in expect.items() if k != "executed"}
    if expect.get("executed") is False:
        assert trace.read_text() == ""
        assert not result.executed


@pytest.mark.parametrize("case", MULTI, ids=[c["name"] for c in MULTI])
async def test_multi(case: dict[str, Any], tmp_path: Path) -> None:
    trace = tmp_path / "trace"
    trace.write_text("")
    hooks = [
        make_command_hook(case["event"], command, index=i, env={"HOOK_TRACE": str(trace)})
        for i, command in enumerate(case["commands"])
    ]
    outcome = await run_hooks(
        hooks,
        case["event"],
        case["input"],
        _settings(case),
        sequential=case["mode"] == "sequential",
    )
    results = [
        {
            "success": r.success,
            "exit_code": r.exit_code,
            "output": r.output,
            "output_format": r.output_format,
        }
        for r in outcome.results
    ]
    assert results == case["expect"]["results"]
    seen = _inputs_seen(trace)
    expected = case["expect"]["inputs_seen_by_each_hook"]
    if case["mode"] == "sequential":
        assert seen == expected
    else:
        key = lambda v: json.dumps(v, sort_keys=True)  # noqa: E731 - a multiset compare
        assert sorted(map(key, seen)) == sorted(map(key, expected))
