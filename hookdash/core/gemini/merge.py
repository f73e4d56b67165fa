"""Gemini CLI's settings merge (customDeepMerge with the schema's strategies).

Event arrays under `hooks` are concatenated, `hooksConfig.disabled` is a union, every
other value is replaced by later layers, objects merge recursively. Hook definitions are
wrapped in `Tagged` before merging so the registry knows, after the merge, which layer
and position each surviving definition came from.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hookdash.core.gemini.events import EVENTS
from hookdash.core.gemini.unread import Unread


@dataclass(frozen=True, slots=True)
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
                merged = list(current)
                for item in items:
                    if not any(_strict_equal(item, m) for m in merged):
                        merged.append(item)
                target[key] = merged
        elif isinstance(current, dict) and isinstance(value, dict):
            _merge_into(current, value, here)
        elif isinstance(value, dict):
            fresh: dict[str, Any] = {}
            _merge_into(fresh, value, here)
            target[key] = fresh
        else:
            target[key] = copy.copy(value) if isinstance(value, list) else value


def _strict_equal(a: Any, b: Any) -> bool:
    # Set semantics of JS: primitives by value, objects by identity.
    if isinstance(a, dict | list) or isinstance(b, dict | list):
        return a is b
    return type(a) is type(b) and a == b


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
