"""Codex CLI 0.171.0's hook events: their names, the snake-case form its hook keys use,
what each event's matcher is tested against, and the default timeout.

From the binary: the input schemas it embeds (`<event>.command.input`) and `codex
app-server`'s `hooks/list`, run offline. An event name Codex does not know is ignored
without a word.
"""

from __future__ import annotations

import re

# In the order Codex walks a file's events (`hooks/list` lists them so).
EVENTS: tuple[str, ...] = (
    "PreModelRequest",
    "PostModelRequest",
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PreCompact",
    "PostCompact",
    "SessionStart",
    "SessionEnd",
    "UserPromptSubmit",
    "SubagentStart",
    "SubagentStop",
    "Stop",
    "Interrupt",
)
TOOL_EVENTS = frozenset({"PreToolUse", "PermissionRequest", "PostToolUse"})

# What the matcher is tested against (the payload field); None: Codex ignores the matcher.
_MATCH_FIELDS: dict[str, str | None] = {
    "PreToolUse": "tool_name",
    "PermissionRequest": "tool_name",
    "PostToolUse": "tool_name",
    "SessionStart": "source",
    "SessionEnd": "reason",
    "PreCompact": "trigger",
    "PostCompact": "trigger",
    "SubagentStart": "agent_type",
    "SubagentStop": "agent_type",
    "UserPromptSubmit": None,
    "Stop": None,
    "Interrupt": None,
    "PreModelRequest": None,
    "PostModelRequest": None,
}

# The values the payload of each event can carry in its match field (the input schemas).
OFFERED: dict[str, tuple[str, ...]] = {
    "PreToolUse": ("Bash", "apply_patch"),
    "PermissionRequest": ("Bash", "apply_patch"),
    "PostToolUse": ("Bash", "apply_patch"),
    "SessionStart": ("startup", "resume", "clear", "compact", "fork"),
    "SessionEnd": ("other",),
    "PreCompact": ("manual", "auto"),
    "PostCompact": ("manual", "auto"),
    "SubagentStart": ("default",),
    "SubagentStop": ("default",),
}

DEFAULT_TIMEOUT_S = 600
# SessionEnd and Interrupt run as Codex stops: one second unless the hook says otherwise.
SHORT_TIMEOUT_EVENTS = frozenset({"SessionEnd", "Interrupt"})


def match_field(event: str) -> str | None:
    return _MATCH_FIELDS.get(event)


def is_tool_event(event: str) -> bool:
    return event in TOOL_EVENTS


def snake(event: str) -> str:
    """`PreToolUse` → `pre_tool_use`: the event as Codex's hook keys spell it."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", event).lower()


def default_timeout(event: str) -> int:
    return 1 if event in SHORT_TIMEOUT_EVENTS else DEFAULT_TIMEOUT_S


def effective_timeout(event: str, written: object) -> int | float:
    """The seconds Codex gives a handler: as written, else the event's default; a timeout
    of 0 becomes 1 (hooks/list says 1, and the trust hash uses 1)."""
    if isinstance(written, bool) or not isinstance(written, int | float):
        return default_timeout(event)
    if written <= 0:
        return 1
    return int(written) if float(written).is_integer() else written
