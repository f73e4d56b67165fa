"""Targeted edits of JSON-with-comments text, keeping every other byte.

People keep comments, odd indentation, CRLF line ends and tabs in their settings files.
Re-serialising the document would lose all of that, so an edit here is a splice
(`json_splice`): find the span of the list (or of the object that must receive a new
member) in a `Document`, insert or delete the few characters that change, and leave the
rest of the text alone. Every edit is checked before it is returned (`json_verify`).

Every edit works on a `Document` focused on its path (object keys and list indices): only
the values along the path and the direct children of the container edited are mapped,
only that container is built and checked again, so a large file (a 50 MB settings file)
is edited within a small multiple of its size.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hookdash.core import jsonc
from hookdash.core.edit.editor.json_document import Document, render
from hookdash.core.edit.editor.json_paths import (
    JsonEditError,
    JsonPath,
    dotted,
    missing_keys,
    nested,
)
from hookdash.core.edit.editor.json_splice import Edit, insert_entries, insert_entry, removal_edits
from hookdash.core.edit.editor.json_style import line_indent
from hookdash.core.edit.editor.json_verify import checked, checked_root_removal


def _create_member(doc: Document, ptr: str, key: str, new_value: Any) -> list[Edit]:
    """Edits that add the member `key: new_value` to the object at `ptr`."""

    def member(indent: str | None) -> str:
        return json.dumps(key, ensure_ascii=False) + doc.colon + render(new_value, indent, doc)

    return insert_entry(doc, ptr, member)


def append_to_list(text: str | Document, path: JsonPath, item: Any) -> str:
    """Append `item` to the list at `path`, creating the list and its parent objects
    (only object keys can be created; a list index on the way must exist). `text` may be
    a `Document(text, path)` already made."""
    doc = text if isinstance(text, Document) else Document(text, path)
    return _append_focused(doc, path, item)


def extend_list(text: str, path: JsonPath, items: Sequence[Any]) -> str:
    """The text `append_to_list` gives when called for each item in turn, made with two
    Documents at most (the first item may create the list, or open an empty one; the rest
    go after it in one splice), so that a thousand items cost two passes, not a thousand."""
    if not items:
        return text
    doc = Document(text, path)
    ptr = ""
    for i in range(len(path)):
        child = _step(doc, path, i, ptr)
        if child is None:
            break
        ptr = child
    else:
        if doc.kind(ptr) == "a list" and doc.children(ptr):
            return _extend_focused(doc, ptr, items)
    text = _append_focused(doc, path, items[0])
    if len(items) == 1:
        return text
    doc = Document(text, path)
    return _extend_focused(doc, jsonc.pointer(*path), items[1:])


def _extend_focused(doc: Document, ptr: str, items: Sequence[Any]) -> str:
    """`extend_list` on a Document focused on the non-empty list at `ptr`."""
    expected = doc.load(ptr)
    expected.extend(items)
    entries = [lambda indent, item=item: render(item, indent, doc) for item in items]
    return checked(doc, ptr, insert_entries(doc, ptr, entries), expected)


def list_at(text: str | Document, path: JsonPath) -> list[Any] | None:
    """`get_list` on a text (that `jsonc.check` accepts), building only that list."""
    doc = text if isinstance(text, Document) else Document(text, path)
    return _list_in(doc, path)


def _step(doc: Document, path: JsonPath, i: int, ptr: str) -> str | None:
    """The pointer of `path[i]` inside the value at `ptr` of a Document focused on `path`
    (None: a missing key); JsonEditError, worded as `json_paths.step` words it, for a
    value of the wrong type or a missing list item."""
    key, kind, where = path[i], doc.kind(ptr), jsonc.pointer(*path[:i])
    if isinstance(key, int):
        if kind != "a list":
            raise JsonEditError(f"{dotted(path[:i])} is {kind}, not a list", where)
        if f"{ptr}/{key}" not in doc.spans:
            raise JsonEditError(f"{dotted(path[:i])} has no item {key}", where)
        return f"{ptr}/{key}"
    if kind != "an object":
        raise JsonEditError(f"{dotted(path[:i])} is {kind}, not an object", where)
    child = ptr + "/" + jsonc.escape_pointer_token(key)
    return child if child in doc.spans else None


def _list_in(doc: Document, path: JsonPath) -> list[Any] | None:
    ptr = ""
    for i in range(len(path)):
        child = _step(doc, path, i, ptr)
        if child is None:
            return None
        ptr = child
    if doc.kind(ptr) != "a list":
        raise JsonEditError(f"{dotted(path)} is {doc.kind(ptr)}, not a list", ptr)
    value = doc.load(ptr)
    assert isinstance(value, list)
    return value


def _append_focused(doc: Document, path: JsonPath, item: Any) -> str:
    """`append_to_list` on a Document focused on `path`."""
    ptr = ""
    for i in range(len(path)):
        child = _step(doc, path, i, ptr)
        if child is None:
            return _create(doc, path, i, ptr, [item])
        ptr = child
    if doc.kind(ptr) != "a list":
        raise JsonEditError(f"{dotted(path)} is {doc.kind(ptr)}, not a list", ptr)
    expected = doc.load(ptr)
    expected.append(item)
    scalar = not isinstance(item, dict | list)
    edits = insert_entry(doc, ptr, lambda indent: render(item, indent, doc), scalar)
    return checked(doc, ptr, edits, expected)


def _list_item(doc: Document, path: JsonPath, index: int) -> tuple[str, list[Any]]:
    items = _list_in(doc, path)
    if items is None or not 0 <= index < len(items):
        raise JsonEditError(f"{dotted(path)} has no item {index}", jsonc.pointer(*path))
    return jsonc.pointer(*path), items


def set_member(text: str, path: JsonPath, value: Any) -> str:
    """Set the object member at `path` (its last token is the key) to `value`: only the old
    value's text is replaced, or the member (and missing parent objects) is added."""
    if not path or not isinstance(path[-1], str):
        raise JsonEditError("set_member needs the key of an object member")
    return _set_member_focused(Document(text, path), path, value)


def _set_member_focused(doc: Document, path: JsonPath, value: Any) -> str:
    """`set_member` on a Document focused on `path`: the value replaced is checked alone,
    a created member with its object; the rest of a large file is neither built nor
    mapped."""
    ptr = ""
    for i in range(len(path)):
        child = _step(doc, path, i, ptr)
        if child is None:
            return _create(doc, path, i, ptr, value)
        ptr = child
    span = doc.span(ptr)
    indent = None
    if isinstance(value, dict | list) and value and doc.pretty:
        start = span.key_start if span.key_start is not None else span.start
        indent = line_indent(doc.text, start)
    return checked(doc, ptr, [Edit(span.start, span.end, render(value, indent, doc))], value)


def _create(doc: Document, path: JsonPath, i: int, ptr: str, leaf: Any) -> str:
    """Create the missing member `path[i]` of the object at `ptr`, holding the objects the
    rest of `path` names around `leaf` (a list index cannot be created)."""
    keys = missing_keys(path, i)
    new_value = nested(keys[1:], leaf)
    container = {} if ptr == "" else doc.load(ptr)
    container[keys[0]] = new_value
    return checked(doc, ptr, _create_member(doc, ptr, keys[0], new_value), container)


def remove_from_list(text: str, path: JsonPath, index: int) -> str:
    """Remove item `index` of the list at `path`, with its comma, and its line when the
    line is left blank. Comments are never removed."""
    doc = Document(text, path)
    ptr, items = _list_item(doc, path, index)
    expected = list(items)
    del expected[index]
    return checked(doc, ptr, removal_edits(doc, ptr, doc.children(ptr), index, "[]"), expected)


def remove_member(text: str, path: JsonPath) -> str:
    """Remove the object member at `path` (its last token is the key), with its comma, and
    its line when the line is left blank. Comments are never removed. Only the parent's
    members are mapped: a large file is neither built nor mapped beyond them."""
    if not path or not isinstance(path[-1], str):
        raise JsonEditError("remove_member needs the key of an object member")
    doc = Document(text, path[:-1])
    ptr = ""
    for i in range(len(path) - 1):
        child = _step(doc, path, i, ptr)
        if child is None:
            raise JsonEditError(f"{dotted(path)} does not exist", jsonc.pointer(*path[:-1]))
        ptr = child
    member = doc.spans.get(jsonc.pointer(*path))
    if member is None or doc.kind(ptr) != "an object":
        raise JsonEditError(f"{dotted(path)} does not exist", ptr)
    members = doc.children(ptr)
    position = [start for start, _ in members].index(
        member.key_start if member.key_start is not None else member.start
    )
    edits = removal_edits(doc, ptr, members, position, "{}")
    if ptr:
        expected = doc.load(ptr)
        expected.pop(path[-1])  # (a repeated key leaves its twin: then refused below)
        return checked(doc, ptr, edits, expected)
    return checked_root_removal(doc, edits, member)


def replace_in_list(text: str, path: JsonPath, index: int, item: Any) -> str:
    """Replace item `index` of the list at `path` (only that value's text changes)."""
    doc = Document(text, path)
    ptr, items = _list_item(doc, path, index)
    new_items = list(items)
    new_items[index] = item
    span = doc.span(f"{ptr}/{index}")
    edits = [Edit(span.start, span.end, render(item, None, doc))]
    return checked(doc, ptr, edits, new_items)
