"""What hookdash finds in a hook's command, of any host: a risk flag a reviewer must not
miss, and a part it did not understand. The ground floor: every host's records, `scan` and
the risk readers (core.load.risks) build these; it imports nothing of hookdash but
core.record_class.

Plain frozen dataclasses, not pydantic models: `scan` builds one for every flag and part it
finds and validates none, so it starts without importing pydantic. The pydantic models
that carry them (every host's hook record, an MCP server) validate and dump them as
fields all the same, so `list --json` and the state files read and write the same JSON.
"""

from __future__ import annotations

from typing import Literal

from hookdash.core.record_class import ByValue, value_record

RiskKind = Literal[
    "network",
    "pipe-to-shell",
    "decode-and-run",
    "opaque",
    "destructive",
    "secrets",
    "persistence",
    "outside-workspace",
    "sudo",
    "startup-env",
    "fetched-code",
]
# The order `check` names them in. "opaque": hookdash cannot tell what the command runs
# (a program or code built at run time), so no other flag can vouch for it.
# "persistence": it sets up something that runs later (cron, startup files, git hooks).
# "fetched-code": it downloads code from a package registry and runs it (`npx -y`, `uvx`,
# `pip install`): what runs is whatever the registry serves that day.
RISK_KINDS: tuple[RiskKind, ...] = (
    "pipe-to-shell",
    "decode-and-run",
    "opaque",
    "fetched-code",
    "startup-env",
    "network",
    "secrets",
    "persistence",
    "destructive",
    "outside-workspace",
    "sudo",
)


@value_record
class RiskSpan(ByValue):
    """The text a flag was found in: [start, end) into the command, or into the script."""

    text: str
    start: int
    end: int


@value_record
class RiskFlag(ByValue):
    """One thing a reviewer must not miss (`risks` in `list --json`)."""

    kind: RiskKind
    span: RiskSpan
    why: str
    file: str | None = None  # the script it was found in; None: in the command itself
    line: int | None = None  # 1-based line in that script
    env: str | None = None  # the variable of the hook's `env` it was found in


@value_record
class Unknown(ByValue):
    """A part of a hook hookdash did not understand (`unknowns` in `list --json` and `scan`):
    an unknown program, an option outside what hookdash knows of a program, a file it could
    not follow. A hook is quiet only when it has no risk flag and no unknown."""

    text: str  # the part, as written (shown escaped, never raw)
    why: str  # one sentence: "hookdash does not know what `foo --bar` does"
    file: str | None = None  # the script it was found in; None: in the command itself
    line: int | None = None  # 1-based line in that script
