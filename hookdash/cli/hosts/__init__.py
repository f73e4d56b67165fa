"""What a host's commands do differently, registered from `cli/hosts/<host>.py`: a module
there whose `COMMANDS` maps a command's name (`list`, `fire`, `trust`, …) to the function
that runs it for that host. The dispatcher asks `host_command` and never names a host.

`known_hosts` names every host package of `core/hosts` (a folder holding `host.py`) for
`--host`'s choices without importing any of them (the parser is built for every command,
the dashboard's first paint included).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Command = Callable[[argparse.Namespace], int]
_HOSTS_DIR = Path(__file__).resolve().parent.parent.parent / "core" / "hosts"


def known_hosts() -> tuple[str, ...]:
    """Every built-in host's name, sorted (a folder of core/hosts with a host.py)."""
    try:
        names = sorted(p.name for p in _HOSTS_DIR.iterdir() if (p / "host.py").is_file())
    except OSError:
        return ()
    return tuple(names)


def host_command(host: str | None, command: str | None) -> Command | None:
    """The function `cli/hosts/<host>.py` registers for `command`, or None (the command's
    own code then serves that host)."""
    if not host or not command:
        return None
    module = _module(host)
    commands: dict[str, Command] = getattr(module, "COMMANDS", {})
    return commands.get(command)


def _module(host: str) -> Any:
    try:
        return importlib.import_module(f"{__name__}.{host}")
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{host}":
            raise
        return None


@dataclass
class HostPart:
    """One more host's part of `list` and `check` without `--host` (a host whose
    `cli/hosts/<host>.py` says how to write it), loaded when it has a file here."""

    label: str
    snapshot: Any
    write_list: Callable[[Any, Any], None]  # (snapshot, Style)
    places: Any  # what shows its paths (`display`)


def host_parts(workspace: str, environ: Mapping[str, str]) -> list[HostPart]:
    """The parts of every registered-here host that has a file for `workspace`."""
    parts = []
    for name in known_hosts():
        module = _module(name)
        if module is None or not hasattr(module, "write_list"):
            continue
        from hookdash.core.hosts.registry import host

        agent = host(name)
        folder = Path(workspace)
        if not agent.has_files(folder, environ):
            continue
        snap = agent.load(folder, environ)
        parts.append(HostPart(agent.label, snap, module.write_list, module.Places(snap.home)))
    return parts
