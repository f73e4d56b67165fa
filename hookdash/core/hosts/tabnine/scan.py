"""Tabnine CLI: `.tabnine/agent/settings.json`, in Gemini CLI's settings format (Tabnine's
agent CLI is built on Gemini CLI): `{"hooks": {BeforeTool: [{"matcher", "hooks":
[{"type": "command", "command"}]}]}}`, with `enabled`, `disabled` and `notifications`
being settings, not events.

From Tabnine's documentation only (its CLI is not on npm under a name hookdash could
confirm): not confirmed in shipped code, nor whether it asks before running a project's
hooks.
"""

from hookdash.core.scan.hooks_object import HooksObjectReader

READER = HooksObjectReader(
    agent="tabnine",
    label="Tabnine CLI",
    rank=140,
    files=(".tabnine/agent/settings.json",),
    fields=("command",),
    skip=frozenset({"enabled", "disabled", "notifications"}),
    variables=("GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"),
    when=(
        "Tabnine's agent CLI runs it in this folder (per Tabnine's documentation; whether "
        "it asks first is not confirmed)."
    ),
)
