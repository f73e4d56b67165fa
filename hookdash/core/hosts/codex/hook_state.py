"""Byte-preserving edits of the user's `[hooks.state]` in Codex's config.toml: a hook's
`trusted_hash` and its `enabled` switch (`toml_table` does the edit).

The keys hold dots and colons (`/home/u/.codex/hooks.json:pre_tool_use:0:0`), so each is
written as one quoted key, never as a dotted path.
"""

from __future__ import annotations

from collections.abc import Mapping

from hookdash.core.hosts.codex.toml_table import REMOVE, set_table_fields, toml_key

__all__ = ["REMOVE", "set_hook_state", "toml_key"]


def set_hook_state(
    text: str, key: str, fields: Mapping[str, object], path: str = "config.toml"
) -> str:
    """`text` with `[hooks.state."<key>"]`'s `fields` set (or removed, with REMOVE)."""
    return set_table_fields(text, ("hooks", "state", key), fields, path)
