"""Walking a comment-stripped JSON text without building it.

A 50 MB settings file must not cost a 50 MB document: values are checked and skipped
by the C scanner of the json module, and only the members hookdash asks for are built.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from hookdash.core import nesting
from hookdash.core.jsonc.errors import reject_constant, too_deep
from hookdash.core.jsonc.large_text import BIG, LARGE
from hookdash.core.lazy_regex import lazy_compile


def _discard(pairs: list[tuple[str, Any]]) -> None:
    return None


# Parsers for large texts. `CHECK` validates exactly like `json.loads` but drops every
# object as soon as it is complete, so checking a whole 50 MB file builds almost nothing;
# `SCAN_DISCARD` skips one value the same way; `_SCAN` builds one value.
CHECK = json.JSONDecoder(object_pairs_hook=_discard, parse_constant=reject_constant)
SCAN_DISCARD: Callable[[str, int], tuple[Any, int]] = CHECK.scan_once  # type: ignore[attr-defined]
# The C scanner of the json module: skips a whole value at C speed.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]

_JSON_WS = lazy_compile(r"[ \t\n\r]*")
_SEPARATORS = lazy_compile(r"[ \t\r\n,:]*")


class Invalid(Exception):
    """The walker met something that is not JSON (the parser then says exactly what)."""


def ws(src: str, pos: int) -> int:
    return _JSON_WS.match(src, pos).end()  # type: ignore[union-attr]  # always matches


def skip_ws(src: str, pos: int) -> int:
    """Past whitespace and the separators `,` and `:` (for walks that know the shape)."""
    m = _SEPARATORS.match(src, pos)
    return m.end() if m else pos


def _scan(src: str, pos: int) -> int:
    """End of the value at `pos`, checked by the C parser and dropped as it goes."""
    try:
        _ignored, end = SCAN_DISCARD(src, pos)
    except (StopIteration, ValueError, RecursionError):
        raise Invalid from None
    return int(end)


class Member:
    """A member of an object, in a text: its key, where the key starts, its value's span."""

    __slots__ = ("end", "key", "key_start", "start")
    key: Final[str]
    key_start: Final[int]
    start: Final[int]
    end: Final[int]

    def __init__(self, key: str, key_start: int, start: int, end: int) -> None:
        self.key = key
        self.key_start = key_start
        self.start = start
        self.end = end

    # By value, as the members an edit derives are checked against the walked ones.
    def _values(self) -> tuple[str, int, int, int]:
        return (self.key, self.key_start, self.start, self.end)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Member):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        key, key_start, start, end = self._values()
        return f"Member({key=!r}, {key_start=}, {start=}, {end=})"


def _walk(src: str, pos: int, levels: int, out: list[Member] | None = None) -> int:
    """End of the value at `pos`, checked exactly as `json.loads` would (or Invalid).

    The first `levels` levels of containers are walked here, member by member; what is
    below goes to the C parser one value at a time. Handing it a whole large container
    would make it hold every key of that container at once (its key memo): the members
    of a 50 MB object cost as much again in memory. Members of an object walked at the
    first level are appended to `out`.
    """
    if pos >= len(src):
        raise Invalid
    first = src[pos]
    if levels <= 0 or first not in "{[":
        return _scan(src, pos)
    closing = "}" if first == "{" else "]"
    pos = ws(src, pos + 1)
    if src.startswith(closing, pos):
        return pos + 1
    while True:
        if first == "{":
            if not src.startswith('"', pos):
                raise Invalid
            key_start = pos
            try:
                key, pos = SCAN_DISCARD(src, pos)
            except (StopIteration, ValueError):
                raise Invalid from None
            pos = ws(src, pos)
            if not src.startswith(":", pos):
                raise Invalid
            start = ws(src, pos + 1)
            end = _walk(src, start, levels - 1)
            if out is not None:
                out.append(Member(key, key_start, start, end))
        else:
            end = _walk(src, pos, levels - 1)
        pos = ws(src, end)
        if src.startswith(",", pos):
            pos = ws(src, pos + 1)
        elif src.startswith(closing, pos):
            return pos + 1
        else:
            raise Invalid


_WALK_LEVELS = 2  # the root and its members by hand; the C parser below that


def checked_walk(stripped: str) -> list[Member] | None:
    """Check `stripped` the memory-light way; the root's members (None for another root),
    or Invalid."""
    pos = ws(stripped, 0)
    out: list[Member] = []
    end = _walk(stripped, pos, _WALK_LEVELS, out)
    if ws(stripped, end) != len(stripped):
        raise Invalid  # text after the value
    return out if stripped.startswith("{", pos) else None


def remember_members(stripped: str, root: Sequence[Member]) -> None:
    """Record the root members of a large stripped text, so `members` need not walk it."""
    LARGE.remember_members(stripped, ws(stripped, 0), root)


def remember_root_of(text: str, root: Sequence[Member]) -> None:
    """Record the root members of a large text (comments in place, offsets as stripped)."""
    LARGE.remember_root_of(text, root)


def _emptied(src: str) -> str | None:
    try:
        return nesting.pruned(src, nesting.MAX_DEPTH - 1)
    except ValueError:
        return None


def members(src: str, start: int | None = None) -> list[Member]:
    """The members of the object whose `{` is at `start` (default: the root), in text
    order, repeated keys included; their values are skipped, not built. `src` is a
    comment-stripped text that `check` accepted."""
    pos = skip_ws(src, 0) if start is None else start
    assert src[pos] == "{"
    big = len(src) >= BIG
    if big:
        known = LARGE.members_of(src, pos, skip_ws(src, 0))
        if known is not None:
            return known
    out: list[Member] = []
    try:
        _walk(src, pos, _WALK_LEVELS, out)
    except Invalid:
        # Read as an agent reads it (parse(deep=…)): nested deeper than hookdash builds,
        # its deep parts emptied in place (same offsets, so the same members).
        emptied = _emptied(src)
        if emptied is None:
            raise ValueError("members() of a text that does not parse") from None
        out = []
        try:
            _walk(emptied, pos, _WALK_LEVELS, out)
        except Invalid:
            raise ValueError("members() of a text that does not parse") from None
    if big:
        LARGE.remember_members(src, pos, out)
        return list(out)
    return out


def value_end(src: str, start: int) -> int:
    """Where the value at `start` of a text `check` accepted ends (the root's members come
    from the memo when known)."""
    if src.startswith("{", start):
        found = members(src, start)
        pos = ws(src, found[-1].end if found else start + 1)
        assert src.startswith("}", pos)
        return pos + 1
    try:
        return _walk(src, start, _WALK_LEVELS)
    except Invalid:  # pragma: no cover - `check` accepted it
        raise ValueError("value_end() in a text that does not parse") from None


def iter_elements(src: str, start: int) -> Iterator[tuple[int, int]]:
    """[start, end) of each element of the array whose `[` is at `start`, one at a time
    (values skipped, not built; an array of 200,000 elements is not listed first)."""
    assert src[start] == "["
    pos = start + 1
    while True:
        pos = skip_ws(src, pos)
        if src[pos] == "]":
            return
        _ignored, end = SCAN_DISCARD(src, pos)
        yield pos, end
        pos = end


def value_from(src: str, start: int) -> Any:
    """The value that starts at `start` of a stripped text `check` accepted (nesting
    enforced), built alone."""
    return value_and_end(src, start)[0]


def value_and_end(src: str, start: int) -> tuple[Any, int]:
    """`value_from`, and where the value ends."""
    try:
        value, end = _SCAN(src, start)
    except RecursionError:
        raise too_deep(src) from None
    # The value nests as deep as its text's brackets, counted in C rather than the value
    # walked (but a large text is not copied for it).
    small = end - start < BIG
    if nesting.too_deep_at(src[start:end]) is not None if small else nesting.deeper_than(value):
        raise too_deep(src)
    return value, int(end)


def skip_comma(src: str, pos: int) -> int:
    """Past the whitespace after a value, and its comma if one follows (then past the
    whitespace after it too)."""
    pos = ws(src, pos)
    return ws(src, pos + 1) if src.startswith(",", pos) else pos
