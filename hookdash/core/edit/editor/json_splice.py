"""Splices: the few characters an edit inserts or cuts in a JSON-with-comments text.

Re-serialising a settings file would lose its comments, indentation, line ends and tabs,
so an edit is a list of `Edit`s (replace `start:end` with `text`) applied in one pass. New
text follows the style around it: a list written on one line grows on that line, a list
written one item per line grows by one line with the same indentation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hookdash.core import jsonc
from hookdash.core.edit.editor.json_document import Document
from hookdash.core.edit.editor.json_style import is_hspace, line_indent


@dataclass(frozen=True)
class Edit:
    """Replace `start:end` of the text with `text` (an insert when they are equal)."""

    start: int
    end: int
    text: str


def insert_entry(
    doc: Document,
    ptr: str,
    entry: Callable[[str | None], str],
    scalar: bool = False,
) -> list[Edit]:
    """Edits that add one member/element, rendered by `entry(indent)`, at the end of the
    container at `ptr`, in the container's own style (`scalar`: the new element is a
    string, number, boolean or null)."""
    if not doc.children(ptr):
        return _insert_into_empty(doc, ptr, entry, scalar)
    return insert_entries(doc, ptr, [entry])


def insert_entries(
    doc: Document, ptr: str, entries: Sequence[Callable[[str | None], str]]
) -> list[Edit]:
    """Edits that add several members/elements at the end of the non-empty container at
    `ptr`: the text `insert_entry` gives when called for each in turn, made in one pass
    (each call maps the whole text again: a thousand entries one by one is quadratic)."""
    text, nl = doc.text, doc.newline
    outer = doc.span(ptr)
    open_pos, close_pos = outer.start, outer.end - 1
    children = doc.children(ptr)
    last_start, last_end = children[-1]
    if text.find("\n", open_pos, last_start) != -1:
        # One item per line: each new one gets a line of its own, indented like the last
        # one, placed after anything (a comment) that follows the last item on its line.
        child = line_indent(text, last_start)
        body = ",".join(nl + child + entry(child) for entry in entries)
        newline_at = first_newline(doc, last_end, close_pos)
        if newline_at is None:
            return [Edit(last_end, last_end, "," + body)]
        return [Edit(last_end, last_end, ","), Edit(newline_at, newline_at, body)]
    sep = doc.comma[1:]
    if len(children) >= 2:
        between = text[children[0][1] : children[1][0]]
        after_comma = between[between.find(",") + 1 :] if "," in between else " "
        sep = after_comma if is_hspace(after_comma) else doc.comma[1:]
    return [Edit(last_end, last_end, "".join("," + sep + entry(None) for entry in entries))]


def _insert_into_empty(
    doc: Document, ptr: str, entry: Callable[[str | None], str], scalar: bool
) -> list[Edit]:
    """`insert_entry` for a container with no member or element yet."""
    text, nl = doc.text, doc.newline
    outer = doc.span(ptr)
    open_pos, close_pos = outer.start, outer.end - 1
    inner_has_comment = doc.has_comment(open_pos + 1, close_pos)
    line_start = text.rfind("\n", 0, open_pos) + 1
    # Opened over several lines in a pretty-printed file, unless it sits inside a
    # container written on the same line (`{"disabled": []}` stays on one line), or it
    # is a list of names written `[]` on its line (`"disabled": [] // none yet` grows
    # to `["x"]`, and shrinks back to `[]`, without ever taking more lines).
    before = doc.stripped[line_start:open_pos]
    one_line_list = (
        scalar
        and doc.kind(ptr) == "a list"
        and "\n" not in text[open_pos:close_pos]
        and not inner_has_comment
    )
    if doc.pretty and "{" not in before and "[" not in before and not one_line_list:
        indent = line_indent(text, open_pos)
        child = indent + doc.unit
        body = nl + child + entry(child)
        if inner_has_comment:
            return [Edit(open_pos + 1, open_pos + 1, body)]
        return [Edit(open_pos + 1, close_pos, body + nl + indent)]
    if inner_has_comment:
        return [Edit(open_pos + 1, open_pos + 1, entry(None))]
    return [Edit(open_pos + 1, close_pos, entry(None))]


def first_newline(doc: Document, start: int, end: int) -> int | None:
    """Where the line after `start` ends (before a CR of CRLF), outside comments, or None."""
    pos = doc.text.find("\n", start, end)
    while pos != -1:
        if not doc.in_comment(pos):
            if pos > start and doc.text[pos - 1] == "\r":
                return pos - 1
            return pos
        pos = doc.text.find("\n", pos + 1, end)
    return None


def apply_edits(text: str, edits: list[Edit]) -> str:
    # One pass; of two inserts at one offset, the one listed first comes first. Built by
    # appending a chunk at a time to one string, which CPython grows in place: the new
    # text costs its own size, not that again in slices (see `jsonc._strip`).
    order = sorted(range(len(edits)), key=lambda i: (edits[i].start, i))
    chunk = jsonc.COPY_CHUNK
    out = ""
    pos = 0
    for i in [*order, -1]:
        edit = edits[i] if i >= 0 else Edit(len(text), len(text), "")
        for start in range(pos, edit.start, chunk):
            out += text[start : min(start + chunk, edit.start)]
        out += edit.text
        pos = edit.end
    return out


def removal_edits(
    doc: Document, ptr: str, elements: list[tuple[int, int]], index: int, empty: str
) -> list[Edit]:
    """Edits that cut child `index` (in text order) of the container at `ptr`, with its
    comma, and its line when nothing but whitespace is left on it. A container left with
    no child and no other comment is written `empty` (`[]` / `{}`)."""
    src = doc.text
    start, end = elements[index]
    outer = doc.span(ptr)
    others = [c for c in doc.comments if outer.start < c[0] < outer.end and not start <= c[0] < end]
    if len(elements) == 1 and not others:
        # A comment inside the removed value goes with it.
        return [Edit(outer.start, outer.end, empty)]
    cuts = _cuts(doc, ptr, elements, index)
    line_start = src.rfind("\n", 0, start) + 1
    line_end = src.find("\n", end)
    if line_end != -1:
        kept = "".join(
            c for i, c in enumerate(src[line_start:line_end], line_start) if not _inside(cuts, i)
        )
        if not kept.strip(" \t\r"):
            cuts.append((line_start, line_end + 1))
    return [Edit(a, b, "") for a, b in _merge(cuts)]


def _cuts(
    doc: Document, ptr: str, elements: list[tuple[int, int]], index: int
) -> list[tuple[int, int]]:
    """The spans to cut for child `index`: the child itself and one comma beside it."""
    src = doc.text
    start, end = elements[index]
    line_start = src.rfind("\n", 0, start) + 1
    first_on_line = is_hspace(src[line_start:start])
    cuts: list[tuple[int, int]] = [
        (start, _skip_before_comment(doc, end) if first_on_line else end)
    ]
    if index < len(elements) - 1:
        nxt = elements[index + 1][0]
        comma = doc.stripped.index(",", end, nxt)
        a = end if is_hspace(src[end:comma]) else comma
        b = comma + 1
        if is_hspace(src[b:nxt]):
            b = nxt  # same line: `"a", "b"` -> `"b"`
        elif first_on_line:
            b = _skip_before_comment(doc, b)  # `  "a", // note` -> `  // note`
        cuts.append((a, b))
    elif index > 0:
        prev_end = elements[index - 1][1]
        comma = doc.stripped.rindex(",", prev_end, start)
        a = prev_end if is_hspace(src[prev_end:comma]) else comma
        gap = src[comma + 1 : start]
        # The last item on a line of its own with the container closing on that same line
        # (`…,\n  "b": 2}`): no line of its own to drop, so its line break goes with it.
        own_line_closing = not gap.strip(" \t\r\n") and (
            first_newline(doc, end, doc.span(ptr).end - 1) is None
        )
        b = start if is_hspace(gap) or own_line_closing else comma + 1
        cuts.append((a, b))
        if own_line_closing:
            cuts[0] = (start, end)  # what follows on the line was there before the item
    return cuts


def _skip_before_comment(doc: Document, pos: int) -> int:
    """`pos` moved over spaces and tabs when a comment follows them, else `pos`."""
    end = pos
    while end < len(doc.text) and doc.text[end] in " \t":
        end += 1
    return end if end > pos and doc.in_comment(end) else pos


def _inside(cuts: list[tuple[int, int]], pos: int) -> bool:
    return any(a <= pos < b for a, b in cuts)


def _merge(cuts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for a, b in sorted(cuts):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
        else:
            merged.append((a, b))
    return merged
