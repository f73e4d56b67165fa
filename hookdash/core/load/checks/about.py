"""A problem anchored at a hook: its file, JSON pointer and line."""

from __future__ import annotations

from hookdash.core.model import Hook
from hookdash.core.problems import Problem, Severity


def _about(hook: Hook, severity: Severity, code: str, message: str, fix: str | None) -> Problem:
    return Problem(
        severity=severity,
        code=code,
        message=message,
        fix=fix,
        file=hook.file,
        pointer=hook.pointer,
        line=hook.line,
    )
