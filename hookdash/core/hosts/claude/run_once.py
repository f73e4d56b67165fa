"""Which identical handlers Claude Code 2.1.332 runs once, and which it runs again.

Claude runs identical handlers of one event once (same key: `registry.dedup_key`), but its
dedup never reaches across the managed layer: a managed handler whose command the user
also wrote runs twice. The one place the two meet is the settings merge, which drops a
user's, project's or local matcher group equal (as JSON values, key order aside) to a
managed group of the same event: that group's handlers run as the managed copy only.
Run against the binary (`managed_copy_in_user` in the Claude harness): managed `[same]`
beside a user's `[same]` ran once; beside a user's `[same, same]`, `[same, other]`, a
group with another matcher, or a user's `[same]` and a project's `[same, same]`, twice.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable
from typing import Any

from hookdash.core.hosts.claude.model import ClaudeHook


def group_key(group: dict[str, Any]) -> str:
    """A matcher group as the settings merge compares it: its JSON value, keys sorted."""
    return json.dumps(group, ensure_ascii=False, sort_keys=True, default=str)


def _managed(hook: ClaudeHook) -> bool:
    return hook.scope == "managed"


class RunOnce:
    """Which earlier handler a handler is a copy of, given the handlers that would run.

    `within` narrows what counts as the same place: `list` compares handlers of one event
    and matcher, a plan the handlers of one event that match."""

    def __init__(self, candidates: Iterable[ClaudeHook]) -> None:
        # The managed groups the settings merge keeps (a user's equal group is dropped).
        self._managed_groups: dict[tuple[str, str, str], ClaudeHook] = {}
        for hook in candidates:
            if _managed(hook) and hook.group is not None:
                self._managed_groups.setdefault((hook.event, hook.group, hook.key), hook)
        self._kept: dict[tuple[bool, Hashable, str], ClaudeHook] = {}

    def copy_of(self, hook: ClaudeHook, within: Hashable) -> ClaudeHook | None:
        """The handler Claude runs in place of `hook`, None when it runs `hook` itself."""
        side = _managed(hook)
        if not side and hook.group is not None:
            merged = self._managed_groups.get((hook.event, hook.group, hook.key))
            if merged is not None:
                return merged
        first = self._kept.setdefault((side, within, hook.key), hook)
        return None if first is hook else first
