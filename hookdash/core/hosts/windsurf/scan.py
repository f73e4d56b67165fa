"""Windsurf (Cascade hooks): `.windsurf/hooks.json`, `{"hooks": {event: [{"command",
"show_output"?, "working_directory"?}]}}` with snake_case events (pre_run_command,
post_write_code, pre_user_prompt…).

Confirmed: docs.windsurf.com/windsurf/cascade/hooks (system, user and workspace files,
merged; pre-hooks block with exit 2), public files 1Password/agent-hooks and
Windsurf-Samples/ai-attribution `.windsurf/hooks.json`. Not confirmed: any review step
before workspace hooks run (the documentation describes none); a `powershell` key is read
too, in case Windows commands are written there.
"""

from hookdash.core.scan.hooks_object import HooksObjectReader

READER = HooksObjectReader(
    agent="windsurf",
    label="Windsurf",
    rank=70,
    files=(".windsurf/hooks.json",),
    fields=("command", "powershell"),
    when=(
        "Windsurf runs it whenever Cascade works in this workspace; its documentation "
        "describes no review step."
    ),
)
