"""The hook-related part of Gemini CLI's settings schema (Zod), checked and coerced.

Gemini validates the whole file with Zod; hookdash reproduces the part that concerns
hooks: if it fails, Gemini warns and uses the unvalidated values (no coercion).
"""

from __future__ import annotations

from typing import Any

from hookdash.core.hosts.gemini.events import EVENTS
from hookdash.core.hosts.gemini.unread import Unread

_BOOL_STRINGS = {"true": True, "false": False}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _numeric_string(value: Any) -> bool:
    if not isinstance(value, str) or not value.strip():
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True


def _is_boolish(value: Any) -> bool:
    return isinstance(value, bool) or (isinstance(value, str) and value.lower() in _BOOL_STRINGS)


def validate_settings(settings: dict[str, Any]) -> list[tuple[str, str]]:
    """Issues (dotted path, text) the hook-related part of Gemini's schema finds."""
    issues: list[tuple[str, str]] = []
    hooks = settings.get("hooks")
    if hooks is not None:
        if not isinstance(hooks, dict):
            issues.append(("hooks", f"Expected object, received {_js_type(hooks)}"))
        else:
            for key, value in hooks.items():
                where = f"hooks.{key}"
                if not isinstance(value, list):
                    issues.append((where, f"Expected array, received {_js_type(value)}"))
                    continue
                if key not in EVENTS:
                    continue
                for i, definition in enumerate(value):
                    if isinstance(definition, Unread):  # validated when it was read
                        issues.extend(definition.issues)
                    else:
                        issues.extend(validate_definition(f"{where}.{i}", definition))
    config = settings.get("hooksConfig")
    if config is not None:
        if not isinstance(config, dict):
            issues.append(("hooksConfig", f"Expected object, received {_js_type(config)}"))
        else:
            for flag in ("enabled", "notifications"):
                if flag in config and not _is_boolish(config[flag]):
                    issues.append(
                        (
                            f"hooksConfig.{flag}",
                            f"Expected boolean, received {_js_type(config[flag])}",
                        )
                    )
            disabled = config.get("disabled")
            if disabled is not None and (
                not isinstance(disabled, list) or not all(isinstance(d, str) for d in disabled)
            ):
                issues.append(("hooksConfig.disabled", "Expected array of strings"))
    return issues


def validate_definition(where: str, definition: Any) -> list[tuple[str, str]]:
    if not isinstance(definition, dict):
        return [(where, f"Expected object, received {_js_type(definition)}")]
    issues: list[tuple[str, str]] = []
    matcher = definition.get("matcher")
    if matcher is not None and not isinstance(matcher, str):
        issues.append((f"{where}.matcher", f"Expected string, received {_js_type(matcher)}"))
    hooks = definition.get("hooks")
    if not isinstance(hooks, list):
        issues.append((f"{where}.hooks", f"Expected array, received {_js_type(hooks)}"))
        return issues
    for j, hook in enumerate(hooks):
        hw = f"{where}.hooks.{j}"
        if not isinstance(hook, dict):
            issues.append((hw, f"Expected object, received {_js_type(hook)}"))
            continue
        for name in ("name", "type", "command", "description"):
            if name in hook and hook[name] is not None and not isinstance(hook[name], str):
                issues.append((f"{hw}.{name}", f"Expected string, received {_js_type(hook[name])}"))
        timeout = hook.get("timeout")
        if timeout is not None and not (_is_number(timeout) or _numeric_string(timeout)):
            issues.append((f"{hw}.timeout", f"Expected number, received {_js_type(timeout)}"))
    return issues


def coerce_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """Zod's coercions on a file that validated: numeric strings, "true"/"false"."""
    hooks = settings.get("hooks")
    if isinstance(hooks, dict):
        for key, definitions in hooks.items():
            if key not in EVENTS or not isinstance(definitions, list):
                continue
            for definition in definitions:
                for hook in definition.get("hooks", []) if isinstance(definition, dict) else []:
                    if isinstance(hook, dict) and _numeric_string(hook.get("timeout")):
                        number = float(hook["timeout"])
                        hook["timeout"] = int(number) if number.is_integer() else number
    config = settings.get("hooksConfig")
    if isinstance(config, dict):
        for flag in ("enabled", "notifications"):
            value = config.get(flag)
            if isinstance(value, str) and value.lower() in _BOOL_STRINGS:
                config[flag] = _BOOL_STRINGS[value.lower()]
    return settings


# Zod's name for a received value's type, most specific first (a bool is not a number).
_JS_TYPES: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (bool, "boolean"),
    ((int, float), "number"),
    (str, "string"),
    (list, "array"),
)


def _js_type(value: Any) -> str:
    if value is None:
        return "null"
    return next((name for kind, name in _JS_TYPES if isinstance(value, kind)), "object")
