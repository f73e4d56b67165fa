"""Variable expansion, the two ways Gemini CLI does it.

Settings files: `$VAR`, `${VAR}` and `${VAR:-default}` in every string value, from the
environment, at load time; an unset variable without default stays literal.
Extension `hooks/hooks.json`: only `${name}` from a small context (`extensionPath`,
`workspacePath`, `/`, `pathSeparator`, the extension's settings); `$VAR` is left for bash.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
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
    """Expand every string value at any depth; keys, numbers and booleans stay as they are."""
    if isinstance(value, str):
        return expand_settings_string(value, environ)
    if isinstance(value, dict):
        return {k: expand_settings_value(v, environ) for k, v in value.items()}
    if isinstance(value, list):
        return [expand_settings_value(v, environ) for v in value]
    return value


def hydrate_extension_value(value: Any, context: Mapping[str, str]) -> Any:
    """`${key}` from `context`; unknown keys stay literal (bash sees them later)."""
    if isinstance(value, str):
        if "${" not in value:
            return value
        return _EXTENSION_VAR.sub(lambda m: context.get(m.group(1), m.group(0)), value)
    if isinstance(value, dict):
        return {
            k: hydrate_extension_value(v, context)
            for k, v in value.items()
            if k not in _DROPPED_KEYS
        }
    if isinstance(value, list):
        return [hydrate_extension_value(v, context) for v in value]
    return value
