"""A hook's timeout as Gemini CLI hands it to Node: `setTimeout(kill, timeout ?? 60000)`.

Node converts the delay to a number (`after *= 1`), and a delay outside 1..2^31-1 ms — 0,
a negative number, NaN (not a number), Infinity, or more than 2147483647 ms (about 24.8
days) — becomes 1 ms (the too-large ones with a TimeoutOverflowWarning). Such a hook is
killed at once, every time it runs. This is the one reading of a timeout: `check`
reports it, `add`/`edit` and the dashboard's form refuse it, and the runner, `plan` and
`fire` reproduce it.
"""

from __future__ import annotations

import math
import re
from typing import Any

from hookdash.core.hosts.gemini.jsvalues import JS_WHITESPACE, js_number, js_string

DEFAULT_TIMEOUT_MS = 60000
NODE_TIMEOUT_MAX = 2**31 - 1  # setTimeout's largest delay, in ms (about 24.8 days)

_DECIMAL = re.compile(r"[+-]?(?:Infinity|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")
_PREFIXED = re.compile(r"0([xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)")


def js_to_number(value: Any) -> int | float:
    """JavaScript's Number(value) for a JSON value (NaN where JavaScript gets NaN)."""
    if value is None:
        return 0
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        text = value.strip(JS_WHITESPACE)
        if not text:
            return 0
        if _DECIMAL.fullmatch(text):
            number = float(text.replace("Infinity", "inf"))
            return int(number) if number.is_integer() and abs(number) < 2**53 else number
        if _PREFIXED.fullmatch(text):
            return int(text, 0)
        return math.nan
    if isinstance(value, list):  # Number([5]) is 5: an array becomes its joined text
        return js_to_number(js_string(value))
    return math.nan  # an object


def timeout_value(raw: Any) -> int | float:
    """The number Gemini's runner gives setTimeout: `Number(timeout ?? 60000)`."""
    return DEFAULT_TIMEOUT_MS if raw is None else js_to_number(raw)


def node_delay_ms(timeout_ms: float) -> float:
    """setTimeout's delay: anything outside 1..2^31-1 (0, NaN, huge) fires after 1 ms."""
    if not (1 <= timeout_ms <= NODE_TIMEOUT_MAX):
        return 1
    return timeout_ms


def shown_timeout(raw: Any) -> str:
    """The timeout as written, for a sentence (`3000000000 ms`, `"abc"`)."""
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        return f"{js_number(raw)} ms" if math.isfinite(raw) else js_number(raw)
    return f"{raw!r}" if not isinstance(raw, str) else f'"{raw}"'


def killed_at_once(raw: Any) -> str | None:
    """Why Node fires this timeout after 1 ms, so that Gemini kills the hook at once —
    None when it does not (the timeout is absent, or a number in 1..2^31-1)."""
    value = timeout_value(raw)
    if 1 <= value <= NODE_TIMEOUT_MAX:
        return None
    if math.isnan(value):
        what = "is not a number (NaN for Node)"
    elif value > NODE_TIMEOUT_MAX:
        what = f"is more than Node's largest timer delay ({NODE_TIMEOUT_MAX} ms, about 24.8 days)"
    else:
        what = "is less than 1 ms"
    return (
        f"the timeout {shown_timeout(raw)} {what}: Node's setTimeout fires after 1 ms "
        "instead, so Gemini CLI kills the hook at once, every time"
    )
