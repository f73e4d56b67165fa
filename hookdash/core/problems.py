"""A problem in the configuration: what Gemini CLI will do about it, and how to fix it.

A leaf module: Gemini's readers (core/gemini) report problems too.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from hookdash.core.shown import ShownProblem

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK: dict[str, int] = {"error": 0, "warning": 1, "info": 2}


class Problem(BaseModel):
    severity: Severity
    code: str
    message: str
    fix: str | None = None
    file: str | None = None
    pointer: str | None = None
    line: int | None = None
    column: int | None = None

    @property
    def shown(self) -> ShownProblem:
        """Its text as a terminal may show it (core.display's rule): how views read it."""
        return ShownProblem(self)
