"""Variable expansion, the two ways Gemini CLI does it.

Settings files: `$VAR`, `${VAR}` and `${VAR:-default}` in every string value, from the
environment, at load time; an unset variable without default stays literal.
Extension `hooks/hooks.json`: only `${name}` from a small context (`extensionPath`,
`workspacePath`, `/`, `pathSeparator`, the extension's settings); `$VAR` is left for bash.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

# envVarResolver.ts: /\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g — JS \w is ASCII.
_SETTINGS_VAR = re.compile(r"\$(?:(\w+)|\{([^}]+?)(?::-([^}]*))?\})", re.ASCII)
# variables.ts hydrateString: /\${(.*?)}/g
_EXTENSION_VAR = re.compile(r"\$\{(.*?)\}", re.S)
_DROPPED_KEYS = frozenset({"__proto__", "constructor", "prototype"})


def expand_settings_string(value: str, environ: Mapping[str, str]) -> str:
    if "$" not in value:
        return value

    def repl(m: re.Match[str]) -> str:
        name = m.group(1) or m.group(2)
        if name in environ:
            return environ[name]
        if m.group(3) is not None:
            return m.group(3)
        return m.group(0)

    return _SETTINGS_VAR.sub(repl, value)


def expand_settings_value(value: Any, environ: Mapping[str, str]) -> Any:
    """Expand every string value at any depth; keys, numbers and booleans stay as they are.

    Always a new container (the caller keeps the document as written beside it)."""
    return _map_strings(value, lambda s: expand_settings_string(s, environ) if "$" in s else s)


def hydrate_extension_value(value: Any, context: Mapping[str, str]) -> Any:
    """`${key}` from `context`; unknown keys stay literal (bash sees them later)."""

    def hydrate(text: str) -> str:
        if "${" not in text:
            return text
        return _EXTENSION_VAR.sub(lambda m: context.get(m.group(1), m.group(0)), text)

    return _map_strings(value, hydrate, _DROPPED_KEYS)


def _map_strings(
    value: Any, fn: Callable[[str], str], dropped: frozenset[str] = frozenset()
) -> Any:
    """A copy of a parsed JSON value with `fn` applied to every string value (keys in
    `dropped` left out). Dispatches on exact types inline: a settings file of 2,000 hooks
    has some 20,000 values, and a call per value was most of loading it."""

    def walk_dict(d: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in d.items():
            if k in dropped:
                continue
            t = type(v)
            if t is str:
                out[k] = fn(v)
            elif t is dict:
                out[k] = walk_dict(v)
            elif t is list:
                out[k] = walk_list(v)
            else:
                out[k] = walk(v)
        return out

    def walk_list(items: list[Any]) -> list[Any]:
        out: list[Any] = []
        for v in items:
            t = type(v)
            if t is str:
                out.append(fn(v))
            elif t is dict:
                out.append(walk_dict(v))
            elif t is list:
                out.append(walk_list(v))
            else:
                out.append(walk(v))
        return out

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            return fn(v)
        if isinstance(v, dict):
            return walk_dict(v)
        if isinstance(v, list):
            return walk_list(v)
        return v

    return walk(value)
