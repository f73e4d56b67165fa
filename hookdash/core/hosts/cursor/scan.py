"""Cursor: `.cursor/hooks.json`, `{"version": 1, "hooks": {event: [{"command", "matcher"?,
"timeout"?, "type"?}]}}` (camelCase events: beforeShellExecution, afterFileEdit, stop…).

Confirmed in public files: 1Password/agent-hooks `.cursor/hooks.json`, the cursor-hooks npm
package's README and schema, skillsaw's cursor-hooks-valid rule. A `type: "prompt"` entry
runs no command. Not confirmed: whether Cursor asks before running a project's hooks (its
documentation says nothing of a review step); command paths resolve from the project root
here (one public README says from `.cursor/`).

Cursor also runs Claude Code's hooks of `.claude/settings.json` and
`.claude/settings.local.json` when its third-party hooks setting is on (Cursor's
documentation, "Third-party hooks"; not confirmed in a shipped Cursor, which is not on
npm): those stay Claude Code's hooks in the scan, with Cursor in their `also_run_by`.
"""

from __future__ import annotations

from hookdash.core.scan.hooks_object import HooksObjectReader

_CLAUDE_FILES = (".claude/settings.json", ".claude/settings.local.json")
_ALSO = (
    "Cursor runs it too when its third-party hooks setting is on (per Cursor's "
    "documentation; not confirmed in a shipped Cursor)."
)


class CursorReader(HooksObjectReader):
    def also_runs(self, agent: str, rel: str, kind: str, event: str) -> str | None:
        return _ALSO if kind == "hook" and rel in _CLAUDE_FILES else None


READER = CursorReader(
    agent="cursor",
    label="Cursor",
    rank=40,
    files=(".cursor/hooks.json",),
    fields=("command",),
    variables=("CURSOR_PROJECT_DIR", "CLAUDE_PROJECT_DIR"),
    when=(
        "Cursor runs it whenever its agent works in this folder; its documentation "
        "describes no review step for project hooks."
    ),
)
