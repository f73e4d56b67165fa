"""A bash word as bash expands it: braces, then tilde and parameters, then word splitting,
then pathname (glob) expansion, then quote removal — in that order, as bash(1) says.

The order matters to anyone reading a hook's command: `./hooks/{fmt,x}.sh` is two words
(`./hooks/fmt.sh` runs, with `./hooks/x.sh` its argument), and `./hooks/lin[t].sh` runs
`hooks/lint.sh` when that file exists, the file literally named `lin[t].sh` only when
nothing matches. A word is given as pieces: literal characters, each quoted or not, and
the values of parameters (a quoted value is one field; an unquoted one is split on
whitespace and globbed, but never brace- or tilde-expanded).

Bash's defaults for `bash -c` hold unless the caller says otherwise (`Globbing`): no
nullglob or failglob (a pattern matching nothing stays the word as written), no dotglob
(`*` and `?` do not match a leading `.`), no extglob, no globstar.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from itertools import pairwise
from typing import Final

from hookdash.core.lazy_regex import lazy_compile

MAX_WORDS = 64  # fields one word may expand to before hookdash stops expanding it
_MAX_DIRECTORY = 4096  # entries of one directory a glob looks at


class Char:
    """One literal character of a word as written; `quoted`: quoted or backslash-escaped."""

    __slots__ = ("ch", "quoted")
    ch: Final[str]
    quoted: Final[bool]

    def __init__(self, ch: str, quoted: bool) -> None:
        self.ch = ch
        self.quoted = quoted


class Value:
    """A parameter's value; unquoted ones are split and globbed."""

    __slots__ = ("quoted", "text")
    text: Final[str]
    quoted: Final[bool]

    def __init__(self, text: str, quoted: bool) -> None:
        self.text = text
        self.quoted = quoted


Piece = Char | Value


class Globbing:
    """The shell options that change pathname expansion."""

    __slots__ = ("dotglob", "failglob", "nocaseglob", "noglob", "nullglob")
    noglob: Final[bool]
    nullglob: Final[bool]
    failglob: Final[bool]
    dotglob: Final[bool]
    nocaseglob: Final[bool]

    def __init__(
        self,
        noglob: bool = False,
        nullglob: bool = False,
        failglob: bool = False,
        dotglob: bool = False,
        nocaseglob: bool = False,
    ) -> None:
        self.noglob = noglob
        self.nullglob = nullglob
        self.failglob = failglob
        self.dotglob = dotglob
        self.nocaseglob = nocaseglob


class GlobFailed(Exception):
    """failglob is on and a pattern matched nothing: bash does not run the command."""


def chars(text: str, quoted: bool) -> list[Piece]:
    return [Char(c, quoted) for c in text]


def unquoted_chars(text: str) -> list[Piece]:
    """An unquoted word's text, a backslash quoting the character after it (a backslash
    before a newline joins the lines)."""
    return _backslashed(text, False, None)


def double_quoted_chars(text: str) -> list[Piece]:
    """Literal text inside double quotes: a backslash quotes only $ ` " \\ and newline."""
    return _backslashed(text, True, '$`"\\\n')


def _backslashed(text: str, quoted: bool, escapable: str | None) -> list[Piece]:
    """Characters, each backslash quoting the next one (any, or those in `escapable`)."""
    out: list[Piece] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and (escapable is None or text[i + 1] in escapable):
            if text[i + 1] != "\n":
                out.append(Char(text[i + 1], True))
            i += 2
            continue
        out.append(Char(c, quoted))
        i += 1
    return out


_ANSI_SIMPLE = {
    "a": "\a",
    "b": "\b",
    "e": "\x1b",
    "E": "\x1b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
    "\\": "\\",
    "'": "'",
    '"': '"',
    "?": "?",
}
_ANSI_ESCAPE = lazy_compile(
    r"\\(?:([abeEfnrtv\\'\"?])|x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{1,4})|U([0-9a-fA-F]{1,8})"
    r"|([0-7]{1,3})|c(.))",
    re.S,
)


def ansi_c(text: str) -> str:
    """The value of `$'…'` (its body given): bash's backslash escapes decoded."""

    def one(m: re.Match[str]) -> str:
        simple, hx, u4, u8, octal, ctl = m.groups()
        if simple is not None:
            return _ANSI_SIMPLE[simple]
        if ctl is not None:
            return chr(ord(ctl) & 0x1F)
        number = int(hx, 16) if hx else int(u4 or u8, 16) if (u4 or u8) else int(octal, 8)
        try:
            return chr(number)
        except (ValueError, OverflowError):
            return "\ufffd"

    return _ANSI_ESCAPE.sub(one, text)


# ------------------------------------------------------------------------ braces

_RANGE = lazy_compile(r"^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$")


def expand_braces(word: list[Piece]) -> list[list[Piece]]:
    """Brace expansion, first of all and on the word as written: `a{b,c}d` is `abd acd`,
    `{1..3}` is `1 2 3`; quoted braces and braces without a top-level comma or range
    stay as they are."""
    out: list[list[Piece]] = []
    todo = [word]
    while todo and len(out) + len(todo) <= MAX_WORDS:
        current = todo.pop()
        found = _first_brace(current)
        if found is None:
            out.append(current)
            continue
        start, end, parts = found
        head, tail = current[:start], current[end + 1 :]
        todo.extend(head + part + tail for part in reversed(parts))
    out.extend(reversed(todo))  # past MAX_WORDS: the rest as they stand
    return out


def _is(piece: Piece, ch: str) -> bool:
    return isinstance(piece, Char) and not piece.quoted and piece.ch == ch


def _first_brace(word: list[Piece]) -> tuple[int, int, list[list[Piece]]] | None:
    """The first `{…}` that expands: (its start, its end, the alternatives)."""
    for start, piece in enumerate(word):
        if not _is(piece, "{"):
            continue
        if start > 0 and _is(word[start - 1], "$"):
            continue  # ${…} is a parameter, never a brace expression
        depth = 0
        commas: list[int] = []
        for i in range(start, len(word)):
            p = word[i]
            if _is(p, "{"):
                depth += 1
            elif _is(p, "}"):
                depth -= 1
                if depth == 0:
                    if commas:
                        bounds = [start, *commas, i]
                        return (
                            start,
                            i,
                            [word[a + 1 : b] for a, b in pairwise(bounds)],
                        )
                    inner = word[start + 1 : i]
                    series = _range(inner)
                    if series is not None:
                        return start, i, [chars(s, True) for s in series]
                    break
            elif _is(p, ",") and depth == 1:
                commas.append(i)
    return None


def _range(inner: list[Piece]) -> list[str] | None:
    if not all(isinstance(p, Char) and not p.quoted for p in inner):
        return None
    match = _RANGE.match("".join(p.ch for p in inner if isinstance(p, Char)))
    if match is None:
        return None
    a, b, step_text = match.groups()
    step = abs(int(step_text)) if step_text else 1
    step = step or 1
    if a.lstrip("-").isdigit() and b.lstrip("-").isdigit():
        lo, hi = int(a), int(b)
        width = max(len(a), len(b)) if (a.lstrip("-").startswith("0") and len(a) > 1) else 0
        values = range(lo, hi + 1, step) if lo <= hi else range(lo, hi - 1, -step)
        return [str(v).zfill(width) for v in values][:MAX_WORDS]
    if len(a) == 1 and len(b) == 1 and a.isalpha() and b.isalpha():
        lo, hi = ord(a), ord(b)
        codes = range(lo, hi + 1, step) if lo <= hi else range(lo, hi - 1, -step)
        return [chr(c) for c in codes][:MAX_WORDS]
    return None


# ------------------------------------------------------------------------ tilde


def expand_tilde(
    word: list[Piece], home: str | None, pwd_: str | None, oldpwd: str | None
) -> list[Piece] | str:
    """Tilde expansion of a word's leading `~`, `~/`, `~+`, `~-`, `~user`; a string
    when it cannot be told (the directory it names is unknown: why)."""
    if not word or not _is(word[0], "~"):
        return word
    end = 1
    while end < len(word):
        piece = word[end]
        if isinstance(piece, Char) and piece.ch == "/" and not piece.quoted:
            break
        end += 1
    prefix = word[1:end]
    if not all(isinstance(p, Char) and not p.quoted for p in prefix):
        return word  # a quoted or expanded character in the prefix: no tilde expansion
    name = "".join(p.ch for p in prefix if isinstance(p, Char))
    if name == "":
        target, what = home, "$HOME"
    elif name == "+":
        target, what = pwd_, "the directory it runs in (~+)"
    elif name == "-":
        target, what = oldpwd, "$OLDPWD (~-)"
    else:
        import pwd  # here: a word naming another user's home is rare

        try:
            target, what = pwd.getpwnam(name).pw_dir, f"~{name}"
        except (KeyError, ValueError):
            return word  # no such user: bash leaves the word as written
    if target is None:
        return f"it starts with ~{name}, and hookdash cannot tell {what}"
    return chars(target, True) + word[end:]


# ------------------------------------------------------------------------ fields


def split_fields(word: list[Piece], ifs: str = " \t\n") -> list[list[Char]]:
    """Word splitting: unquoted parameter values split on IFS; a field that came only
    from unquoted, empty values is dropped."""
    fields: list[list[Char]] = []
    current: list[Char] = []
    keep = False  # the current field holds something, even an empty quoted string
    for piece in word:
        if isinstance(piece, Char):
            current.append(piece)
            keep = True
            continue
        if piece.quoted:
            current.extend(Char(c, True) for c in piece.text)
            keep = True
            continue
        for c in piece.text:
            if c in ifs:
                if keep:
                    fields.append(current)
                current, keep = [], False
            else:
                current.append(Char(c, False))
                keep = True
    if keep:
        fields.append(current)
    return fields


def has_quoted_empty(word: Iterable[Piece]) -> bool:
    return any(isinstance(p, Char) and p.quoted for p in word)


def text_of(field: list[Char]) -> str:
    return "".join(c.ch for c in field)


def is_pattern(field: list[Char]) -> bool:
    return any(not c.quoted and c.ch in "*?[" for c in field)


def glob_field(field: list[Char], cwd: str | None, opts: Globbing) -> list[str] | None:
    """Pathname expansion of one field: the matches (as bash writes them: relative
    when the pattern is), or the field as written when none; None when the field is a
    pattern and the directory it is matched in is unknown."""
    if opts.noglob or not is_pattern(field):
        return [text_of(field)]
    if cwd is None and not (field and field[0].ch == "/"):
        return None
    matches = _glob(field, cwd or "/", opts)
    if matches:
        return matches[:MAX_WORDS]
    if opts.failglob:
        raise GlobFailed(text_of(field))
    return [] if opts.nullglob else [text_of(field)]


def _components(field: list[Char]) -> list[list[Char]]:
    parts: list[list[Char]] = [[]]
    for c in field:
        if c.ch == "/":
            parts.append([])
        else:
            parts[-1].append(c)
    return parts


def _glob(field: list[Char], cwd: str, opts: Globbing) -> list[str]:
    parts = _components(field)
    absolute = not parts[0] and len(parts) > 1
    bases = ["/"] if absolute else [""]
    if absolute:
        parts = parts[1:]
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if not is_pattern(part):
            name = text_of(part)
            bases = [_join(b, name) for b in bases]
            if not last:
                bases = [b for b in bases if os.path.isdir(os.path.join(cwd, b) if b else cwd)]
            continue
        matcher = _component_regex(part, opts)
        dot_ok = opts.dotglob or (part and part[0].ch == ".")
        found: list[str] = []
        for base in bases:
            directory = os.path.join(cwd, base) if base else cwd
            for name in _listdir(directory):
                if name.startswith(".") and not dot_ok:
                    continue
                if name in (".", ".."):
                    continue
                if matcher(name):
                    path = _join(base, name)
                    if last or os.path.isdir(os.path.join(cwd, path)):
                        found.append(path)
        bases = found
        if not bases:
            return []
    return bases


def _join(base: str, name: str) -> str:
    if not base:
        return name
    return base + name if base.endswith("/") else base + "/" + name


def _listdir(directory: str) -> list[str]:
    try:
        with os.scandir(directory) as entries:
            names = []
            for entry in entries:
                names.append(entry.name)
                if len(names) >= _MAX_DIRECTORY:
                    break
    except OSError:
        return []
    return sorted(names)


def _component_regex(part: list[Char], opts: Globbing) -> Callable[[str], bool]:
    out: list[str] = []
    i = 0
    while i < len(part):
        c = part[i]
        if c.quoted:
            out.append(re.escape(c.ch))
        elif c.ch == "*":
            out.append(".*")
        elif c.ch == "?":
            out.append(".")
        elif c.ch == "[":
            bracket = _bracket(part, i)
            if bracket is None:
                out.append(re.escape("["))
            else:
                expr, i = bracket
                out.append(expr)
        else:
            out.append(re.escape(c.ch))
        i += 1
    flags = re.S | (re.IGNORECASE if opts.nocaseglob else 0)
    pattern = re.compile("".join(out), flags)
    return lambda name: pattern.fullmatch(name) is not None


_CLASSES = {
    "alpha": "a-zA-Z",
    "digit": "0-9",
    "alnum": "a-zA-Z0-9",
    "upper": "A-Z",
    "lower": "a-z",
    "space": " \\t\\n\\r\\f\\v",
    "blank": " \\t",
    "punct": re.escape("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
    "xdigit": "0-9A-Fa-f",
    "word": "a-zA-Z0-9_",
    "cntrl": "\\x00-\\x1f\\x7f",
    "print": "\\x20-\\x7e",
    "graph": "\\x21-\\x7e",
}


def _bracket(part: list[Char], start: int) -> tuple[str, int] | None:
    """A `[…]` bracket expression at `start`: its regex and the index of its `]`."""
    i = start + 1
    negate = False
    if i < len(part) and not part[i].quoted and part[i].ch in "!^":
        negate, i = True, i + 1
    body: list[str] = []
    first = True
    while i < len(part):
        c = part[i]
        if c.ch == "]" and not c.quoted and not first:
            return ("[^" if negate else "[") + "".join(body) + "]", i
        first = False
        if not c.quoted and c.ch == "[" and i + 1 < len(part) and part[i + 1].ch == ":":
            close = "".join(p.ch for p in part[i:]).find(":]")
            if close > 0:
                name = "".join(p.ch for p in part[i + 2 : i + close])
                if name in _CLASSES:
                    body.append(_CLASSES[name])
                    i += close + 2
                    continue
        if (
            i + 2 < len(part)
            and part[i + 1].ch == "-"
            and not part[i + 1].quoted
            and not (part[i + 2].ch == "]" and not part[i + 2].quoted)
        ):
            lo, hi = c.ch, part[i + 2].ch
            if lo <= hi:
                body.append(re.escape(lo) + "-" + re.escape(hi))
            i += 3
            continue
        body.append(re.escape(c.ch))
        i += 1
    return None
