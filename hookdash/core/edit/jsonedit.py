"""Targeted edits of JSON-with-comments text, keeping every other byte.

People keep comments, odd indentation, CRLF line ends and tabs in their settings files.
Re-serialising the document would lose all of that, so an edit here is a splice
(`json_splice`): find the span of the list (or of the object that must receive a new
member) in a `Document`, insert or delete the few characters that change, and leave the
rest of the text alone. Every edit is checked before it is returned (`json_verify`).

A list at a path of object keys is edited with a `Document` focused on that path, so a
large file (a 50 MB settings file) is edited within a small multiple of its size; a path
holding a list index maps and checks the whole document.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any

from hookdash.core.edit.json_document import Document, render
from hookdash.core.edit.json_paths import (
    JsonEditError,
    JsonPath,
    descend,
    dotted,
    get_list,
    get_value,
    js_type,
    missing_keys,
    nested,
    object_keys,
    target,
)
from hookdash.core.edit.json_splice import Edit, apply_edits, insert_entry, removal_edits
from hookdash.core.edit.json_style import line_indent
from hookdash.core.edit.json_verify import checked, checked_root_removal, finish, verified
from hookdash.core.gemini import jsonc


def _create_member(
    doc: Document, ptr: str, node: dict[str, Any] | None, key: str, new_value: Any
) -> list[Edit]:
    """Edits that add the member `key: new_value` to the object at `ptr` (`node`: its
    value, None for a focused Document)."""

    def member(indent: str | None) -> str:
        return json.dumps(key, ensure_ascii=False) + doc.colon + render(new_value, indent, doc)

    return insert_entry(doc, ptr, node, member)


def append_to_list(text: str | Document, path: JsonPath, item: Any) -> str:
    """Append `item` to the list at `path`, creating the list and its parent objects
    (only object keys can be created; a list index on the way must exist). `text` may be
    a `Document(text, path)` already made."""
    keys = object_keys(path)
    if isinstance(text, Document) or keys is not None:
        assert keys is not None
        doc = text if isinstance(text, Document) else Document(text, keys)
        return _append_focused(doc, keys, item)
    doc = Document(text)
    expected = copy.deepcopy(doc.value)
    depth, node, ptr = descend(doc.value, path)
    if depth < len(path):
        keys = missing_keys(path, depth)
        new_value = nested(keys[1:], [item])
        target(expected, path[:depth])[keys[0]] = new_value
        edits = _create_member(doc, ptr, node, keys[0], new_value)
        return verified(apply_edits(text, edits), expected)
    if not isinstance(node, list):
        raise JsonEditError(f"{dotted(path)} is {js_type(node)}, not a list", ptr)
    target(expected, path).append(item)
    scalar = not isinstance(item, dict | list)
    edits = insert_entry(doc, ptr, node, lambda indent: render(item, indent, doc), scalar)
    return verified(apply_edits(text, edits), expected)


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
            new_value = nested(path[i + 1 :], [item])
            container = {} if ptr == "" else doc.load(ptr)
            container[key] = new_value

            edits = _create_member(doc, ptr, None, key, new_value)
            return checked(doc, ptr, edits, container)
        ptr = child
    if doc.kind(ptr) != "a list":
        raise JsonEditError(f"{dotted(path)} is {doc.kind(ptr)}, not a list", ptr)
    expected = doc.load(ptr)
    expected.append(item)
    scalar = not isinstance(item, dict | list)
    edits = insert_entry(doc, ptr, None, lambda indent: render(item, indent, doc), scalar)
    return checked(doc, ptr, edits, expected)


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
    keys = object_keys(path)
    if keys is not None:
        return _set_member_focused(Document(text, keys), keys, value)
    doc = Document(text)
    expected = copy.deepcopy(doc.value)
    depth, node, ptr = descend(doc.value, path)
    if depth == len(path):
        target(expected, path[:-1])[path[-1]] = value
        span = doc.span(ptr)
        indent = None
        if isinstance(value, dict | list) and value and doc.pretty:
            start = span.key_start if span.key_start is not None else span.start
            indent = line_indent(text, start)
        edits = [Edit(span.start, span.end, render(value, indent, doc))]
        return verified(apply_edits(text, edits), expected)
    keys = missing_keys(path, depth)
    new_value = nested(keys[1:], value)
    target(expected, path[:depth])[keys[0]] = new_value
    edits = _create_member(doc, ptr, node, keys[0], new_value)
    return verified(apply_edits(text, edits), expected)


def _set_member_focused(doc: Document, path: Sequence[str], value: Any) -> str:
    """`set_member` on a Document focused on `path` (object keys only): the value replaced
    is checked alone, a created member with its object; the rest of a large file is
    neither built nor mapped."""
    ptr = ""
    for i, key in enumerate(path):
        if doc.kind(ptr) != "an object":
            raise JsonEditError(
                f"{dotted(path[:i])} is {doc.kind(ptr)}, not an object", jsonc.pointer(*path[:i])
            )
        child = ptr + "/" + jsonc.escape_pointer_token(key)
        if child not in doc.spans:
            new_value = nested(path[i + 1 :], value)
            container = {} if ptr == "" else doc.load(ptr)
            container[key] = new_value
            return checked(doc, ptr, _create_member(doc, ptr, None, key, new_value), container)
        ptr = child
    span = doc.span(ptr)
    indent = None
    if isinstance(value, dict | list) and value and doc.pretty:
        start = span.key_start if span.key_start is not None else span.start
        indent = line_indent(doc.text, start)
    return checked(doc, ptr, [Edit(span.start, span.end, render(value, indent, doc))], value)


def _list_at(doc: Document, path: JsonPath, index: int) -> tuple[str, list[Any]]:
    items = get_list(doc.value, path)
    if items is None or not 0 <= index < len(items):
        raise JsonEditError(f"{dotted(path)} has no item {index}", jsonc.pointer(*path))
    return jsonc.pointer(*path), items


def remove_from_list(text: str, path: JsonPath, index: int) -> str:
    """Remove item `index` of the list at `path`, with its comma, and its line when the
    line is left blank. Comments are never removed."""
    keys = object_keys(path)
    if keys is not None:
        doc = Document(text, keys)
        ptr, items = _list_item(doc, keys, index)
        expected = list(items)
        del expected[index]
        return finish(doc, ptr, removal_edits(doc, ptr, doc.children(ptr), index, "[]"), expected)
    doc = Document(text)
    ptr, items = _list_at(doc, path, index)
    expected = copy.deepcopy(doc.value)
    del target(expected, path)[index]
    edits = removal_edits(doc, ptr, doc.children(ptr, items), index, "[]")
    return finish(doc, ptr, edits, expected)


def remove_member(text: str, path: JsonPath) -> str:
    """Remove the object member at `path` (its last token is the key), with its comma, and
    its line when the line is left blank. Comments are never removed."""
    if not path or not isinstance(path[-1], str):
        raise JsonEditError("remove_member needs the key of an object member")
    keys = object_keys(path)
    if keys is not None:
        return _remove_member_focused(Document(text, keys[:-1]), keys)
    doc = Document(text)
    found, parent = get_value(doc.value, path[:-1])
    key = path[-1]
    if not found or not isinstance(parent, dict) or key not in parent:
        raise JsonEditError(f"{dotted(path)} does not exist", jsonc.pointer(*path[:-1]))
    ptr = jsonc.pointer(*path[:-1])
    expected = copy.deepcopy(doc.value)
    del target(expected, path[:-1])[key]
    members = doc.children(ptr, parent)
    span = doc.span(jsonc.pointer(*path))
    position = [start for start, _ in members].index(
        span.key_start if span.key_start is not None else span.start
    )
    return finish(doc, ptr, removal_edits(doc, ptr, members, position, "{}"), expected)


def _remove_member_focused(doc: Document, path: Sequence[str]) -> str:
    """`remove_member` on a Document focused on the parent (object keys only): a large
    file is neither built nor mapped beyond the parent's members."""
    ptr = jsonc.pointer(*path[:-1])
    member = doc.spans.get(jsonc.pointer(*path))
    if ptr not in doc.spans or member is None or doc.kind(ptr) != "an object":
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
    keys = object_keys(path)
    if keys is not None:
        focused = Document(text, keys)
        ptr, items = _list_item(focused, keys, index)
        new_items = list(items)
        new_items[index] = item
        span = focused.span(f"{ptr}/{index}")
        edits = [Edit(span.start, span.end, render(item, None, focused))]
        return checked(focused, ptr, edits, new_items)
    doc = Document(text)
    ptr, _items = _list_at(doc, path, index)
    expected = copy.deepcopy(doc.value)
    target(expected, path)[index] = item
    span = doc.span(f"{ptr}/{index}")
    edits = [Edit(span.start, span.end, render(item, None, doc))]
    return verified(apply_edits(text, edits), expected)
