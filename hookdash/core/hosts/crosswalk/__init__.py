"""One host's names in another's terms: hookdash's own tables, no agent's rule.

They sit beside the host packages, not in one, so that either host (and the import of
Claude Code's hooks into Gemini CLI's files, and the check that flags Claude's tool
names in a Gemini matcher) reads them without importing the other host.
"""

from __future__ import annotations

from typing import Final

# Claude Code tool names and the Gemini CLI 0.61 tool each one corresponds to. (Gemini's own
# `hooks migrate --from-claude` maps Grep to `grep` and LS to `ls`, which do not exist.)
CLAUDE_TOOL_NAMES: Final[dict[str, str]] = {
    "Bash": "run_shell_command",
    "Read": "read_file",
    "Write": "write_file",
    "Edit": "replace",
    "MultiEdit": "replace",
    "Glob": "glob",
    "Grep": "grep_search",
    "LS": "list_directory",
    "WebFetch": "web_fetch",
    "WebSearch": "google_web_search",
    "TodoWrite": "write_todos",
    "Task": "invoke_agent",
    "Agent": "invoke_agent",
    "AskUserQuestion": "ask_user",
    "EnterPlanMode": "enter_plan_mode",
    "ExitPlanMode": "exit_plan_mode",
    "Skill": "activate_skill",
    "BashOutput": "read_background_output",
    "ListMcpResourcesTool": "list_mcp_resources",
    "ReadMcpResourceTool": "read_mcp_resource",
}

# Claude Code tools Gemini CLI has no counterpart for.
CLAUDE_TOOLS_WITHOUT_GEMINI: Final[frozenset[str]] = frozenset(
    {"NotebookEdit", "NotebookRead", "KillShell", "KillBash", "SlashCommand", "TodoRead"}
)

# Claude Code event -> Gemini CLI event.
CLAUDE_EVENTS: Final[dict[str, str]] = {
    "PreToolUse": "BeforeTool",
    "PostToolUse": "AfterTool",
    "UserPromptSubmit": "BeforeAgent",
    "Stop": "AfterAgent",
    "SubagentStop": "AfterAgent",
    "Notification": "Notification",
    "SessionStart": "SessionStart",
    "SessionEnd": "SessionEnd",
    "PreCompact": "PreCompress",
}
