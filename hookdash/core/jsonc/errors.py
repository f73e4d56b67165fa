"""What Gemini CLI's JSON parser rejects, said the way a user can act on it."""

from __future__ import annotations

import json
from typing import Any

from hookdash.core import nesting


class JsonParseError(ValueError):
    """A file that Gemini CLI's parser rejects, with a 1-based line and column."""

    def __init__(
        self,
        message: str,
        line: int | None,
        column: int | None,
        offset: int = 0,
        *,
        too_deep: bool = False,
    ):
        where = f" (line {line}, column {column})" if line is not None else ""
        super().__init__(f"{message}{where}")
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.too_deep = too_deep  # valid JSON, nested deeper than hookdash follows


def reject_constant(name: str) -> Any:
    # JSON.parse has no NaN/Infinity; Python's json would accept them.
    raise ValueError(f"{name} is not valid JSON")


def line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def too_deep(stripped: str) -> JsonParseError:
    exc = nesting.NestingTooDeepError(stripped, nesting.too_deep_at(stripped) or 0)
    return JsonParseError(exc.msg, exc.lineno, exc.colno, exc.pos, too_deep=True)


def explain(stripped: str, exc: json.JSONDecodeError) -> JsonParseError:
    pos = exc.pos
    if pos < len(stripped) and stripped[pos] in "}]":
        back = pos - 1
        while back >= 0 and stripped[back] in " \t\r\n":
            back -= 1
        if back >= 0 and stripped[back] == ",":
            line, col = line_col(stripped, back)
            return JsonParseError(
                f"trailing comma before '{stripped[pos]}' (Gemini CLI's JSON parser does not "
                "allow trailing commas)",
                line,
                col,
                back,
            )
    message = exc.msg
    if message.startswith("Extra data"):
        message = "unexpected text after the end of the JSON value"
    return JsonParseError(message[0].lower() + message[1:], exc.lineno, exc.colno, pos)
