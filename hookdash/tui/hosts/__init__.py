"""What a host's hooks need on the dashboard that no other host's do (its form's fields,
its plan's view, its review, its details pane), one package per agent: `tui/hosts/<agent>/`.
The screens outside it treat every host alike.

A package that defines `details_body(hook, display, colors)` draws the details pane of its
host's hooks; such a host is also loaded beside Gemini CLI and Claude Code
(`more_snapshots`: `Configuration.more_hosts`) and its hooks join the list. Nothing here
names a host.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent


def _packages() -> list[str]:
    try:
        return sorted(p.name for p in _HERE.iterdir() if (p / "__init__.py").is_file())
    except OSError:
        return []


def _module(host: str) -> Any:
    if host not in _packages():
        return None
    return importlib.import_module(f"{__name__}.{host}")


def more_snapshots(workspace: Path, environ: Mapping[str, str]) -> list[Any]:
    """The snapshot of every host with dashboard pieces here that has a file for
    `workspace` (read off the event loop, with the configuration)."""
    from hookdash.core.hosts.registry import host

    out = []
    for name in _packages():
        if details_for(name) is None:
            continue  # a host the configuration carries already (its own field)
        agent = host(name)
        if agent.has_files(workspace, environ):
            out.append(agent.load(workspace, environ))
    return out


def details_for(host: str) -> Callable[..., Any] | None:
    """The details pane a host draws for its own hooks, or None (the shared one)."""
    module = _module(host)
    return getattr(module, "details_body", None) if module is not None else None
