"""Claude Code 2.1.332's hook events, and what each event's matcher is tested against.

Read from the binary (the event enum of the settings schema and the function that picks
each event's match query), pinned by the differential harness in tests/claude. An event
name Claude does not know is ignored without a word, the rest of the file read.
"""

from __future__ import annotations

EVENTS: tuple[str, ...] = (
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "Notification",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "PreModelSwitch",
    "PostModelSwitch",
    "PermissionRequest",
    "PermissionDenied",
    "Setup",
    "TeammateIdle",
    "TaskCreated",
    "TaskCompleted",
    "Elicitation",
    "ElicitationResult",
    "ConfigChange",
    "WorktreeCreate",
    "WorktreeRemove",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "DirectoryAdded",
    "MessageDisplay",
    "PreSkillShellCommand",
)
KNOWN_EVENTS = frozenset(EVENTS)
CLAUDE_EVENTS = EVENTS  # the name the front door exports

TOOL = "tool_name"
# The payload field an event's matcher is tested against; an event absent here has no
# match query, so every one of its hooks runs whatever its matcher says.
MATCH_FIELD: dict[str, str] = {
    "PreToolUse": TOOL,
    "PostToolUse": TOOL,
    "PostToolUseFailure": TOOL,
    "PermissionRequest": TOOL,
    "PermissionDenied": TOOL,
    "PreSkillShellCommand": TOOL,
    "UserPromptExpansion": "command_name",
    "SessionStart": "source",
    "ConfigChange": "source",
    "DirectoryAdded": "source",
    "Setup": "trigger",
    "PreCompact": "trigger",
    "PostCompact": "trigger",
    "PreModelSwitch": "to_model",
    "PostModelSwitch": "to_model",
    "Notification": "notification_type",
    "SessionEnd": "reason",
    "StopFailure": "error",
    "SubagentStart": "agent_type",
    "SubagentStop": "agent_type",
    "Elicitation": "mcp_server_name",
    "ElicitationResult": "mcp_server_name",
    "InstructionsLoaded": "load_reason",
    "FileChanged": "file_path",  # its base name
}

# The events whose name-list matchers may also hold `,` and spaces (`Read, Bash`); for
# the other events only letters, digits, `_` and `|` make a list.
WIDE_NAME_LISTS = frozenset(
    {
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "PermissionRequest",
        "PermissionDenied",
        "UserPromptExpansion",
        "SessionStart",
        "SessionEnd",
        "Setup",
        "PreCompact",
        "PostCompact",
        "PreModelSwitch",
        "PostModelSwitch",
        "Notification",
        "SubagentStart",
        "SubagentStop",
        "Elicitation",
        "ElicitationResult",
        "ConfigChange",
        "InstructionsLoaded",
        "DirectoryAdded",
        "PreSkillShellCommand",
    }
)

# The values Claude sends for the events whose value set is known (what `plan` offers).
KNOWN_VALUES: dict[str, tuple[str, ...]] = {
    "SessionStart": ("startup", "resume", "clear", "compact"),
    "SessionEnd": ("clear", "resume", "logout", "prompt_input_exit", "other"),
    "PreCompact": ("manual", "auto"),
    "PostCompact": ("manual", "auto"),
}


def match_field(event: str) -> str | None:
    """What `event`'s matcher is tested against, or None: its matchers are ignored."""
    return MATCH_FIELD.get(event)


def is_tool_event(event: str) -> bool:
    return MATCH_FIELD.get(event) == TOOL
