"""JavaScript `RegExp` (no flags) in Python's `re`, meaning for meaning.

Python's `re` differs from JavaScript in syntax and meaning, so patterns are translated:
a JS-invalid pattern gives None (never a Python reading of it), and JS-only meanings
(`\\d` ASCII, `$` at the very end, `[^]`, identity escapes, octal backreferences) are kept.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hookdash.core.gemini.regex_tokens import count_groups, tokens

# JavaScript's \s: WhiteSpace and LineTerminator code points.
_JS_SPACE = (
    "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
)
_CLASS_ESCAPES = {
    "d": "0-9",
    "w": "A-Za-z0-9_",
    "s": _JS_SPACE,
}
_NEGATED_ESCAPES = {
    "D": "[^0-9]",
    "W": "[^A-Za-z0-9_]",
    "S": f"[^{_JS_SPACE}]",
}
_CONTROL_ESCAPES = {"t": "\\t", "n": "\\n", "r": "\\r", "v": "\\x0b", "f": "\\x0c"}
# Characters outside classes, escapes and groups that do not stand for themselves.
_LITERALS = {
    "{": "\\{",  # Annex B: a lone brace is a literal
    "}": "\\}",
    "]": "\\]",
    "$": "\\Z",  # end of input only (no multiline flag)
    "|": "|",
    "^": "^",
    ".": "[^\\n\\r\\u2028\\u2029]",
}
_BRACE_QUANTIFIER = re.compile(r"\{(\d+)(,(\d*))?\}")


class JsRegexError(ValueError):
    """JavaScript would throw a SyntaxError for this pattern."""


@lru_cache(maxsize=4096)
def compile_js(pattern: str) -> re.Pattern[str] | None:
    """The compiled JS regex, or None when JavaScript would reject it."""
    try:
        return re.compile(translate(pattern))
    except (JsRegexError, re.error):
        return None


def translate(pattern: str) -> str:
    """A Python pattern meaning what `new RegExp(pattern)` means; JsRegexError if JS throws."""
    groups, has_named = count_groups(pattern)
    out: list[str] = []
    i, n = 0, len(pattern)
    can_repeat = False  # is there an atom a quantifier could apply to?
    depth = 0
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            text, i = _escape(pattern, i + 1, groups, has_named, in_class=False)
            can_repeat = text not in ("\\b", "\\B")
        elif ch == "[":
            text, i = _char_class(pattern, i + 1, groups, has_named)
            can_repeat = True
        elif ch == "(":
            text, i = _group_open(pattern, i)
            depth += 1
            can_repeat = False
        elif ch == ")":
            if depth == 0:
                raise JsRegexError("unmatched ')'")
            depth -= 1
            text, i, can_repeat = ")", i + 1, True
        elif ch in "*+?" or (ch == "{" and _BRACE_QUANTIFIER.match(pattern, i)):
            if not can_repeat:
                raise JsRegexError("nothing to repeat")
            text, i = _quantifier(pattern, i)
            can_repeat = False
        else:
            text, i = _LITERALS.get(ch) or re.escape(ch), i + 1
            can_repeat = ch not in "|^$"
        out.append(text)
    if depth:
        raise JsRegexError("unterminated group")
    return "".join(out)


def _group_open(pattern: str, i: int) -> tuple[str, int]:
    """Translate the group opening at pattern[i] (`(`, `(?:`, lookarounds, named)."""
    if not pattern.startswith("(?", i):
        return "(", i + 1
    rest = pattern[i + 2 : i + 4]
    if rest[:1] in (":", "=", "!"):
        return pattern[i : i + 3], i + 3
    if rest in ("<=", "<!"):
        return pattern[i : i + 4], i + 4
    if rest[:1] == "<":
        end = pattern.find(">", i + 3)
        name = pattern[i + 3 : end] if end != -1 else ""
        if not re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", name) or "$" in name:
            raise JsRegexError("invalid capture group name")
        return f"(?P<{name}>", end + 1
    raise JsRegexError("invalid group")


def _quantifier(pattern: str, i: int) -> tuple[str, int]:
    """Translate the quantifier at pattern[i] (`*`, `+`, `?` or `{n,m}`), lazy `?` included."""
    m = _BRACE_QUANTIFIER.match(pattern, i)
    if m is None:
        text, i = pattern[i], i + 1
    else:
        lo, hi = int(m.group(1)), m.group(3)
        if hi and int(hi) < lo:
            raise JsRegexError("numbers out of order in {} quantifier")
        text, i = m.group(0), m.end()
    if i < len(pattern) and pattern[i] == "?":
        return text + "?", i + 1
    return text, i


def _escape(pattern: str, i: int, groups: int, has_named: bool, in_class: bool) -> tuple[str, int]:
    """Translate the escape whose letter is at pattern[i]; return (text, next index)."""
    if i >= len(pattern):
        raise JsRegexError("\\ at end of pattern")
    ch = pattern[i]
    if ch in _CLASS_ESCAPES:
        body = _CLASS_ESCAPES[ch]
        return (body if in_class else f"[{body}]"), i + 1
    if ch in _NEGATED_ESCAPES:
        if in_class:
            # A negated shorthand inside a class: only a few forms occur in practice.
            return {"D": "\\D", "W": "\\W", "S": "\\S"}[ch], i + 1
        return _NEGATED_ESCAPES[ch], i + 1
    if ch in _CONTROL_ESCAPES:
        return _CONTROL_ESCAPES[ch], i + 1
    if ch == "b":
        return ("\\x08" if in_class else "\\b"), i + 1
    if ch == "B":
        return ("B" if in_class else "\\B"), i + 1
    if ch == "c":
        if i + 1 < len(pattern) and pattern[i + 1].isascii() and pattern[i + 1].isalpha():
            return f"\\x{ord(pattern[i + 1]) % 32:02x}", i + 2
        return "\\\\c", i + 1
    if ch == "x":
        m = re.compile(r"[0-9A-Fa-f]{2}").match(pattern, i + 1)
        if m:
            return f"\\x{m.group(0)}", m.end()
        return "x", i + 1
    if ch == "u":
        m = re.compile(r"[0-9A-Fa-f]{4}").match(pattern, i + 1)
        if m:
            return f"\\u{m.group(0)}", m.end()
        return "u", i + 1
    if ch == "k" and has_named and not in_class:
        end = pattern.find(">", i + 2)
        if pattern[i + 1 : i + 2] != "<" or end == -1:
            raise JsRegexError("invalid named reference")
        return f"(?P={pattern[i + 2 : end]})", end + 1
    if ch.isdigit():
        m = re.compile(r"\d+").match(pattern, i)
        assert m is not None
        number = int(m.group(0))
        if not in_class and ch != "0" and number <= groups:
            if number > count_groups(pattern[: i - 1])[0]:
                return "(?:)", m.end()  # JS: a group not captured yet matches empty
            return f"(?:\\{number})", m.end()
        # Annex B: otherwise an octal escape (up to 3 octal digits) or a literal digit.
        o = re.compile(r"[0-7]{1,3}").match(pattern, i)
        if o and int(o.group(0), 8) <= 0o377:
            return f"\\x{int(o.group(0), 8):02x}", o.end()
        return re.escape(ch), i + 1
    # Identity escape: the character itself.
    return re.escape(ch), i + 1


def _char_class(pattern: str, i: int, groups: int, has_named: bool) -> tuple[str, int]:
    n = len(pattern)
    negate = i < n and pattern[i] == "^"
    if negate:
        i += 1
    if i < n and pattern[i] == "]":
        # [] matches nothing, [^] matches anything.
        return ("[\\s\\S]" if negate else "(?!)"), i + 1
    parts: list[str] = []
    while i < n and pattern[i] != "]":
        ch = pattern[i]
        if ch == "\\":
            esc, i = _escape(pattern, i + 1, groups, has_named, in_class=True)
            parts.append(esc)
            continue
        parts.append("\\" + ch if ch in "[]\\^&~|" else ch)
        i += 1
    if i >= n:
        raise JsRegexError("unterminated character class")
    body = "".join(parts)
    return f"[{'^' if negate else ''}{body}]", i + 1


_EXAMPLE_ESCAPES = {"b": "", "B": "", "d": "0", "D": "x", "w": "a", "W": "-", "s": " ", "S": "x"}


def example_of(pattern: str) -> str | None:
    """A short string the JS regex matches (its first alternative, each repeat taken the
    fewest times but at least once), or None when that simple guess does not match."""
    compiled = compile_js(pattern)
    if compiled is None:
        return None
    out: list[str] = []
    stack: list[list[str]] = []
    skipping: list[bool] = [False]  # inside a later alternative: generate nothing
    for token in tokens(pattern):
        if token.kind == "open":
            stack.append(out)
            out = []
            skipping.append(
                skipping[-1] or token.text[2:3] in ("=", "!") or token.text[3:4] in ("=", "!")
            )
            continue
        if token.kind == "close" and stack:
            group, out = "".join(out), stack.pop()
            skipping.pop()
            out.append(group)
            continue
        if token.kind == "alt":
            skipping[-1] = True
            continue
        if skipping[-1]:
            continue
        if token.kind == "quant":
            if out:
                low = re.match(r"\{(\d+)", token.text)
                out[-1] = out[-1] * max(int(low.group(1)) if low else 1, 1)
            continue
        if token.kind == "escape":
            letter = token.text[1:]
            out.append(_EXAMPLE_ESCAPES.get(letter, letter if not letter.isalnum() else "x"))
        elif token.kind == "class":
            body = token.text[1:-1]
            out.append(
                "x"
                if body.startswith("^") or not body
                else _EXAMPLE_ESCAPES.get(body[1:2], body[1:2])
                if body[0] == "\\"
                else body[0]
            )
        elif token.text == ".":
            out.append("x")
        elif token.text not in "^$":
            out.append(token.text)
    candidate = "".join(out)
    return candidate if compiled.search(candidate) else None
