"""Narrowing the live log: by outcome, source, event, hook and text.

A `RunFilter` accepts or rejects one `RunRecord`; every field left at its default lets
everything through. The outcome groups read as Gemini reads a run (`logfeed.outcome_of`):
`blocked` is a blocking decision or `continue: false`; `error` a failure (a crash, a
spawn error, any exit code Gemini reads as an error — 1 is its "non-blocking error");
`timeout` a run its timeout killed; `not-ok` anything but a clean run (cancelled ones
too). The hook is a `HookIdentity`: a configured
hook's, or a recorded run's when its hook is gone from the configuration, matched as
`logfeed.is_run_of` matches (by ref for hookdash's runs, by event, id and key for
Gemini's). The text is words that must all occur, in any case, in the run's id, event,
origin, outcome, layer, command, decision, error or the start of its stdout and stderr.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

from hookdash.core.model import Hook
from hookdash.core.run.logfeed import Outcome, outcome_of
from hookdash.core.run.runlog import RunRecord

OutcomeFilter = Literal["all", "blocked", "error", "timeout", "not-ok"]
SourceFilter = Literal["all", "gemini", "hookdash"]

# The order a key steps through them (the most asked-for first).
OUTCOME_FILTERS: tuple[OutcomeFilter, ...] = ("all", "blocked", "error", "timeout", "not-ok")
SOURCE_FILTERS: tuple[SourceFilter, ...] = ("all", "gemini", "hookdash")

_OUTCOMES: dict[OutcomeFilter, frozenset[Outcome]] = {
    "blocked": frozenset({"blocked", "stopped"}),
    "error": frozenset({"failed", "warning"}),
    "timeout": frozenset({"timed-out"}),
    "not-ok": frozenset({"warning", "blocked", "stopped", "failed", "timed-out", "cancelled"}),
}
# How much of stdout and stderr the text filter reads (a record keeps up to 64 KiB of
# each; the start is where a hook says what it did).
SEARCHED_OUTPUT_CHARS = 8_192


class HookIdentity(BaseModel):
    """Which hook's runs to keep: from a configured hook, or from a run record."""

    model_config = ConfigDict(frozen=True)

    event: str
    id: str
    ref: str | None = None
    key: str | None = None
    label: str  # `guard (user)`: what the log's title says

    @classmethod
    def of_hook(cls, hook: Hook) -> HookIdentity:
        return cls(
            event=hook.event,
            id=hook.id,
            ref=hook.ref,
            key=hook.key,
            label=f"{hook.id} ({hook.layer_label})",
        )

    @classmethod
    def of_record(cls, record: RunRecord) -> HookIdentity:
        layer = f"extension {record.extension}" if record.extension else record.scope
        return cls(
            event=record.event,
            id=record.id,
            ref=record.ref,
            key=record.key,
            label=f"{record.id} ({layer})" if layer else record.id,
        )

    def matches(self, record: RunRecord) -> bool:
        if record.ref is not None and self.ref is not None:
            return record.ref == self.ref
        if record.event != self.event or record.id != self.id:
            return False
        return record.key is None or self.key is None or record.key == self.key


class RecordedHook(Protocol):
    """What finding a run's hook reads of a hook, of any host."""

    @property
    def ref(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def event(self) -> str: ...
    @property
    def id(self) -> str: ...
    @property
    def runs(self) -> bool: ...


HookT = TypeVar("HookT", bound=RecordedHook)


def hook_of_record(record: RunRecord, hooks: Sequence[HookT]) -> HookT | None:
    """The configured hook a run was a run of: by ref, else (Gemini's records, or a hook
    edited since) the one of that event and id — a running one first — or None."""
    if record.ref is not None:
        for hook in hooks:
            if hook.ref == record.ref:
                return hook
    candidates = [h for h in hooks if h.event == record.event and h.id == record.id]
    keyed = [h for h in candidates if record.key is not None and h.key == record.key]
    pool = keyed or candidates
    running = [h for h in pool if h.runs]
    return (running or pool)[0] if pool else None


class RunFilter(BaseModel):
    """What the live log shows; the defaults show every run."""

    model_config = ConfigDict(frozen=True)

    outcome: OutcomeFilter = "all"
    source: SourceFilter = "all"
    event: str | None = None
    hook: HookIdentity | None = None
    text: str = ""

    @property
    def active(self) -> bool:
        return self != RunFilter()

    def accepts(self, record: RunRecord) -> bool:
        if self.source != "all" and record.origin != self.source:
            return False
        if self.event is not None and record.event != self.event:
            return False
        if self.outcome != "all" and outcome_of(record) not in _OUTCOMES[self.outcome]:
            return False
        if self.hook is not None and not self.hook.matches(record):
            return False
        words = self.text.lower().split()
        if words:
            haystack = searchable_text(record)
            return all(word in haystack for word in words)
        return True

    def describe(self) -> list[str]:
        """The active narrowings, in words: `blocked`, `from gemini`, `BeforeTool`…"""
        parts: list[str] = []
        if self.outcome != "all":
            parts.append(self.outcome.replace("-", " "))
        if self.source != "all":
            parts.append(f"from {self.source}")
        if self.event is not None:
            parts.append(self.event)
        if self.hook is not None:
            parts.append(f"hook {self.hook.label}")
        if self.text.strip():
            parts.append(f"“{' '.join(self.text.split())}”")
        return parts


def searchable_text(record: RunRecord) -> str:
    """The lower-cased text the filter's words are looked for in."""
    layer = f"extension {record.extension}" if record.extension else record.scope
    parts = [
        record.id,
        record.event,
        record.origin,
        outcome_of(record).replace("-", " "),
        layer or "",
        record.command or "",
        record.decision or "",
        record.error or "",
        (record.stdout or "")[:SEARCHED_OUTPUT_CHARS],
        (record.stderr or "")[:SEARCHED_OUTPUT_CHARS],
    ]
    if record.exit_code is not None:
        parts.append(f"exit {record.exit_code}")
    return "\n".join(parts).lower()
