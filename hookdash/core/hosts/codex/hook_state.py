"""Byte-preserving edits of the user's `[hooks.state]` in Codex's config.toml: a hook's
`trusted_hash` and its `enabled` switch.

The keys hold dots and colons (`/home/u/.codex/hooks.json:pre_tool_use:0:0`), so each is
written as one quoted key, never as a dotted path. A new entry is appended at the end of
the file as its own table (`[hooks.state."<key>"]`), which leaves every other byte where it
was; an existing entry is edited in place with tomlkit (a format-preserving TOML editor).
Every result is parsed again and must differ from the old document in that one entry
only, or nothing is written.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, MutableMapping
from typing import Any

import tomlkit

from hookdash.core.errors import SettingsParseError, UnsupportedShapeError

# What an entry's field is set to: a value, or REMOVE to take the field out.
REMOVE = object()


def toml_key(key: str) -> str:
    """`key` as one TOML basic-string key (JSON's escapes are TOML's)."""
    return json.dumps(key, ensure_ascii=False)


def _parse(text: str, path: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SettingsParseError(
            f"{path} does not parse as TOML ({exc}): hookdash does not write it.",
            path=path,
            line=getattr(exc, "lineno", None),
            column=getattr(exc, "colno", None),
        ) from None


def _state_of(value: Mapping[str, Any]) -> dict[str, Any]:
    hooks = value.get("hooks")
    state = hooks.get("state") if isinstance(hooks, dict) else None
    return state if isinstance(state, dict) else {}


def _without(value: dict[str, Any], key: str) -> dict[str, Any]:
    copy = json.loads(json.dumps(value, default=str))
    hooks = copy.get("hooks")
    if isinstance(hooks, dict) and isinstance(hooks.get("state"), dict):
        hooks["state"].pop(key, None)
        if not hooks["state"]:
            hooks.pop("state")
        if not hooks:
            copy.pop("hooks")
    return dict(copy)


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


def _appended(text: str, key: str, entry: Mapping[str, Any]) -> str:
    lines = [f"[hooks.state.{toml_key(key)}]"]
    lines += [f"{name} = {_render(value)}" for name, value in entry.items()]
    newline = "\r\n" if "\r\n" in text else "\n"
    head = text
    if head and not head.endswith("\n"):
        head += newline
    if head.strip():
        head += newline
    return head + newline.join(lines) + newline


def _unappended(text: str, key: str, old: Mapping[str, Any]) -> str | None:
    """`text` without the entry `_appended` added at its end (the bytes before it, as they
    were), or None when the file does not end with exactly that entry."""
    try:
        block = _appended("", key, old)
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


def _edited(text: str, key: str, fields: Mapping[str, object]) -> str | None:
    """The entry edited in place by tomlkit, or None when the file has no such entry."""
    doc = tomlkit.parse(text)
    # A table split over the file reads as a proxy: any mutable mapping will do.
    hooks = doc.get("hooks")
    state = hooks.get("state") if isinstance(hooks, MutableMapping) else None
    if not isinstance(state, MutableMapping) or key not in state:
        return None
    entry = state[key]
    if not isinstance(entry, MutableMapping):
        raise UnsupportedShapeError(f"hooks.state entry {key!r} is not a table")
    for name, value in fields.items():
        if value is REMOVE:
            if name in entry:
                del entry[name]
        else:
            entry[name] = value
    if len(entry) == 0:
        del state[key]
    return doc.as_string()


def set_hook_state(
    text: str, key: str, fields: Mapping[str, object], path: str = "config.toml"
) -> str:
    """`text` with `[hooks.state."<key>"]`'s `fields` set (or removed, with REMOVE); raises
    SettingsParseError for a file that does not parse, UnsupportedShapeError where the
    result would not be exactly that change."""
    before = _parse(text, path)
    old = _state_of(before).get(key)
    if old is not None and not isinstance(old, dict):
        raise UnsupportedShapeError(f"hooks.state entry {key!r} is not a table", path=path)
    want = _wanted(old or {}, fields)
    if old is not None and not want:
        after_text = _unappended(text, key, old) or _edited(text, key, fields)
    elif old is not None:
        after_text = _edited(text, key, fields)
    elif not want:
        return text
    else:
        after_text = _appended(text, key, want)
    if after_text is None:
        raise UnsupportedShapeError(
            f"hookdash cannot place hooks.state {key!r} in {path}", path=path
        )
    try:
        after = tomllib.loads(after_text)
    except tomllib.TOMLDecodeError:
        raise UnsupportedShapeError(
            f"{path} defines [hooks] in a way a new hooks.state table cannot join (an inline "
            "table, or dotted keys): hookdash leaves it as it is; trust the hook in Codex "
            "instead.",
            path=path,
        ) from None
    got = _state_of(after).get(key)
    if (got or {}) != want or _without(after, key) != _without(before, key):
        raise UnsupportedShapeError(
            f"editing hooks.state in {path} would change more than that hook's entry: "
            "hookdash leaves it as it is.",
            path=path,
        )
    return after_text
