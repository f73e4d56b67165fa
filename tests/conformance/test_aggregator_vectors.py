"""aggregator.json and output_helpers.json through the real aggregator and accessors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hookdash.core.hosts.gemini import outputs
from hookdash.core.hosts.gemini.aggregator import aggregate
from tests.conformance import vectors

AGGREGATOR = vectors("aggregator")
HELPERS = vectors("output_helpers")


@pytest.mark.parametrize("case", AGGREGATOR, ids=[c["name"] for c in AGGREGATOR])
def test_aggregator(case: dict[str, Any]) -> None:
    assert aggregate(case["event"], case["outputs"]) == case["expect"]


def _helpers(event: str, out: Any) -> dict[str, Callable[[], Any]]:
    return {
        "is_blocking_decision": lambda: outputs.is_blocking_decision(out),
        "is_ask_decision": lambda: outputs.is_ask_decision(out),
        "should_stop_execution": lambda: outputs.should_stop_execution(out),
        "effective_reason": lambda: outputs.effective_reason(out),
        "blocking_error": lambda: outputs.blocking_error(out),
        "additional_context": lambda: outputs.additional_context(out),
        "should_clear_context": lambda: outputs.should_clear_context(event, out),
        "modified_tool_input": lambda: outputs.modified_tool_input(event, out),
        "tail_tool_call_request": lambda: outputs.tail_tool_call_request(out),
        "has_synthetic_response": lambda: outputs.has_synthetic_response(event, out),
        "has_modified_response": lambda: outputs.has_modified_response(event, out),
    }


@pytest.mark.parametrize("case", HELPERS, ids=[c["name"] for c in HELPERS])
def test_output_helpers(case: dict[str, Any]) -> None:
    helpers = _helpers(case["event"], case["output"])
    assert {key: helpers[key]() for key in case["expect"]} == case["expect"]
