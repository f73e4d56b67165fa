"""Targeted edits of one list in JSON-with-comments text, keeping every other byte.

People keep comments, odd indentation, CRLF line ends and tabs in their settings files.
Re-serialising the document would lose all of that, so an edit here is a splice: find the
span of the list (or of the object that must receive a new member) with `jsonc.locate`,
insert or delete the few characters that change, and leave the rest of the text alone.
New text follows the style around it: a list written on one line grows on that line, a
list written one item per line grows by one line with the same indentation, a new member
of a pretty-printed file is pretty-printed with the file's indent unit and line ends.

Every edit is checked before it is returned: the new text must parse (as Gemini parses it)
to exactly the document the edit meant, or `JsonEditError` is raised and nothing is used.

Large files (a 50 MB settings file) are edited within a small multiple of their size: a
list at a path of object keys is edited with a `Document` focused on that path (spans of
what the path passes through, not of every value), the check parses only the container
that changed (a value that parses in place of another leaves the rest as it was), and new
text is built in place (`_apply`).
"""

from __future__ import annotations

import copy
import json
import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hookdash.core.gemini import jsonc

DEFAULT_INDENT = "  "  # Gemini's own writer: JSON.stringify(obj, null, 2)


class JsonEditError(ValueError):
    """The document does not have the shape the edit needs (e.g. the list is a string)."""

    def __init__(self, message: str, pointer: str = ""):
        super().__init__(message)
        self.message = message
        self.pointer = pointer


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    text: str


_NON_WS = re.compile(r"\S")


def is_blank(text: str) -> bool:
    """True for an empty file, or one holding only whitespace and comments."""
    return _NON_WS.search(jsonc.strip_comments(text)) is None


def newline_of(text: str) -> str:
    """The file's line end: CRLF when most lines end that way, else LF."""
    crlf = text.count("\r\n")
    return "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n"


PathToken = str | int  # an object key, or the index of a list item
JsonPath = Sequence[PathToken]


def dotted(path: JsonPath) -> str:
    return ".".join(str(p) for p in path) if path else "the document"


class Document:
    """JSONC text with the spans, comments and style an edit needs.

    `Document(text)` maps the whole document (for edits anywhere). `Document(text, path)`
    maps only what an edit of the value at `path` (object keys) touches: the root, each
    value along the path, and the direct members or elements of each container among
    them; comments only inside the deepest container on the path, where edits happen. A
    large settings file then costs its text, not a span per value (a 50 MB file used to
    take gigabytes).
    """

    def __init__(self, text: str, path: Sequence[str] | None = None):
        self.text = text
        self.path = path
        self.stripped = jsonc.strip_comments(text)
        if path is None:
            self.value: Any = jsonc.parse(text)  # raises jsonc.JsonParseError
            self.spans = jsonc.locate(text)
            self.comments = jsonc.comment_spans(text)
        else:
            jsonc.check(text)  # raises jsonc.JsonParseError
            self.value = None  # not built: see `load`
            self.spans = jsonc.locate_path(text, path)
            region = self.span(self.deepest(path))
            self.comments = jsonc.comment_spans(text, region.start, region.end)
        self._comment_starts = [c[0] for c in self.comments]
        self.newline = newline_of(text)
        sample = _style_sample(self.stripped)
        self.unit = _indent_unit(sample)
        self.comma, self.colon = _separators(sample)
        root = self.spans.get("")
        # Empty containers are opened over several lines when the file is pretty-printed
        # (or is an empty `{}`, which Gemini itself would write pretty-printed).
        self.pretty = (
            root is None
            or text.find("\n", root.start, root.end) != -1
            or not self.child_pointers("")
        )

    # ------------------------------------------------------------------ lookups
    def span(self, ptr: str) -> jsonc.Span:
        span = self.spans.get(ptr)
        if span is None:  # pragma: no cover - locate covers every value parse accepts
            raise JsonEditError("hookdash could not find this value in the text", ptr)
        return span

    def deepest(self, path: Sequence[str]) -> str:
        """The pointer of the deepest value along `path` that exists."""
        ptr = ""
        for key in path:
            child = ptr + "/" + jsonc.escape_pointer_token(key)
            if child not in self.spans:
                break
            ptr = child
        return ptr

    def kind(self, ptr: str) -> str:
        """What the value at `ptr` is, with its article ("an object", "a list"…)."""
        return _kind_of_text(self.stripped[self.span(ptr).start])

    def load(self, ptr: str) -> Any:
        """The value at `ptr`, built (only that value)."""
        return jsonc.value_from(self.stripped, self.span(ptr).start)

    def child_pointers(self, ptr: str) -> list[str]:
        prefix = ptr + "/"
        return [p for p in self.spans if p.startswith(prefix) and "/" not in p[len(prefix) :]]

    def children(self, ptr: str, value: Any = None) -> list[tuple[int, int]]:
        """(start, end) of each member (from its key) or element, in text order."""
        outer = self.span(ptr)
        out = []
        if self.path is None and value is not None:
            if isinstance(value, dict):
                pointers = [f"{ptr}/{jsonc.escape_pointer_token(k)}" for k in value]
            else:
                pointers = [f"{ptr}/{i}" for i in range(len(value))]
        else:
            pointers = self.child_pointers(ptr)
        for child in pointers:
            span = self.span(child)
            start = span.key_start if span.key_start is not None else span.start
            if not (outer.start < start and span.end < outer.end):  # pragma: no cover
                raise JsonEditError("duplicate keys confused hookdash's edit", ptr)
            out.append((start, span.end))
        out.sort()
        return out

    def release_stripped(self) -> None:
        """Drop the comment-stripped copy before the new text is made (edits need only
        the spans by then): one copy of a large file fewer at the peak."""
        if self.path is not None and self.stripped is not self.text:
            self.stripped = ""
            jsonc.release()

    def in_comment(self, pos: int) -> bool:
        i = bisect_right(self._comment_starts, pos) - 1
        return i >= 0 and self.comments[i][0] <= pos < self.comments[i][1]

    def has_comment(self, start: int, end: int) -> bool:
        return any(s < end and e > start for s, e in self.comments)


def _kind_of_text(first: str) -> str:
    """What a JSON value is, from its first character."""
    return {
        "{": "an object",
        "[": "a list",
        '"': "a string",
        "t": "a boolean",
        "f": "a boolean",
        "n": "null",
    }.get(first, "a number")


# The style of a file (indent unit, separators) is read from at most its first 256 KiB:
# the whole of any real settings file, and bounded work and memory for a huge one (reading
# the style of all of a 50 MB file took twice its size in line objects).
_STYLE_SAMPLE = 256 << 10


def _style_sample(stripped: str) -> str:
    if len(stripped) <= _STYLE_SAMPLE:
        return stripped
    cut = stripped.rfind("\n", 0, _STYLE_SAMPLE)
    return stripped[: cut if cut > 0 else _STYLE_SAMPLE]


def _indent_unit(stripped: str) -> str:
    """The file's indent step: a tab if lines are tab-indented, else the smallest run of
    leading spaces on a line that holds JSON (comment-only lines are blank once stripped)."""
    smallest = 0
    for line in stripped.splitlines():
        content = line.lstrip(" \t")
        if not content or len(content) == len(line):
            continue
        lead = line[: len(line) - len(content)]
        if lead[0] == "\t":
            return "\t"
        if smallest == 0 or len(lead) < smallest:
            smallest = len(lead)
    return " " * smallest if smallest else DEFAULT_INDENT


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def _separators(stripped: str) -> tuple[str, str]:
    """The file's separators on one line: `", "` and `": "`, or a minified file's `,` `:`."""
    bare = _STRING.sub('""', stripped)
    spaced = len(re.findall(r",[ \t]", bare))
    tight = len(re.findall(r",[^\s]", bare))
    comma = "," if tight > spaced else ", "
    colon = ":" if ":" in bare and not re.search(r":\s", bare) else ": "
    return comma, colon


def _line_indent(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = start
    while end < len(text) and text[end] in " \t":
        end += 1
    return text[start:end]


def _is_hspace(text: str) -> bool:
    return all(c in " \t" for c in text)


def render(value: Any, indent: str | None, doc: Document) -> str:
    """JSON.stringify-like text in the document's style: on one line (indent None, with
    the file's separators) or pretty-printed at `indent` with its indent unit and line end."""
    if indent is None:
        return json.dumps(value, ensure_ascii=False, separators=(doc.comma, doc.colon))
    nl = doc.newline
    if isinstance(value, list) and value:
        inner = indent + doc.unit
        items = ("," + nl).join(inner + render(v, inner, doc) for v in value)
        return "[" + nl + items + nl + indent + "]"
    if isinstance(value, dict) and value:
        inner = indent + doc.unit
        items = ("," + nl).join(
            inner + json.dumps(k, ensure_ascii=False) + doc.colon + render(v, inner, doc)
            for k, v in value.items()
        )
        return "{" + nl + items + nl + indent + "}"
    return json.dumps(value, ensure_ascii=False)


def _insert_entry(
    doc: Document,
    ptr: str,
    value: Any,
    entry: Callable[[str | None], str],
    scalar: bool = False,
) -> list[_Edit]:
    """Edits that add one member/element, rendered by `entry(indent)`, at the end of the
    container at `ptr`, in the container's own style (`scalar`: the new element is a
    string, number, boolean or null)."""
    text, nl = doc.text, doc.newline
    outer = doc.span(ptr)
    open_pos, close_pos = outer.start, outer.end - 1
    children = doc.children(ptr, value)
    if not children:
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
            line_indent = _line_indent(text, open_pos)
            child = line_indent + doc.unit
            body = nl + child + entry(child)
            if inner_has_comment:
                return [_Edit(open_pos + 1, open_pos + 1, body)]
            return [_Edit(open_pos + 1, close_pos, body + nl + line_indent)]
        if inner_has_comment:
            return [_Edit(open_pos + 1, open_pos + 1, entry(None))]
        return [_Edit(open_pos + 1, close_pos, entry(None))]
    last_start, last_end = children[-1]
    if text.find("\n", open_pos, last_start) != -1:
        # One item per line: the new one gets a line of its own, indented like the last
        # one, placed after anything (a comment) that follows the last item on its line.
        child = _line_indent(text, last_start)
        body = nl + child + entry(child)
        newline_at = _first_newline(doc, last_end, close_pos)
        if newline_at is None:
            return [_Edit(last_end, last_end, "," + body)]
        return [_Edit(last_end, last_end, ","), _Edit(newline_at, newline_at, body)]
    sep = doc.comma[1:]
    if len(children) >= 2:
        between = text[children[0][1] : children[1][0]]
        after_comma = between[between.find(",") + 1 :] if "," in between else " "
        sep = after_comma if _is_hspace(after_comma) else doc.comma[1:]
    return [_Edit(last_end, last_end, "," + sep + entry(None))]


def _first_newline(doc: Document, start: int, end: int) -> int | None:
    """Where the line after `start` ends (before a CR of CRLF), outside comments, or None."""
    pos = doc.text.find("\n", start, end)
    while pos != -1:
        if not doc.in_comment(pos):
            if pos > start and doc.text[pos - 1] == "\r":
                return pos - 1
            return pos
        pos = doc.text.find("\n", pos + 1, end)
    return None


def _apply(text: str, edits: list[_Edit]) -> str:
    # One pass; of two inserts at one offset, the one listed first comes first. Built by
    # appending a chunk at a time to one string, which CPython grows in place: the new
    # text costs its own size, not that again in slices (see `jsonc._strip`).
    order = sorted(range(len(edits)), key=lambda i: (edits[i].start, i))
    chunk = jsonc.COPY_CHUNK
    out = ""
    pos = 0
    for i in [*order, -1]:
        edit = edits[i] if i >= 0 else _Edit(len(text), len(text), "")
        for start in range(pos, edit.start, chunk):
            out += text[start : min(start + chunk, edit.start)]
        out += edit.text
        pos = edit.end
    return out


def same_value(a: Any, b: Any) -> bool:
    """Deep equality that also tells true from 1 and 1 from 1.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _verified(new_text: str, expected: Any) -> str:
    try:
        value = jsonc.parse(new_text)
    except jsonc.JsonParseError as exc:
        raise JsonEditError(
            f"hookdash's edit would not parse ({exc}); nothing was written"
        ) from None
    if not same_value(value, expected):
        raise JsonEditError(
            "hookdash's edit did not give the intended document; nothing was written"
        )
    return new_text


# Stands in for the members before an appended one; a key no settings file uses.
_SENTINEL_KEY = "\u0000hookdash"
_SENTINEL = json.dumps(_SENTINEL_KEY)  # as JSON text: "\\u0000hookdash"


def _verified_in(doc: Document, ptr: str, new_text: str, expected: Any) -> str:
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
        piece = new_text[outer.start : outer.end + delta]
        _verified_piece(piece, expected, new_text)
        jsonc.vouch(new_text)
        return new_text
    old_members = doc.children("")
    after = old_members[-1][1] if old_members else outer.start + 1
    head = "{" + _SENTINEL + ": 0" if old_members else "{"
    try:
        value = jsonc.parse(head + new_text[after:])
    except jsonc.JsonParseError as exc:
        raise JsonEditError(
            f"hookdash's edit would not parse ({exc}); nothing was written"
        ) from None
    if not isinstance(value, dict):  # pragma: no cover - starts with "{"
        raise JsonEditError("hookdash's edit did not give an object; nothing was written")
    value.pop(_SENTINEL_KEY, None)
    if not same_value(value, expected):
        raise JsonEditError(
            "hookdash's edit did not give the intended document; nothing was written"
        )
    jsonc.vouch(new_text)
    return new_text


def _verified_piece(piece: str, expected: Any, new_text: str) -> str:
    try:
        value = jsonc.parse(piece)
    except jsonc.JsonParseError as exc:
        raise JsonEditError(
            f"hookdash's edit would not parse ({exc.message}); nothing was written"
        ) from None
    if not same_value(value, expected):
        raise JsonEditError(
            "hookdash's edit did not give the intended document; nothing was written"
        )
    return new_text


def _edits_inside(doc: Document, ptr: str, edits: list[_Edit]) -> bool:
    outer = doc.span(ptr)
    return all(outer.start <= e.start and e.end <= outer.end for e in edits)


def _js_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _nested(path: Sequence[str], leaf: Any) -> Any:
    value = leaf
    for key in reversed(path):
        value = {key: value}
    return value


def _step(node: Any, key: PathToken, path: JsonPath, i: int) -> tuple[bool, Any]:
    """(found, child) one step down `path`; JsonEditError when `node` has the wrong type
    for the key (an index needs a list and must exist, a key needs an object)."""
    if isinstance(key, int):
        if not isinstance(node, list):
            raise JsonEditError(
                f"{dotted(path[:i])} is {_js_type(node)}, not a list", jsonc.pointer(*path[:i])
            )
        if not 0 <= key < len(node):
            raise JsonEditError(f"{dotted(path[:i])} has no item {key}", jsonc.pointer(*path[:i]))
        return True, node[key]
    if not isinstance(node, dict):
        raise JsonEditError(
            f"{dotted(path[:i])} is {_js_type(node)}, not an object", jsonc.pointer(*path[:i])
        )
    if key not in node:
        return False, None
    return True, node[key]


def get_value(value: Any, path: JsonPath) -> tuple[bool, Any]:
    """(found, value) at `path` of a parsed document; a missing key gives (False, None).

    Raises JsonEditError when something on the way has the wrong type.
    """
    node = value
    for i, key in enumerate(path):
        found, node = _step(node, key, path, i)
        if not found:
            return False, None
    return True, node


def get_list(value: Any, path: JsonPath) -> list[Any] | None:
    """The list at `path` of a parsed document, None if any part is missing.

    Raises JsonEditError when something on the way has the wrong type.
    """
    found, node = get_value(value, path)
    if not found:
        return None
    if not isinstance(node, list):
        raise JsonEditError(f"{dotted(path)} is {_js_type(node)}, not a list", jsonc.pointer(*path))
    return node


def blank_as_object(text: str) -> str:
    """The text of a blank (empty, whitespace- or comment-only) file with `{}` added.

    Gemini refuses such a file; an edit may start from `{}` instead. Comments are kept and
    the object goes after them; a whitespace-only file is replaced.
    """
    nl = newline_of(text)
    if not text.strip():
        return "{}" + (nl if text.endswith("\n") else "")
    return text + ("" if text.endswith("\n") else nl) + "{}" + (nl if text.endswith("\n") else "")


def _create_member(
    doc: Document, ptr: str, node: dict[str, Any], key: str, new_value: Any
) -> list[_Edit]:
    """Edits that add the member `key: new_value` to the object `node` at `ptr`."""

    def member(indent: str | None) -> str:
        return json.dumps(key, ensure_ascii=False) + doc.colon + render(new_value, indent, doc)

    return _insert_entry(doc, ptr, node, member)


def _target(expected: Any, path: JsonPath) -> Any:
    for key in path:
        expected = expected[key]
    return expected


def _descend(doc: Document, path: JsonPath) -> tuple[int, Any, str]:
    """How far `path` exists: (number of tokens found, the deepest value, its pointer)."""
    node: Any = doc.value
    ptr = ""
    for i, key in enumerate(path):
        found, child = _step(node, key, path, i)
        if not found:
            return i, node, ptr
        node = child
        ptr += "/" + jsonc.escape_pointer_token(str(key))
    return len(path), node, ptr


def _missing_keys(path: JsonPath, depth: int) -> list[str]:
    rest = list(path[depth:])
    if any(isinstance(k, int) for k in rest):
        raise JsonEditError(
            f"{dotted(path[: depth + 1])} does not exist", jsonc.pointer(*path[:depth])
        )
    return [str(k) for k in rest]


def _keys(path: JsonPath) -> list[str] | None:
    """The path as object keys, or None when it holds a list index (edited in full)."""
    return None if any(isinstance(k, int) for k in path) else [str(k) for k in path]


def append_to_list(text: str | Document, path: JsonPath, item: Any) -> str:
    """Append `item` to the list at `path`, creating the list and its parent objects
    (only object keys can be created; a list index on the way must exist). `text` may be
    a `Document(text, path)` already made."""
    keys = _keys(path)
    if isinstance(text, Document) or keys is not None:
        assert keys is not None
        doc = text if isinstance(text, Document) else Document(text, keys)
        return _append_focused(doc, keys, item)
    doc = Document(text)
    expected = copy.deepcopy(doc.value)
    depth, node, ptr = _descend(doc, path)
    if depth < len(path):
        keys = _missing_keys(path, depth)
        new_value = _nested(keys[1:], [item])
        _target(expected, path[:depth])[keys[0]] = new_value
        edits = _create_member(doc, ptr, node, keys[0], new_value)
        return _verified(_apply(text, edits), expected)
    if not isinstance(node, list):
        raise JsonEditError(f"{dotted(path)} is {_js_type(node)}, not a list", ptr)
    _target(expected, path).append(item)
    scalar = not isinstance(item, dict | list)
    edits = _insert_entry(doc, ptr, node, lambda indent: render(item, indent, doc), scalar)
    return _verified(_apply(text, edits), expected)


def list_at(text: str | Document, path: Sequence[str]) -> list[Any] | None:
    """`get_list` on a text (that `jsonc.check` accepts), building only that list."""
    doc = text if isinstance(text, Document) else Document(text, path)
    return _list_in(doc, path)


def _list_in(doc: Document, path: Sequence[str]) -> list[Any] | None:
    ptr = ""
    for i, key in enumerate(path):
        if doc.kind(ptr) != "an object":
            raise JsonEditError(
                f"{dotted(path[:i])} is {doc.kind(ptr)}, not an object", jsonc.pointer(*path[:i])
            )
        ptr += "/" + jsonc.escape_pointer_token(key)
        if ptr not in doc.spans:
            return None
    if doc.kind(ptr) != "a list":
        raise JsonEditError(f"{dotted(path)} is {doc.kind(ptr)}, not a list", ptr)
    value = doc.load(ptr)
    assert isinstance(value, list)
    return value


def _append_focused(doc: Document, path: Sequence[str], item: Any) -> str:
    """`append_to_list` on a Document focused on `path` (object keys only)."""
    ptr = ""
    for i, key in enumerate(path):
        if doc.kind(ptr) != "an object":
            raise JsonEditError(f"{dotted(path[:i])} is {doc.kind(ptr)}, not an object", ptr or "/")
        child = ptr + "/" + jsonc.escape_pointer_token(key)
        if child not in doc.spans:
            new_value = _nested(path[i + 1 :], [item])
            container = {} if ptr == "" else doc.load(ptr)
            container[key] = new_value

            def member(indent: str | None, key: str = key, new_value: Any = new_value) -> str:
                rendered = render(new_value, indent, doc)
                return json.dumps(key, ensure_ascii=False) + doc.colon + rendered

            edits = _insert_entry(doc, ptr, None, member)
            return _checked(doc, ptr, edits, container)
        ptr = child
    if doc.kind(ptr) != "a list":
        raise JsonEditError(f"{dotted(path)} is {doc.kind(ptr)}, not a list", ptr)
    expected = doc.load(ptr)
    expected.append(item)
    scalar = not isinstance(item, dict | list)
    edits = _insert_entry(doc, ptr, None, lambda indent: render(item, indent, doc), scalar)
    return _checked(doc, ptr, edits, expected)


def _checked(doc: Document, ptr: str, edits: list[_Edit], expected: Any) -> str:
    """Apply the edits of the value at `ptr`, verified (see `_verified_in`). For the root,
    `expected` holds only the members added (and any checked alongside)."""
    if not _edits_inside(doc, ptr, edits):  # pragma: no cover - edits stay in their value
        raise JsonEditError("hookdash's edit strayed outside its value; nothing was written")
    if ptr == "":
        old = doc.children("")
        after = old[-1][1] if old else doc.span("").start + 1
        if any(e.start < after for e in edits):  # pragma: no cover - appended after the last
            raise JsonEditError("hookdash's edit changed text it should not; nothing was written")
        expected = {k: v for k, v in expected.items() if jsonc.pointer(k) not in doc.spans}
    doc.release_stripped()
    return _verified_in(doc, ptr, _apply(doc.text, edits), expected)


def _list_item(doc: Document, path: Sequence[str], index: int) -> tuple[str, list[Any]]:
    items = _list_in(doc, path)
    if items is None or not 0 <= index < len(items):
        raise JsonEditError(f"{dotted(path)} has no item {index}", jsonc.pointer(*path))
    return jsonc.pointer(*path), items


def set_member(text: str, path: JsonPath, value: Any) -> str:
    """Set the object member at `path` (its last token is the key) to `value`: only the old
    value's text is replaced, or the member (and missing parent objects) is added."""
    if not path or not isinstance(path[-1], str):
        raise JsonEditError("set_member needs the key of an object member")
    doc = Document(text)
    expected = copy.deepcopy(doc.value)
    depth, node, ptr = _descend(doc, path)
    if depth == len(path):
        _target(expected, path[:-1])[path[-1]] = value
        span = doc.span(ptr)
        indent = None
        if isinstance(value, dict | list) and value and doc.pretty:
            start = span.key_start if span.key_start is not None else span.start
            indent = _line_indent(text, start)
        edits = [_Edit(span.start, span.end, render(value, indent, doc))]
        return _verified(_apply(text, edits), expected)
    keys = _missing_keys(path, depth)
    new_value = _nested(keys[1:], value)
    _target(expected, path[:depth])[keys[0]] = new_value
    edits = _create_member(doc, ptr, node, keys[0], new_value)
    return _verified(_apply(text, edits), expected)


def _list_at(doc: Document, path: JsonPath, index: int) -> tuple[str, list[Any]]:
    items = get_list(doc.value, path)
    if items is None or not 0 <= index < len(items):
        raise JsonEditError(f"{dotted(path)} has no item {index}", jsonc.pointer(*path))
    return jsonc.pointer(*path), items


def remove_from_list(text: str, path: JsonPath, index: int) -> str:
    """Remove item `index` of the list at `path`, with its comma, and its line when the
    line is left blank. Comments are never removed."""
    keys = _keys(path)
    if keys is not None:
        doc = Document(text, keys)
        ptr, items = _list_item(doc, keys, index)
        expected = list(items)
        del expected[index]
        return _remove_child(doc, ptr, doc.children(ptr), index, expected, "[]")
    doc = Document(text)
    ptr, items = _list_at(doc, path, index)
    expected = copy.deepcopy(doc.value)
    del _target(expected, path)[index]
    return _remove_child(doc, ptr, doc.children(ptr, items), index, expected, "[]")


def remove_member(text: str, path: JsonPath) -> str:
    """Remove the object member at `path` (its last token is the key), with its comma, and
    its line when the line is left blank. Comments are never removed."""
    if not path or not isinstance(path[-1], str):
        raise JsonEditError("remove_member needs the key of an object member")
    doc = Document(text)
    found, parent = get_value(doc.value, path[:-1])
    key = path[-1]
    if not found or not isinstance(parent, dict) or key not in parent:
        raise JsonEditError(f"{dotted(path)} does not exist", jsonc.pointer(*path[:-1]))
    ptr = jsonc.pointer(*path[:-1])
    expected = copy.deepcopy(doc.value)
    del _target(expected, path[:-1])[key]
    members = doc.children(ptr, parent)
    span = doc.span(jsonc.pointer(*path))
    position = [start for start, _ in members].index(
        span.key_start if span.key_start is not None else span.start
    )
    return _remove_child(doc, ptr, members, position, expected, "{}")


def _remove_child(
    doc: Document,
    ptr: str,
    elements: list[tuple[int, int]],
    index: int,
    expected: Any,
    empty: str,
) -> str:
    """Cut child `index` (in text order) of the container at `ptr`, with its comma.
    `expected` is the whole new document, or for a focused Document the new container."""
    src = doc.text
    start, end = elements[index]
    line_start = src.rfind("\n", 0, start) + 1
    first_on_line = _is_hspace(src[line_start:start])
    cuts: list[tuple[int, int]] = [
        (start, _skip_before_comment(doc, end) if first_on_line else end)
    ]
    if index < len(elements) - 1:
        nxt = elements[index + 1][0]
        comma = doc.stripped.index(",", end, nxt)
        a = end if _is_hspace(src[end:comma]) else comma
        b = comma + 1
        if _is_hspace(src[b:nxt]):
            b = nxt  # same line: `"a", "b"` -> `"b"`
        elif first_on_line:
            b = _skip_before_comment(doc, b)  # `  "a", // note` -> `  // note`
        cuts.append((a, b))
    elif index > 0:
        prev_end = elements[index - 1][1]
        comma = doc.stripped.rindex(",", prev_end, start)
        a = prev_end if _is_hspace(src[prev_end:comma]) else comma
        gap = src[comma + 1 : start]
        # The last item on a line of its own with the container closing on that same line
        # (`…,\n  "b": 2}`): no line of its own to drop, so its line break goes with it.
        own_line_closing = not gap.strip(" \t\r\n") and (
            _first_newline(doc, end, doc.span(ptr).end - 1) is None
        )
        b = start if _is_hspace(gap) or own_line_closing else comma + 1
        cuts.append((a, b))
        if own_line_closing:
            cuts[0] = (start, end)  # what follows on the line was there before the item
    outer = doc.span(ptr)
    others = [c for c in doc.comments if outer.start < c[0] < outer.end and not start <= c[0] < end]
    if len(elements) == 1 and not others:
        # The container becomes empty and holds no other comment (one inside the removed
        # value goes with it): write it as `[]` / `{}`.
        return _finish(doc, ptr, [_Edit(outer.start, outer.end, empty)], expected)
    # Drop the item's line if nothing but whitespace is left on it.
    line_end = src.find("\n", end)
    if line_end != -1:
        kept = "".join(
            c for i, c in enumerate(src[line_start:line_end], line_start) if not _inside(cuts, i)
        )
        if not kept.strip(" \t\r"):
            cuts.append((line_start, line_end + 1))
    return _finish(doc, ptr, [_Edit(a, b, "") for a, b in _merge(cuts)], expected)


def _finish(doc: Document, ptr: str, edits: list[_Edit], expected: Any) -> str:
    """The new text, verified: only the container for a focused Document, else whole."""
    if doc.path is not None:
        return _checked(doc, ptr, edits, expected)
    return _verified(_apply(doc.text, edits), expected)


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


def replace_in_list(text: str, path: JsonPath, index: int, item: Any) -> str:
    """Replace item `index` of the list at `path` (only that value's text changes)."""
    keys = _keys(path)
    if keys is not None:
        focused = Document(text, keys)
        ptr, items = _list_item(focused, keys, index)
        new_items = list(items)
        new_items[index] = item
        span = focused.span(f"{ptr}/{index}")
        edits = [_Edit(span.start, span.end, render(item, None, focused))]
        return _checked(focused, ptr, edits, new_items)
    doc = Document(text)
    ptr, _items = _list_at(doc, path, index)
    expected = copy.deepcopy(doc.value)
    _target(expected, path)[index] = item
    span = doc.span(f"{ptr}/{index}")
    edits = [_Edit(span.start, span.end, render(item, None, doc))]
    return _verified(_apply(text, edits), expected)
