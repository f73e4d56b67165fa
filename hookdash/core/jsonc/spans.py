"""Where each value of a JSON document sits in its text, keyed by JSON pointer.

Spans give line numbers and byte-preserving edits; they are found on the comment-stripped
text, whose offsets are the original's.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from hookdash.core.jsonc.comments import strip_comments
from hookdash.core.jsonc.pointers import escape_pointer_token, pointer_tokens
from hookdash.core.jsonc.walk import (
    SCAN_DISCARD,
    Member,
    iter_elements,
    members,
    skip_ws,
    value_end,
)
from hookdash.core.lazy_regex import lazy_compile


class Span(NamedTuple):
    """Where a value sits in the text: [start, end) and, for object members, its key.

    A named tuple: made for every value of a document, twice as fast as a frozen class."""

    start: int
    end: int
    key_start: int | None = None


# A key (a string followed by a colon), a bracket, or a scalar. Commas are skipped like
# whitespace: a key token says by itself that the next value is an object member.
_TOKEN = lazy_compile(
    r'("[^"\\]*(?:\\.[^"\\]*)*")\s*:|"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\]]|[^\s:,{}\[\]"]+', re.S
)


def locate(text: str, max_depth: int | None = None) -> dict[str, Span]:
    """Spans of every value of a document that `parse` accepted, keyed by JSON pointer.

    Comments are blanked first (offsets unchanged). The root has pointer "". With
    `max_depth`, containers deeper than that are not entered (their own span is still
    recorded): much faster when only the upper levels are needed.
    """
    src = strip_comments(text)
    if max_depth is not None:
        return locate_shallow(src, max_depth)
    return locate_full(src)


def locate_full(
    src: str, start: int = 0, ptr0: str = "", kstart0: int | None = None
) -> dict[str, Span]:
    """Every value's span, from the value that starts at `start` (pointer `ptr0`) to its end."""
    spans: dict[str, Span] = {}
    # Frames: [pointer, start, key_start_of_this_value, next_index or None for objects]
    stack: list[list[Any]] = []
    key: str | None = None
    key_start: int | None = None
    for m in _TOKEN.finditer(src, start):
        key_token = m.group(1)
        if key_token is not None:
            key = json.loads(key_token) if "\\" in key_token else key_token[1:-1]
            key_start = m.start()
            continue
        tok = m.group()
        first = tok[0]
        if first == "}" or first == "]":
            frame = stack.pop()
            spans[frame[0]] = Span(frame[1], m.end(), frame[2])
            if not stack:
                break
            continue
        if not stack:
            ptr, kstart = ptr0, kstart0
        else:
            frame = stack[-1]
            if frame[3] is None:
                assert key is not None
                ptr, kstart = frame[0] + "/" + escape_pointer_token(key), key_start
            else:
                ptr, kstart = frame[0] + "/" + str(frame[3]), None
                frame[3] += 1
        if first == "{" or first == "[":
            stack.append([ptr, m.start(), kstart, None if first == "{" else 0])
            continue
        spans[ptr] = Span(m.start(), m.end(), kstart)
        if not stack:
            break
    return spans


_STRING = lazy_compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_JSON_WS = lazy_compile(r"[ \t\n\r]*")


def locate_shallow(
    src: str,
    max_depth: int,
    start: int = 0,
    ptr0: str = "",
    depth0: int = 0,
    kstart0: int | None = None,
) -> dict[str, Span]:
    """Spans down to `max_depth`, from the value at `start` (pointer `ptr0`, at depth
    `depth0`); deeper values are skipped without being built."""
    spans: dict[str, Span] = {}
    _shallow_value(src, max_depth, spans, start, ptr0, depth0, kstart0)
    return spans


def _shallow_value(
    src: str,
    max_depth: int,
    spans: dict[str, Span],
    pos: int,
    ptr: str,
    depth: int,
    key_start: int | None,
) -> int:
    # A plain function, not a closure: a recursive closure is a reference cycle that keeps
    # the whole text alive until the cyclic garbage collector runs.
    pos = skip_ws(src, pos)
    first = src[pos]
    if (first == "{" or first == "[") and depth < max_depth:
        start, closing, index = pos, "}" if first == "{" else "]", 0
        pos += 1
        while True:
            pos = skip_ws(src, pos)
            if src[pos] == closing:
                pos += 1
                break
            if first == "{":
                m = _STRING.match(src, pos)
                assert m is not None
                key = m.group()
                key = json.loads(key) if "\\" in key else key[1:-1]
                child = ptr + "/" + escape_pointer_token(key)
                pos = _shallow_value(src, max_depth, spans, m.end(), child, depth + 1, pos)
            else:
                child = f"{ptr}/{index}"
                pos = _shallow_value(src, max_depth, spans, pos, child, depth + 1, None)
                index += 1
        spans[ptr] = Span(start, pos, key_start)
        return pos
    _, end = SCAN_DISCARD(src, pos)
    spans[ptr] = Span(pos, end, key_start)
    return int(end)


def flat_member(src: str, obj: Span, key: str) -> Span | None:
    """The span of member `key` of the object at `obj`, found by a search in C rather than
    a walk of its tokens, when that is certain: the object holds no container (so a key
    there is one of its own members), the key is written as it reads (no escape), and its
    last occurrence is a key (a quote not escaped, a colon after it) with no backslash
    after it (no later copy of the key written with escapes). None: not certain, walk it.

    A file's line numbers ask this for every hook's `command`: its hook object is mapped
    already, and tokenizing every hook object of a 2,000-hook file cost more than the
    rest of the lookup."""
    start, end = obj.start, obj.end
    if (
        src[start] != "{"
        or '"' in key
        or "\\" in key
        or src.find("{", start + 1, end) != -1
        or src.find("[", start + 1, end) != -1
    ):
        return None
    at = src.rfind(f'"{key}"', start, end)
    if at == -1 or src.find("\\", at, end) != -1:
        return None
    before = at
    while src[before - 1] == "\\":  # (a quote escaped: inside a string)
        before -= 1
    if (at - before) % 2:
        return None
    colon = _JSON_WS.match(src, at + len(key) + 2).end()  # type: ignore[union-attr]
    if not src.startswith(":", colon):
        return None
    value = _JSON_WS.match(src, colon + 1).end()  # type: ignore[union-attr]
    _, value_stop = SCAN_DISCARD(src, value)
    return Span(value, int(value_stop), at)


def locate_path(text: str, path: Sequence[str | int]) -> dict[str, Span]:
    """Spans of the root, of each value along `path` (object keys, list indices) that
    exists, and of the direct members or elements of each of those that is a container:
    what an edit at `path` needs, without mapping (or building) the rest of a text `check`
    accepted."""
    src = strip_comments(text)
    pos = skip_ws(src, 0)
    spans: dict[str, Span] = {"": Span(pos, value_end(src, pos))}
    ptr = ""
    for depth in range(len(path) + 1):
        key = path[depth] if depth < len(path) else None
        first = src[pos]
        if first == "[":
            found_at: int | None = None
            for i, (start, stop) in enumerate(iter_elements(src, pos)):
                spans[f"{ptr}/{i}"] = Span(start, stop)
                if i == key and not isinstance(key, bool):
                    found_at = start
            if found_at is None:
                break
            ptr += f"/{key}"
            pos = found_at
            continue
        if first != "{":
            break
        found: Member | None = None
        for member in members(src, pos):
            spans[ptr + "/" + escape_pointer_token(member.key)] = Span(
                member.start, member.end, member.key_start
            )
            if isinstance(key, str) and member.key == key:
                found = member  # the last of repeated keys wins
        if found is None:
            break
        ptr += "/" + escape_pointer_token(found.key)
        pos = found.start
    return spans


def locate_pointer(
    src: str, ptr: str, objects: dict[int, list[Member]] | None = None
) -> Span | None:
    """The span of the value at `ptr` in a stripped text `check` accepted, found through
    the containers on its way only (None: no such value): one lookup in a large file
    maps nothing else. `objects` keeps the members of the objects walked, by where they
    start, for the next lookup in the same text."""
    memo: dict[int, list[Member]] = {} if objects is None else objects
    pos = skip_ws(src, 0)
    span = Span(pos, value_end(src, pos))
    for token in pointer_tokens(ptr):
        if src.startswith("{", pos):
            if pos not in memo:
                memo[pos] = members(src, pos)
            found = [m for m in memo[pos] if m.key == token]
            if not found:
                return None
            member = found[-1]  # the last of repeated keys wins
            span = Span(member.start, member.end, member.key_start)
        elif src.startswith("[", pos) and token.isdigit() and str(int(token)) == token:
            index = int(token)
            at = next((e for i, e in enumerate(iter_elements(src, pos)) if i == index), None)
            if at is None:
                return None
            span = Span(*at)
        else:
            return None
        pos = span.start
    return span
