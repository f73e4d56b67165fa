"""`command-not-found`, one finding for every host: the program a hook's command starts is
not on the PATH its agent hands its hooks, so bash exits 127, and what the agent makes of
that (a blocking deny, a failed hook it goes past) is the host's sentence."""

from __future__ import annotations

from hookdash.core.display import visible
from hookdash.core.problems import Problem
from hookdash.core.scripts import ScriptInfo

LATER = " This hook does not run now, but will fail like this once it does."


def missing_program(
    program: ScriptInfo | None,
    runs: bool,
    consequence: str,
    *,
    file: str,
    pointer: str | None,
    line: int | None,
    subject: str = "",
) -> Problem | None:
    """The finding, or None when the program is found (or the command starts none).
    `consequence`: what the agent does with exit 127 ("which Codex CLI reports as a failed
    hook and goes on, …"); `subject`: the hook, said first when the host names it."""
    if program is None or program.exists:
        return None
    return Problem(
        severity="error" if runs else "warning",
        code="command-not-found",
        message=f"{subject}'{visible(program.program)}' is not on PATH: bash exits 127, "
        f"{consequence}.{'' if runs else LATER}",
        fix="Install it, or use the full path.",
        file=file,
        pointer=pointer,
        line=line,
    )
