"""Claude Code as a host of hookdash: its files, events, matchers and plan, read exactly as
Claude Code 2.1.332 reads them (tests/claude/observed-2.1.332.md; the differential harness
in tests/claude pins them against the real binary).

`load_claude(workspace)` gives every hook with its verdict (`list --host claude`), the
layers, the folder trust and the findings (`check --host claude`); `claude_plan(snapshot,
event, tool, trigger)` what Claude runs for one event.

Each name is imported on first use (PEP 562): importing one module of this room (the
scan reads `files`, the registry finds `host`) does not load the whole host.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hookdash.core.hosts.claude.events import (
        CLAUDE_EVENTS as CLAUDE_EVENTS,
        EVENTS as EVENTS,
        KNOWN_EVENTS as KNOWN_EVENTS,
        match_field as match_field,
    )
    from hookdash.core.hosts.claude.matcher import (
        matches as matches,
    )
    from hookdash.core.hosts.claude.model import (
        ClaudeHook as ClaudeHook,
        ClaudePlan as ClaudePlan,
        ClaudeSnapshot as ClaudeSnapshot,
    )
    from hookdash.core.hosts.claude.planner import (
        claude_event_problem as claude_event_problem,
        claude_plan as claude_plan,
    )
    from hookdash.core.hosts.claude.registry import (
        load_claude as load_claude,
        load_claude_if_any as load_claude_if_any,
        with_claude as with_claude,
    )

_WHERE: dict[str, str] = {
    "CLAUDE_EVENTS": "hookdash.core.hosts.claude.events",
    "EVENTS": "hookdash.core.hosts.claude.events",
    "KNOWN_EVENTS": "hookdash.core.hosts.claude.events",
    "match_field": "hookdash.core.hosts.claude.events",
    "matches": "hookdash.core.hosts.claude.matcher",
    "ClaudeHook": "hookdash.core.hosts.claude.model",
    "ClaudePlan": "hookdash.core.hosts.claude.model",
    "ClaudeSnapshot": "hookdash.core.hosts.claude.model",
    "claude_event_problem": "hookdash.core.hosts.claude.planner",
    "claude_plan": "hookdash.core.hosts.claude.planner",
    "load_claude": "hookdash.core.hosts.claude.registry",
    "load_claude_if_any": "hookdash.core.hosts.claude.registry",
    "with_claude": "hookdash.core.hosts.claude.registry",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


__all__ = [
    "CLAUDE_EVENTS",
    "EVENTS",
    "KNOWN_EVENTS",
    "ClaudeHook",
    "ClaudePlan",
    "ClaudeSnapshot",
    "claude_event_problem",
    "claude_plan",
    "load_claude",
    "load_claude_if_any",
    "match_field",
    "matches",
    "with_claude",
]
