"""JavaScript `RegExp` (no flags) in Python's `re`, meaning for meaning.

Python's `re` differs from JavaScript in syntax and meaning, so patterns are translated:
a JS-invalid pattern gives None (never a Python reading of it), and JS-only meanings
(`\\d` ASCII, `$` at the very end, `[^]`, identity escapes, octal backreferences) are kept.

Without the `u` flag a JavaScript regex works on UTF-16 code units, and its classes follow
Annex B of ECMA-262 (what V8, and so Gemini CLI, implements): a class escape at either end
of a range makes the `-` a literal (`[\\w-.]` is \\w, `-` and `.`), `\\c` takes a digit or
`_` inside a class, `\\b` is a backspace there, octal and identity escapes stand for
characters. So a pattern and its subjects are read as code units (an astral character is
its two surrogates, as in JavaScript), and every class is computed as a set of code units
and written out as ranges: Python's class syntax never gets to read JavaScript's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, cast

from hookdash.core.hosts.gemini.jsvalues import JS_WHITESPACE
from hookdash.core.record_class import record
from hookdash.core.regex_tokens import Capture, captures, tokens

Ranges = list[tuple[int, int]]  # code unit ranges, inclusive
_LAST_UNIT = 0xFFFF


def _normalized(ranges: Ranges) -> Ranges:
    """Sorted, merged ranges."""
    out: Ranges = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def _complement(ranges: Ranges) -> Ranges:
    """Every code unit not in `ranges` (which are normalized)."""
    out: Ranges = []
    start = 0
    for lo, hi in ranges:
        if lo > start:
            out.append((start, lo - 1))
        start = hi + 1
    if start <= _LAST_UNIT:
        out.append((start, _LAST_UNIT))
    return out


def _ranges_of(chars: str) -> Ranges:
    return _normalized([(ord(c), ord(c)) for c in chars])


_DIGITS: Ranges = [(0x30, 0x39)]
_WORD: Ranges = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
_SPACE: Ranges = _ranges_of(JS_WHITESPACE)  # \s: WhiteSpace and LineTerminator
_CONTROL_ESCAPES = {"t": "\\t", "n": "\\n", "r": "\\r", "v": "\\x0b", "f": "\\x0c"}
_CONTROL_UNITS = {"t": 0x09, "n": 0x0A, "r": 0x0D, "v": 0x0B, "f": 0x0C, "b": 0x08}
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
_HEX2 = re.compile(r"[0-9A-Fa-f]{2}")
_HEX4 = re.compile(r"[0-9A-Fa-f]{4}")


class JsRegexError(ValueError):
    """JavaScript would throw a SyntaxError for this pattern."""


def code_units(text: str) -> str:
    """`text` as JavaScript holds it: each astral character as its two UTF-16 surrogates."""
    if text.isascii() or max(text) <= "\uffff":
        return text
    out = []
    for ch in text:
        cp = ord(ch)
        if cp > _LAST_UNIT:
            cp -= 0x10000
            out.append(chr(0xD800 + (cp >> 10)) + chr(0xDC00 + (cp & 0x3FF)))
        else:
            out.append(ch)
    return "".join(out)


@record
class JsRegExp:
    """A compiled JavaScript regex: `search` is `RegExp.prototype.test`'s match, on the
    subject's UTF-16 code units."""

    source: str
    # An `re` pattern, or a `regex` one (a variable-length lookbehind): the same API.
    compiled: Any

    def search(self, subject: str) -> re.Match[str] | None:
        found = self.compiled.search(code_units(subject))
        return cast("re.Match[str] | None", found)


@lru_cache(maxsize=4096)
def compile_js(pattern: str) -> JsRegExp | None:
    """The compiled JS regex, or None when JavaScript would reject it."""
    try:
        translated = translate(pattern)
    except (JsRegexError, re.error, RecursionError):
        return None
    try:
        # ASCII: JavaScript's \\b and \\B know only [A-Za-z0-9_] as word characters (the
        # only meaning the flag changes: every class is written out as code units).
        return JsRegExp(pattern, re.compile(translated, re.ASCII))
    except RecursionError:
        return None
    except re.error as exc:
        if "look-behind" not in str(exc):
            return None
    # A lookbehind of variable length (`(?<=r\\w*_)shell`): V8 accepts it (ES2018) and
    # matches it backwards, as the `regex` module does; `re` takes fixed widths only.
    import regex  # type: ignore[import-untyped]

    try:
        return JsRegExp(pattern, regex.compile(translated, regex.ASCII | regex.VERSION0))
    except (regex.error, RecursionError):
        return None


def translate(pattern: str) -> str:
    """A Python pattern meaning what `new RegExp(pattern)` means; JsRegexError if JS throws.
    Matched against `code_units` of a subject (JsRegExp.search does that)."""
    pattern = code_units(pattern)
    groups = captures(pattern)
    has_named = any(g.name is not None for g in groups)
    out: list[str] = []
    i, n = 0, len(pattern)
    can_repeat = False  # is there an atom a quantifier could apply to?
    # Per open group: may a quantifier follow it? Annex B lets a lookahead be quantified,
    # never a lookbehind.
    groups_open: list[bool] = []
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            can_repeat = pattern[i + 1 : i + 2] not in ("b", "B")  # assertions
            text, i = _escape(pattern, i + 1, groups, has_named)
        elif ch == "[":
            text, i = _char_class(pattern, i + 1, has_named)
            can_repeat = True
        elif ch == "(":
            start = i
            text, i = _group_open(pattern, i)
            groups_open.append(not pattern.startswith(("(?<=", "(?<!"), start))
            can_repeat = False
        elif ch == ")":
            if not groups_open:
                raise JsRegexError("unmatched ')'")
            text, i, can_repeat = ")", i + 1, groups_open.pop()
        elif ch in "*+?" or (ch == "{" and _BRACE_QUANTIFIER.match(pattern, i)):
            if not can_repeat:
                raise JsRegexError("nothing to repeat")
            text, i = _quantifier(pattern, i)
            can_repeat = False
        else:
            text, i = _LITERALS.get(ch) or re.escape(ch), i + 1
            can_repeat = ch not in "|^$"
        out.append(text)
    if groups_open:
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


def _backreference(group: Capture | None, at: int) -> str:
    """A JavaScript backreference in Python. JavaScript matches an undefined capture (a
    group not closed yet at `at`, or one that did not take part) as empty, where Python's
    reference fails: a group closed before is asked first with a conditional."""
    if group is None:
        raise JsRegexError("invalid named capture referenced")
    if group.end is None or group.end > at:
        return "(?:)"
    return f"(?({group.number})\\{group.number})"


def _escape(pattern: str, i: int, groups: list[Capture], has_named: bool) -> tuple[str, int]:
    """Translate the escape (outside a class) whose letter is at pattern[i]; return (text,
    next index)."""
    if i >= len(pattern):
        raise JsRegexError("\\ at end of pattern")
    ch = pattern[i]
    if ch in _SETS:
        return _python_class(_SETS[ch]), i + 1
    if ch in _CONTROL_ESCAPES:
        return _CONTROL_ESCAPES[ch], i + 1
    if ch == "b":
        return "\\b", i + 1
    if ch == "B":
        return "(?!\\b)", i + 1  # Python's \\B never matches an empty subject
    if ch == "c":
        if _control_letter(pattern, i + 1, in_class=False):
            return _unit(ord(pattern[i + 1]) % 32), i + 2
        return "\\\\", i  # Annex B: the backslash itself; the `c` is read next
    if ch == "k" and has_named:
        end = pattern.find(">", i + 2)
        if pattern[i + 1 : i + 2] != "<" or end == -1:
            raise JsRegexError("invalid named reference")
        name = pattern[i + 2 : end]
        return _backreference(next((g for g in groups if g.name == name), None), i - 1), end + 1
    if ch.isdigit() and ch.isascii():
        m = re.compile(r"[0-9]+").match(pattern, i)
        assert m is not None
        number = int(m.group(0))
        if ch != "0" and number <= len(groups):
            return _backreference(groups[number - 1], i - 1), m.end()
    unit, end = _character_escape(pattern, i)
    return _unit(unit), end


def _character_escape(pattern: str, i: int) -> tuple[int, int]:
    """The code unit of a CharacterEscape whose letter is at pattern[i] (the forms both
    inside and outside a class share): \\x and \\u escapes, legacy octal, identity."""
    ch = pattern[i]
    if ch in _CONTROL_UNITS and ch != "b":
        return _CONTROL_UNITS[ch], i + 1
    if ch == "x" and (m := _HEX2.match(pattern, i + 1)):
        return int(m.group(0), 16), m.end()
    if ch == "u" and (m := _HEX4.match(pattern, i + 1)):
        return int(m.group(0), 16), m.end()
    if "0" <= ch <= "7":
        # Annex B's LegacyOctalEscapeSequence: up to three digits from 0-3, two from 4-7.
        value, j = int(ch), i + 1
        longest = 3 if ch <= "3" else 2
        while j < len(pattern) and j - i < longest and "0" <= pattern[j] <= "7":
            value, j = value * 8 + int(pattern[j]), j + 1
        return value, j
    return ord(ch), i + 1  # an identity escape: the character itself


def _control_letter(pattern: str, i: int, in_class: bool) -> bool:
    """Whether `\\c` is followed by what makes it a control escape: an ASCII letter, and
    inside a class (Annex B) also a digit or `_`."""
    ch = pattern[i : i + 1]
    if ch.isascii() and ch.isalpha():
        return True
    return in_class and ch != "" and (ch == "_" or ("0" <= ch <= "9"))


def _unit(unit: int) -> str:
    """One code unit as a Python pattern escape (safe in and out of a class)."""
    return f"\\x{unit:02x}" if unit < 0x100 else f"\\u{unit:04x}"


_SETS: dict[str, Ranges] = {
    "d": _DIGITS,
    "w": _WORD,
    "s": _SPACE,
    "D": _complement(_DIGITS),
    "W": _complement(_WORD),
    "S": _complement(_SPACE),
}


def _python_class(ranges: Ranges) -> str:
    """A Python pattern matching exactly one code unit of `ranges` (normalized). A set of
    more than half the units is written as the negation of the rest: Python's compiler
    walks every unit of a class's ranges, and `[^…]` of a few is as exact (a subject holds
    only code units, see `code_units`)."""
    if not ranges:
        return "(?!)"  # nothing: JavaScript's []
    negate = sum(hi - lo + 1 for lo, hi in ranges) > (_LAST_UNIT + 1) // 2
    if negate:
        ranges = _complement(ranges)
        if not ranges:
            return "(?s:.)"  # every code unit: JavaScript's [^]
    body = "".join(_unit(lo) if lo == hi else f"{_unit(lo)}-{_unit(hi)}" for lo, hi in ranges)
    return f"[{'^' if negate else ''}{body}]"


def _class_atom(pattern: str, i: int, has_named: bool) -> tuple[int | Ranges, int]:
    """One ClassAtom at pattern[i]: a code unit, or the set of a class escape (\\d, \\W…)."""
    if pattern[i] != "\\":
        return ord(pattern[i]), i + 1
    i += 1
    if i >= len(pattern):
        raise JsRegexError("\\ at end of pattern")
    ch = pattern[i]
    if ch in _SETS:
        return _SETS[ch], i + 1
    if ch == "b":
        return 0x08, i + 1  # a backspace inside a class
    if ch == "c":
        if _control_letter(pattern, i + 1, in_class=True):
            return ord(pattern[i + 1]) % 32, i + 2
        return ord("\\"), i  # Annex B: the backslash itself; the `c` is read next
    if ch == "k" and has_named:
        raise JsRegexError("invalid escape")  # \\k is reserved once a group has a name
    return _character_escape(pattern, i)


def _char_class(pattern: str, i: int, has_named: bool) -> tuple[str, int]:
    """Translate the class whose body starts at pattern[i] (after `[`): the set of code
    units it matches, computed as JavaScript (non-unicode, Annex B) reads it."""
    n = len(pattern)
    negate = i < n and pattern[i] == "^"
    if negate:
        i += 1
    ranges: Ranges = []
    while i < n and pattern[i] != "]":
        first, i = _class_atom(pattern, i, has_named)
        if i + 1 < n and pattern[i] == "-" and pattern[i + 1] != "]":
            last, i = _class_atom(pattern, i + 1, has_named)
            if isinstance(first, int) and isinstance(last, int):
                if first > last:
                    raise JsRegexError("range out of order in character class")
                ranges.append((first, last))
                continue
            # Annex B: a class escape at either end makes the dash a literal.
            for atom in (first, ord("-"), last):
                ranges.extend([(atom, atom)] if isinstance(atom, int) else atom)
            continue
        ranges.extend([(first, first)] if isinstance(first, int) else first)
    if i >= n:
        raise JsRegexError("unterminated character class")
    members = _normalized(ranges)
    return _python_class(_complement(members) if negate else members), i + 1


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
