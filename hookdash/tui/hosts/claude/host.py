"""Claude Code's pieces of the dashboard, registered for `tui_host("claude")`: the details
pane's, and the list's writes and plan (`writing`)."""

from __future__ import annotations

from hookdash.tui.hosts import TuiHost, register_tui
from hookdash.tui.hosts.claude import writing
from hookdash.tui.widgets.hook_details import HookDetails

register_tui(
    TuiHost(
        "claude",
        hook_body=HookDetails.claude_hook_body,
        event_body=HookDetails.claude_event_body,
        origin_rows=HookDetails.claude_origin_rows,
        switch_hook=writing.switch_hook,
        add_hook=writing.add_claude_hook,
        edit_hook=writing.edit_hook,
        remove_hook=writing.remove_hook,
        plan_event=writing.plan_event,
    )
)
