"""Each agent scan reads is a room of its own, found by its folder."""

from __future__ import annotations

from pathlib import Path

import hookdash.core.hosts as hosts
from hookdash.core.hosts.scanned import AGENT_NAMES, scan_readers


def test_every_room_with_a_scan_module_is_found_in_rank_order() -> None:
    """Agents are found by their rooms (core/hosts/<agent>/scan.py), none named by the
    shared scan: each reader's id is its room's name, and the order is each reader's rank."""
    rooms = {p.name for p in Path(hosts.__file__).parent.iterdir() if (p / "scan.py").is_file()}
    readers = scan_readers()
    assert {r.agent for r in readers} == rooms
    assert [r.rank for r in readers] == sorted(r.rank for r in readers)
    assert all(r.label for r in readers)


def test_agent_names_come_from_the_readers() -> None:
    assert AGENT_NAMES["copilot"] == "GitHub Copilot CLI"
    assert list(AGENT_NAMES) == [r.agent for r in scan_readers()]
