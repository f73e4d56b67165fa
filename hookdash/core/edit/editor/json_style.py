"""The style of a JSON-with-comments text: line ends, indent unit, separators.

An edit writes new text the way the file around it is written (see `jsonedit`), so the
style is read from the text itself rather than assumed.
"""

from __future__ import annotations

import re

from hookdash.core import jsonc

DEFAULT_INDENT = "  "  # Gemini's own writer: JSON.stringify(obj, null, 2)


_NON_WS = re.compile(r"\S")


def is_blank(text: str) -> bool:
    """True for an empty file, or one holding only whitespace and comments."""
    return _NON_WS.search(jsonc.strip_comments(text)) is None


def newline_of(text: str) -> str:
    """The file's line end: CRLF when most lines end that way, else LF."""
    crlf = text.count("\r\n")
    return "\r\n" if crlf and crlf * 2 >= text.count("\n") else "\n"


def kind_of_text(first: str) -> str:
    """What a JSON value is, from its first character."""
    return {
        "{": "an object",
        "[": "a list",
        '"': "a string",
        "t": "a boolean",
        "f": "a boolean",
        "n": "null",
    }.get(first, "a number")


# The style of a file (indent unit, separators) is read from at most its first 256 KiB:
# the whole of any real settings file, and bounded work and memory for a huge one (reading
# the style of all of a 50 MB file took twice its size in line objects).
_STYLE_SAMPLE = 256 << 10


def style_sample(stripped: str) -> str:
    """The part of the text the style is read from (ends at a line end)."""
    if len(stripped) <= _STYLE_SAMPLE:
        return stripped
    cut = stripped.rfind("\n", 0, _STYLE_SAMPLE)
    return stripped[: cut if cut > 0 else _STYLE_SAMPLE]


def indent_unit(stripped: str) -> str:
    """The file's indent step: a tab if lines are tab-indented, else the smallest run of
    leading spaces on a line that holds JSON (comment-only lines are blank once stripped)."""
    smallest = 0
    for line in stripped.splitlines():
        content = line.lstrip(" \t")
        if not content or len(content) == len(line):
            continue
        lead = line[: len(line) - len(content)]
        if lead[0] == "\t":
            return "\t"
        if smallest == 0 or len(lead) < smallest:
            smallest = len(lead)
    return " " * smallest if smallest else DEFAULT_INDENT


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def separators(stripped: str) -> tuple[str, str]:
    """The file's separators on one line: `", "` and `": "`, or a minified file's `,` `:`."""
    bare = _STRING.sub('""', stripped)
    spaced = len(re.findall(r",[ \t]", bare))
    tight = len(re.findall(r",[^\s]", bare))
    comma = "," if tight > spaced else ", "
    colon = ":" if ":" in bare and not re.search(r":\s", bare) else ": "
    return comma, colon


def line_indent(text: str, pos: int) -> str:
    """The spaces and tabs that open the line holding `pos`."""
    start = text.rfind("\n", 0, pos) + 1
    end = start
    while end < len(text) and text[end] in " \t":
        end += 1
    return text[start:end]


def is_hspace(text: str) -> bool:
    return all(c in " \t" for c in text)


def blank_as_object(text: str) -> str:
    """The text of a blank (empty, whitespace- or comment-only) file with `{}` added.

    Gemini refuses such a file; an edit may start from `{}` instead. Comments are kept and
    the object goes after them; a whitespace-only file is replaced.
    """
    nl = newline_of(text)
    if not text.strip():
        return "{}" + (nl if text.endswith("\n") else "")
    return text + ("" if text.endswith("\n") else nl) + "{}" + (nl if text.endswith("\n") else "")
