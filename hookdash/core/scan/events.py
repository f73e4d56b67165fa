"""The kind of moment an agent's event is, in one vocabulary for every agent.

Agents name the same moment differently (`PreToolUse`, `preToolUse`, `pre_tool_use`,
`BeforeTool`, `tool.execute.before`): to tell that two agents run one command at the same
moment (a hook configured in Claude Code's file and in Copilot CLI's, both run by Copilot
CLI), the scan compares kinds, not names. The table holds event names as written in the
agents' files, spelled without case, `_`, `-` or `.`; an event it does not know is its own
kind (its spelled-out name), so two unknown events match only when they are the same word.
"""

from __future__ import annotations

from hookdash.core.lazy_regex import lazy_compile

_SPELLING = lazy_compile(r"[^a-z0-9]")

_KINDS: dict[str, str] = {
    # a session starts or resumes
    "sessionstart": "session-start",
    "taskstart": "session-start",
    "taskresume": "session-start",
    "agentspawn": "session-start",
    "setup": "session-start",
    # it ends
    "sessionend": "session-end",
    "taskcancel": "session-end",
    # a prompt is sent
    "userpromptsubmit": "prompt",
    "userpromptsubmitted": "prompt",
    "beforesubmitprompt": "prompt",
    "preuserprompt": "prompt",
    "beforeagent": "prompt",
    "promptsubmit": "prompt",
    # before a tool runs
    "pretooluse": "before-tool",
    "beforetool": "before-tool",
    "toolexecutebefore": "before-tool",
    "beforeshellexecution": "before-tool",
    "beforemcpexecution": "before-tool",
    "beforereadfile": "before-tool",
    "preruncommand": "before-tool",
    "prereadcode": "before-tool",
    "prewritecode": "before-tool",
    "premcptooluse": "before-tool",
    "permissionrequest": "permission",
    # after it
    "posttooluse": "after-tool",
    "aftertool": "after-tool",
    "toolexecuteafter": "after-tool",
    "aftershellexecution": "after-tool",
    "aftermcpexecution": "after-tool",
    "afterfileedit": "after-tool",
    "postruncommand": "after-tool",
    "postreadcode": "after-tool",
    "postwritecode": "after-tool",
    "postmcptooluse": "after-tool",
    "posttoolusefailure": "after-tool-failure",
    "erroroccurred": "error",
    # the agent stops answering
    "stop": "stop",
    "afteragent": "stop",
    "agentstop": "stop",
    "taskcomplete": "stop",
    "postcascaderesponse": "stop",
    "subagentstart": "subagent-start",
    "subagentstop": "subagent-stop",
    # compaction, notifications
    "precompact": "before-compact",
    "precompress": "before-compact",
    "postcompact": "after-compact",
    "notification": "notification",
}


def spelled(event: str) -> str:
    """The event's name without case, `_`, `-`, `.` or spaces."""
    return _SPELLING.sub("", event.lower())


def event_kind(event: str) -> str:
    """The kind of moment `event` is ("before-tool", "session-start"…), or its spelled-out
    name when the table does not know it."""
    key = spelled(event)
    return _KINDS.get(key, key)
