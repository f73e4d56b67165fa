"""JSON with comments, exactly as Gemini CLI reads settings files.

Gemini runs `strip-json-comments@3.1.1` (comments become whitespace, so every offset is
kept) and then `JSON.parse`. Trailing commas and a BOM are errors there, so they are
errors here. `locate` maps JSON pointers to text spans, for line numbers and for
byte-preserving edits.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from hookdash.core import nesting

# Text up to the next comment: anything but quotes and slashes, whole strings, and
# slashes that do not start a comment. Matched in C, so strings cost no Python call.
_PLAIN = re.compile(r'(?:[^"/]+|"(?:[^"\\]|\\.)*"|/(?![/*]))*', re.S)
_NON_WS = re.compile(r"\S")


def _comments(text: str) -> list[tuple[int, int]]:
    """[start, end) of every comment outside strings, as strip-json-comments 3.1.1 sees
    them: a line comment ends before its newline, an unterminated block comment runs to
    the end, and in `/*/` the slash after the star does not close it."""
    spans: list[tuple[int, int]] = []
    pos, n = 0, len(text)
    while pos < n:
        m = _PLAIN.match(text, pos)
        end = m.end() if m else pos
        if end >= n:
            break
        if text.startswith("//", end):
            close = text.find("\n", end)
            close = n if close == -1 else close
        elif text.startswith("/*", end):
            close = text.find("*/", end + 2)
            close = n if close == -1 else close + 2
        else:  # an unterminated string: the rest of the text is inside it
            break
        spans.append((end, close))
        pos = close
    return spans


@lru_cache(maxsize=16)
def strip_comments(text: str) -> str:
    """Replace `//` and `/* */` comments outside strings by spaces (newlines kept)."""
    if "//" not in text and "/*" not in text:
        return text
    out: list[str] = []
    pos = 0
    for start, end in _comments(text):
        out.append(text[pos:start])
        out.append(_NON_WS.sub(" ", text[start:end]))
        pos = end
    out.append(text[pos:])
    return "".join(out)


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


def _reject_constant(name: str) -> Any:
    # JSON.parse has no NaN/Infinity; Python's json would accept them.
    raise ValueError(f"{name} is not valid JSON")


def line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, column


def parse(text: str, *, comments: bool = True) -> Any:
    """Parse as Gemini does: strip comments (unless `comments=False`), then strict JSON."""
    if text.startswith("\ufeff"):
        raise JsonParseError(
            "the file starts with a UTF-8 byte order mark (BOM), which Gemini CLI's JSON "
            "parser rejects; save it as UTF-8 without BOM",
            1,
            1,
        )
    if not text.strip():
        raise JsonParseError("the file is empty; Gemini CLI needs at least {}", 1, 1)
    stripped = strip_comments(text) if comments else text
    try:
        return nesting.json_loads(stripped, parse_constant=_reject_constant)
    except nesting.NestingTooDeepError as exc:
        raise JsonParseError(exc.msg, exc.lineno, exc.colno, exc.pos, too_deep=True) from None
    except json.JSONDecodeError as exc:
        raise _explain(stripped, exc) from None
    except ValueError as exc:  # NaN / Infinity
        raise JsonParseError(str(exc), None, None) from None


def _explain(stripped: str, exc: json.JSONDecodeError) -> JsonParseError:
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


# ---------------------------------------------------------------------------- spans


@dataclass(frozen=True, slots=True)
class Span:
    """Where a value sits in the text: [start, end) and, for object members, its key."""

    start: int
    end: int
    key_start: int | None = None


def escape_pointer_token(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer(*tokens: str | int) -> str:
    return "".join("/" + escape_pointer_token(str(t)) for t in tokens)


# A key (a string followed by a colon), a bracket, or a scalar. Commas are skipped like
# whitespace: a key token says by itself that the next value is an object member.
_TOKEN = re.compile(r'("(?:[^"\\]|\\.)*")\s*:|"(?:[^"\\]|\\.)*"|[{}\[\]]|[^\s:,{}\[\]"]+', re.S)


def locate(text: str, max_depth: int | None = None) -> dict[str, Span]:
    """Spans of every value of a document that `parse` accepted, keyed by JSON pointer.

    Comments are blanked first (offsets unchanged). The root has pointer "". With
    `max_depth`, containers deeper than that are not entered (their own span is still
    recorded): much faster when only the upper levels are needed.
    """
    if max_depth is not None:
        return _locate_shallow(strip_comments(text), max_depth)
    src = strip_comments(text)
    spans: dict[str, Span] = {}
    # Frames: [pointer, start, key_start_of_this_value, next_index or None for objects]
    stack: list[list[Any]] = []
    key: str | None = None
    key_start: int | None = None
    for m in _TOKEN.finditer(src):
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
            ptr, kstart = "", None
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


_SEPARATORS = re.compile(r"[ \t\r\n,:]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
# The C scanner of the json module: skips a whole value at C speed.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _locate_shallow(src: str, max_depth: int) -> dict[str, Span]:
    spans: dict[str, Span] = {}

    def skip(pos: int) -> int:
        m = _SEPARATORS.match(src, pos)
        return m.end() if m else pos

    def value(pos: int, ptr: str, depth: int, key_start: int | None) -> int:
        pos = skip(pos)
        first = src[pos]
        if (first == "{" or first == "[") and depth < max_depth:
            start, closing, index = pos, "}" if first == "{" else "]", 0
            pos += 1
            while True:
                pos = skip(pos)
                if src[pos] == closing:
                    pos += 1
                    break
                if first == "{":
                    m = _STRING.match(src, pos)
                    assert m is not None
                    key = m.group()
                    key = json.loads(key) if "\\" in key else key[1:-1]
                    pos = value(m.end(), ptr + "/" + escape_pointer_token(key), depth + 1, pos)
                else:
                    pos = value(pos, f"{ptr}/{index}", depth + 1, None)
                    index += 1
            spans[ptr] = Span(start, pos, key_start)
            return pos
        _, end = _SCAN(src, pos)
        spans[ptr] = Span(pos, end, key_start)
        return int(end)

    value(0, "", 0, None)
    return spans


class LineFinder:
    """JSON pointer → 1-based line, for one document; upper levels located eagerly on
    first use, deeper pointers with a full pass only when someone asks for one."""

    def __init__(self, text: str, depth: int = 5):
        self._text = text
        self._depth = depth
        self._spans: dict[str, Span] | None = None
        self._full = False
        self._lines: LineIndex | None = None

    def span(self, ptr: str) -> Span | None:
        if self._spans is None:
            self._spans = locate(self._text, self._depth)
        span = self._spans.get(ptr)
        if span is None and not self._full and ptr.count("/") > self._depth:
            self._spans = locate(self._text)
            self._full = True
            span = self._spans.get(ptr)
        return span

    def line(self, ptr: str) -> int | None:
        span = self.span(ptr)
        if span is None:
            return None
        if self._lines is None:
            self._lines = LineIndex(self._text)
        return self._lines.line(span.key_start if span.key_start is not None else span.start)


class LineIndex:
    """Offset → 1-based line number, for many lookups on one text."""

    def __init__(self, text: str):
        self._starts = [0]
        find = text.find
        i = find("\n")
        while i != -1:
            self._starts.append(i + 1)
            i = find("\n", i + 1)

    def line(self, offset: int) -> int:
        return bisect_right(self._starts, offset)


def comment_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of every comment outside strings, exactly as `strip_comments` finds them.

    A line comment ends before its newline. Edits use this to never insert into a comment.
    """
    if "//" not in text and "/*" not in text:
        return []
    return _comments(text)
