"""The baseline: what you last accepted of your own hooks, in hookdash's state directory
(`baseline.json`, 0600, written atomically through `core.disk.file_memory`). A missing or
damaged file reads as no baseline: the next look records one silently."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from hookdash.core.baseline.watched import WatchedItem
from hookdash.core.disk.file_memory import FileMemory

FILE_NAME = "baseline.json"


class Baseline(BaseModel):
    v: int = 1
    recorded_at: str | None = None  # None: never recorded
    items: dict[str, WatchedItem] = {}

    @property
    def recorded(self) -> bool:
        return self.recorded_at is not None


@dataclass(frozen=True)
class _Env:
    environ: Mapping[str, str]


_MEMORY = FileMemory(FILE_NAME, Baseline)


def baseline_path(environ: Mapping[str, str]) -> Path:
    return _MEMORY.path(_Env(environ))


def read_baseline(environ: Mapping[str, str]) -> Baseline:
    return _MEMORY.read(_Env(environ))


def write_baseline(environ: Mapping[str, str], items: list[WatchedItem]) -> Baseline:
    """Record `items` as what you accepted (replacing the baseline). Raises EditError when
    the state cannot be written."""
    now = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    fresh = Baseline(recorded_at=now, items={item.key: item for item in items})

    def change(state: Baseline) -> bool:
        state.v, state.recorded_at, state.items = fresh.v, fresh.recorded_at, fresh.items
        return True

    _MEMORY.update(_Env(environ), change)
    return fresh
