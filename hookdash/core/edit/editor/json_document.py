"""A JSON-with-comments text mapped for an edit: spans of values, comments, style.

Large files (a 50 MB settings file) are edited within a small multiple of their size, so a
`Document` may be focused on one path (see the class) instead of mapping every value.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

from hookdash.core import jsonc
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.json_style import (
    indent_unit,
    kind_of_text,
    newline_of,
    separators,
    style_sample,
)


class Document:
    """JSONC text with the spans, comments and style an edit needs.

    Maps only what an edit of the value at `path` (object keys, list indices) touches:
    the root, each value along the path, and the direct members or elements of each
    container among them; comments only inside the deepest container on the path, where
    edits happen. A large settings file then costs its text, not a span per value (a
    50 MB file used to take gigabytes); values are built one at a time (`load`).
    """

    def __init__(self, text: str, path: Sequence[str | int]):
        self.text = text
        self.path = path
        self.stripped = jsonc.strip_comments(text)
        jsonc.check(text)  # raises jsonc.JsonParseError
        self.spans = jsonc.locate_path(text, path)
        region = self.span(self.deepest(path))
        self.comments = jsonc.comment_spans(text, region.start, region.end)
        self._comment_starts = [c[0] for c in self.comments]
        self.newline = newline_of(text)
        sample = style_sample(self.stripped)
        self.unit = indent_unit(sample)
        self.comma, self.colon = separators(sample)
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

    def deepest(self, path: Sequence[str | int]) -> str:
        """The pointer of the deepest value along `path` that exists."""
        ptr = ""
        for key in path:
            child = ptr + "/" + jsonc.escape_pointer_token(str(key))
            if child not in self.spans:
                break
            ptr = child
        return ptr

    def kind(self, ptr: str) -> str:
        """What the value at `ptr` is, with its article ("an object", "a list"…)."""
        return kind_of_text(self.stripped[self.span(ptr).start])

    def load(self, ptr: str) -> Any:
        """The value at `ptr`, built (only that value)."""
        return jsonc.value_from(self.stripped, self.span(ptr).start)

    def child_pointers(self, ptr: str) -> list[str]:
        prefix = ptr + "/"
        return [p for p in self.spans if p.startswith(prefix) and "/" not in p[len(prefix) :]]

    def children(self, ptr: str) -> list[tuple[int, int]]:
        """(start, end) of each member (from its key) or element, in text order."""
        outer = self.span(ptr)
        out = []
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
        if self.stripped is not self.text:
            self.stripped = ""
            jsonc.release()

    def in_comment(self, pos: int) -> bool:
        i = bisect_right(self._comment_starts, pos) - 1
        return i >= 0 and self.comments[i][0] <= pos < self.comments[i][1]

    def has_comment(self, start: int, end: int) -> bool:
        return any(s < end and e > start for s, e in self.comments)


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
