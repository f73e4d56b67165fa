"""A problem in the configuration: what Gemini CLI will do about it, and how to fix it.

A leaf module: Gemini's readers (core/hosts/gemini) report problems too.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, field_validator

from hookdash.core import rules
from hookdash.core.shown import ShownProblem

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK: dict[str, int] = {"error": 0, "warning": 1, "info": 2}

# The test suite sets this (tests/conftest.py): a Problem whose code is not in the rule
# catalogue (core.rules) is then refused where it is made. A user never gets a traceback
# for a missing catalogue entry; the test that parses every code in the source catches it.
STRICT_CODES = False


class Problem(BaseModel):
    severity: Severity
    code: str
    message: str
    fix: str | None = None
    file: str | None = None
    pointer: str | None = None
    line: int | None = None
    column: int | None = None

    @field_validator("code")
    @classmethod
    def _catalogued(cls, code: str) -> str:
        if STRICT_CODES and not rules.is_known(code):
            raise ValueError(f"problem code {code!r} is not in the rule catalogue (core.rules)")
        return code

    @property
    def level(self) -> rules.Level:
        """Its level in the rule catalogue's terms (SARIF's: `info` is a note)."""
        return rules.level_of(self.severity)

    @property
    def shown(self) -> ShownProblem:
        """Its text as a terminal may show it (core.display's rule): how views read it."""
        return ShownProblem(self)
