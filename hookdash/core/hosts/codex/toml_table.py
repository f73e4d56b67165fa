"""Byte-preserving edits of one table of a Codex config.toml: some of its fields set or
taken out, every other byte left where it was (the user's `[hooks.state."<key>"]`, the
`[features]` switch).

A table the file does not have yet is appended at its end as its own table (a key holding
dots, like a hook key, is written as one quoted key, never split into a dotted path); an
existing one is edited in place with tomlkit (a format-preserving TOML editor). A table
that only held what hookdash appended is cut off again, which gives back the exact bytes.
Every result is parsed again and must differ from the old document in that table only,
or nothing is written.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

import tomlkit

from hookdash.core.errors import SettingsParseError, UnsupportedShapeError

_BARE = re.compile(r"[A-Za-z0-9_-]+")  # a TOML bare key
# What a field is set to: a value, or REMOVE to take the field out.
REMOVE = object()
TablePath = Sequence[str]


def toml_key(key: str) -> str:
    """`key` as one TOML basic-string key (JSON's escapes are TOML's)."""
    return json.dumps(key, ensure_ascii=False)


def header(path: TablePath) -> str:
    """`[a.b."c:d"]`: bare words as they are, anything else quoted whole."""
    return "[" + ".".join(p if _BARE.fullmatch(p) else toml_key(p) for p in path) + "]"


def parse(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SettingsParseError(
            f"{where} does not parse as TOML ({exc}): hookdash does not write it.",
            path=where,
            line=getattr(exc, "lineno", None),
            column=getattr(exc, "colno", None),
        ) from None


def table_at(value: Mapping[str, Any], path: TablePath) -> Any:
    """The value at `path` (None when a step is missing or not a table)."""
    node: Any = value
    for step in path:
        node = node.get(step) if isinstance(node, Mapping) else None
    return node


def _without(value: Mapping[str, Any], path: TablePath) -> dict[str, Any]:
    """`value` without the table at `path`, and without the tables emptied by that."""
    copy: dict[str, Any] = json.loads(json.dumps(value, default=str))
    chain: list[dict[str, Any]] = [copy]
    for step in path[:-1]:
        nxt = chain[-1].get(step)
        if not isinstance(nxt, dict):
            return copy
        chain.append(nxt)
    chain[-1].pop(path[-1], None)
    for parent, step in zip(reversed(chain[:-1]), reversed(path[:-1]), strict=True):
        if not parent.get(step):
            parent.pop(step, None)
    return copy


def _wanted(old: Mapping[str, Any], fields: Mapping[str, object]) -> dict[str, Any]:
    entry = dict(old)
    for name, value in fields.items():
        if value is REMOVE:
            entry.pop(name, None)
        else:
            entry[name] = value
    return entry


def _render(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return toml_key(value)
    raise TypeError(f"no TOML for {value!r}")


def _appended(text: str, path: TablePath, entry: Mapping[str, Any]) -> str:
    lines = [header(path)]
    lines += [f"{name} = {_render(value)}" for name, value in entry.items()]
    newline = "\r\n" if "\r\n" in text else "\n"
    head = text
    if head and not head.endswith("\n"):
        head += newline
    if head.strip():
        head += newline
    return head + newline.join(lines) + newline


def _unappended(text: str, path: TablePath, old: Mapping[str, Any]) -> str | None:
    """`text` without the table `_appended` added at its end (the bytes before it, as they
    were), or None when the file does not end with exactly that table."""
    try:
        block = _appended("", path, old)
    except TypeError:
        return None
    newline = "\r\n" if "\r\n" in text else "\n"
    block = block.replace("\n", newline) if newline == "\r\n" else block
    if not text.endswith(block):
        return None
    head = text[: -len(block)]
    if head.endswith(newline * 2):
        head = head[: -len(newline)]
    return head


def _edited(text: str, path: TablePath, fields: Mapping[str, object]) -> str | None:
    """The table edited in place by tomlkit, or None when the file has no such table."""
    doc = tomlkit.parse(text)
    # A table split over the file reads as a proxy: any mutable mapping will do.
    parent: Any = doc
    for step in path[:-1]:
        parent = parent.get(step) if isinstance(parent, MutableMapping) else None
    if not isinstance(parent, MutableMapping) or path[-1] not in parent:
        return None
    entry = parent[path[-1]]
    if not isinstance(entry, MutableMapping):
        raise UnsupportedShapeError(f"{'.'.join(path)} is not a table")
    for name, value in fields.items():
        if value is REMOVE:
            if name in entry:
                del entry[name]
        else:
            entry[name] = value
    if len(entry) == 0:
        del parent[path[-1]]
    return doc.as_string()


def set_table_fields(
    text: str, path: TablePath, fields: Mapping[str, object], where: str = "config.toml"
) -> str:
    """`text` with the table at `path`'s `fields` set (or removed, with REMOVE); raises
    SettingsParseError for a file that does not parse, UnsupportedShapeError where the
    result would not be exactly that change."""
    before = parse(text, where)
    old = table_at(before, path)
    if old is not None and not isinstance(old, dict):
        raise UnsupportedShapeError(f"{'.'.join(path)} is not a table", path=where)
    want = _wanted(old or {}, fields)
    if old is not None and not want:
        after_text = _unappended(text, path, old) or _edited(text, path, fields)
    elif old is not None:
        after_text = _edited(text, path, fields)
    elif not want:
        return text
    else:
        after_text = _appended(text, path, want)
    if after_text is None:
        raise UnsupportedShapeError(f"hookdash cannot place {header(path)} in {where}", path=where)
    try:
        after = tomllib.loads(after_text)
    except tomllib.TOMLDecodeError:
        raise UnsupportedShapeError(
            f"{where} defines [{path[0]}] in a way a new {header(path)} table cannot join (an "
            "inline table, or dotted keys): hookdash leaves it as it is.",
            path=where,
        ) from None
    got = table_at(after, path)
    if (got or {}) != want or _without(after, path) != _without(before, path):
        raise UnsupportedShapeError(
            f"editing {header(path)} in {where} would change more than that table: hookdash "
            "leaves it as it is.",
            path=where,
        )
    return after_text
