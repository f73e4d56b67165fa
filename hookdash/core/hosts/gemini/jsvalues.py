"""JavaScript value semantics that Gemini CLI's TypeScript relies on, for JSON values.

Hook outputs are arbitrary JSON, and Gemini handles them with JS operators: truthiness,
object spread, `String(x)` in `Array.join`, `String.prototype.trim`, `JSON.parse`, the
default `Array.sort`. Reproducing verdicts exactly means reproducing these on the values
`json.loads` gives (dict, list, str, int, float, bool, None).
"""

from __future__ import annotations

import json
import math
from typing import Any

from hookdash.core import nesting

# Re-exported so JS helpers are found in one place; the definition lives in merge.
from hookdash.core.hosts.gemini.merge import js_truthy as js_truthy

# String.prototype.trim strips WhiteSpace and LineTerminator code points (U+FEFF included).
JS_WHITESPACE = "\t\n\x0b\x0c\r \xa0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff" + "".join(
    chr(c) for c in range(0x2000, 0x200B)
)


def js_trim(text: str) -> str:
    return text.strip(JS_WHITESPACE)


def js_number(value: float) -> str:
    """Number.prototype.toString for the numbers JSON can hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value.is_integer() and abs(value) < 1e21:
        return str(int(value))
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        sign = "-" if exponent.startswith("-") else "+"
        text = f"{mantissa.removesuffix('.0')}e{sign}{exponent.lstrip('+-').lstrip('0')}"
    return text


def js_string(value: Any) -> str:
    """`String(value)` (what `Array.join` and template strings do)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return js_number(value)
    if isinstance(value, list):
        # Array.prototype.toString is join(","), with null/undefined as "".
        return ",".join("" if v is None else js_string(v) for v in value)
    return "[object Object]"


def js_join(values: list[Any], sep: str) -> str:
    return sep.join("" if v is None else js_string(v) for v in values)


def js_spread(value: Any) -> dict[str, Any]:
    """The own enumerable properties `{...value}` copies."""
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return {str(i): v for i, v in enumerate(value)}
    if isinstance(value, str):
        # String spread enumerates UTF-16 code units; for BMP text that is one per char.
        return {str(i): ch for i, ch in enumerate(value)}
    return {}


def is_plain_object(value: Any) -> bool:
    """An object that is not an array (Gemini's `!Array.isArray(x)` checks)."""
    return isinstance(value, dict)


class JsTypeError(TypeError):
    """Where JavaScript itself would throw a TypeError."""


def js_has(key: str, container: Any) -> bool:
    """The `in` operator: throws on primitives, as JS does."""
    if isinstance(container, dict):
        return key in container
    if isinstance(container, list):
        return (key.isdigit() and int(key) < len(container)) or key == "length"
    raise JsTypeError(f"Cannot use 'in' operator to search for '{key}' in {js_string(container)}")


def js_get(container: Any, key: str) -> Any:
    """`container?.[key]` for JSON values (None stands for undefined)."""
    if isinstance(container, dict):
        return container.get(key)
    if isinstance(container, list) and key.isdigit() and int(key) < len(container):
        return container[int(key)]
    return None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def json_parse(text: str) -> Any:
    """JSON.parse: strict JSON (no NaN/Infinity). Raises ValueError where JS throws."""
    # Deeper than hookdash follows (`nesting`): JS would parse it, hookdash treats it as
    # unparseable (NestingTooDeepError is a ValueError).
    return nesting.json_loads(text, parse_constant=_reject_constant)


def utf16_key(value: Any) -> bytes:
    """Sort key of the default `Array.prototype.sort`: String(x) by UTF-16 code units."""
    return js_string(value).encode("utf-16-be", "surrogatepass")


def _is_array_index(key: str) -> bool:
    return key.isdigit() and (key == "0" or not key.startswith("0")) and int(key) < 2**32 - 1


def _js_ordered(value: Any) -> Any:
    """The value with JS's own-key order (array-index keys first) and JS number forms."""
    if isinstance(value, dict):
        keys = list(value)
        index_keys = sorted((k for k in keys if _is_array_index(k)), key=int)
        if index_keys:
            keys = index_keys + [k for k in keys if not _is_array_index(k)]
        return {k: _js_ordered(value[k]) for k in keys}
    if isinstance(value, list):
        return [_js_ordered(v) for v in value]
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e21:
        return int(value)  # JSON.stringify(1.0) is "1"
    return value


def json_stringify(value: Any) -> str:
    """JSON.stringify(value): compact, JS key order and number forms, no trailing newline."""
    return json.dumps(_js_ordered(value), separators=(",", ":"), ensure_ascii=False)


def utf8(text: str) -> bytes:
    """UTF-8 bytes; a lone surrogate becomes the `\\udXXX` escape JSON.stringify writes."""
    return text.encode("utf-8", "backslashreplace")
