"""Comments in JSON, found and blanked exactly as `strip-json-comments@3.1.1` does.

Comments become whitespace (newlines kept), so every offset of the stripped text is the
offset of the original: line numbers and byte-preserving edits rely on that.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hookdash.core.jsonc.large_text import BIG, LARGE
from hookdash.core.lazy_regex import lazy_compile

# Text up to the next comment: anything but quotes and slashes, whole strings, and
# slashes that do not start a comment. Matched in C, so strings cost no Python call; at
# most 4096 pieces per match, because the regex engine keeps state for every repetition
# of a group (an unbounded match over a 7 MB file held 190 MB).
_PLAIN = lazy_compile(r'(?:[^"/]+|"[^"\\]*(?:\\.[^"\\]*)*"|/(?![/*])){0,4096}', re.S)
NON_WS = lazy_compile(r"\S")


_COMMENT_START = lazy_compile(r"/[/*]")
# The rest of a string after its opening quote (or after any point inside it).
_STRING_REST = lazy_compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.S)


def _comments(text: str, start: int = 0, stop: int | None = None) -> list[tuple[int, int]]:
    """[start, end) of every comment outside strings, as strip-json-comments 3.1.1 sees
    them: a line comment ends before its newline, an unterminated block comment runs to
    the end, and in `/*/` the slash after the star does not close it.

    Jumps from one `//` or `/*` to the next: whether one is inside a string is the parity
    of the quotes before it (counted in C) when no backslash intervenes; otherwise the
    text is walked piece by piece. A large file with few comments costs a few scans.
    """
    spans: list[tuple[int, int]] = []
    pos, n = start, len(text)
    limit = n if stop is None else stop
    while pos < limit:
        found = _COMMENT_START.search(text, pos, limit)
        if found is None:
            break
        cand = found.start()
        if text.find("\\", pos, cand) == -1:
            if text.count('"', pos, cand) % 2:  # inside a string: go past its end
                rest = _STRING_REST.match(text, cand)
                if rest is None:  # an unterminated string: the rest is inside it
                    break
                pos = rest.end()
                continue
            end = cand
        else:  # escapes on the way: walk it
            m = _PLAIN.match(text, pos, limit)
            end = m.end() if m else pos
            if end >= limit:
                break
            if not text.startswith(("//", "/*"), end):
                if end > pos:  # stopped at the piece limit: go on from there
                    pos = end
                    continue
                break  # an unterminated string: the rest of the text is inside it
        if text.startswith("//", end):
            close = text.find("\n", end)
            close = n if close == -1 else close
        else:
            close = text.find("*/", end + 2)
            close = n if close == -1 else close + 2
        spans.append((end, close))
        pos = close
    return spans


# Comment stripping is cached: parsing, locating and editing one text all need it. Small
# texts share an LRU cache; a big one (a large settings file) has a single slot in the
# large-text memo, so at most one big stripped copy is ever kept. A big text without
# comments is kept there too (as itself: no copy), so asking again costs no scan;
# `release()` lets go of either.


def strip_comments(text: str) -> str:
    """Replace `//` and `/* */` comments outside strings by spaces (newlines kept)."""
    kept = LARGE.stripped_of(text)
    if kept is not None:
        return kept  # before the scan below: a load asks again per hook
    if len(text) < BIG:
        return _strip_small(text) if "//" in text or "/*" in text else text
    stripped = _strip(text) if "//" in text or "/*" in text else text
    LARGE.keep_stripped(text, stripped)
    return stripped


def original_of(stripped: str) -> str:
    """The text whose cached stripped copy `stripped` is (itself when it is not one)."""
    return LARGE.original_of(stripped)


def release() -> None:
    """Let go of the large text cached here (after a load or an edit: nothing big outlives
    its use)."""
    LARGE.release()


@lru_cache(maxsize=16)
def _strip_small(text: str) -> str:
    return _strip(text)


# Pieces of at most this many characters are copied at a time when a large text is rebuilt
# (see `_strip`).
COPY_CHUNK = 1 << 20


def _strip(text: str) -> str:
    # Built by appending to one string, a chunk at a time: CPython grows a string that
    # nothing else refers to in place, so the copy costs its own size and no more (a
    # join of slices would hold the slices too: twice the size of a large file).
    out = ""
    pos = 0
    n = len(text)
    for start, end in [*_comments(text), (n, n)]:
        for i in range(pos, start, COPY_CHUNK):
            out += text[i : min(i + COPY_CHUNK, start)]
        out += NON_WS.sub(" ", text[start:end])
        pos = end
    return out


def comment_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """[start, end) of every comment outside strings, exactly as `strip_comments` finds them.

    A line comment ends before its newline. Edits use this to never insert into a comment.
    With `start` (a position outside strings and comments, such as where a value starts)
    and `end`, only the comments that start in that region.
    """
    stop = len(text) if end is None else end
    if text.find("//", start, stop) == -1 and text.find("/*", start, stop) == -1:
        return []
    return _comments(text, start, stop)
