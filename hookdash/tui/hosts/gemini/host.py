"""Gemini CLI's pieces of the details pane, registered for `tui_host("gemini")`: its hooks'
details, its events' (matchers, sequential or parallel, the layer order) and its files'
state (a settings layer, an extension). The methods stay on the details pane
(`HookDetails`); this names them as Gemini's."""

from __future__ import annotations

from hookdash.tui.hosts import TuiHost, register_tui
from hookdash.tui.widgets.hook_details import HookDetails

register_tui(
    TuiHost(
        "gemini",
        hook_body=HookDetails.settings_hook_body,
        event_body=HookDetails.settings_event_body,
        origin_rows=HookDetails.settings_origin_rows,
    )
)
