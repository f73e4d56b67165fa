"""Gemini CLI: the workspace settings file, `.gemini/settings.json` (JSON with comments).

Confirmed: hookdash's own reader of Gemini CLI 0.61 (spec/observed-0.61.md): events in
Gemini's names (BeforeTool, AfterAgent…), definitions `{matcher, sequential, hooks:
[{type, command, name, timeout}]}`; `hooks.enabled`, `hooks.disabled` and
`hooks.notifications` are settings, not events. Workspace hooks run only in a trusted
folder; a hook not in trusted_hooks.json is announced once at start and run anyway.
Extensions live in the user's home, not in a repository: not scanned.
"""

from hookdash.core.scan.agents.hooks_object import HooksObjectReader

READER = HooksObjectReader(
    agent="gemini",
    files=(".gemini/settings.json",),
    fields=("command",),
    skip=frozenset({"enabled", "disabled", "notifications"}),
    when=(
        "Gemini CLI runs it only in a trusted folder, warning once at start for a hook it "
        "has not seen before (and then recording it as trusted)."
    ),
)
