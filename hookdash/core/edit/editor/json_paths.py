"""Paths into a parsed JSON document, and the error an edit raises for a wrong shape.

A path is a sequence of object keys and list indexes (`("hooks", "BeforeTool", 0)`). Walking
one tells a missing key (which an edit may create) from a value of the wrong type on the
way (which no edit may paper over: `JsonEditError` names where and what it found).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookdash.core import jsonc


class JsonEditError(ValueError):
    """The document does not have the shape the edit needs (e.g. the list is a string)."""

    def __init__(self, message: str, pointer: str = ""):
        super().__init__(message)
        self.message = message
        self.pointer = pointer


PathToken = str | int  # an object key, or the index of a list item
JsonPath = Sequence[PathToken]


def dotted(path: JsonPath) -> str:
    return ".".join(str(p) for p in path) if path else "the document"


def js_type(value: Any) -> str:
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


def nested(path: Sequence[str], leaf: Any) -> Any:
    value = leaf
    for key in reversed(path):
        value = {key: value}
    return value


def step(node: Any, key: PathToken, path: JsonPath, i: int) -> tuple[bool, Any]:
    """(found, child) one step down `path`; JsonEditError when `node` has the wrong type
    for the key (an index needs a list and must exist, a key needs an object)."""
    if isinstance(key, int):
        if not isinstance(node, list):
            raise JsonEditError(
                f"{dotted(path[:i])} is {js_type(node)}, not a list", jsonc.pointer(*path[:i])
            )
        if not 0 <= key < len(node):
            raise JsonEditError(f"{dotted(path[:i])} has no item {key}", jsonc.pointer(*path[:i]))
        return True, node[key]
    if not isinstance(node, dict):
        raise JsonEditError(
            f"{dotted(path[:i])} is {js_type(node)}, not an object", jsonc.pointer(*path[:i])
        )
    if key not in node:
        return False, None
    return True, node[key]


def get_value(value: Any, path: JsonPath) -> tuple[bool, Any]:
    """(found, value) at `path` of a parsed document; a missing key gives (False, None).

    Raises JsonEditError when something on the way has the wrong type.
    """
    depth, node, _ptr = descend(value, path)
    return (True, node) if depth == len(path) else (False, None)


def get_list(value: Any, path: JsonPath) -> list[Any] | None:
    """The list at `path` of a parsed document, None if any part is missing.

    Raises JsonEditError when something on the way has the wrong type.
    """
    found, node = get_value(value, path)
    if not found:
        return None
    if not isinstance(node, list):
        raise JsonEditError(f"{dotted(path)} is {js_type(node)}, not a list", jsonc.pointer(*path))
    return node


def target(expected: Any, path: JsonPath) -> Any:
    """The value at `path` (which exists) of a document, to change it in place."""
    for key in path:
        expected = expected[key]
    return expected


def descend(value: Any, path: JsonPath) -> tuple[int, Any, str]:
    """How far `path` exists in `value`: (tokens found, the deepest value, its pointer)."""
    node: Any = value
    ptr = ""
    for i, key in enumerate(path):
        found, child = step(node, key, path, i)
        if not found:
            return i, node, ptr
        node = child
        ptr += "/" + jsonc.escape_pointer_token(str(key))
    return len(path), node, ptr


def missing_keys(path: JsonPath, depth: int) -> list[str]:
    """The keys after the first `depth` tokens, to be created; an index cannot be."""
    rest = list(path[depth:])
    if any(isinstance(k, int) for k in rest):
        raise JsonEditError(
            f"{dotted(path[: depth + 1])} does not exist", jsonc.pointer(*path[:depth])
        )
    return [str(k) for k in rest]
