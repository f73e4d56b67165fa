"""How hookdash.core.display's Default_Ignorable_Code_Point table was made, and the
oracle its tests check it against: the `regex` package's \\p{Default_Ignorable_Code_Point}
(Unicode's DerivedCoreProperties.txt; a test dependency only — hookdash itself ships the
table, since Python's unicodedata lacks the property).

    .venv/bin/python -m tests.core.unicode_tables    # prints the table's source lines
"""

from __future__ import annotations

import regex

_DEFAULT_IGNORABLE = regex.compile(r"\p{Default_Ignorable_Code_Point}")


def is_default_ignorable(char: str) -> bool:
    return _DEFAULT_IGNORABLE.match(char) is not None


def default_ignorable_ranges() -> list[tuple[int, int]]:
    """Every default-ignorable code point, as inclusive ranges."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF or not is_default_ignorable(chr(code)):
            continue
        if ranges and ranges[-1][1] == code - 1:
            ranges[-1] = (ranges[-1][0], code)
        else:
            ranges.append((code, code))
    return ranges


def _escape(code: int) -> str:
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def source_lines(ranges: list[tuple[int, int]]) -> list[str]:
    """The ranges as the string literal lines of display.py's table."""
    return [
        f'    "{_escape(lo)}"' if lo == hi else f'    "{_escape(lo)}-{_escape(hi)}"'
        for lo, hi in ranges
    ]


if __name__ == "__main__":
    print(f"# regex {regex.__version__}")
    print("_DEFAULT_IGNORABLE = (")
    print("\n".join(source_lines(default_ignorable_ranges())))
    print(")")
