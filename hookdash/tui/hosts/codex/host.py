"""Codex CLI's pieces of the details pane, registered for `tui_host("codex")`: its hooks'
details (`details_body`). Its firing and review are found by name beside this module
(`firing.py`, `reviewing.py`), as every host's are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.tui.hosts import TuiHost, register_tui
from hookdash.tui.hosts.codex import details_body

if TYPE_CHECKING:
    from rich.console import RenderableType

    from hookdash.core import HookRecord
    from hookdash.tui.colors import Colors
    from hookdash.tui.widgets.hook_details import HookDetails


def _hook_body(details: HookDetails, hook: HookRecord, colors: Colors) -> RenderableType:
    return details_body(hook, details.path_display, colors)


register_tui(TuiHost("codex", hook_body=_hook_body))
