"""THE one rule for showing untrusted text: nothing in it can reach a terminal as a control.

Everything hookdash shows comes from files and processes it does not control: a hook's
name, command and description, a script, hook stdout/stderr, a telemetry record. Any of
them can carry characters that a terminal obeys or that hide text from a reader:

- C0 controls (ESC starts a control sequence, CR returns to the start of the line,
  BS erases), DEL, and C1 controls (U+0080–U+009F; U+009B is CSI on some terminals);
- Unicode format characters (category Cf): bidirectional overrides and isolates that
  reorder what is shown (Trojan Source), zero-width spaces and joiners, the BOM, soft
  hyphen, tag characters that smuggle whole invisible strings;
- line and paragraph separators (U+2028/U+2029), which some views break lines on;
- lone surrogates (a `"\\ud800"` JSON escape), which cannot be encoded at all and crash
  a UTF-8 write with UnicodeEncodeError;
- every Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt: what a
  renderer draws as nothing): besides format characters, the combining grapheme joiner
  U+034F, the variation selectors U+FE00–FE0F and U+E0100–E01EF, the Khmer inherent
  vowels U+17B4/U+17B5, the Mongolian free variation selectors, the Hangul fillers
  (letters by category, so they pass for part of a name), and the code points reserved
  as ignorable (U+2065, U+FFF0–FFF8, U+E0000–E0FFF), which a future font draws as nothing;
- the private-use code points (U+E000–F8FF, U+F0000–FFFFD, U+100000–10FFFD): no standard
  glyph, so a font may draw one as anything or as nothing, and an icon font draws it as
  a picture that hides what is there;
- U+2800 BRAILLE PATTERN BLANK, a symbol that is not default-ignorable but is drawn as
  blank space, the usual filler of "invisible" names. (Spaces — U+00A0, U+2000–U+200A,
  U+3000… — are left as they are: they look like what they are, white space.)

`visible()` replaces each of them with something a reader sees: the control pictures
for C0 and DEL (`␛[2K`, `␍`, `␀`, `␡`) and `<U+202E>` for the rest. Every other
character is kept as it is, and the result is stable (`visible(visible(x)) ==
visible(x)`): the pictures and `<U+…>` are ordinary printable text. A newline and a tab
are kept only where a multi-line view needs them (`multiline=True`).

`json_text()` is the same rule for `--json`: exact JSON (what a parser reads back is the
original value, hidden characters included), with every such character written as a
`\\uXXXX` escape so that neither the terminal nor a UTF-8 encoder ever sees it raw.

`hidden_characters()` lists them (offset, code point, name), for checks that point at
the first one.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any, Final

# Unicode category Cf, as of Unicode 16 (a superset of what Python 3.11's unicodedata,
# Unicode 14, knows: a test checks that every Cf character it knows is in here).
_FORMAT = (
    "\u00ad"
    "\u0600-\u0605"
    "\u061c"
    "\u06dd"
    "\u070f"
    "\u0890-\u0891"
    "\u08e2"
    "\u180e"
    "\u200b-\u200f"
    "\u202a-\u202e"
    "\u2060-\u2064"
    "\u2066-\u206f"
    "\ufeff"
    "\ufff9-\ufffb"
    "\U000110bd"
    "\U000110cd"
    "\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a"
    "\U000e0001"
    "\U000e0020-\U000e007f"
)
# Default_Ignorable_Code_Point, from Unicode 17's DerivedCoreProperties.txt (unchanged
# since Unicode 6.1), as `python -m tests.core.unicode_tables` prints it from the `regex`
# package's \p{Default_Ignorable_Code_Point}; tests/core/test_display.py checks it there.
_DEFAULT_IGNORABLE = (
    "\u00ad"
    "\u034f"
    "\u061c"
    "\u115f-\u1160"
    "\u17b4-\u17b5"
    "\u180b-\u180f"
    "\u200b-\u200f"
    "\u202a-\u202e"
    "\u2060-\u206f"
    "\u3164"
    "\ufe00-\ufe0f"
    "\ufeff"
    "\uffa0"
    "\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff"
)
_BLANK = "\u2800"  # BRAILLE PATTERN BLANK: a symbol, drawn as blank space
# Private use (category Co): what a glyph there shows is the installed font's to decide.
_PRIVATE_USE = "\ue000-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd"
# Everything but C0: DEL, C1, format characters, separators, surrogates, the default-
# ignorable code points, the blank symbol and private use.
_NON_C0 = (
    "\x7f-\x9f" + _FORMAT + "\u2028\u2029\ud800-\udfff" + _DEFAULT_IGNORABLE + _BLANK + _PRIVATE_USE
)


@lru_cache(maxsize=2)
def _hidden(multiline: bool) -> re.Pattern[str]:
    """The class of hidden characters (keeping newlines and tabs when `multiline`).
    Compiled on first use, not at import: each is some milliseconds of start-up, and text
    that is printable ASCII (a `--version`, most JSON) never needs it."""
    if multiline:
        return re.compile("[\x00-\x08\x0b-\x1f" + _NON_C0 + "]")
    return re.compile("[\x00-\x1f" + _NON_C0 + "]")


@lru_cache(maxsize=1)
def _printable_hidden() -> re.Pattern[str]:
    """The hidden characters that str.isprintable() lets through (combining marks,
    fillers, the braille blank: which ones depends on Python's Unicode database): the
    fast path searches these few instead of the whole rule."""
    ranges = re.findall(r"(.)(?:-(.))?", _DEFAULT_IGNORABLE + _BLANK, re.DOTALL)
    found = sorted(
        chr(code)
        for first, last in ranges
        for code in range(ord(first), ord(last or first) + 1)
        if chr(code).isprintable()
    )
    return re.compile(f"[{_as_ranges(found)}]")


def _as_ranges(chars: Iterable[str]) -> str:
    """Sorted characters as the body of a class, runs written as ranges (a class of
    single astral characters is searched one by one)."""
    runs: list[list[str]] = []
    for char in chars:
        if runs and ord(char) == ord(runs[-1][1]) + 1:
            runs[-1][1] = char
        else:
            runs.append([char, char])
    return "".join(first if first == last else f"{first}-{last}" for first, last in runs)


# Names that unicodedata.name() does not give (controls have none, only aliases).
_C0_NAMES = (
    "NULL",
    "START OF HEADING",
    "START OF TEXT",
    "END OF TEXT",
    "END OF TRANSMISSION",
    "ENQUIRY",
    "ACKNOWLEDGE",
    "BELL",
    "BACKSPACE",
    "CHARACTER TABULATION",
    "LINE FEED",
    "LINE TABULATION",
    "FORM FEED",
    "CARRIAGE RETURN",
    "SHIFT OUT",
    "SHIFT IN",
    "DATA LINK ESCAPE",
    "DEVICE CONTROL ONE",
    "DEVICE CONTROL TWO",
    "DEVICE CONTROL THREE",
    "DEVICE CONTROL FOUR",
    "NEGATIVE ACKNOWLEDGE",
    "SYNCHRONOUS IDLE",
    "END OF TRANSMISSION BLOCK",
    "CANCEL",
    "END OF MEDIUM",
    "SUBSTITUTE",
    "ESCAPE",
    "FILE SEPARATOR",
    "GROUP SEPARATOR",
    "RECORD SEPARATOR",
    "UNIT SEPARATOR",
)
_C1_NAMES = (
    "PADDING CHARACTER",
    "HIGH OCTET PRESET",
    "BREAK PERMITTED HERE",
    "NO BREAK HERE",
    "INDEX",
    "NEXT LINE",
    "START OF SELECTED AREA",
    "END OF SELECTED AREA",
    "CHARACTER TABULATION SET",
    "CHARACTER TABULATION WITH JUSTIFICATION",
    "LINE TABULATION SET",
    "PARTIAL LINE FORWARD",
    "PARTIAL LINE BACKWARD",
    "REVERSE LINE FEED",
    "SINGLE SHIFT TWO",
    "SINGLE SHIFT THREE",
    "DEVICE CONTROL STRING",
    "PRIVATE USE ONE",
    "PRIVATE USE TWO",
    "SET TRANSMIT STATE",
    "CANCEL CHARACTER",
    "MESSAGE WAITING",
    "START OF GUARDED AREA",
    "END OF GUARDED AREA",
    "START OF STRING",
    "SINGLE GRAPHIC CHARACTER INTRODUCER",
    "SINGLE CHARACTER INTRODUCER",
    "CONTROL SEQUENCE INTRODUCER",
    "STRING TERMINATOR",
    "OPERATING SYSTEM COMMAND",
    "PRIVACY MESSAGE",
    "APPLICATION PROGRAM COMMAND",
)


class HiddenCharacter:
    """One character that `visible()` would replace, and where it is. (A plain class: a
    NamedTuple compiles each of its annotations when it is defined, some 1.5 ms of every
    start.)"""

    __slots__ = ("code_point", "name", "offset")
    offset: Final[int]  # index into the text (code points)
    code_point: Final[int]
    name: Final[str]

    def __init__(self, offset: int, code_point: int, name: str) -> None:
        self.offset = offset
        self.code_point = code_point
        self.name = name

    def __repr__(self) -> str:
        return f"HiddenCharacter({self.offset}, {self.label})"

    @property
    def label(self) -> str:
        """`U+202E RIGHT-TO-LEFT OVERRIDE`: how messages name it."""
        return f"U+{self.code_point:04X} {self.name}"


def character_name(code_point: int) -> str:
    """The Unicode name, or the control's name (controls and surrogates have none)."""
    if code_point < 0x20:
        return _C0_NAMES[code_point]
    if code_point == 0x7F:
        return "DELETE"
    if 0x80 <= code_point <= 0x9F:
        return _C1_NAMES[code_point - 0x80]
    if 0xD800 <= code_point <= 0xDFFF:
        return "LONE SURROGATE"
    import unicodedata

    if unicodedata.category(chr(code_point)) == "Co":
        return "PRIVATE USE CHARACTER"
    return unicodedata.name(chr(code_point), "UNNAMED FORMAT CHARACTER")


@lru_cache(maxsize=512)
def _picture(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟: ␛ for ESC, ␍ for CR, ␊ for LF, ␉ for TAB
    if code == 0x7F:
        return "\u2421"  # ␡
    return f"<U+{code:04X}>"


def _replace(match: re.Match[str]) -> str:
    return _picture(match.group())


_CHUNK = 1 << 16
_ASCII_PRINTABLE = bytes(range(0x20, 0x7F))
_ASCII_MULTILINE = _ASCII_PRINTABLE + b"\t\n"


def _clean(text: str, multiline: bool) -> bool:
    """Whether `text` has nothing to replace, at C speed for the common case.

    Printable text (str.isprintable) holds no control, format, separator or surrogate
    character, and ASCII printable text nothing hidden at all; that check is several
    times faster than searching with the character class, and this runs on every line.
    Other printable text is searched: some hidden characters are printable to Python
    (combining marks, fillers, the braille blank).
    """
    if len(text) > _CHUNK and text.isascii():
        # Only C0 controls and DEL can hide in ASCII: delete every other byte, in C, and
        # see whether anything is left (3.5 times faster than the copies below on the
        # 3 MB of a large `list --json`; slower than them on a line). A chunk at a time:
        # a large settings file is not copied whole.
        kept = _ASCII_MULTILINE if multiline else _ASCII_PRINTABLE
        return not any(
            text[i : i + _CHUNK].encode("ascii").translate(None, kept)
            for i in range(0, len(text), _CHUNK)
        )
    if multiline and ("\n" in text or "\t" in text):
        text = text.replace("\n", "").replace("\t", "")
    if not text.isprintable():
        return False
    if text.isascii():
        return True
    return _printable_hidden().search(text) is None


def visible(text: str, *, multiline: bool = False) -> str:
    """`text` with every hidden character shown visibly instead of emitted.

    Use it on every piece of untrusted text before it reaches a terminal or a widget.
    `multiline=True` keeps newlines and tabs (a script preview, hook output); otherwise
    they are shown as `␊` and `␉` too, so one line of output stays one line.
    """
    if _clean(text, multiline):
        return text
    return _hidden(multiline).sub(_replace, text)


def iter_hidden(text: str, *, multiline: bool = False) -> Iterator[HiddenCharacter]:
    """The hidden characters of `text`, in order (lazily: a caller may stop at the first)."""
    if _clean(text, multiline):
        return
    pattern = _hidden(multiline)
    for match in pattern.finditer(text):
        code = ord(match.group())
        yield HiddenCharacter(match.start(), code, character_name(code))


def hidden_characters(text: str, *, multiline: bool = False) -> list[HiddenCharacter]:
    """Every character of `text` that `visible()` would replace: offset, code point, name."""
    return list(iter_hidden(text, multiline=multiline))


def has_hidden(text: str, *, multiline: bool = False) -> bool:
    return next(iter_hidden(text, multiline=multiline), None) is not None


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # a tag character: JSON writes it as a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _fields(value: Any) -> dict[str, Any]:
    """A dataclass's fields by name, in the order it declares them (json.dumps's
    `default`: called for what it cannot write itself)."""
    import dataclasses

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def json_text(value: Any, *, indent: int | None = None) -> str:
    """`value` (anything json.dumps takes, a dataclass, or a pydantic model) as exact
    JSON text; a dataclass's fields in the order it declares them (`scan`'s report).

    Non-ASCII text stays readable, but every hidden character is written as a `\\uXXXX`
    escape: JSON readers get the exact value back, a terminal shows an escape and never
    obeys a control, and a lone surrogate cannot make the UTF-8 write fail.
    """
    import json

    # A pydantic model exists only once pydantic is imported: plain data (and the rest of
    # this module, the display rule the dashboard's first paint and `--version` use) never
    # imports it.
    pydantic = sys.modules.get("pydantic")
    text: str
    if pydantic is not None and isinstance(value, pydantic.BaseModel) and indent is not None:
        from pydantic_core import PydanticSerializationError

        try:
            # pydantic's own serializer is several times faster on a big snapshot; it
            # refuses only what UTF-8 cannot encode (a lone surrogate).
            text = value.model_dump_json(indent=indent)
        except PydanticSerializationError:
            text = json.dumps(value.model_dump(mode="json"), ensure_ascii=False, indent=indent)
    else:
        if pydantic is not None and isinstance(value, pydantic.BaseModel):
            value = value.model_dump(mode="json")
        # A dataclass is written as it is met, field by field (not copied whole first by
        # `dataclasses.asdict`, deep copies of every string included).
        text = json.dumps(value, ensure_ascii=False, indent=indent, default=_fields)
    if text.isascii() and "\x7f" not in text:
        return text
    # json.dumps escapes C0 inside strings itself; a raw newline or tab here is the
    # indentation, never string content, so the multi-line class is the right one.
    return _hidden(True).sub(_json_escape, text)


def shorten(text: str, width: int) -> str:
    """`text` on one line (runs of white space folded), cut to `width` with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
