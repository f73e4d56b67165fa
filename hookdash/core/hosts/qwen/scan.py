"""Qwen Code: `.qwen/settings.json`, with Claude Code's event names and shape.

Confirmed in the shipped @qwen-code/qwen-code 0.24.4 (chunks of its cli bundle):
- `HookEventName`: PreToolUse, PostToolUse, PostToolUseFailure, PostToolBatch,
  Notification, UserPromptSubmit, UserPromptExpansion, SessionStart, Stop, MessageDisplay,
  SubagentStart, SubagentStop, PreCompact, PostCompact, SessionEnd, SessionDelete,
  PermissionRequest, PermissionDenied, StopFailure, TodoCreated, TodoCompleted,
  InstructionsLoaded; `enabled`, `disabled`, `notifications` in `hooks` are settings.
- `Config.getProjectHooks()` returns nothing unless `isTrustedFolder()` (and not in bare
  or safe mode); there is no per-hook trust store.
- handler types: `command` (with optional `args`, run without a shell), `http` (`url`),
  `prompt`, `function`. Docs: qwenlm.github.io/qwen-code-docs (users/features/hooks).
"""

from hookdash.core.scan.hooks_object import HooksObjectReader

READER = HooksObjectReader(
    agent="qwen",
    label="Qwen Code",
    rank=20,
    files=(".qwen/settings.json",),
    fields=("command", "url"),
    skip=frozenset({"enabled", "disabled", "notifications"}),
    variables=("QWEN_PROJECT_DIR", "GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"),
    when=(
        "Qwen Code runs it only in a trusted folder, with no review of each hook "
        "(and not in bare or safe mode)."
    ),
)
