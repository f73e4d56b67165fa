"""Is a hook's process still there? Read from /proc (a zombie counts as gone)."""

from __future__ import annotations

import os
from pathlib import Path


def _stat_fields(pid: int | str) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def alive(pid: int) -> bool:
    """Running: a zombie holds nothing and runs nothing, so it does not count."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] != "Z"


def group_members(pgid: int) -> list[int]:
    """Live processes whose process group is `pgid`."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat_fields(entry)
            if fields is not None and int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(entry))
    return members
