"""Parsing as Gemini CLI does: strip comments, then strict `JSON.parse`.

Large texts are checked the memory-light way (see `walk`) and remembered by identity,
so a load and the edits after it read a big file once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from typing import Any

from hookdash.core import nesting
from hookdash.core.jsonc.comments import NON_WS, strip_comments
from hookdash.core.jsonc.errors import (
    JsonParseError,
    explain,
    reject_constant,
    too_deep,
)
from hookdash.core.jsonc.large_text import BIG, LARGE
from hookdash.core.jsonc.walk import (
    CHECK,
    SCAN_DISCARD,
    Invalid,
    Member,
    checked_walk,
    members,
    remember_members,
    remember_root_of,
    skip_comma,
    skip_ws,
    value_and_end,
    value_from,
    ws,
)


def _prechecked(text: str, comments: bool) -> str:
    """The text to hand to the JSON parser, after the checks JSON.parse would fail."""
    if text.startswith("\ufeff"):
        raise JsonParseError(
            "the file starts with a UTF-8 byte order mark (BOM), which Gemini CLI's JSON "
            "parser rejects; save it as UTF-8 without BOM",
            1,
            1,
        )
    if NON_WS.search(text) is None:
        raise JsonParseError("the file is empty; Gemini CLI needs at least {}", 1, 1)
    return strip_comments(text) if comments else text


def vouch(text: str, root: Sequence[Member] | None = None) -> None:
    """Record that `text` (a large one) parses, so `check` need not read it again; with
    `root`, the members of its root object (as `members` gave them for the same bytes
    before), so they need not be walked again either."""
    if len(text) >= BIG:
        LARGE.vouch(text)
        if root is not None:
            remember_root_of(text, root)  # taken up when its stripped copy is walked


def root_members(text: str) -> list[Member] | None:
    """The members of a parsed text's root object (None for another root): small, and
    enough to map the same bytes again without walking them (see `vouch`)."""
    stripped = strip_comments(text)
    pos = ws(stripped, 0)
    return members(stripped, pos) if stripped.startswith("{", pos) else None


def is_object_text(text: str) -> bool:
    """Whether the JSON value of a text (comments aside) starts as an object."""
    stripped = strip_comments(text)
    pos = skip_ws(stripped, 0)
    return stripped[pos : pos + 1] == "{"


def check(text: str, *, comments: bool = True) -> None:
    """Raise the JsonParseError `parse` would raise for a text that does not parse (its
    syntax; nesting is checked where values are used), building almost nothing."""
    if len(text) >= BIG and comments and LARGE.vouched(text):
        return
    stripped = _prechecked(text, comments)
    try:
        root = checked_walk(stripped)
    except (Invalid, RecursionError):
        root = None
        _raise_parse_error(stripped)  # the parser says where and why
    if root is not None and len(stripped) >= BIG:
        remember_members(stripped, root)
    if comments:
        vouch(text)


def _raise_parse_error(stripped: str) -> None:
    try:
        CHECK.decode(stripped)
    except RecursionError:
        raise too_deep(stripped) from None
    except json.JSONDecodeError as exc:
        raise explain(stripped, exc) from None
    except ValueError as exc:  # NaN / Infinity
        raise JsonParseError(str(exc), None, None) from None


# Builds one element of an array that `parse(thin=…)` reads element by element:
# (the array's key, the element's index, the element) -> what to keep in its place.
Thinning = Callable[[str, int, Any], Any]


def parse(
    text: str,
    *,
    comments: bool = True,
    keep: Collection[str] | None = None,
    thin: tuple[str, Thinning] | None = None,
    deep: int | None = None,
) -> Any:
    """Parse as Gemini does: strip comments (unless `comments=False`), then strict JSON.

    With `keep`, a top-level object is returned with only those members (the rest is
    checked and skipped without being built): what a large settings file costs in memory
    is then its text and the members hookdash uses, not the whole document. With `thin`
    (a kept member, and a function), that member's arrays of an object are built one
    element at a time, each handed to the function, which says what to keep in its place:
    an array of 200,000 elements is never held whole.

    With `deep` (an agent's own nesting limit), a text nested deeper than hookdash builds
    (`nesting.MAX_DEPTH`) but within `deep` is read as that agent reads it: what lies
    deeper is checked to be JSON and left out of the value (`nesting.pruned`); deeper
    than `deep` is a `too_deep` error naming that limit.
    """
    if deep is not None:
        text, comments = _deep_read(text, comments, deep)
    if keep is None:
        stripped = _prechecked(text, comments)
        try:
            return nesting.json_loads(stripped, parse_constant=reject_constant)
        except nesting.NestingTooDeepError as exc:
            raise JsonParseError(exc.msg, exc.lineno, exc.colno, exc.pos, too_deep=True) from None
        except json.JSONDecodeError as exc:
            raise explain(stripped, exc) from None
        except ValueError as exc:  # NaN / Infinity
            raise JsonParseError(str(exc), None, None) from None
    check(text, comments=comments)
    stripped = strip_comments(text) if comments else text
    root = skip_ws(stripped, 0)
    if stripped[root] != "{":
        return parse(text, comments=comments)  # not an object: small, or an error anyway
    kept: dict[str, Any] = {}
    for member in members(stripped):
        if member.key in keep:
            # A repeated key: the last value wins, in the first one's place (as in JS).
            if thin is not None and member.key == thin[0]:
                kept[member.key] = _thinned(stripped, member.start, thin[1])
            else:
                kept[member.key] = value_from(stripped, member.start)
    return kept


def _deep_read(text: str, comments: bool, deep: int) -> tuple[str, bool]:
    """The text to parse for an agent that reads `deep` levels: its deep parts emptied
    (comments already stripped, then), or the text itself when nothing is that deep."""
    stripped = _prechecked(text, comments)
    try:
        emptied = nesting.pruned(stripped, nesting.MAX_DEPTH - 1, deep)
    except nesting.NestingTooDeepError as exc:
        raise JsonParseError(exc.msg, exc.lineno, exc.colno, exc.pos, too_deep=True) from None
    except json.JSONDecodeError as exc:
        raise JsonParseError(exc.msg, exc.lineno, exc.colno, exc.pos) from None
    return (text, comments) if emptied is None else (emptied, False)


def _thinned(src: str, start: int, choose: Thinning) -> Any:
    """The value at `start`; if an object, its array members built element by element
    through `choose`, in one pass (the text was checked: its shape is known good)."""
    if not src.startswith("{", start):
        return value_from(src, start)
    out: dict[str, Any] = {}
    pos = ws(src, start + 1)
    while src[pos] != "}":
        key, pos = SCAN_DISCARD(src, pos)
        pos = ws(src, ws(src, pos) + 1)  # past the colon
        if src[pos] == "[":
            items: list[Any] = []
            pos = ws(src, pos + 1)
            while src[pos] != "]":
                value, pos = value_and_end(src, pos)
                items.append(choose(key, len(items), value))
                pos = skip_comma(src, pos)
            out[key] = items  # a repeated key: the last wins, in the first one's place
            pos += 1
        else:
            out[key], pos = value_and_end(src, pos)
        pos = skip_comma(src, pos)
    return out


def value_at(text: str, path: Sequence[str]) -> tuple[bool, Any]:
    """(found, value) at the path of object keys in a text `check` accepted, building only
    that value. Not found when a key is missing or something on the way is not an object.
    """
    src = strip_comments(text)
    pos = skip_ws(src, 0)
    for key in path:
        if src[pos] != "{":
            return False, None
        found = [m for m in members(src, pos) if m.key == key]
        if not found:
            return False, None
        pos = found[-1].start  # JSON.parse: the last of repeated keys wins
    return True, value_from(src, pos)
