"""Claude Code as a host of hookdash: its files, events, matchers and plan, read exactly as
Claude Code 2.1.332 reads them (tests/claude/observed-2.1.332.md; the differential harness
in tests/claude pins them against the real binary).

`load_claude(workspace)` gives every hook with its verdict (`list --host claude`), the
layers, the folder trust and the findings (`check --host claude`); `claude_plan(snapshot,
event, tool, trigger)` what Claude runs for one event.
"""

from hookdash.core.hosts.claude.events import CLAUDE_EVENTS, EVENTS, KNOWN_EVENTS, match_field
from hookdash.core.hosts.claude.matcher import matches
from hookdash.core.hosts.claude.model import ClaudeHook, ClaudePlan, ClaudeSnapshot
from hookdash.core.hosts.claude.planner import claude_event_problem, claude_plan
from hookdash.core.hosts.claude.registry import load_claude, load_claude_if_any, with_claude

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
