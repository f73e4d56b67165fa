"""Gemini CLI's settings merge (customDeepMerge with the schema's strategies).

Event arrays under `hooks` are concatenated, `hooksConfig.disabled` is a union, every
other value is replaced by later layers, objects merge recursively. Hook definitions are
wrapped in `Tagged` before merging so the registry knows, after the merge, which layer
and position each surviving definition came from.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable
from typing import Any

from hookdash.core.hosts.gemini.events import EVENTS
from hookdash.core.hosts.gemini.unread import Unread
from hookdash.core.record_class import record


@record(slots=True)
class Tagged:
    """A hook definition and where it came from (opaque to the merge)."""

    scope: str
    event: str
    index: int | None  # None: the event value was not an array and got wrapped
    value: Any


_SKIP_KEYS = frozenset({"__proto__", "constructor", "prototype"})


def schema_defaults(folder_trust: bool = True) -> dict[str, Any]:
    """The schema's defaults for the keys hookdash reads (`security.folderTrust.enabled`
    defaults to true since Gemini 0.29, false before)."""
    return {
        "hooksConfig": {"enabled": True, "disabled": [], "notifications": True},
        "hooks": {event: [] for event in EVENTS},
        "security": {"folderTrust": {"enabled": folder_trust}},
    }


def _strategy(path: tuple[str, ...]) -> str | None:
    if len(path) == 2 and path[0] == "hooks" and path[1] in EVENTS:
        return "concat"
    if path == ("hooksConfig", "disabled"):
        return "union"
    return None


def _merge_into(target: dict[str, Any], source: dict[str, Any], path: tuple[str, ...]) -> None:
    for key, value in source.items():
        if key in _SKIP_KEYS:
            continue
        here = (*path, key)
        strategy = _strategy(here)
        current = target.get(key)
        if isinstance(current, list) and strategy in ("concat", "union"):
            items = value if isinstance(value, list) else [value]
            if strategy == "concat":
                target[key] = current + list(items)
            else:
                target[key] = js_set_union([*current, *items])
        elif isinstance(current, dict) and isinstance(value, dict):
            _merge_into(current, value, here)
        elif isinstance(value, dict):
            fresh: dict[str, Any] = {}
            _merge_into(fresh, value, here)
            target[key] = fresh
        else:
            target[key] = copy.copy(value) if isinstance(value, list) else value


def js_set_union(values: Iterable[Any]) -> list[Any]:
    """`[...new Set(values)]`: the first of each value, in order, in one pass.

    A JS Set compares by SameValueZero: strings, booleans and null by value, numbers by
    their double (1 and 1.0 are one value, so are 0 and -0, and NaN is NaN), objects and
    arrays by identity (two equal-looking objects are two values). Hashing that key keeps
    the union linear; comparing each value with every kept one made 20,000 entries take a
    minute.
    """
    seen: set[tuple[object, ...]] = set()
    kept: list[Any] = []
    for value in values:
        key = _same_value_zero_key(value)
        if key not in seen:
            seen.add(key)
            kept.append(value)
    return kept


def _same_value_zero_key(value: Any) -> tuple[object, ...]:
    """A hashable key equal for two values exactly when a JS Set holds them once."""
    if value is None or isinstance(value, str | bool):
        return (type(value), value)  # bool first-class: true is not 1
    if isinstance(value, int | float):
        try:
            number = float(value)
        except OverflowError:  # an integer beyond a double: JSON.parse gives ±Infinity
            number = math.inf if value > 0 else -math.inf
        if number != number:
            return ("NaN",)  # NaN never equals itself, yet a Set holds it once
        return (float, number + 0.0)  # -0.0 + 0.0 is 0.0: 0 and -0 are one value
    return (object, id(value))


def tag_hooks(scope: str, settings: dict[str, Any]) -> dict[str, Any]:
    """A shallow copy of `settings` whose event arrays hold `Tagged` definitions."""
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return settings
    tagged: dict[str, Any] = {}
    for event, value in hooks.items():
        if event in EVENTS:
            if isinstance(value, list):
                tagged[event] = [
                    d if isinstance(d, Unread) else Tagged(scope, event, i, d)
                    for i, d in enumerate(value)
                ]
            else:
                tagged[event] = Tagged(scope, event, None, value)
        else:
            tagged[event] = value
    return {**settings, "hooks": tagged}


def merge_settings(
    layers: Iterable[tuple[str, dict[str, Any]]], folder_trust_default: bool = True
) -> dict[str, Any]:
    """Merge (scope, settings) pairs given in Gemini's order, over the schema defaults."""
    merged = schema_defaults(folder_trust_default)
    for scope, settings in layers:
        _merge_into(merged, tag_hooks(scope, settings), ())
    return merged


def js_truthy(value: Any) -> bool:
    if isinstance(value, float) and value != value:  # NaN
        return False
    return value not in (None, False, 0, "") or isinstance(value, dict | list)
