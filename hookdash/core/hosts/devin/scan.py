"""Devin Desktop (Cognition's desktop agent, formerly Windsurf): Cascade hooks in
Windsurf's format, `{"hooks": {event: [{"command", "show_output"?,
"working_directory"?}]}}` with snake_case events (pre_run_command, post_write_code…).

Which file it reads is not settled: Devin's documentation lists `.windsurf/hooks.json`
(so a repository's Windsurf hooks are Devin Desktop's too, in their `also_run_by`); a
public linter says `.devin/hooks.json` wins when both exist. hookdash reads both; the
`.devin/hooks.json` path is unconfirmed (Devin Desktop is not on npm), and so is any
review step before workspace hooks run.
"""

from __future__ import annotations

from hookdash.core.scan.hooks_object import HooksObjectReader

_WINDSURF = ".windsurf/hooks.json"
_ALSO = (
    "Devin Desktop runs it too (its documentation lists .windsurf/hooks.json; a public "
    "linter says .devin/hooks.json wins when both exist: unconfirmed)."
)


class DevinReader(HooksObjectReader):
    def also_runs(self, agent: str, rel: str, kind: str, event: str) -> str | None:
        return _ALSO if kind == "hook" and rel == _WINDSURF else None


READER = DevinReader(
    agent="devin",
    label="Devin Desktop",
    rank=150,
    files=(".devin/hooks.json",),
    fields=("command", "powershell"),
    when=(
        "Devin Desktop runs it whenever its agent works in this workspace, if it reads "
        ".devin/hooks.json at all (a public linter says so; Devin's documentation names "
        ".windsurf/hooks.json): unconfirmed, and no review step is described."
    ),
)
