"""A user's `fire --input` over the payload a host would send: one rule for every host,
since it is hookdash's, not an agent's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def merge_input(payload: Mapping[str, Any], override: Mapping[str, Any] | None) -> dict[str, Any]:
    """A user's `--input` over the generated payload: its top-level keys replace ours.

    Replaced keys keep their place (so the base fields stay first); new keys go last.
    """
    merged = dict(payload)
    if override:
        merged.update(override)
    return merged
