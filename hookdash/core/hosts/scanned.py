"""The agents `hookdash scan` reads the project files of, found by their rooms.

Every package `core/hosts/<agent>/` that has a `scan.py` is one: that module's `READER`
(core.scan.reader.AgentReader) knows the agent's files, its name (`label`) and its place
in scan order (`rank`). The managed hosts (Gemini CLI, Claude Code) have one beside their
host; an agent hookdash only scans is a room with nothing else (the host protocol's "a host
with only the scan capability"). Nothing here names an agent: a new one is a new folder.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookdash.core.scan.reader import AgentReader

_ROOMS = Path(__file__).resolve().parent


@cache
def scan_readers() -> tuple[AgentReader, ...]:
    """Every scanned agent's reader, by `rank` then id (each module imported once)."""
    readers = [
        importlib.import_module(f"hookdash.core.hosts.{room.name}.scan").READER
        for room in sorted(_ROOMS.iterdir())
        if (room / "scan.py").is_file() and (room / "__init__.py").is_file()
    ]
    return tuple(sorted(readers, key=lambda r: (r.rank, r.agent)))


class _AgentNames(Mapping[str, str]):
    """Agent id (stable, in `scan --json`) → the name people know it by, in scan order;
    read from the readers on first use."""

    def _table(self) -> dict[str, str]:
        return {reader.agent: reader.label for reader in scan_readers()}

    def __getitem__(self, agent: str) -> str:
        return self._table()[agent]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(scan_readers())


AGENT_NAMES: Mapping[str, str] = _AgentNames()
