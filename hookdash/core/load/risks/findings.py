"""A finding (kind, character span, reason) and how a text's findings are thinned out."""

from __future__ import annotations

from hookdash.core.findings import RISK_KINDS, RiskKind
from hookdash.core.load.risks.vocabulary import _MAX_PER_KIND


class _Found:
    __slots__ = ("end", "kind", "start", "why")
    kind: RiskKind
    start: int
    end: int
    why: str

    def __init__(self, kind: RiskKind, start: int, end: int, why: str) -> None:
        self.kind = kind
        self.start = start
        self.end = end
        self.why = why


def _as_kind(kind: str) -> RiskKind:
    assert kind in RISK_KINDS, kind  # code_risks uses the same names
    return kind


def _dedupe(found: list[_Found]) -> list[_Found]:
    """One flag per kind and span: a span inside another of the same kind is dropped, and
    each kind keeps its first `_MAX_PER_KIND` (a script of a thousand curls needs a few)."""
    out: list[_Found] = []
    reach: dict[str, int] = {}  # per kind, the furthest end of the spans kept so far
    kept: dict[str, int] = {}
    for f in sorted(found, key=lambda f: (f.start, -(f.end - f.start))):
        # Sorted by start: an earlier span of the same kind contains this one exactly
        # when it reaches at least as far.
        if f.end <= reach.get(f.kind, -1) or kept.get(f.kind, 0) >= _MAX_PER_KIND:
            continue
        reach[f.kind] = max(reach.get(f.kind, -1), f.end)
        kept[f.kind] = kept.get(f.kind, 0) + 1
        out.append(f)
    return out


# ------------------------------------------------------------------------ the walk
