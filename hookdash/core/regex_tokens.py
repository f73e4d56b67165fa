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
            # (A leading ] ends the class: JavaScript's [] and [^] are whole classes.)
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


class Capture(NamedTuple):
    """A capturing group: its number, name (None: unnamed) and where it ends (the index
    after its `)`; None: never closed)."""

    number: int
    name: str | None
    end: int | None


def captures(pattern: str) -> list[Capture]:
    """The capturing groups in the order JavaScript numbers them."""
    found: list[Capture] = []
    stack: list[int | None] = []  # per open group: its index in `found`, or None
    at = 0
    for token in tokens(pattern):
        at += len(token.text)
        if token.kind == "open":
            if _captures(token):
                name = token.text[3:-1] if token.text != "(" else None
                stack.append(len(found))
                found.append(Capture(len(found) + 1, name, None))
            else:
                stack.append(None)
        elif token.kind == "close" and stack:
            index = stack.pop()
            if index is not None:
                found[index] = found[index]._replace(end=at)
    return found


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
