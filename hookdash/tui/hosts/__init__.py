"""What a host's hooks need on the dashboard that no other host's do, one package per agent
(`tui/hosts/<agent>/`), registered here by name from its `host` module: how the details
pane shows one of its hooks, an event all of whose hooks are its, and the state of one of
its files; the list's writes on its hooks and its plan, where they are its own; its
firing (`tui.firing`, from `<agent>/firing.py`) and its review
(`tui.reviewing`, from `<agent>/reviewing.py`). A host with nothing registered is shown
from the fields every host's record has.
The screens outside `tui/hosts/` treat every host alike: they ask `tui_host(name)`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table

    from hookdash.core import HookRecord
    from hookdash.tui.colors import Colors
    from hookdash.tui.screens.hook_writing import HookWriting
    from hookdash.tui.widgets.hook_details import HookDetails
    from hookdash.tui.widgets.hook_groups import EventGroup

HookBody = Callable[["HookDetails", "HookRecord", "Colors"], "RenderableType"]
EventBody = Callable[["HookDetails", "EventGroup", "Colors"], "RenderableType"]
OriginRows = Callable[["HookDetails", "Table", str, "Sequence[HookRecord]", "Colors"], None]
# The list's writes on one of its hooks (space, e, d): (the hooks screen, the hook).
HookAction = Callable[["HookWriting", "HookRecord"], None]
# `a`: its form for a new hook (the event under the cursor, None: none yet).
AddHook = Callable[["HookWriting", "str | None"], None]
# `p` (and `f` on a group): its plan of an event (the hook to show in it, None: the event's
# alone); returns the host as a sentence names it ("Gemini", "Claude Code").
PlanEvent = Callable[["HookWriting", "str | None", "HookRecord | None"], str]


@dataclass(frozen=True)
class TuiHost:
    name: str
    hook_body: HookBody | None = None  # the details of one of its hooks
    event_body: EventBody | None = None  # the details of an event (its hooks first)
    origin_rows: OriginRows | None = None  # one of its files' state, in a group's details
    # The list's writes its own way; None: the host protocol's (`Host.switch`,
    # `Host.remove`), and for a form, a refusal that names the command.
    switch_hook: HookAction | None = None  # space
    add_hook: AddHook | None = None  # a: its form
    edit_hook: HookAction | None = None  # e: its form
    remove_hook: HookAction | None = None  # d
    plan_event: PlanEvent | None = None  # p: its plan screen


_tui_hosts: dict[str, TuiHost] = {}


def register_tui(tui: TuiHost) -> TuiHost:
    _tui_hosts[tui.name] = tui
    return tui


def tui_host(name: str) -> TuiHost:
    """What `name` adds to the dashboard: its `tui/hosts/<name>/host.py` registration, else
    nothing (its hooks are shown from the fields every host's record has)."""
    if name not in _tui_hosts:
        try:
            importlib.import_module(f"{__name__}.{name}.host")
        except ModuleNotFoundError as error:
            if error.name not in (f"{__name__}.{name}", f"{__name__}.{name}.host"):
                raise
        _tui_hosts.setdefault(name, TuiHost(name))
    return _tui_hosts[name]
