"""The one rule for showing untrusted text (hookdash.core.display)."""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import assume, given, settings, strategies as st
from pydantic import BaseModel

from hookdash.core.display import (
    character_name,
    has_hidden,
    hidden_characters,
    json_text,
    visible,
)
from tests.conftest import examples
from tests.core.unicode_tables import (
    default_ignorable_ranges,
    is_default_ignorable,
    source_lines,
)


def is_hidden(char: str, multiline: bool = False) -> bool:
    """The classes the rule covers, defined independently of the module's regex: Unicode's
    Default_Ignorable_Code_Point comes from the `regex` package."""
    if multiline and char in "\n\t":
        return False
    code = ord(char)
    category = unicodedata.category(char)
    return (
        category in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")
        or is_default_ignorable(char)
        or code == 0x2800  # BRAILLE PATTERN BLANK
        or 0x13439 <= code <= 0x1343F  # Cf since Unicode 15, unassigned in Python 3.11's
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("plain ascii", "plain ascii"),
        ("ünïcödé ✓ 日本語 😀", "ünïcödé ✓ 日本語 😀"),
        ("n\x1b]0;PWN\x07\x1b[2J", "n␛]0;PWN␇␛[2J"),
        ("lint.sh\r\x1b[2K", "lint.sh␍␛[2K"),
        ("\x00\x7f", "␀␡"),
        ("a\u202eb\u2066c\u2069", "a<U+202E>b<U+2066>c<U+2069>"),
        ("zero\u200bwidth\ufeff\u00ad", "zero<U+200B>width<U+FEFF><U+00AD>"),
        ("c1\x9b31m\x85", "c1<U+009B>31m<U+0085>"),
        ("tag\U000e0041\U000e007f", "tag<U+E0041><U+E007F>"),
        ("sep\u2028\u2029", "sep<U+2028><U+2029>"),
        ("lone\ud800\udfff", "lone<U+D800><U+DFFF>"),
        ("filler\u3164name", "filler<U+3164>name"),
        # Default-ignorable, but printable to Python (marks, letters): shown since
        # the table came from Unicode's property, not a hand list.
        ("cgj\u034fx", "cgj<U+034F>x"),
        ("vs\ufe0f\ufe00", "vs<U+FE0F><U+FE00>"),
        ("vs\U000e0100\U000e01ef", "vs<U+E0100><U+E01EF>"),
        ("khmer\u17b4\u17b5", "khmer<U+17B4><U+17B5>"),
        ("mongol\u180b\u180f", "mongol<U+180B><U+180F>"),
        ("reserved\u2065\ufff0\U000e0fff", "reserved<U+2065><U+FFF0><U+E0FFF>"),
        ("braille\u2800blank", "braille<U+2800>blank"),
        ("two\nlines\tand tab", "two␊lines␉and tab"),
        ("", ""),
    ],
)
def test_single_line(text: str, shown: str) -> None:
    assert visible(text) == shown


def test_multiline_keeps_newline_and_tab_only() -> None:
    assert visible("a\n\tb\r\n\x1b[1G", multiline=True) == "a\n\tb␍\n␛[1G"
    assert visible("a\u2028b", multiline=True) == "a<U+2028>b"


def test_fast_path_returns_the_same_object() -> None:
    text = "./scripts/lint.sh --fix"
    assert visible(text) is text
    multi = "line one\nline two"
    assert visible(multi, multiline=True) is multi


def test_hidden_characters_offsets_and_names() -> None:
    found = hidden_characters("ok\x1b[2K\u202e\ud800\U000e0001")
    assert [(h.offset, h.code_point) for h in found] == [
        (2, 0x1B),
        (6, 0x202E),
        (7, 0xD800),
        (8, 0xE0001),
    ]
    assert [h.name for h in found] == [
        "ESCAPE",
        "RIGHT-TO-LEFT OVERRIDE",
        "LONE SURROGATE",
        "LANGUAGE TAG",
    ]
    assert found[1].label == "U+202E RIGHT-TO-LEFT OVERRIDE"
    assert hidden_characters("fine\ttext\n", multiline=True) == []
    assert [h.name for h in hidden_characters("\t\n")] == ["CHARACTER TABULATION", "LINE FEED"]
    assert has_hidden("\x9b") and not has_hidden("plain")


def test_private_use_code_points_are_hidden() -> None:
    # No standard glyph: the installed font decides, and an icon font hides text there.
    for code in (0xE000, 0xF8FF, 0xF0000, 0xFFFFD, 0x100000, 0x10FFFD):
        char = chr(code)
        assert visible(f"a{char}b") == f"a<U+{code:04X}>b"
        assert [h.name for h in hidden_characters(char)] == ["PRIVATE USE CHARACTER"]
    assert visible("\uf900") == "\uf900"  # a CJK compatibility ideograph, just past the block


def test_every_control_has_a_name() -> None:
    for code in [*range(0x20), 0x7F, *range(0x80, 0xA0)]:
        assert character_name(code).isupper()
    assert character_name(0x9B) == "CONTROL SEQUENCE INTRODUCER"
    assert character_name(0x0D) == "CARRIAGE RETURN"


def test_every_format_character_python_knows_is_covered() -> None:
    """The module hard-codes its classes (a scan of all code points at import would cost
    a second); this catches a Python whose Unicode database knows more."""
    missed = [
        f"U+{code:04X}"
        for code in range(sys.maxunicode + 1)
        if is_hidden(chr(code)) and visible(chr(code)) == chr(code)
    ]
    assert missed == []


def test_the_default_ignorable_table_is_unicodes() -> None:
    """display.py's table is what `python -m tests.core.unicode_tables` prints."""
    import hookdash.core.display as display

    source = Path(display.__file__).read_text(encoding="utf-8")
    table = source.split("_DEFAULT_IGNORABLE = (\n", 1)[1].split("\n)", 1)[0]
    assert table.splitlines() == source_lines(default_ignorable_ranges())


def test_nothing_else_is_touched() -> None:
    touched = [
        f"U+{code:04X}"
        for code in range(0x30000)
        if not is_hidden(chr(code)) and visible(chr(code)) != chr(code)
    ]
    assert touched == []


def _expected_picture(char: str) -> str:
    code = ord(char)
    if code < 0x20:
        return chr(0x2400 + code)
    return "\u2421" if code == 0x7F else f"<U+{code:04X}>"


# Strings made mostly of the dangerous classes, mixed with ordinary text.
_DANGEROUS = st.sampled_from(
    [
        *map(chr, range(0x20)),
        "\x7f",
        *map(chr, range(0x80, 0xA0)),
        "\u00ad",
        "\u061c",
        "\u200b",
        "\u200d",
        "\u200e",
        "\u202a",
        "\u202e",
        "\u2060",
        "\u2066",
        "\u2069",
        "\ufeff",
        "\u2028",
        "\u2029",
        "\ud800",
        "\udbff",
        "\udc00",
        "\U000e0001",
        "\U000e0041",
        "\u3164",
        "\u034f",
        "\ufe0f",
        "\U000e0100",
        "\u17b4",
        "\u2800",
        "␛",  # a picture in the input stays itself
        "<U+202E>",
    ]
)
_MIXED = st.lists(st.one_of(_DANGEROUS, st.text(max_size=5)), max_size=40).map("".join)
_ANY = st.one_of(_MIXED, st.text(alphabet=st.characters(codec=None)))


@settings(max_examples=examples(4))
@given(text=_ANY, multiline=st.booleans())
def test_property_no_hidden_character_survives(text: str, multiline: bool) -> None:
    shown = visible(text, multiline=multiline)
    assert not any(is_hidden(c, multiline) for c in shown)
    assert visible(shown, multiline=multiline) == shown  # stable
    # Every other character is kept, in order, and each hidden one becomes its picture.
    assert shown == "".join(_expected_picture(c) if is_hidden(c, multiline) else c for c in text)
    # Exactly the listed characters were replaced.
    assert len(hidden_characters(text, multiline=multiline)) == sum(
        is_hidden(c, multiline) for c in text
    )
    shown.encode("utf-8")  # never fails: no surrogate is left


_PAIR = re.compile(r"\\ud[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2}")


@settings(max_examples=examples(3))
@given(
    value=st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), _ANY),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(_ANY, inner, max_size=4)
        ),
        max_leaves=12,
    ),
    indent=st.sampled_from([None, 2]),
)
def test_property_json_text_is_exact_and_inert(value: object, indent: int | None) -> None:
    # A high then a low surrogate as two code points (a Python-only string: a JSON reader
    # combines `\ud800\udc00` into U+10000, so no file can hold them apart) has no exact
    # JSON form at all.
    assume(not _PAIR.search(json.dumps(value)))
    text = json_text(value, indent=indent)
    assert json.loads(text) == value  # exact: the reader gets the original back
    text.encode("utf-8")  # a lone surrogate never breaks the write
    structural = "\n" if indent else ""
    assert not any(is_hidden(c) and c not in structural for c in text)


def test_json_text_of_a_model() -> None:
    class Hook(BaseModel):
        name: str

    text = json_text(Hook(name="n\x1b]0;PWN\x07\ud800 é"), indent=2)
    assert text == '{\n  "name": "n\\u001b]0;PWN\\u0007\\ud800 é"\n}'
    assert json.loads(text) == {"name": "n\x1b]0;PWN\x07\ud800 é"}


@given(
    st.text(st.characters(max_codepoint=0x7F), max_size=40),
    st.integers(65_537, 140_000),
    st.booleans(),
)
def test_long_ascii_text_is_judged_like_short_text(piece: str, size: int, multiline: bool) -> None:
    """Past 64 KiB an ASCII text is checked by a byte-level fast path; it finds exactly what
    the per-character rule finds (a control anywhere, DEL; a newline or tab only when
    `multiline` does not keep them)."""
    from hookdash.core.display import _clean

    filler = "x" * (size - len(piece))
    for text in (filler + piece, piece + filler):
        plain = text.replace("\n", "").replace("\t", "") if multiline else text
        assert _clean(text, multiline) == plain.isprintable()
        shown = visible(text, multiline=multiline)
        assert (
            shown == filler + visible(piece, multiline=multiline)
            or shown == visible(piece, multiline=multiline) + filler
        )


def test_printable_ascii_compiles_no_character_class() -> None:
    """Most output is printable ASCII: it is let through without the hidden-character
    classes, which are compiled on the first text that needs them (not at import)."""
    import hookdash.core.display as display

    display._hidden.cache_clear()
    display._printable_hidden.cache_clear()
    assert visible('{"hooks": []}\n', multiline=True) == '{"hooks": []}\n'
    assert json_text({"a": "b"}, indent=2).isascii()
    assert display._hidden.cache_info().currsize == 0
    assert display._printable_hidden.cache_info().currsize == 0
    assert visible("a\x1bb") != "a\x1bb"  # and the rule is there when it is needed
