"""`also_run_by`: another agent that runs a hook of a file that is not its
own, and when. A ground-floor record, so that every host's hook records and `scan` carry
the same shape (core.scan.also_run computes it). A plain dataclass, as core.findings'
records are: `scan` makes it without importing pydantic."""

from __future__ import annotations

from hookdash.core.record_class import ByValue, value_record


@value_record
class AlsoRunBy(ByValue):
    """Another agent that runs this hook, and when."""

    agent: str  # its id in `scan` (core.hosts.scanned.AGENT_NAMES)
    when: str  # one sentence: the condition, and the version it was read in
