"""Every edit is checked before it is used: the new text must parse (as Gemini parses it)
to exactly the document the edit meant, or `JsonEditError` is raised and nothing is used.

For a large file only the container that changed is parsed again (see `verified_in`).
"""

from __future__ import annotations

import json
from typing import Any

from hookdash.core import jsonc
from hookdash.core.edit.editor.json_document import Document
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.json_splice import Edit, apply_edits


def same_value(a: Any, b: Any) -> bool:
    """Deep equality that also tells true from 1 and 1 from 1.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _parsed(text: str, *, place: bool = True) -> Any:
    try:
        return jsonc.parse(text)
    except jsonc.JsonParseError as exc:
        # The line and column in a piece of the file are not the file's (`place` False).
        detail = str(exc) if place else exc.message
        raise JsonEditError(
            f"hookdash's edit would not parse ({detail}); nothing was written"
        ) from None


def _expect(value: Any, expected: Any) -> None:
    if not same_value(value, expected):
        raise JsonEditError(
            "hookdash's edit did not give the intended document; nothing was written"
        )


# Stands in for the members before an appended one; a key no settings file uses.
_SENTINEL_KEY = "\u0000hookdash"
_SENTINEL = json.dumps(_SENTINEL_KEY)  # as JSON text: "\\u0000hookdash"


def verified_in(doc: Document, ptr: str, new_text: str, expected: Any) -> str:
    """The new text, if replacing the value at `ptr` is all its edits did and the new
    value parses to `expected`; else JsonEditError.

    The edits all lie inside that value's span, whose start is outside any string or
    comment, so the text before it is unchanged. When the value is a member's or an
    element's, it is checked alone: a value that parses in place of another leaves the
    rest of the document as it was. For the root object (a new top-level member), only
    what follows its last old member is checked, behind a stand-in for the members
    before, which puts the parser in the same state. Either way only the edited part is
    parsed, never the whole (possibly huge) document again.
    """
    outer = doc.span(ptr)
    delta = len(new_text) - len(doc.text)
    if ptr:
        _expect(_parsed(new_text[outer.start : outer.end + delta], place=False), expected)
        jsonc.vouch(new_text)
        return new_text
    old_members = doc.children("")
    after = old_members[-1][1] if old_members else outer.start + 1
    head = "{" + _SENTINEL + ": 0" if old_members else "{"
    value = _parsed(head + new_text[after:])
    if not isinstance(value, dict):  # pragma: no cover - starts with "{"
        raise JsonEditError("hookdash's edit did not give an object; nothing was written")
    value.pop(_SENTINEL_KEY, None)
    _expect(value, expected)
    jsonc.vouch(new_text)
    return new_text


def _edits_inside(doc: Document, ptr: str, edits: list[Edit]) -> bool:
    outer = doc.span(ptr)
    return all(outer.start <= e.start and e.end <= outer.end for e in edits)


def checked(doc: Document, ptr: str, edits: list[Edit], expected: Any) -> str:
    """Apply the edits of the value at `ptr`, verified (see `verified_in`). For the root,
    `expected` holds only the members added (and any checked alongside)."""
    if not _edits_inside(doc, ptr, edits):  # pragma: no cover - edits stay in their value
        raise JsonEditError("hookdash's edit strayed outside its value; nothing was written")
    if ptr == "":
        old = doc.children("")
        after = old[-1][1] if old else doc.span("").start + 1
        if any(e.start < after for e in edits):  # pragma: no cover - appended after the last
            raise JsonEditError("hookdash's edit changed text it should not; nothing was written")
        expected = {k: v for k, v in expected.items() if jsonc.pointer(k) not in doc.spans}
    before = _root_of(doc)
    doc.release_stripped()
    new_text = verified_in(doc, ptr, apply_edits(doc.text, edits), expected)
    moved = _moved(before, edits) if before is not None and ptr else None
    if moved is not None:
        jsonc.vouch(new_text, moved)  # the next edit of the new text need not walk it
    return new_text


def _root_of(doc: Document) -> list[jsonc.Member] | None:
    """The root members of a large document's text (from the walk that mapped it), or
    None for a small one or another root."""
    if len(doc.text) < jsonc.BIG or not doc.stripped:
        return None
    root = doc.spans.get("")
    if root is None or not doc.stripped.startswith("{", root.start):
        return None
    return jsonc.members(doc.stripped, root.start)


def _moved(before: list[jsonc.Member], edits: list[Edit]) -> list[jsonc.Member] | None:
    """The root members after `edits`, which all lie inside one member's value: that
    member ends later (or sooner) by the change in length, and those after it move."""
    first, last = min(e.start for e in edits), max(e.end for e in edits)
    delta = sum(len(e.text) - (e.end - e.start) for e in edits)
    holder = [m for m in before if m.start <= first and last <= m.end]
    if len(holder) != 1:  # pragma: no cover - edits inside a root member's value
        return None
    edited = holder[0]
    out = []
    for m in before:
        if m.end <= edited.start:
            out.append(m)
        elif m is edited:
            out.append(jsonc.Member(m.key, m.key_start, m.start, m.end + delta))
        else:
            out.append(jsonc.Member(m.key, m.key_start + delta, m.start + delta, m.end + delta))
    return out


def checked_root_removal(doc: Document, edits: list[Edit], removed: jsonc.Span) -> str:
    """Apply the edits that cut the root member at `removed`, verified without parsing
    the document again: the cuts lie outside every other member (whose text is then
    unchanged), and what is left between the root's braces and those members must be
    whitespace and comments around exactly one comma between two members. That is the
    old document, which parsed, less one member — checked on the few characters between
    members, so a 50 MB file is not stripped and walked again."""
    root = doc.span("")
    every = jsonc.members(doc.stripped, root.start)  # repeated keys too (the spans keep one)
    gone = [m for m in every if m.key_start == removed.key_start]
    kept = [m for m in every if m.key_start != removed.key_start]
    if len(gone) != 1 or any(m.key == gone[0].key for m in kept):
        # Its twin would take its place: not the document the removal means.
        raise JsonEditError(
            "hookdash's edit did not give the intended document; nothing was written"
        )
    for m in kept:
        if any(e.start < m.end and m.key_start < e.end for e in edits):  # pragma: no cover
            raise JsonEditError("hookdash's edit changed text it should not; nothing was written")
    if any(e.start < root.start or e.end > root.end for e in edits):  # pragma: no cover
        raise JsonEditError("hookdash's edit changed text it should not; nothing was written")
    large = _root_of(doc) is not None
    doc.release_stripped()
    new_text = apply_edits(doc.text, edits)

    def shifted(pos: int) -> int:
        return pos - sum(e.end - e.start - len(e.text) for e in edits if e.end <= pos)

    # Gaps: "{" … first member, member … member, last member … "}" (or "{" … "}").
    edges = [shifted(root.start) + 1]
    for m in kept:
        edges += [shifted(m.key_start), shifted(m.end)]
    edges.append(shifted(root.end) - 1)
    gaps = [
        jsonc.strip_comments(new_text[a:b]).strip(" \t\r\n")
        for a, b in zip(edges[::2], edges[1::2], strict=True)
    ]
    expected = ["", *([","] * (len(kept) - 1)), ""] if kept else [""]
    if new_text[edges[0] - 1] != "{" or new_text[edges[-1]] != "}" or gaps != expected:
        raise JsonEditError(
            "hookdash's edit did not give the intended document; nothing was written"
        )
    after = [
        jsonc.Member(m.key, shifted(m.key_start), shifted(m.start), shifted(m.end)) for m in kept
    ]
    # The root members: the next edit of a large text need not walk it.
    jsonc.vouch(new_text, after if large else None)
    return new_text
