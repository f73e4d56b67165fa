"""The pieces of a JavaScript regex (escapes, classes, groups, quantifiers), read without
judging it: for counting groups and for reading a matcher's alternatives."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple


class Token(NamedTuple):
    """One piece of a JS regex: `kind` is escape, class, open, close, alt, quant or char."""

    kind: str
    text: str


_QUANTIFIER = re.compile(r"(?:[*+?]|\{\d+(?:,\d*)?\})\??")


def tokens(pattern: str) -> Iterator[Token]:
    """The pattern's pieces, escapes and character classes whole; never raises (a pattern
    JavaScript rejects still yields pieces: callers that care compile it first)."""
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            yield Token("escape", pattern[i : i + 2])
            i += 2
        elif ch == "[":
            j = i + 1 + (pattern[i + 1 : i + 2] == "^")
            j += pattern[j : j + 1] == "]"  # a leading ] is part of the class
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            yield Token("class", pattern[i : j + 1])
            i = j + 1
        elif ch == "(":
            m = re.compile(r"\((?:\?(?:[:=!]|<[=!]|<[^>]*>))?").match(pattern, i)
            assert m is not None
            yield Token("open", m.group(0))
            i = m.end()
        elif ch in ")|":
            yield Token("close" if ch == ")" else "alt", ch)
            i += 1
        elif (m := _QUANTIFIER.match(pattern, i)) is not None:
            yield Token("quant", m.group(0))
            i = m.end()
        else:
            yield Token("char", ch)
            i += 1


def _captures(token: Token) -> bool:
    return token.kind == "open" and (
        token.text == "(" or (token.text.startswith("(?<") and token.text[3:4] not in ("=", "!"))
    )


def count_groups(pattern: str) -> tuple[int, bool]:
    captures = [t for t in tokens(pattern) if _captures(t)]
    return len(captures), any(t.text != "(" for t in captures)


def alternatives(pattern: str) -> list[str]:
    """The pattern's top-level alternatives (`a|(b|c)` → `a`, `(b|c)`)."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for token in tokens(pattern):
        depth += (token.kind == "open") - (token.kind == "close")
        if token.kind == "alt" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(token.text)
    parts.append("".join(current))
    return parts
