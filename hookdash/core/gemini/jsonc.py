"""JSON with comments, exactly as Gemini CLI reads settings files.

Gemini runs `strip-json-comments@3.1.1` (comments become whitespace, so every offset is
kept) and then `JSON.parse`. Trailing commas and a BOM are errors there, so they are
errors here. `locate` maps JSON pointers to text spans, for line numbers and for
byte-preserving edits.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from hookdash.core import nesting

# Text up to the next comment: anything but quotes and slashes, whole strings, and
# slashes that do not start a comment. Matched in C, so strings cost no Python call; at
# most 4096 pieces per match, because the regex engine keeps state for every repetition
# of a group (an unbounded match over a 7 MB file held 190 MB).
_PLAIN = re.compile(r'(?:[^"/]+|"[^"\\]*(?:\\.[^"\\]*)*"|/(?![/*])){0,4096}', re.S)
_NON_WS = re.compile(r"\S")


_COMMENT_START = re.compile(r"/[/*]")
# The rest of a string after its opening quote (or after any point inside it).
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.S)


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
# texts share an LRU cache; a big one (a large settings file) has a single slot, so at most
# one big stripped copy is ever kept (and none when the text has no comment: it is
# returned as it is).
_BIG = 1 << 20
_big_slot: tuple[str, str] | None = None


def strip_comments(text: str) -> str:
    """Replace `//` and `/* */` comments outside strings by spaces (newlines kept)."""
    global _big_slot
    slot = _big_slot
    if slot is not None and slot[0] is text:
        return slot[1]  # before the scan below: a load asks again per hook
    if len(text) < _BIG:
        return _strip_small(text) if "//" in text or "/*" in text else text
    stripped = _strip(text) if "//" in text or "/*" in text else text
    _big_slot = (text, stripped)
    return stripped


def release() -> None:
    """Let go of the large text cached here (after a load or an edit: nothing big outlives
    its use)."""
    global _big_slot
    _big_slot = None


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
        out += _NON_WS.sub(" ", text[start:end])
        pos = end
    return out


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


def _discard(pairs: list[tuple[str, Any]]) -> None:
    return None


# Parsers for large texts. `_CHECK` validates exactly like `json.loads` but drops every
# object as soon as it is complete, so checking a whole 50 MB file builds almost nothing;
# `_SCAN_DISCARD` skips one value the same way; `_SCAN` builds one value.
_CHECK = json.JSONDecoder(object_pairs_hook=_discard, parse_constant=_reject_constant)
_SCAN_DISCARD: Callable[[str, int], tuple[Any, int]] = _CHECK.scan_once  # type: ignore[attr-defined]
_DECODER = json.JSONDecoder(parse_constant=_reject_constant)


def _prechecked(text: str, comments: bool) -> str:
    """The text to hand to the JSON parser, after the checks JSON.parse would fail."""
    if text.startswith("\ufeff"):
        raise JsonParseError(
            "the file starts with a UTF-8 byte order mark (BOM), which Gemini CLI's JSON "
            "parser rejects; save it as UTF-8 without BOM",
            1,
            1,
        )
    if _NON_WS.search(text) is None:
        raise JsonParseError("the file is empty; Gemini CLI needs at least {}", 1, 1)
    return strip_comments(text) if comments else text


def _too_deep(stripped: str) -> JsonParseError:
    exc = nesting.NestingTooDeepError(stripped, nesting.too_deep_at(stripped) or 0)
    return JsonParseError(exc.msg, exc.lineno, exc.colno, exc.pos, too_deep=True)


# The last large text known to parse, by identity (no reference is kept): an edit checks
# its file once, then each verified splice vouches for the text it makes (`vouch`).
_known_good: tuple[int, int, int] | None = None


def _fingerprint(text: str) -> tuple[int, int, int]:
    return id(text), len(text), hash(text)


def vouch(text: str, root: Sequence[Member] | None = None) -> None:
    """Record that `text` (a large one) parses, so `check` need not read it again; with
    `root`, the members of its root object (as `members` gave them for the same bytes
    before), so they need not be walked again either."""
    global _known_good, _members_memo
    if len(text) >= _BIG:
        _known_good = _fingerprint(text)
        if root is not None:
            stripped = strip_comments(text)
            _members_memo = ((_fingerprint(stripped), _ws(stripped, 0)), list(root))


def root_members(text: str) -> list[Member] | None:
    """The members of a parsed text's root object (None for another root): small, and
    enough to map the same bytes again without walking them (see `vouch`)."""
    stripped = strip_comments(text)
    pos = _ws(stripped, 0)
    return members(stripped, pos) if stripped.startswith("{", pos) else None


def is_object_text(text: str) -> bool:
    """Whether the JSON value of a text (comments aside) starts as an object."""
    stripped = strip_comments(text)
    pos = _skip_ws(stripped, 0)
    return stripped[pos : pos + 1] == "{"


_JSON_WS = re.compile(r"[ \t\n\r]*")


class _Invalid(Exception):
    """The walker met something that is not JSON (the parser then says exactly what)."""


def _ws(src: str, pos: int) -> int:
    return _JSON_WS.match(src, pos).end()  # type: ignore[union-attr]  # always matches


def _scan(src: str, pos: int) -> int:
    """End of the value at `pos`, checked by the C parser and dropped as it goes."""
    try:
        _ignored, end = _SCAN_DISCARD(src, pos)
    except (StopIteration, ValueError, RecursionError):
        raise _Invalid from None
    return int(end)


def _walk(src: str, pos: int, levels: int, out: list[Member] | None = None) -> int:
    """End of the value at `pos`, checked exactly as `json.loads` would (or _Invalid).

    The first `levels` levels of containers are walked here, member by member; what is
    below goes to the C parser one value at a time. Handing it a whole large container
    would make it hold every key of that container at once (its key memo): the members
    of a 50 MB object cost as much again in memory. Members of an object walked at the
    first level are appended to `out`.
    """
    if pos >= len(src):
        raise _Invalid
    first = src[pos]
    if levels <= 0 or first not in "{[":
        return _scan(src, pos)
    closing = "}" if first == "{" else "]"
    pos = _ws(src, pos + 1)
    if src.startswith(closing, pos):
        return pos + 1
    while True:
        if first == "{":
            if not src.startswith('"', pos):
                raise _Invalid
            key_start = pos
            try:
                key, pos = _SCAN_DISCARD(src, pos)
            except (StopIteration, ValueError):
                raise _Invalid from None
            pos = _ws(src, pos)
            if not src.startswith(":", pos):
                raise _Invalid
            start = _ws(src, pos + 1)
            end = _walk(src, start, levels - 1)
            if out is not None:
                out.append(Member(key, key_start, start, end))
        else:
            end = _walk(src, pos, levels - 1)
        pos = _ws(src, end)
        if src.startswith(",", pos):
            pos = _ws(src, pos + 1)
        elif src.startswith(closing, pos):
            return pos + 1
        else:
            raise _Invalid


_WALK_LEVELS = 2  # the root and its members by hand; the C parser below that


def _checked_walk(stripped: str) -> list[Member] | None:
    """Check `stripped` the memory-light way; the root's members (None for another root),
    or _Invalid."""
    pos = _ws(stripped, 0)
    out: list[Member] = []
    end = _walk(stripped, pos, _WALK_LEVELS, out)
    if _ws(stripped, end) != len(stripped):
        raise _Invalid  # text after the value
    return out if stripped.startswith("{", pos) else None


def check(text: str, *, comments: bool = True) -> None:
    """Raise the JsonParseError `parse` would raise for a text that does not parse (its
    syntax; nesting is checked where values are used), building almost nothing."""
    global _members_memo
    if len(text) >= _BIG and _known_good == _fingerprint(text) and comments:
        return
    stripped = _prechecked(text, comments)
    try:
        root = _checked_walk(stripped)
    except (_Invalid, RecursionError):
        root = None
        _raise_parse_error(stripped)  # the parser says where and why
    if root is not None and len(stripped) >= _BIG:
        _members_memo = ((_fingerprint(stripped), _ws(stripped, 0)), root)
    if comments:
        vouch(text)


def _raise_parse_error(stripped: str) -> None:
    try:
        _CHECK.decode(stripped)
    except RecursionError:
        raise _too_deep(stripped) from None
    except json.JSONDecodeError as exc:
        raise _explain(stripped, exc) from None
    except ValueError as exc:  # NaN / Infinity
        raise JsonParseError(str(exc), None, None) from None


def parse(text: str, *, comments: bool = True, keep: Collection[str] | None = None) -> Any:
    """Parse as Gemini does: strip comments (unless `comments=False`), then strict JSON.

    With `keep`, a top-level object is returned with only those members (the rest is
    checked and skipped without being built): what a large settings file costs in memory
    is then its text and the members hookdash uses, not the whole document.
    """
    if keep is None:
        stripped = _prechecked(text, comments)
        try:
            return nesting.json_loads(stripped, parse_constant=_reject_constant)
        except nesting.NestingTooDeepError as exc:
            raise JsonParseError(exc.msg, exc.lineno, exc.colno, exc.pos, too_deep=True) from None
        except json.JSONDecodeError as exc:
            raise _explain(stripped, exc) from None
        except ValueError as exc:  # NaN / Infinity
            raise JsonParseError(str(exc), None, None) from None
    check(text, comments=comments)
    stripped = strip_comments(text) if comments else text
    root = _skip_ws(stripped, 0)
    if stripped[root] != "{":
        return parse(text, comments=comments)  # not an object: small, or an error anyway
    kept: dict[str, Any] = {}
    for member in members(stripped):
        if member.key in keep:
            # A repeated key: the last value wins, in the first one's place (as in JS).
            kept[member.key] = value_from(stripped, member.start)
    return kept


def value_from(src: str, start: int) -> Any:
    """The value that starts at `start` of a stripped text `check` accepted (nesting
    enforced), built alone."""
    try:
        value, _end = _SCAN(src, start)
    except RecursionError:
        raise _too_deep(src) from None
    if nesting.deeper_than(value):
        raise _too_deep(src)
    return value


def _skip_ws(src: str, pos: int) -> int:
    m = _SEPARATORS.match(src, pos)
    return m.end() if m else pos


# The members of one object of the last large text asked about, by identity (no reference
# to the text is kept): loading, locating and editing a 50 MB file each need the root's
# members, and each scan of them reads the whole file.
_members_memo: tuple[tuple[tuple[int, int, int], int], list[Member]] | None = None


@dataclass(frozen=True, slots=True)
class Member:
    """A member of an object, in a text: its key, where the key starts, its value's span."""

    key: str
    key_start: int
    start: int
    end: int


def members(src: str, start: int | None = None) -> list[Member]:
    """The members of the object whose `{` is at `start` (default: the root), in text
    order, repeated keys included; their values are skipped, not built. `src` is a
    comment-stripped text that `check` accepted."""
    global _members_memo
    pos = _skip_ws(src, 0) if start is None else start
    assert src[pos] == "{"
    memo_key = (_fingerprint(src), pos) if len(src) >= _BIG else None
    if memo_key is not None and _members_memo is not None and _members_memo[0] == memo_key:
        return list(_members_memo[1])
    out: list[Member] = []
    try:
        _walk(src, pos, _WALK_LEVELS, out)
    except _Invalid:  # pragma: no cover - `check` accepted it
        raise ValueError("members() of a text that does not parse") from None
    if memo_key is not None:
        _members_memo = (memo_key, out)
        return list(out)
    return out


def value_end(src: str, start: int) -> int:
    """Where the value at `start` of a text `check` accepted ends (the root's members come
    from the memo when known)."""
    if src.startswith("{", start):
        found = members(src, start)
        pos = _ws(src, found[-1].end if found else start + 1)
        assert src.startswith("}", pos)
        return pos + 1
    try:
        return _walk(src, start, _WALK_LEVELS)
    except _Invalid:  # pragma: no cover - `check` accepted it
        raise ValueError("value_end() in a text that does not parse") from None


def elements(src: str, start: int) -> list[tuple[int, int]]:
    """[start, end) of each element of the array whose `[` is at `start` (values skipped,
    not built)."""
    assert src[start] == "["
    out: list[tuple[int, int]] = []
    pos = start + 1
    while True:
        pos = _skip_ws(src, pos)
        if src[pos] == "]":
            return out
        _ignored, end = _SCAN_DISCARD(src, pos)
        out.append((pos, end))
        pos = end


def value_at(text: str, path: Sequence[str]) -> tuple[bool, Any]:
    """(found, value) at the path of object keys in a text `check` accepted, building only
    that value. Not found when a key is missing or something on the way is not an object.
    """
    src = strip_comments(text)
    pos = _skip_ws(src, 0)
    for key in path:
        if src[pos] != "{":
            return False, None
        found = [m for m in members(src, pos) if m.key == key]
        if not found:
            return False, None
        pos = found[-1].start  # JSON.parse: the last of repeated keys wins
    return True, value_from(src, pos)


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


class Span(NamedTuple):
    """Where a value sits in the text: [start, end) and, for object members, its key.

    A named tuple: made for every value of a document, twice as fast as a frozen class."""

    start: int
    end: int
    key_start: int | None = None


def escape_pointer_token(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer_tokens(ptr: str) -> list[str]:
    """The tokens of a JSON pointer, unescaped (the root, "", has none)."""
    return [t.replace("~1", "/").replace("~0", "~") for t in ptr.split("/")[1:]]


def pointer(*tokens: str | int) -> str:
    return "".join("/" + escape_pointer_token(str(t)) for t in tokens)


# A key (a string followed by a colon), a bracket, or a scalar. Commas are skipped like
# whitespace: a key token says by itself that the next value is an object member.
_TOKEN = re.compile(
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
        return _locate_shallow(src, max_depth)
    return _locate_full(src)


def _locate_full(
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


_SEPARATORS = re.compile(r"[ \t\r\n,:]*")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
# The C scanner of the json module: skips a whole value at C speed.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _locate_shallow(
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
    pos = _skip_ws(src, pos)
    first = src[pos]
    if (first == "{" or first == "[") and depth < max_depth:
        start, closing, index = pos, "}" if first == "{" else "]", 0
        pos += 1
        while True:
            pos = _skip_ws(src, pos)
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
    _, end = _SCAN_DISCARD(src, pos)
    spans[ptr] = Span(pos, end, key_start)
    return int(end)


def locate_path(text: str, path: Sequence[str]) -> dict[str, Span]:
    """Spans of the root, of each value along `path` (object keys) that exists, and of the
    direct members or elements of each of those that is a container: what an edit at
    `path` needs, without mapping (or building) the rest of a text `check` accepted."""
    src = strip_comments(text)
    pos = _skip_ws(src, 0)
    spans: dict[str, Span] = {"": Span(pos, value_end(src, pos))}
    ptr = ""
    for depth in range(len(path) + 1):
        first = src[pos]
        if first == "[":
            for i, (start, stop) in enumerate(elements(src, pos)):
                spans[f"{ptr}/{i}"] = Span(start, stop)
            break
        if first != "{":
            break
        found: Member | None = None
        for member in members(src, pos):
            spans[ptr + "/" + escape_pointer_token(member.key)] = Span(
                member.start, member.end, member.key_start
            )
            if depth < len(path) and member.key == path[depth]:
                found = member  # the last of repeated keys wins
        if found is None:
            break
        ptr += "/" + escape_pointer_token(found.key)
        pos = found.start
    return spans


class LineFinder:
    """JSON pointer → 1-based line, for one document.

    Only the top-level members that pointers are asked about are located: a large file's
    other members (a big `mcpServers` section next to `hooks`) are skipped, not mapped.
    A member is located to `depth` levels on first use, fully only when a deeper pointer
    is asked for.
    """

    def __init__(self, text: str, depth: int = 5):
        self._text = text
        self._depth = depth
        self._top: dict[str, Member] | None = None
        self._root: Span | None = None
        self._spans: dict[str, Span] = {}
        self._located: set[str] = set()  # top-level keys located to `depth`
        self._full: set[str] = set()  # top-level keys located fully
        self._lines: LineIndex | None = None
        self._src: str | None = None

    def _members(self, src: str) -> dict[str, Member]:
        if self._top is None:
            start = _skip_ws(src, 0)
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
            if len(src) < _BIG or src is self._text:  # no copy was made: nothing to let go
                self._src = src
        top = self._members(src)
        if ptr == "":
            return self._root
        token = ptr.split("/", 2)[1]
        key = token.replace("~1", "/").replace("~0", "~")
        member = top.get(key)
        if member is None:
            return None
        head = "/" + token
        if key not in self._located:
            self._spans.update(
                _locate_shallow(src, self._depth, member.start, head, 1, member.key_start)
            )
            self._located.add(key)
        span = self._spans.get(ptr)
        if span is None and key not in self._full and ptr.count("/") > self._depth:
            self._spans.update(_locate_full(src, member.start, head, member.key_start))
            self._full.add(key)
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
