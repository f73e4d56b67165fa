from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, strategies as st

from hookdash.core import jsonc
from hookdash.core.jsonc.large_text import BIG


def test_comments_become_whitespace_and_offsets_are_kept() -> None:
    text = '{\n  // line "quoted"\n  "a": 1, /* block\n */ "b": "http://x/*y*/"\n}'
    stripped = jsonc.strip_comments(text)
    assert len(stripped) == len(text)
    assert stripped.count("\n") == text.count("\n")
    assert json.loads(stripped) == {"a": 1, "b": "http://x/*y*/"}


def test_crlf_line_comment() -> None:
    assert jsonc.parse('{"a": 1 // c\r\n}') == {"a": 1}


def test_unterminated_block_comment_strips_to_end() -> None:
    assert jsonc.strip_comments('{} /* never closed "x"') == "{}" + " " * 20


def test_escaped_quote_inside_string_does_not_end_it() -> None:
    assert jsonc.parse('{"a": "say \\"//hi\\"" // c\n}') == {"a": 'say "//hi"'}


def test_slash_star_slash_is_not_a_closed_comment() -> None:
    # strip-json-comments skips the '*' of '/*' before looking for '*/'.
    with pytest.raises(jsonc.JsonParseError):
        jsonc.parse('{"a": 1 /*/ }')


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment"),
    [
        ('{\n  "a": 1,\n}', 2, 9, "trailing comma"),
        ("[1,\n2,\n]", 2, 2, "trailing comma"),
        ("\ufeff{}", 1, 1, "byte order mark"),
        ("", 1, 1, "empty"),
        ("   \n", 1, 1, "empty"),
        ('{"a" 1}', 1, 6, "expecting ':'"),
        ("{} {}", 1, 4, "after the end"),
    ],
)
def test_errors_have_line_and_column(text: str, line: int, column: int, fragment: str) -> None:
    with pytest.raises(jsonc.JsonParseError) as info:
        jsonc.parse(text)
    assert info.value.line == line
    assert info.value.column == column
    assert fragment in info.value.message


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}'])
def test_javascript_rejects_non_finite_numbers(text: str) -> None:
    with pytest.raises(jsonc.JsonParseError):
        jsonc.parse(text)


def test_comments_not_allowed_when_asked() -> None:
    with pytest.raises(jsonc.JsonParseError):
        jsonc.parse('{"a": 1 // c\n}', comments=False)


def test_locate_gives_spans_of_every_value() -> None:
    text = '{\n  "hooks": { // c\n    "BeforeTool": [ {"hooks": [ {"command": "x"} ]} ]\n  }\n}'
    spans = jsonc.locate(text)
    span = spans["/hooks/BeforeTool/0/hooks/0/command"]
    assert text[span.start : span.end] == '"x"'
    assert text[span.key_start : span.key_start + 9] == '"command"'  # type: ignore[operator]
    whole = spans["/hooks/BeforeTool"]
    assert text[whole.start] == "[" and text[whole.end - 1] == "]"
    assert spans[""].start == 0 and spans[""].end == len(text)


def test_locate_escapes_pointer_tokens() -> None:
    spans = jsonc.locate('{"a/b": {"c~d": 1}}')
    assert "/a~1b/c~0d" in spans


def test_line_index() -> None:
    index = jsonc.LineIndex("a\nbb\n\nc")
    assert [index.line(i) for i in (0, 1, 2, 4, 5, 6)] == [1, 1, 2, 2, 3, 4]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_locate_agrees_with_the_parser(value: object) -> None:
    text = json.dumps(value, indent=1)
    spans = jsonc.locate(text)

    def walk(v: object, ptr: str) -> None:
        span = spans[ptr]
        assert json.loads(text[span.start : span.end]) == v
        if isinstance(v, dict):
            for k, child in v.items():
                walk(child, ptr + "/" + jsonc.escape_pointer_token(k))
        elif isinstance(v, list):
            for i, child in enumerate(v):
                walk(child, f"{ptr}/{i}")

    walk(value, "")


@given(json_values, st.integers(min_value=0, max_value=4))
def test_shallow_locate_is_the_top_of_the_full_one(value: object, depth: int) -> None:
    text = "// c\n" + json.dumps(value, indent=2)
    full = jsonc.locate(text)
    shallow = jsonc.locate(text, max_depth=depth)
    assert shallow == {p: s for p, s in full.items() if p.count("/") <= depth}


def test_line_finder_reaches_deep_pointers() -> None:
    text = '{\n "a": {\n  "b": {\n   "c": {\n    "d": {\n     "e": {\n      "f": 1}}}}}}'
    finder = jsonc.LineFinder(text, depth=2)
    assert finder.line("/a/b") == 3
    assert finder.line("/a/b/c/d/e/f") == 7
    assert finder.line("/nope") is None


def _reference_strip(s: str) -> str:
    """strip-json-comments 3.1.1, ported character by character (the JS original's loop)."""

    def blank(a: int, b: int | None = None) -> str:
        return re.sub(r"\S", " ", s[a:b])

    def escaped(q: int) -> bool:
        k, count = q - 1, 0
        while k >= 0 and s[k] == "\\":
            k, count = k - 1, count + 1
        return count % 2 == 1

    in_string, comment, offset, result, i = False, "", 0, "", 0
    while i < len(s):
        cur, nxt = s[i], s[i + 1 : i + 2]
        if not comment and cur == '"' and not escaped(i):
            in_string = not in_string
        if in_string:
            i += 1
            continue
        if not comment and cur + nxt == "//":
            result, offset, comment = result + s[offset:i], i, "line"
            i += 1
        elif comment == "line" and cur + nxt == "\r\n":
            i += 1
            comment, result, offset = "", result + blank(offset, i), i
            i += 1
            continue
        elif comment == "line" and cur == "\n":
            comment, result, offset = "", result + blank(offset, i), i
        elif not comment and cur + nxt == "/*":
            result, offset, comment = result + s[offset:i], i, "block"
            i += 2
            continue
        elif comment == "block" and cur + nxt == "*/":
            i += 1
            comment, result, offset = "", result + blank(offset, i + 1), i + 1
            i += 1
            continue
        i += 1
    return result + (blank(offset) if comment else s[offset:])


@given(st.text(alphabet='ab "\\/*\n\r{}:,', max_size=40))
def test_strip_comments_matches_the_javascript_original(text: str) -> None:
    ours, reference = jsonc.strip_comments(text), _reference_strip(text)
    if "\\" not in text:
        assert ours == reference
    else:
        # They part only after a backslash outside a string, which JSON.parse rejects
        # anyway; so whenever the original's result is valid JSON, ours is the same.
        try:
            json.loads(reference)
        except ValueError:
            return
        assert ours == reference


class _CountingText(str):
    """A text that counts the substring scans made of it (`"//" in text`)."""

    scans = 0

    def __contains__(self, part: object) -> bool:
        type(self).scans += 1
        return super().__contains__(part)  # type: ignore[operator]


@pytest.mark.parametrize("comment", ["", "// the last line\n"])
def test_a_large_text_is_scanned_for_comments_once_not_once_per_hook(comment: str) -> None:
    # A load asks for the line of every hook: a scan of a 1.6 MB file per hook made 6,000
    # hooks take 35 s (quadratic). Comment-free or not, the text is scanned once.
    groups = [{"hooks": [{"type": "command", "command": f"echo {i:>60}"}]} for i in range(6000)]
    text = _CountingText(json.dumps({"hooks": {"BeforeTool": groups}}, indent=2) + comment)
    assert len(text) > BIG
    _CountingText.scans = 0
    finder = jsonc.LineFinder(text)
    try:
        lines = [finder.line(f"/hooks/BeforeTool/{i}/hooks/0") for i in range(0, 6000, 60)]
        again = [jsonc.strip_comments(text) for _ in range(100)]
    finally:
        jsonc.release()
    assert lines[1] is not None and lines[1] > lines[0]
    assert all(a is again[0] for a in again)
    assert _CountingText.scans <= 2


def test_large_text_memo_is_one_owner_safe_across_threads() -> None:
    """The loading thread and an edit can ask about large texts at once: each answer is
    about the text asked for (no torn read of another thread's slot)."""
    import threading

    from hookdash.core.jsonc.large_text import BIG, LARGE

    texts = [f"// c{i}\n" + f'{{"k": {i}}}' + " " * BIG for i in range(4)]
    wrong: list[int] = []

    def ask(i: int) -> None:
        for _ in range(50):
            stripped = jsonc.strip_comments(texts[i])
            if not stripped.lstrip().startswith(f'{{"k": {i}}}'):
                wrong.append(i)
            if LARGE.original_of(stripped) not in (texts[i], stripped):
                wrong.append(i)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    LARGE.forget()
    assert wrong == []


_KEYS = st.sampled_from(["command", "name", "a\\b", 'q"', "comm/and", "", "é", "x~y"])
_FLAT = st.one_of(st.none(), st.booleans(), st.integers(), st.sampled_from(
    ["command", '"command":', "\\", '\\"command\\": 1', "{", "[x]", "é"]))  # fmt: skip
_HOOK = st.dictionaries(_KEYS, st.one_of(_FLAT, st.lists(_FLAT, max_size=2),
                        st.dictionaries(_KEYS, _FLAT, max_size=2)), max_size=5)  # fmt: skip


@given(st.lists(_HOOK, max_size=4), st.booleans(), st.sampled_from([None, 0, 2]))
def test_a_member_below_the_mapped_depth_is_where_the_full_map_has_it(
    hooks: list[dict[str, object]], ascii_only: bool, indent: int | None
) -> None:
    # A hook's `command` one level below the mapped depth is searched for in its object,
    # not found by tokenizing the file: the answer is the full map's (escaped keys,
    # strings that read like keys, nested containers, repeated keys).
    body = json.dumps({"h": [{"hooks": hooks}]}, indent=indent, ensure_ascii=ascii_only)
    text = body[:-1] + ', "z": {"command": 1, "command": 2}}'  # a repeated key: the last wins
    full = jsonc.locate(text)
    for depth in (1, 2, 4):
        finder = jsonc.LineFinder(text, depth=depth)
        for ptr, span in full.items():
            if ptr.count("/") > depth:
                assert finder.span(ptr) == span, (depth, ptr)
        for absent in ("/h/0/hooks/0/nope", "/h/0/hooks/9/command", "/z/nope", "/h/0/x/y"):
            assert finder.span(absent) is None


def test_the_commands_of_flat_hooks_are_found_without_tokenizing_the_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hookdash.core.jsonc import lines, spans

    tokenized: list[str] = []

    def locate_full(*args: Any) -> dict[str, jsonc.Span]:
        tokenized.append(args[2])
        return spans.locate_full(*args)

    monkeypatch.setattr(lines, "locate_full", locate_full)
    hooks: list[dict[str, Any]] = [
        {"type": "command", "command": f"echo {i}", "name": f"h{i}"} for i in range(50)
    ]
    hooks[7]["env"] = {"command": "not this one"}  # a nested object: that hook alone is mapped
    text = json.dumps({"hooks": {"BeforeTool": [{"hooks": hooks}]}}, indent=2)
    finder = jsonc.LineFinder(text)
    got = [finder.line(f"/hooks/BeforeTool/0/hooks/{i}/command") for i in range(50)]
    full = jsonc.locate(text)
    index = jsonc.LineIndex(text)
    key_start = [full[f"/hooks/BeforeTool/0/hooks/{i}/command"].key_start for i in range(50)]
    assert got == [index.line(k) for k in key_start if k is not None]
    assert tokenized == ["/hooks/BeforeTool/0/hooks/7"]
