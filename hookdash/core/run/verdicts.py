"""One vocabulary for what a run came to, for every host: the words the log, `fire` and the
dashboard show (`Host.verdict` says which one a host's run is)."""

from __future__ import annotations

from typing import Any, Literal, Protocol

Outcome = Literal["ok", "warning", "blocked", "stopped", "failed", "timed-out", "cancelled"]

# A run cut short by a cancelled firing (esc, Ctrl-C, a signal): its record's error, which
# the log reads as "cancelled" (logfeed.outcome_of). Here, not in the run log that writes it: a
# check of which events ignore a decision (gemini.effects, on every `list`) reads this
# vocabulary, and the log (fcntl, its pydantic record) is no part of a listing.
CANCELLED_PREFIX = "cancelled"
CANCELLED_ERROR = f"{CANCELLED_PREFIX}: hookdash killed its process group"

# One narrow mark per outcome, every host's, in the dashboard, `fire` and `log` alike (a
# log's lines must stay aligned).
OUTCOME_MARKS: dict[Outcome, str] = {
    "ok": "✔",
    "warning": "!",
    "blocked": "⊘",
    "stopped": "■",
    "failed": "✖",
    "timed-out": "◷",
    "cancelled": "○",
}


class RunLike(Protocol):
    """What a run record and an engine result (`RunResult`) have in common."""

    @property
    def error(self) -> str | None: ...
    @property
    def timed_out(self) -> bool: ...
    @property
    def output(self) -> Any: ...
    @property
    def success(self) -> bool: ...
    @property
    def exit_code(self) -> int | None: ...
    @property
    def event(self) -> str | None: ...


def ended_early(record: RunLike) -> Outcome | None:
    """`cancelled` (hookdash stopped it) or `timed-out`, whatever the host: neither left an
    output a host could read. None for a run that ended by itself."""
    if record.error and record.error.startswith(CANCELLED_PREFIX):
        return "cancelled"
    if record.timed_out:
        return "timed-out"
    return None


def plain_outcome(record: RunLike) -> Outcome:
    """A run's outcome for a host that reads nothing of a hook's output but its success."""
    return ended_early(record) or ("ok" if record.success else "failed")
