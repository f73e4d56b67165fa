"""trust.json: spotting untrusted project hooks and the store after trusting them."""

from __future__ import annotations

from typing import Any

import pytest

from hookdash.core.hosts.gemini.hook_trust import store_after_trust, untrusted_hooks
from tests.conformance import vectors

CASES = vectors("trust")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_trust_vector(case: dict[str, Any]) -> None:
    store, root, hooks = case["trusted_store"], case["project_path"], case["project_hooks"]
    untrusted = untrusted_hooks(store, root, hooks)
    assert untrusted == case["expect_untrusted"]
    after = store_after_trust(store, root, hooks) if untrusted else store
    assert after == case["expect_store_after_trust"]
