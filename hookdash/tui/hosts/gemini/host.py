"""Gemini CLI's pieces of the dashboard, registered for `tui_host("gemini")`: its hooks'
details, its events' (matchers, sequential or parallel, the layer order) and its files'
state (a settings layer, an extension), whose methods stay on the details pane
(`HookDetails`); and the list's writes and plan (`writing`)."""

from __future__ import annotations

from hookdash.tui.hosts import TuiHost, register_tui
from hookdash.tui.hosts.gemini import writing
from hookdash.tui.widgets.hook_details import HookDetails

register_tui(
    TuiHost(
        "gemini",
        hook_body=HookDetails.settings_hook_body,
        event_body=HookDetails.settings_event_body,
        origin_rows=HookDetails.settings_origin_rows,
        switch_hook=writing.switch_hook,
        add_hook=writing.add_hook,
        edit_hook=writing.edit_hook,
        remove_hook=writing.remove_hook,
        plan_event=writing.plan_event,
    )
)
