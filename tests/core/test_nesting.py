"""core.nesting: deep JSON is a parse error at the offending bracket, never a RecursionError."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from hookdash.core import jsonc, nesting
from hookdash.core.hosts.gemini.jsvalues import json_parse
from tests.hostile import DEEP


def nested(levels: int, opening: str = "[") -> str:
    """`levels` arrays, or objects {"a": …}, one inside the other."""
    if opening == "[":
        return "[" * levels + "0" + "]" * levels
    return '{"a": ' * levels + "0" + "}" * levels


def test_up_to_the_limit_parses() -> None:
    assert nesting.json_loads("[" * nesting.MAX_DEPTH + "]" * nesting.MAX_DEPTH) is not None
    assert nesting.json_loads(nested(nesting.MAX_DEPTH, "{")) is not None


@pytest.mark.parametrize("levels", [nesting.MAX_DEPTH + 1, 500, DEEP, 100_000])
@pytest.mark.parametrize("opening", ["[", "{"])
def test_deeper_is_a_decode_error_at_the_bracket(levels: int, opening: str) -> None:
    text = "\n" + nested(levels, opening)
    with pytest.raises(json.JSONDecodeError) as info:
        nesting.json_loads(text)
    assert isinstance(info.value, nesting.NestingTooDeepError)
    assert "nested more than 100 levels deep" in info.value.msg
    step = 1 if opening == "[" else len('{"a": ')
    assert (info.value.lineno, info.value.colno) == (2, nesting.MAX_DEPTH * step + 1)


def test_bytes_give_the_same_position() -> None:
    text = '["é",\n' + "[" * DEEP + "]" * DEEP + "]"
    with pytest.raises(nesting.NestingTooDeepError) as info:
        nesting.json_loads(text.encode())
    # the outer array is level 1; columns count characters, not bytes
    assert (info.value.lineno, info.value.colno) == (2, nesting.MAX_DEPTH)


def test_brackets_inside_strings_do_not_count() -> None:
    text = json.dumps({"a": "[" * 500, "b": ["{" * 500]})
    assert nesting.too_deep_at(text) is None
    assert nesting.json_loads(text)["a"] == "[" * 500


def test_settings_text_with_deep_nesting_is_a_located_parse_error() -> None:
    text = '{\n  // deep\n  "x": ' + "[" * DEEP + "]" * DEEP + "\n}"
    with pytest.raises(jsonc.JsonParseError) as info:
        jsonc.parse(text)
    assert info.value.too_deep
    # the root object is level 1: the 100th "[" opens level 101
    assert (info.value.line, info.value.column) == (3, 7 + nesting.MAX_DEPTH)


def test_hook_output_nested_too_deep_is_not_json_to_hookdash() -> None:
    with pytest.raises(ValueError):
        json_parse("[" * DEEP + "]" * DEEP)


@given(st.recursive(st.none() | st.integers() | st.text(), lambda c: st.lists(c, max_size=3)))
def test_deeper_than_agrees_with_the_text_scan(value: object) -> None:
    text = json.dumps(value)
    for limit in (1, 2, 3, 5):
        assert nesting.deeper_than(value, limit) == (nesting.too_deep_at(text, limit) is not None)


def _walked_depth(text: str) -> int:
    """The deepest running bracket count, one regex step per bracket (the exact walk)."""
    depth = deepest = 0
    for m in nesting._TO_BRACKET.finditer(text):
        depth += 1 if m.group(1) in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


_TRICKY = st.text(alphabet='[]{}"\\ax', max_size=6)


@given(
    st.recursive(
        st.none() | _TRICKY,
        lambda c: st.lists(c, max_size=3) | st.dictionaries(_TRICKY, c, max_size=3),
    ),
    st.integers(min_value=0, max_value=6),
)
def test_the_bracket_count_in_c_is_the_walks(value: object, limit: int) -> None:
    # `deepest` drops strings and text by regex and sums in C: on JSON whose strings hold
    # brackets, quotes and backslashes it must agree with the walk `too_deep_at` falls
    # back to for the offset. (In an array: of a bare string, the walk would count the
    # brackets inside it, having no bracket after it to stop at.)
    text = json.dumps([value], ensure_ascii=False)
    assert nesting.deepest(text) == _walked_depth(text)
    found = nesting.too_deep_at(text, limit)
    assert (found is None) == (_walked_depth(text) <= limit)
