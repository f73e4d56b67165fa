"""Cursor: `.cursor/hooks.json`, `{"version": 1, "hooks": {event: [{"command", "matcher"?,
"timeout"?, "type"?}]}}` (camelCase events: beforeShellExecution, afterFileEdit, stop…).

Confirmed in public files: 1Password/agent-hooks `.cursor/hooks.json`, the cursor-hooks npm
package's README and schema, skillsaw's cursor-hooks-valid rule. A `type: "prompt"` entry
runs no command. Not confirmed: whether Cursor asks before running a project's hooks (its
documentation says nothing of a review step); command paths resolve from the project root
here (one public README says from `.cursor/`). Cursor can also load Claude Code's
`.claude/settings*.json` hooks (third-party configs setting): those are reported as Claude
Code's.
"""

from hookdash.core.scan.agents.hooks_object import HooksObjectReader

READER = HooksObjectReader(
    agent="cursor",
    files=(".cursor/hooks.json",),
    fields=("command",),
    when=(
        "Cursor runs it whenever its agent works in this folder; its documentation "
        "describes no review step for project hooks."
    ),
)
