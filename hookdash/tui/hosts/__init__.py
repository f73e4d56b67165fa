"""What a host shows differently in the dashboard, registered from `tui/hosts/<host>/`:
a package there may define `details_body(hook, display, colors)` (the details pane of one
of its hooks). A host with such a package is loaded beside Gemini CLI and Claude Code
(`more_snapshots`) and its hooks join the list. Nothing here names a host.
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
        agent = host(name)
        if agent.has_files(workspace, environ):
            out.append(agent.load(workspace, environ))
    return out


def details_for(host: str) -> Callable[..., Any] | None:
    """The details pane a host draws for its own hooks, or None (the shared one)."""
    module = _module(host)
    return getattr(module, "details_body", None) if module is not None else None
