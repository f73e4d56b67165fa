"""The hook events Gemini CLI knows, and what each one matches on."""

from __future__ import annotations

from typing import Final, Literal

# Schema order: the registry walks events in this order, so it is also the panel order.
EVENTS: Final[tuple[str, ...]] = (
    "BeforeTool",
    "AfterTool",
    "BeforeAgent",
    "AfterAgent",
    "Notification",
    "SessionStart",
    "SessionEnd",
    "PreCompress",
    "BeforeModel",
    "AfterModel",
    "BeforeToolSelection",
)

# When each event fires and what its hooks can do, one line each (spec §11.2, §14.2;
# observed 0.61 for PreCompress). The dashboard's event picker shows them as they are.
EVENT_SUMMARIES: Final[dict[str, str]] = {
    "BeforeTool": "before each tool call · can block it, force a confirmation, or rewrite "
    "its arguments",
    "AfterTool": "after each tool call · can replace its result, add context, or chain "
    "another tool",
    "BeforeAgent": "once per prompt, before the agent works on it · can block the prompt or "
    "add context",
    "AfterAgent": "when the agent has answered a prompt · can deny the answer to make it try again",
    "Notification": "when Gemini asks you to confirm a tool call · can only show a message",
    "SessionStart": "at startup, on resume and after /clear · can add context to the session",
    "SessionEnd": "on exit and on /clear, awaited · its output is ignored (clean-up, logging)",
    "PreCompress": "before every model call (auto) and on /compress (manual), awaited · its "
    "output is ignored",
    "BeforeModel": "before every request to the model · can block it, change it, or answer "
    "in its place",
    "AfterModel": "for every streamed chunk of the model's reply · can block or replace it",
    "BeforeToolSelection": "before the model chooses tools · can limit which tools it may call",
}

TOOL_EVENTS: Final[frozenset[str]] = frozenset({"BeforeTool", "AfterTool"})

# Events whose matcher is compared (exactly) with a trigger value, and the values the
# type allows. Gemini 0.61 only ever fires SessionEnd with "exit" or "clear".
TRIGGER_VALUES: Final[dict[str, tuple[str, ...]]] = {
    "SessionStart": ("startup", "resume", "clear"),
    "SessionEnd": ("exit", "clear", "logout", "prompt_input_exit", "other"),
    "PreCompress": ("manual", "auto"),
}
FIRED_TRIGGERS: Final[dict[str, tuple[str, ...]]] = {
    "SessionStart": ("startup", "resume", "clear"),
    "SessionEnd": ("exit", "clear"),
    "PreCompress": ("manual", "auto"),
}
TRIGGER_FIELD: Final[dict[str, str]] = {
    "SessionStart": "source",
    "SessionEnd": "reason",
    "PreCompress": "trigger",
}

# Keys under `hooks` that Gemini's registry skips silently (legacy config fields).
HOOKS_CONFIG_FIELDS: Final[frozenset[str]] = frozenset({"enabled", "disabled", "notifications"})

# Claude Code event names and what Gemini calls them (the mapping of `gemini hooks migrate`).
CLAUDE_EVENT_NAMES: Final[dict[str, str]] = {
    "PreToolUse": "BeforeTool",
    "PostToolUse": "AfterTool",
    "UserPromptSubmit": "BeforeAgent",
    "Stop": "AfterAgent",
    "SubagentStop": "AfterAgent",
    "SubAgentStop": "AfterAgent",
    "PreCompact": "PreCompress",
}

MatchKind = Literal["tool", "trigger", "none"]


def match_kind(event: str) -> MatchKind:
    """What an event's matcher is compared with (`none`: Gemini ignores the matcher)."""
    if event in TOOL_EVENTS:
        return "tool"
    if event in TRIGGER_VALUES:
        return "trigger"
    return "none"


def suggest_event(name: str) -> str | None:
    """The Gemini event a wrong event name most likely meant, if any."""
    if name in CLAUDE_EVENT_NAMES:
        return CLAUDE_EVENT_NAMES[name]
    folded = name.replace("_", "").replace("-", "").lower()
    for event in EVENTS:
        if event.lower() == folded:
            return event
    for claude, event in CLAUDE_EVENT_NAMES.items():
        if claude.lower() == folded:
            return event
    from hookdash.core.spelling import suggestions  # a typo: "BeforeTol"

    close = suggestions(name, EVENTS, limit=1)
    return close[0] if close else None
