"""Hook matchers with Gemini CLI's semantics (JavaScript `RegExp`, no flags).

`new RegExp(m).test(toolName)` is an unanchored search; a pattern JavaScript rejects makes
Gemini fall back to exact equality. Python's `re` differs from JavaScript in syntax and
meaning, so patterns are translated: a JS-invalid pattern gives None (never a Python
reading of it), and JS-only meanings (`\\d` ASCII, `$` at the very end, `[^]`, identity
escapes, octal backreferences) are kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from pydantic import BaseModel

from hookdash.core.gemini.events import MatchKind, match_kind
from hookdash.core.gemini.jsvalues import JS_WHITESPACE, js_truthy

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


# String.prototype.trim's characters (checks.py imports this name).
_JS_TRIM = JS_WHITESPACE


class JsRegexError(ValueError):
    """JavaScript would throw a SyntaxError for this pattern."""


class Token(NamedTuple):
    """One piece of a JS regex: `kind` is escape, class, open, close, alt, quant or char."""

    kind: str
    text: str


_QUANTIFIER = re.compile(r"(?:[*+?]|\{\d+(?:,\d*)?\})\??")


def tokens(pattern: str) -> Iterator[Token]:
    """The pattern's pieces, escapes and character classes whole; never raises (a pattern
    JavaScript rejects still yields pieces: callers that care compile it first)."""
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            yield Token("escape", pattern[i : i + 2])
            i += 2
        elif ch == "[":
            j = i + 1 + (pattern[i + 1 : i + 2] == "^")
            j += pattern[j : j + 1] == "]"  # a leading ] is part of the class
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            yield Token("class", pattern[i : j + 1])
            i = j + 1
        elif ch == "(":
            m = re.compile(r"\((?:\?(?:[:=!]|<[=!]|<[^>]*>))?").match(pattern, i)
            assert m is not None
            yield Token("open", m.group(0))
            i = m.end()
        elif ch in ")|":
            yield Token("close" if ch == ")" else "alt", ch)
            i += 1
        elif (m := _QUANTIFIER.match(pattern, i)) is not None:
            yield Token("quant", m.group(0))
            i = m.end()
        else:
            yield Token("char", ch)
            i += 1


def _captures(token: Token) -> bool:
    return token.kind == "open" and (
        token.text == "(" or (token.text.startswith("(?<") and token.text[3:4] not in ("=", "!"))
    )


def _count_groups(pattern: str) -> tuple[int, bool]:
    captures = [t for t in tokens(pattern) if _captures(t)]
    return len(captures), any(t.text != "(" for t in captures)


def alternatives(pattern: str) -> list[str]:
    """The pattern's top-level alternatives (`a|(b|c)` → `a`, `(b|c)`)."""
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for token in tokens(pattern):
        depth += (token.kind == "open") - (token.kind == "close")
        if token.kind == "alt" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(token.text)
    parts.append("".join(current))
    return parts


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


def translate(pattern: str) -> str:
    """A Python pattern meaning what `new RegExp(pattern)` means; JsRegexError if JS throws."""
    groups, has_named = _count_groups(pattern)
    out: list[str] = []
    i, n = 0, len(pattern)
    can_repeat = False  # is there an atom a quantifier could apply to?
    depth = 0
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            if i + 1 >= n:
                raise JsRegexError("\\ at end of pattern")
            esc, i = _escape(pattern, i + 1, groups, has_named, in_class=False)
            out.append(esc)
            can_repeat = esc not in ("\\b", "\\B")
            continue
        if ch == "[":
            cls, i = _char_class(pattern, i + 1, groups, has_named)
            out.append(cls)
            can_repeat = True
            continue
        if ch == "(":
            if pattern.startswith("(?", i):
                rest = pattern[i + 2 : i + 4]
                if rest[:1] in (":", "=", "!"):
                    out.append(pattern[i : i + 3])
                    i += 3
                elif rest in ("<=", "<!"):
                    out.append(pattern[i : i + 4])
                    i += 4
                elif rest[:1] == "<":
                    end = pattern.find(">", i + 3)
                    name = pattern[i + 3 : end] if end != -1 else ""
                    if not re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", name) or "$" in name:
                        raise JsRegexError("invalid capture group name")
                    out.append(f"(?P<{name}>")
                    i = end + 1
                else:
                    raise JsRegexError("invalid group")
            else:
                out.append("(")
                i += 1
            depth += 1
            can_repeat = False
            continue
        if ch == ")":
            if depth == 0:
                raise JsRegexError("unmatched ')'")
            depth -= 1
            out.append(")")
            i += 1
            can_repeat = True
            continue
        if ch in "*+?":
            if not can_repeat:
                raise JsRegexError("nothing to repeat")
            out.append(ch)
            i += 1
            if i < n and pattern[i] == "?":
                out.append("?")
                i += 1
            can_repeat = False
            continue
        if ch == "{":
            m = re.compile(r"\{(\d+)(,(\d*))?\}").match(pattern, i)
            if m:
                if not can_repeat:
                    raise JsRegexError("nothing to repeat")
                lo, hi = int(m.group(1)), m.group(3)
                if hi and int(hi) < lo:
                    raise JsRegexError("numbers out of order in {} quantifier")
                out.append(m.group(0))
                i = m.end()
                if i < n and pattern[i] == "?":
                    out.append("?")
                    i += 1
                can_repeat = False
                continue
            out.append("\\{")  # Annex B: a lone brace is a literal
            i += 1
            can_repeat = True
            continue
        if ch == "}":
            out.append("\\}")
        elif ch == "]":
            out.append("\\]")
        elif ch == "$":
            out.append("\\Z")  # end of input only (no multiline flag)
        elif ch == "|":
            out.append("|")
            i += 1
            can_repeat = False
            continue
        elif ch == "^":
            out.append("^")
            i += 1
            can_repeat = False
            continue
        elif ch == ".":
            out.append("[^\\n\\r\\u2028\\u2029]")
        else:
            out.append(re.escape(ch))
        i += 1
        can_repeat = ch not in "$"
    if depth:
        raise JsRegexError("unterminated group")
    return "".join(out)


def _escape(pattern: str, i: int, groups: int, has_named: bool, in_class: bool) -> tuple[str, int]:
    """Translate the escape whose letter is at pattern[i]; return (text, next index)."""
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
            if number > _count_groups(pattern[: i - 1])[0]:
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
            if i + 1 >= n:
                raise JsRegexError("\\ at end of pattern")
            esc, i = _escape(pattern, i + 1, groups, has_named, in_class=True)
            parts.append(esc)
            continue
        parts.append("\\" + ch if ch in "[]\\^&~|" else ch)
        i += 1
    if i >= n:
        raise JsRegexError("unterminated character class")
    body = "".join(parts)
    return f"[{'^' if negate else ''}{body}]", i + 1


@lru_cache(maxsize=4096)
def compile_js(pattern: str) -> re.Pattern[str] | None:
    """The compiled JS regex, or None when JavaScript would reject it."""
    try:
        return re.compile(translate(pattern))
    except (JsRegexError, re.error):
        return None


def matches(matcher: object, event: str, tool_name: str | None, trigger: str | None) -> bool:
    """hookPlanner.matchesContext. Raises TypeError for a non-string matcher, as Gemini does."""
    context = bool(tool_name) or bool(trigger)
    if not js_truthy(matcher) or not context:  # JS truthiness: [] and {} are truthy
        return True
    if not isinstance(matcher, str):
        raise TypeError("matcher.trim is not a function")
    m = matcher.strip(_JS_TRIM)
    if m in ("", "*"):
        return True
    if tool_name:
        compiled = compile_js(m)
        if compiled is None:
            return m == tool_name
        return compiled.search(tool_name) is not None
    return m == trigger


def describe_matcher(matcher: object, event: str) -> str:
    """One sentence on what a matcher matches for this event."""
    kind = match_kind(event)
    if kind == "none":
        if matcher:
            return f"ignored: Gemini fires {event} without a match context, so every hook runs"
        return "every firing"
    if matcher is None or matcher == "":
        return "everything"
    if not isinstance(matcher, str):
        return f"not a string ({matcher!r}): Gemini's planner throws and no {event} hook runs"
    m = matcher.strip(_JS_TRIM)
    if m in ("", "*"):
        return "everything"
    if kind == "trigger":
        return f"exactly the {_trigger_name(event)} {m!r} (no regex)"
    if compile_js(m) is None:
        return f"not a valid JavaScript regex: Gemini compares the tool name with {m!r} exactly"
    return f"tool names containing a match of the regex /{m}/"


def _trigger_name(event: str) -> str:
    return {"SessionStart": "source", "SessionEnd": "reason"}.get(event, "trigger")


class MatcherPreview(BaseModel):
    """What a matcher would match for an event, among the values Gemini can compare it
    with: its built-in tools (and `seen` ones), or the event's trigger values."""

    kind: MatchKind
    sentence: str  # describe_matcher's
    candidates: list[str]  # what the matcher was tried on, in order
    matched: list[str]  # the candidates it matches
    seen: list[str] = []  # candidates that are not built-in tools (from the run logs)
    never_fired: list[str] = []  # trigger values the type allows but Gemini never sends


def preview_matcher(matcher: str | None, event: str, seen: Iterable[str] = ()) -> MatcherPreview:
    """Which of Gemini's built-in tools (and the `seen` tool names, e.g. from the run
    logs) a tool matcher matches, or which trigger values a trigger matcher matches, as
    Gemini's planner decides it (`matches`)."""
    from hookdash.core.gemini.events import FIRED_TRIGGERS, TRIGGER_VALUES
    from hookdash.core.gemini.tools import BUILTIN_TOOLS

    kind = match_kind(event)
    sentence = describe_matcher(matcher, event)
    if kind == "none":
        return MatcherPreview(kind=kind, sentence=sentence, candidates=[], matched=[])
    if kind == "tool":
        extra = [t for t in dict.fromkeys(seen) if t and t not in BUILTIN_TOOLS]
        candidates = [*BUILTIN_TOOLS, *extra]
        matched = [t for t in candidates if matches(matcher, event, t, None)]
        return MatcherPreview(
            kind=kind, sentence=sentence, candidates=candidates, matched=matched, seen=extra
        )
    values = list(TRIGGER_VALUES[event])
    return MatcherPreview(
        kind=kind,
        sentence=sentence,
        candidates=values,
        matched=[v for v in values if matches(matcher, event, None, v)],
        never_fired=[v for v in values if v not in FIRED_TRIGGERS[event]],
    )
