"""hookdash's aggregator against Gemini CLI 0.61's own, on odd JSON (see data/README.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.gemini.aggregator import AggregationError, aggregate

CASES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "aggregator_js_differential.json").read_text()
)


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['event']}" for i, c in enumerate(CASES)])
def test_same_as_gemini(case: dict[str, Any]) -> None:
    if case["throws"]:
        with pytest.raises(AggregationError):
            aggregate(case["event"], case["outputs"])
    else:
        assert aggregate(case["event"], case["outputs"]) == case["expect"]
