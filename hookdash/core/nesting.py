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
from itertools import accumulate
from typing import Any

from hookdash.core.lazy_regex import lazy_compile

MAX_DEPTH = 100

# Text up to the next bracket outside strings, then the bracket.
_TO_BRACKET = lazy_compile(r'[^"\[\]{}]*(?:"[^"\\]*(?:\\.[^"\\]*)*"[^"\[\]{}]*)*([\[\]{}])', re.S)


class NestingTooDeepError(json.JSONDecodeError):
    """JSON nested deeper than `MAX_DEPTH`. A `JSONDecodeError`, so code that handles a
    bad file handles this one too; `lineno`/`colno` point at the offending bracket."""

    def __init__(self, doc: str | bytes, pos: int, limit: int | None = None) -> None:
        text = doc if isinstance(doc, str) else doc[:pos].decode("utf-8", "replace")
        if not isinstance(doc, str):
            pos = len(text)
        why = (
            f"nested more than {limit:,} levels deep"
            if limit is not None
            else f"nested more than {MAX_DEPTH} levels deep, deeper than hookdash follows"
        )
        super().__init__(why, text, pos)
        self.limit = limit  # the agent's own limit; None: hookdash's


# Strings, and runs of what is neither a string nor a bracket: what `deepest` drops.
_STRINGS = lazy_compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = lazy_compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
# `deepest` makes copies of the text (without strings, then brackets only): a large file
# is walked instead, so that reading it does not cost its size again in memory.
_COPIED_UP_TO = 1 << 20


def deepest(text: str) -> int:
    """How deep the brackets outside strings nest (the deepest running count): strings
    and other text dropped by regexes and the count summed in C, not a Python step per
    bracket (a settings file of 2,000 hooks has some 10,000 brackets)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


def too_deep_at(text: str | bytes, limit: int = MAX_DEPTH) -> int | None:
    """Offset of the bracket that opens level `limit + 1` (outside strings), or None.

    Cheap when the text has few brackets, or is under 1 MB and nests no deeper than
    `limit` (`deepest`); otherwise one regex step per bracket.
    """
    if isinstance(text, bytes):
        text = text.decode("latin-1")  # one char per byte: offsets stay byte offsets
    if text.count("[") + text.count("{") <= limit:
        return None
    if len(text) < _COPIED_UP_TO and deepest(text) <= limit:
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
    # A text json.loads accepted nests as deep as its value: a small one's brackets are
    # counted in C (`deepest`) rather than the value walked (bytes may be UTF-16: walked).
    small = isinstance(text, str) and len(text) < _COPIED_UP_TO
    if too_deep_at(text) is not None if small else deeper_than(value):
        raise NestingTooDeepError(text, too_deep_at(text) or 0)
    return value


# ------------------------------------------------------------------ reading deeper

# One JSON token after optional white space: a string, a number, a literal, punctuation.
_TOKEN = lazy_compile(
    r'[ \t\r\n]*(?:("(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*")'
    r"|(-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)|(true|false|null)|([\[\]{},:]))"
)


def _check_value(text: str, start: int, end: int) -> None:
    """Raise `json.JSONDecodeError` unless text[start:end] is one JSON value. No
    recursion: a stack of open containers, so any depth is checked."""
    stack: list[str] = []  # "[" or "{" per open container
    want = "value"  # value | key | colon | comma-or-close | value-or-close | key-or-close
    pos = start
    while True:
        if want == "value" and not stack and pos > start:
            break
        m = _TOKEN.match(text, pos, end)
        if m is None:
            if text[pos:end].strip(" \t\r\n") == "" and want == "done":
                break
            raise json.JSONDecodeError("invalid JSON in deeply nested data", text, pos)
        pos = m.end()
        string, number, literal, punct = m.groups()
        scalar = string is not None or number is not None or literal is not None
        if want in ("value", "value-or-close"):
            if punct in ("[", "{"):
                stack.append(punct)
                want = "value-or-close" if punct == "[" else "key-or-close"
                continue
            if punct == "]" and want == "value-or-close" and stack[-1] == "[":
                stack.pop()
            elif not scalar:
                raise json.JSONDecodeError("expecting a value", text, m.start())
        elif want in ("key", "key-or-close"):
            if string is not None:
                want = "colon"
                continue
            if punct == "}" and want == "key-or-close":
                stack.pop()
            else:
                raise json.JSONDecodeError("expecting a property name", text, m.start())
        elif want == "colon":
            if punct != ":":
                raise json.JSONDecodeError("expecting ':'", text, m.start())
            want = "value"
            continue
        elif want == "comma-or-close":
            close = "]" if stack[-1] == "[" else "}"
            if punct == ",":
                want = "value" if stack[-1] == "[" else "key"
                continue
            if punct != close:
                raise json.JSONDecodeError(f"expecting ',' or '{close}'", text, m.start())
            stack.pop()
        # A value (or a container) ended.
        if not stack:
            want = "done"
            break
        want = "comma-or-close"
    if text[pos:end].strip(" \t\r\n"):
        raise json.JSONDecodeError("extra data in deeply nested data", text, pos)


def pruned(text: str, keep: int = MAX_DEPTH, limit: int | None = None) -> str | None:
    """`text` with every container that opens at level `keep + 1` emptied — checked to be
    valid JSON first, then its inside replaced by spaces (newlines kept, so every offset,
    line and column of what remains is the file's) — or None when nothing is that deep.

    What an agent that reads deeper than hookdash parses is then read down to `keep`
    levels: the hooks of a settings file sit about six levels down, so a hostile deep key
    beside them cannot hide them. Raises `NestingTooDeepError` past `limit` (the agent's
    own limit: it drops or refuses such a file) and `json.JSONDecodeError` when a pruned
    part is not valid JSON (the agent rejects the file then, too)."""
    if too_deep_at(text, keep) is None:
        return None
    if limit is not None and (at := too_deep_at(text, limit)) is not None:
        raise NestingTooDeepError(text, at, limit)
    out: list[str] = []
    done = 0
    depth = 0
    opened = -1
    for m in _TO_BRACKET.finditer(text):
        if m.group(1) in "[{":
            depth += 1
            if depth == keep + 1:
                opened = m.start(1)
        else:
            if depth == keep + 1 and opened >= 0:
                close = m.start(1)
                _check_value(text, opened, close + 1)
                inside = text[opened + 1 : close]
                out.append(text[done : opened + 1])
                out.append(re.sub(r"[^\n]", " ", inside))
                done = close
                opened = -1
            depth -= 1
    out.append(text[done:])
    return "".join(out)
