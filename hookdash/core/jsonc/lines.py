"""Line numbers of JSON pointers and offsets, for many lookups on one text."""

from __future__ import annotations

from hookdash.core.jsonc.comments import strip_comments
from hookdash.core.jsonc.large_text import BIG
from hookdash.core.jsonc.pointers import unescape_pointer_token
from hookdash.core.jsonc.spans import (
    Span,
    flat_member,
    locate_full,
    locate_pointer,
    locate_shallow,
)
from hookdash.core.jsonc.walk import Member, members, skip_ws, value_end


class LineFinder:
    """JSON pointer → 1-based line, for one document.

    Only the top-level members that pointers are asked about are located: a large file's
    other members (a big `mcpServers` section next to `hooks`) are skipped, not mapped.
    A member is located to `depth` levels on first use; below that, only the value at
    `depth` on a deeper pointer's way is looked into (a hook object, for its `command`).
    A `sparse` finder maps nothing: each pointer is found through the containers on its
    way (for a few lookups in a large file, as a focused load makes).
    """

    def __init__(self, text: str, depth: int = 5, *, sparse: bool = False):
        self._text = text
        self._depth = depth
        self._sparse = sparse
        self._objects: dict[int, list[Member]] = {}  # a sparse finder's walked objects
        self._top: dict[str, Member] | None = None
        self._root: Span | None = None
        self._spans: dict[str, Span] = {}
        self._located: set[str] = set()  # top-level keys located to `depth`
        self._mapped: set[str] = set()  # values at `depth` located fully
        self._lines: LineIndex | None = None
        self._src: str | None = None

    def _members(self, src: str) -> dict[str, Member]:
        if self._top is None:
            start = skip_ws(src, 0)
            found = members(src, start) if src[start] == "{" else []
            self._top = {m.key: m for m in found}  # the last of repeated keys wins
            self._root = Span(start, value_end(src, start))
        return self._top

    def span(self, ptr: str) -> Span | None:
        # Stripped once (not per lookup: each strip_comments call scans the whole text
        # for a comment first, and a load asks for the line of every hook) — unless the
        # text is large, whose stripped copy must not outlive the load (see `release`).
        src = self._src
        if src is None:
            src = strip_comments(self._text)
            if len(src) < BIG or src is self._text:  # no copy was made: nothing to let go
                self._src = src
        if self._sparse:
            return locate_pointer(src, ptr, self._objects)
        top = self._members(src)
        if ptr == "":
            return self._root
        token = ptr.split("/", 2)[1]
        key = unescape_pointer_token(token)
        member = top.get(key)
        if member is None:
            return None
        head = "/" + token
        if key not in self._located:
            self._spans.update(
                locate_shallow(src, self._depth, member.start, head, 1, member.key_start)
            )
            self._located.add(key)
        span = self._spans.get(ptr)
        if span is None and ptr.count("/") > self._depth:
            span = self._below_depth(src, ptr)
        return span

    def _below_depth(self, src: str, ptr: str) -> Span | None:
        """A value deeper than the mapped depth (a hook's `command`), found in the mapped
        value on its way (a hook object): by a search there when that is certain, else by
        mapping that value alone (not the whole top-level member); None if it is not
        there."""
        parts = ptr.split("/", self._depth + 1)
        outer_ptr = "/".join(parts[:-1])
        outer = self._spans.get(outer_ptr)
        if outer is None:
            return None  # every value down to `depth` is mapped: there is none on its way
        rest = parts[-1]
        if "/" not in rest and src[outer.start] == "{":
            span = flat_member(src, outer, unescape_pointer_token(rest))
            if span is not None:
                self._spans[ptr] = span
                return span
        if outer_ptr not in self._mapped:
            self._mapped.add(outer_ptr)
            self._spans.update(locate_full(src, outer.start, outer_ptr, outer.key_start))
        return self._spans.get(ptr)

    def line(self, ptr: str) -> int | None:
        span = self.span(ptr)
        if span is None:
            return None
        if self._lines is None:
            self._lines = LineIndex(self._text)
        return self._lines.line(span.key_start if span.key_start is not None else span.start)


class LineIndex:
    """Offset → 1-based line number, for many lookups on one text.

    Keeps the newline count before each block of `_BLOCK` characters (a few thousand
    numbers for a 50 MB file, not one per line) and counts the rest of a block per lookup.
    """

    _BLOCK = 4096

    def __init__(self, text: str):
        self._text = text
        count = text.count
        before = [0]
        for start in range(0, len(text), self._BLOCK):
            before.append(before[-1] + count("\n", start, start + self._BLOCK))
        self._before = before

    def line(self, offset: int) -> int:
        block = offset // self._BLOCK
        if block >= len(self._before):
            block = len(self._before) - 1
        start = block * self._BLOCK
        return self._before[block] + self._text.count("\n", start, offset) + 1
