"""Large settings files: loading and editing cost a small multiple of the file, and the
memory-light paths (partial parse, path-limited maps, the walking check) agree with the
plain ones."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.hosts.gemini.switching.disabled_list import disable_hook, enable_hook
from tests.conftest import Sandbox, command_hook, definition, examples


def big_settings(servers: int) -> str:
    """Settings whose bulk is not hooks (here, many MCP servers), with a comment on top."""
    doc: dict[str, Any] = {
        "general": {"vimMode": True},
        "hooks": {"BeforeTool": [definition(command_hook("echo guard", name="guard"))]},
        "hooksConfig": {"disabled": ["old-one"]},
        "mcpServers": {
            f"server-{i}": {"command": "node", "args": [f"/opt/s{i}.js", "--port", str(i)]}
            for i in range(servers)
        },
    }
    return "// a large settings file\n" + json.dumps(doc, indent=2) + "\n"


def test_disable_and_enable_on_a_few_mb_file_stay_within_a_small_multiple(
    sandbox: Sandbox,
) -> None:
    path = sandbox.write_user(big_settings(30_000))  # about 3.5 MB
    size = path.stat().st_size
    assert size > 3_000_000
    tracemalloc.start()
    try:
        config = sandbox.load()
        load_current, load_peak = tracemalloc.get_traced_memory()
        tracemalloc.reset_peak()
        result = disable_hook(config, "guard")
        edit_peak = tracemalloc.get_traced_memory()[1] - load_current
        tracemalloc.reset_peak()
        config = sandbox.load()
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        enable_hook(config, "guard")
        enable_peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert result.changed
    # Python's own allocations, which tracemalloc counts as a string grows in place twice
    # (the old and the new block): the load holds the text and its comment-stripped copy,
    # an edit the bytes read, the old text and the new one. Before the fix: 80x and 100x.
    assert load_peak < 3.5 * size, load_peak / size
    assert load_current < 1.2 * size, load_current / size  # the text is let go
    assert edit_peak < 4.5 * size, edit_peak / size
    assert enable_peak < 4.5 * size, enable_peak / size
    text = path.read_text()
    assert '"disabled": [\n      "old-one"\n    ]' in text  # guard removed again, style kept


# ------------------------------------------------------------- the memory-light paths

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=4), children, max_size=4)
    ),
    max_leaves=25,
)


@given(st.text(alphabet='{}[]"a1,: \n\t-.e\\ntu/*', max_size=40))
@settings(max_examples=examples(5))
def test_the_walking_check_agrees_with_the_parser(text: str) -> None:
    try:
        json.loads(text)
        valid = True
    except (ValueError, RecursionError):
        valid = False
    try:
        jsonc._checked_walk(text)
        walked = True
    except jsonc._Invalid:
        walked = False
    assert walked == valid


@given(st.dictionaries(st.sampled_from(["a", "b", "c", "hooks"]), json_values, max_size=4))
def test_parse_keep_is_the_full_parse_restricted(value: dict[str, Any]) -> None:
    text = "// c\n" + json.dumps(value, indent=2)
    keep = {"a", "hooks"}
    full = jsonc.parse(text)
    assert jsonc.parse(text, keep=keep) == {k: v for k, v in full.items() if k in keep}


def test_parse_keep_repeated_keys_like_javascript() -> None:
    text = '{"a": 1, "b": 2, "a": 3}'
    assert list(jsonc.parse(text, keep={"a", "b"}).items()) == [("a", 3), ("b", 2)]
    assert jsonc.parse(text, keep={"a", "b"}) == json.loads(text)


@given(json_values, st.lists(st.sampled_from(["a", "b", "hooks", ""]), max_size=3))
def test_locate_path_is_the_full_locate_restricted(value: Any, path: list[str]) -> None:
    text = "/* c */" + json.dumps(value, indent=1)
    full = jsonc.locate(text)
    partial = jsonc.locate_path(text, path)
    for ptr, span in partial.items():
        assert full[ptr] == span, ptr
    # every value on the path that exists is there, with its children
    ptr = ""
    for key in path:
        child = ptr + "/" + jsonc.escape_pointer_token(key)
        if child not in full:
            break
        ptr = child
    children = [p for p in full if p.startswith(ptr + "/") and "/" not in p[len(ptr) + 1 :]]
    assert set(children) <= set(partial)


@given(json_values, st.lists(st.sampled_from(["a", "b", "hooks"]), max_size=3))
def test_value_at_agrees_with_walking_the_parsed_value(value: Any, path: list[str]) -> None:
    text = json.dumps(value)
    node: Any = json.loads(text)
    expected: tuple[bool, Any] = (True, node)
    for key in path:
        if not isinstance(node, dict) or key not in node:
            expected = (False, None)
            break
        node = node[key]
        expected = (True, node)
    assert jsonc.value_at(text, path) == expected


def test_line_finder_locates_only_what_is_asked_about() -> None:
    text = big_settings(50)
    finder = jsonc.LineFinder(text)
    hook_opens = text.rindex("{", 0, text.index('"type": "command"'))
    assert finder.line("/hooks/BeforeTool/0/hooks/0") == text.count("\n", 0, hook_opens) + 1
    assert finder.line("/mcpServers/server-7/args/0") is not None
    assert finder._located == {"hooks", "mcpServers"}


def test_line_index_counts_lines_in_blocks() -> None:
    text = "".join(f"line {i}\n" if i % 7 else "\n" for i in range(20_000))
    index = jsonc.LineIndex(text)
    for offset in (0, 1, 4095, 4096, 4097, 50_000, len(text) - 1, len(text)):
        assert index.line(offset) == text.count("\n", 0, offset) + 1


def test_comment_stripping_past_the_piece_limit() -> None:
    # More than the 4,096 pieces the comment scanner matches at a time, with escapes (the
    # slow path), before a comment and a string that looks like one.
    body = ",".join(f'"k{i}": "v\\\\{i}//"' for i in range(10_000))
    text = "{" + body + "} // end\n"
    stripped = jsonc.strip_comments(text)
    assert stripped == text.replace("// end", "      ")
    assert jsonc.comment_spans(text) == [(text.index("// end"), text.index("// end") + 6)]


def test_an_edit_of_a_large_file_keeps_every_other_byte(tmp_path: Path) -> None:
    text = big_settings(20_000)
    new = jsonedit.append_to_list(text, ("hooksConfig", "disabled"), "guard")
    cut = new.index('"old-one"') + len('"old-one"')
    assert new[:cut] == text[:cut]
    assert new[cut:].startswith(',\n      "guard"')
    assert new[cut + len(',\n      "guard"') :] == text[cut:]
    removed = jsonedit.remove_from_list(new, ("hooksConfig", "disabled"), 1)
    assert removed == text
    created = jsonedit.append_to_list(text, ("hooks", "disabled"), "x")
    assert jsonc.parse(created)["hooks"]["disabled"] == ["x"]


def test_a_root_removal_that_would_not_parse_is_refused() -> None:
    from hookdash.core.edit.editor.json_document import Document
    from hookdash.core.edit.editor.json_paths import JsonEditError
    from hookdash.core.edit.editor.json_splice import Edit
    from hookdash.core.edit.editor.json_verify import checked_root_removal

    text = '{"a": 1, "b": 2, "c": 3}'
    doc = Document(text, ())
    b = doc.span("/b")
    assert b.key_start is not None
    with pytest.raises(JsonEditError):  # the member without its comma: "1, , 3"
        checked_root_removal(doc, [Edit(b.key_start, b.end, "")], b)
    doc = Document(text, ())
    assert checked_root_removal(doc, [Edit(b.key_start, b.end + 2, "")], b) == '{"a": 1, "c": 3}'


def _walked_root(text: str) -> list[jsonc.Member]:
    """The root members of `text` walked afresh (no memo)."""
    from hookdash.core.jsonc.large_text import LARGE

    LARGE.forget()
    return jsonc.members(jsonc.strip_comments(text))


@pytest.mark.parametrize("place", ["first", "middle", "last"])
def test_root_members_derived_after_an_edit_are_the_walked_ones(place: str) -> None:
    """An edit hands the next one the root members of the text it made (shifted from the
    old text's), instead of a walk of the whole file: they must be exactly the walk's."""
    bulk = json.loads(big_settings(12_000).split("\n", 1)[1])
    config = {"hooksConfig": {"disabled": ["old-one"]}}
    order = {"first": [config, bulk], "middle": [{"a": 1}, config, bulk], "last": [bulk, config]}
    doc: dict[str, Any] = {}
    for part in order[place]:
        doc.update(part)
    text = "/* top */\n" + json.dumps(doc, indent=2).replace('"old-one"', '"old-one" // kept')
    steps = [
        lambda t: jsonedit.append_to_list(t, ("hooksConfig", "disabled"), "guard"),
        lambda t: jsonedit.remove_from_list(t, ("hooksConfig", "disabled"), 1),
        lambda t: jsonedit.remove_member(t, ("hooksConfig",)),
    ]
    from hookdash.core.jsonc.large_text import LARGE, fingerprint

    for step in steps:
        text = step(text)
        pending = LARGE.pending_root()
        assert pending is not None  # handed on, not to be walked
        assert pending[0] == fingerprint(text)
        derived = jsonc.members(jsonc.strip_comments(text))
        assert derived == _walked_root(text)
    assert "hooksConfig" not in text


def test_a_root_removal_next_to_a_repeated_key() -> None:
    """Another member's key repeated is kept as it was; the removed member's own twin
    would take its place, so that removal is refused."""
    assert jsonedit.remove_member('{"a": 1, "x": 2, "a": 3}', ("x",)) == '{"a": 1, "a": 3}'
    with pytest.raises(JsonEditError):
        jsonedit.remove_member('{"x": 1, "b": 2, "x": 3}', ("x",))
