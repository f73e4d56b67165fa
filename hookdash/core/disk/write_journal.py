"""The files hookdash wrote in one action, recorded while it runs: what an undo restores.

A front end wraps one action in `recording_writes()`; every `atomic.update_file` and
`atomic.remove_file` in that context (this thread, or this task) adds its outcome.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookdash.core.disk.atomic import WriteOutcome

# The writes of the current context, when someone records them (`recording_writes`).
_JOURNAL: ContextVar[list[WriteOutcome] | None] = ContextVar("hookdash_writes", default=None)


@contextlib.contextmanager
def recording_writes() -> Iterator[list[WriteOutcome]]:
    """Collect every file `update_file` (and `remove_file`) changes in this context — in
    this thread, or this task — while the block runs, in order: what an undo restores."""
    journal: list[WriteOutcome] = []
    token = _JOURNAL.set(journal)
    try:
        yield journal
    finally:
        _JOURNAL.reset(token)


def record_write(outcome: WriteOutcome) -> None:
    """Add a write to the journal of this context, if one is being kept."""
    journal = _JOURNAL.get()
    if journal is not None:
        journal.append(outcome)


def recording() -> bool:
    """Whether a journal is being kept in this context (its writes keep their old bytes)."""
    return _JOURNAL.get() is not None
