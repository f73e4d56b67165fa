"""Claude Code's pieces of the details pane, registered for `tui_host("claude")`."""

from __future__ import annotations

from hookdash.tui.hosts import TuiHost, register_tui
from hookdash.tui.widgets.hook_details import HookDetails

register_tui(
    TuiHost(
        "claude",
        hook_body=HookDetails.claude_hook_body,
        event_body=HookDetails.claude_event_body,
        origin_rows=HookDetails.claude_origin_rows,
    )
)
