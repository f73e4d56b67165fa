"""`fire --input` over the generated payload, the same for either host."""

from __future__ import annotations

from hookdash.core.hosts.gemini.payloads import build_payload
from hookdash.core.run.input_override import merge_input
from tests.conftest import Sandbox


def test_merge_input_keeps_order_and_replaces_top_level(sandbox: Sandbox) -> None:
    payload = build_payload(sandbox.env(), "BeforeTool")
    merged = merge_input(payload, {"tool_input": {"command": "rm -rf /"}, "extra": 1})
    assert list(merged) == [*payload, "extra"]
    assert merged["tool_input"] == {"command": "rm -rf /"}  # replaced, not deep-merged


def test_no_override_is_a_copy() -> None:
    payload = {"cwd": "/w", "tool_name": "glob"}
    merged = merge_input(payload, None)
    assert merged == payload and merged is not payload
    assert merge_input(payload, {}) == payload
