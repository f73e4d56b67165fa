"""How deeply nested JSON hookdash follows, and the parse that enforces it.

Python's parser and every recursive walk after it (variable expansion, merging, the
checks behind an edit, pydantic's serializer) run on the interpreter's stack, which ends
about 1,000 frames down with a `RecursionError`. A hostile file of 10,000 `[` would crash
hookdash with a traceback. Gemini CLI does no better: `JSON.parse` copes, but its
settings loader then recurses and refuses to start with "Error in <file>: Maximum call
stack size exceeded" (Gemini CLI 0.61 on Node 20: 1,700 levels load, 1,800 do not).

So hookdash follows JSON `MAX_DEPTH` levels deep — far beyond anything real (settings and
hook outputs nest about 6 levels) and within what pydantic reads back (about 200) — and
reports anything deeper as a parse error at the line and column of the bracket that
opens level `MAX_DEPTH + 1`.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 100

# Text up to the next bracket outside strings, then the bracket.
_TO_BRACKET = re.compile(r'[^"\[\]{}]*(?:"[^"\\]*(?:\\.[^"\\]*)*"[^"\[\]{}]*)*([\[\]{}])', re.S)


class NestingTooDeepError(json.JSONDecodeError):
    """JSON nested deeper than `MAX_DEPTH`. A `JSONDecodeError`, so code that handles a
    bad file handles this one too; `lineno`/`colno` point at the offending bracket."""

    def __init__(self, doc: str | bytes, pos: int) -> None:
        text = doc if isinstance(doc, str) else doc[:pos].decode("utf-8", "replace")
        if not isinstance(doc, str):
            pos = len(text)
        super().__init__(
            f"nested more than {MAX_DEPTH} levels deep, deeper than hookdash follows",
            text,
            pos,
        )


def too_deep_at(text: str | bytes, limit: int = MAX_DEPTH) -> int | None:
    """Offset of the bracket that opens level `limit + 1` (outside strings), or None.

    Cheap when the text has few brackets; otherwise one regex step per bracket.
    """
    if isinstance(text, bytes):
        text = text.decode("latin-1")  # one char per byte: offsets stay byte offsets
    if text.count("[") + text.count("{") <= limit:
        return None
    depth = 0
    for m in _TO_BRACKET.finditer(text):
        if m.group(1) in "[{":
            depth += 1
            if depth > limit:
                return m.start(1)
        else:
            depth -= 1
    return None


def deeper_than(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether a parsed JSON value nests more than `limit` containers deep (no recursion:
    one pass per level)."""
    level = [value] if isinstance(value, dict | list) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        below: list[Any] = []
        for container in level:
            items = container.values() if isinstance(container, dict) else container
            below.extend(item for item in items if isinstance(item, dict | list))
        level = below
    return False


def json_loads(text: str | bytes, **kwargs: Any) -> Any:
    """`json.loads`, refusing nesting deeper than `MAX_DEPTH` with a `NestingTooDeepError`
    (never a `RecursionError`)."""
    try:
        value = json.loads(text, **kwargs)
    except RecursionError:
        raise NestingTooDeepError(text, too_deep_at(text) or 0) from None
    if deeper_than(value):
        raise NestingTooDeepError(text, too_deep_at(text) or 0)
    return value
