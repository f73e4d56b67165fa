"""Property tests: random settings documents in random styles, random toggles.

For every generated document and edit:
- the result parses the way Gemini parses it (`jsonc.parse`) to exactly the intended
  document: the list holds what it should, nothing else changed;
- every byte outside the edited list (or, when the list is created, outside the object
  that receives it) is identical, and inside it only the item, commas and whitespace
  were added or removed;
- every comment of the original is still there, unchanged.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from hookdash.core import jsonc
from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.hook_text import NewHook, add_hook, add_hooks
from hookdash.core.edit.editor.json_paths import JsonEditError
from hookdash.core.edit.editor.settings_file import SettingsFile
from hookdash.core.errors import UnsupportedShapeError
from hookdash.core.hosts.gemini.expand import expand_settings_string
from hookdash.core.hosts.gemini.switching.disabled_text import add_entry, remove_entry
from tests.conftest import examples

# A longer soak: HOOKDASH_PROPERTY_EXAMPLES=5000 pytest tests/core/edit/test_jsonedit_properties.py
EXAMPLES = examples()

# ---------------------------------------------------------------- document values

TEXT = st.lists(
    st.sampled_from([*'ab é日🚀"\\/*,:[]{}\t\n', "//", "/*", "*/", "\u2028", "\x7f"]),
    max_size=6,
).map("".join)
ENTRY = st.one_of(st.sampled_from(["x", "y", "guard", "./fmt.sh --check", "$HOME/x"]), TEXT)
SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), TEXT)
KEYS = st.sampled_from(["model", "ui", "a/b", "~x", "ünï", "hooksConfig", "hooks", "disabled"])
ANY = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=8,
)
STRING_LIST = st.lists(ENTRY, max_size=4)


@st.composite
def settings_value(draw: st.DrawFn) -> dict[str, Any]:
    """A settings object where the disabled lists exist, are missing, or have odd types."""
    doc: dict[str, Any] = draw(
        st.dictionaries(st.sampled_from(["model", "ui", "x"]), ANY, max_size=3)
    )
    for section in ("hooksConfig", "hooks"):
        kind = draw(st.sampled_from(["missing", "object", "object", "object", "wrong"]))
        if kind == "missing":
            continue
        if kind == "wrong":
            doc[section] = draw(SCALAR | st.lists(SCALAR, max_size=2))
            continue
        obj: dict[str, Any] = draw(
            st.dictionaries(st.sampled_from(["enabled", "BeforeTool", "other"]), ANY, max_size=2)
        )
        shape = draw(st.sampled_from(["missing", "list", "list", "list", "wrong"]))
        if shape == "list":
            obj["disabled"] = draw(STRING_LIST)
        elif shape == "wrong":
            obj["disabled"] = draw(SCALAR | st.dictionaries(KEYS, SCALAR, max_size=1))
        if draw(st.booleans()):  # key order varies too
            obj = dict(reversed(list(obj.items())))
        doc[section] = obj
    keys = list(doc)
    order = draw(st.permutations(keys))
    return {k: doc[k] for k in order}


# ---------------------------------------------------------------- random formatting


class Style:
    def __init__(self, draw: st.DrawFn):
        self.draw = draw
        self.nl = draw(st.sampled_from(["\n", "\r\n"]))
        self.unit = draw(st.sampled_from(["  ", "    ", "\t", " "]))
        self.comments = draw(st.booleans())

    def hspace(self) -> str:
        return self.draw(st.sampled_from(["", "", " ", "  ", "\t"]))

    def inline_gap(self) -> str:
        """Whitespace, maybe with a block comment, that can sit anywhere on one line."""
        gap = self.hspace()
        if self.comments and self.draw(st.integers(0, 4)) == 0:
            body = self.draw(st.sampled_from(["c", ' ] , " // ', "multi\nline", "}{", "*"]))
            gap += "/*" + body.replace("\n", self.nl) + "*/" + self.hspace()
        return gap

    def line_end(self) -> str:
        """The end of a line: trailing spaces, maybe a line comment, the newline."""
        end = self.draw(st.sampled_from(["", "", " ", "\t  "]))
        if self.comments and self.draw(st.integers(0, 3)) == 0:
            end += self.draw(st.sampled_from([" // note", "// ] , {", " /* c */", "//"]))
        return end + self.nl

    def fmt(self, value: Any, indent: str) -> str:
        if isinstance(value, dict | list) and value:
            multiline = self.draw(st.booleans())
            items = (
                [json.dumps(k, ensure_ascii=False) + self.inline_gap() + ":" + self.inline_gap()
                 + self.fmt(v, indent + self.unit) for k, v in value.items()]
                if isinstance(value, dict)
                else [self.fmt(v, indent + self.unit) for v in value]
            )  # fmt: skip
            open_, close = "{}" if isinstance(value, dict) else "[]"
            if multiline:
                inner = indent + self.unit
                body = open_ + self.line_end()
                for i, item in enumerate(items):
                    comma = "," if i < len(items) - 1 else ""
                    body += inner + item + self.inline_gap() + comma + self.line_end()
                return body + indent + close
            parts = [self.inline_gap() + item + self.inline_gap() for item in items]
            return open_ + ",".join(parts) + close
        if isinstance(value, dict | list):
            return (
                ("{" if isinstance(value, dict) else "[")
                + self.inline_gap()
                + ("}" if isinstance(value, dict) else "]")
            )
        return json.dumps(value, ensure_ascii=self.draw(st.booleans()))


@st.composite
def document(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    value = draw(settings_value())
    style = Style(draw)
    lead = style.inline_gap() + (style.line_end() if draw(st.booleans()) else "")
    tail = draw(st.sampled_from(["", style.nl, style.line_end(), "  " + style.nl]))
    text = lead + style.fmt(value, "") + tail
    assert jsonc.parse(text) == value  # the generator writes valid JSONC
    return text, value


# ---------------------------------------------------------------- checks


def comments(text: str) -> list[str]:
    return sorted(text[a:b].rstrip("\r") for a, b in jsonc.comment_spans(text))


def changed_region(before: str, after: str) -> tuple[int, int, int]:
    """(start, end in before, end in after) of the part that differs."""
    p = 0
    limit = min(len(before), len(after))
    while p < limit and before[p] == after[p]:
        p += 1
    q = 0
    while q < limit - p and before[-1 - q] == after[-1 - q]:
        q += 1
    return p, len(before) - q, len(after) - q


def is_subsequence(small: str, big: str) -> bool:
    it = iter(big)
    return all(c in it for c in small)


def container_pointer(value: Any, path: tuple[str, ...]) -> str:
    """The deepest existing container on `path`: what an append edits."""
    node, ptr = value, ""
    for key in path:
        if not isinstance(node, dict) or key not in node:
            break
        node, ptr = node[key], ptr + "/" + jsonc.escape_pointer_token(key)
    return ptr


def shape_ok(value: Any, path: tuple[str, ...]) -> bool:
    node = value
    for key in path:
        if not isinstance(node, dict):
            return False
        if key not in node:
            return True
        node = node[key]
    return isinstance(node, list)


def check_splice(before: str, after: str, ptr: str, *, added: str | None) -> None:
    """Only the container at `ptr` changed, and only by the item, commas and whitespace."""
    span = jsonc.locate(before)[ptr]
    start, end_before, end_after = changed_region(before, after)
    assert span.start <= start and end_before <= span.end, "bytes outside the list changed"
    old, new = before[start:end_before], after[start:end_after]
    whitespace = set(" \t\r\n,")
    if added is None:  # a removal: characters only go away
        assert is_subsequence(new, old)
    else:
        assert not (Counter(added) - Counter(new)), "the item's text was not inserted"
        besides = Counter(new) - Counter(added)
        gone = Counter(old) - besides
        assert set(gone) <= set(" \t\r\n"), "only whitespace inside an empty [] may go"
        # Besides the item: commas, whitespace, and the keys/brackets of a new member.
        rest = besides - Counter(old)
        assert set(rest) <= whitespace | set('{}[]":' + "hooksConfigdisabled")
    assert comments(before) == comments(after)


PATHS = [("hooksConfig", "disabled"), ("hooks", "disabled")]


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(document(), ENTRY, st.sampled_from(PATHS))
def test_append_changes_only_the_list(
    doc: tuple[str, dict[str, Any]], item: str, path: tuple[str, str]
) -> None:
    text, value = doc
    if not shape_ok(value, path):
        try:
            jsonedit.append_to_list(text, path, item)
        except JsonEditError:
            return
        raise AssertionError("a wrong shape must be refused")
    after = jsonedit.append_to_list(text, path, item)
    expected = copy.deepcopy(value)
    node = expected
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node.setdefault(path[-1], []).append(item)
    assert jsonc.parse(after) == expected
    rendered = json.dumps(item, ensure_ascii=False)
    check_splice(text, after, container_pointer(value, path), added=rendered)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(document(), st.sampled_from(PATHS), st.data())
def test_remove_changes_only_the_list(
    doc: tuple[str, dict[str, Any]], path: tuple[str, str], data: st.DataObject
) -> None:
    text, value = doc
    node = value.get(path[0])
    items = node.get(path[1]) if isinstance(node, dict) else None
    assume(isinstance(items, list) and items)
    assert isinstance(items, list)
    index = data.draw(st.integers(0, len(items) - 1))
    after = jsonedit.remove_from_list(text, path, index)
    expected = copy.deepcopy(value)
    del expected[path[0]][path[1]][index]
    assert jsonc.parse(after) == expected
    check_splice(text, after, jsonc.pointer(*path), added=None)


@settings(
    max_examples=examples(0.75),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(document(), ENTRY, st.sampled_from(["auto", "hooks", "hooksConfig"]))
def test_toggle_round_trip(doc: tuple[str, dict[str, Any]], entry: str, key: Any) -> None:
    """disable then enable: the lists hold the entry exactly once, then not at all, and
    every other value of the document is untouched throughout."""
    text, value = doc
    env: dict[str, str] = {"HOME": "/home/me"}
    assume(expand_settings_string(entry, env) == entry)  # disable_hook refuses the others
    try:
        disabled = add_entry(text, entry, key, SettingsFile("user", "f", "f", env))
    except UnsupportedShapeError:
        targets = [("hooks", "disabled")] if key == "hooks" else [("hooksConfig", "disabled")]
        if key == "auto" and isinstance(value.get("hooks"), dict):
            targets.append(("hooks", "disabled"))
        assert not all(shape_ok(value, p) for p in targets)
        return
    after = jsonc.parse(disabled.text) if disabled.text is not None else value
    lists = {p: after.get(p[0], {}).get(p[1]) for p in PATHS if isinstance(after.get(p[0]), dict)}
    written = [p for p in PATHS if p[0] == ("hooks" if key == "hooks" else "hooksConfig")]
    for p in written:
        assert any(
            isinstance(e, str)
            and e.replace("$HOME", "/home/me") == entry.replace("$HOME", "/home/me")
            for e in lists[p]
        )
    for k in value:
        if k not in ("hooks", "hooksConfig"):
            assert after[k] == value[k]
    try:
        enabled = remove_entry(
            disabled.text or text, entry, "auto", SettingsFile("user", "f", "f", env)
        )
    except UnsupportedShapeError:
        # Refused only for a bare string that is the entry itself (not a list to edit).
        assert any(
            isinstance(after.get(p[0]), dict) and after[p[0]].get(p[1]) == entry for p in PATHS
        )
        return
    final = jsonc.parse(enabled.text or disabled.text or text)
    for p in PATHS:
        parent = final.get(p[0])
        items = parent.get(p[1]) if isinstance(parent, dict) else None
        if isinstance(items, list):
            assert all(
                not isinstance(e, str)
                or expand_settings_string(e, env) != expand_settings_string(entry, env)
                for e in items
            )
    assert comments(text) == comments(enabled.text or disabled.text or text)


# ------------------------------------------------------- many items in one splice


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(document(), st.lists(ENTRY, max_size=4), st.sampled_from(PATHS))
def test_extend_appends_every_item_in_one_splice(
    doc: tuple[str, dict[str, Any]], items: list[str], path: tuple[str, str]
) -> None:
    """`extend_list` refuses what `append_to_list` refuses, and otherwise gives the
    document one append per item gives, changing only the list (its style decided once,
    from the file as it was: appends one at a time may change their mind half-way, as a
    list on one line whose last item spans lines)."""
    text, value = doc
    try:
        one_by_one = text
        for item in items:
            one_by_one = jsonedit.append_to_list(one_by_one, path, item)
    except JsonEditError as exc:
        try:
            jsonedit.extend_list(text, path, items)
        except JsonEditError as refused:
            assert refused.message == exc.message
            return
        raise AssertionError("a shape refused one at a time must be refused at once") from None
    after = jsonedit.extend_list(text, path, items)
    assert jsonc.parse(after) == jsonc.parse(one_by_one)
    if items:
        added = "".join(json.dumps(i, ensure_ascii=False) for i in items)
        check_splice(text, after, container_pointer(value, path), added=added)
    else:
        assert after == text


MATCHERS = st.sampled_from([None, "", "a", "b", 1])


@st.composite
def hooks_document(draw: st.DrawFn) -> str:
    """Settings whose events hold definitions with and without matchers and flags."""
    events: dict[str, Any] = {}
    for event in draw(st.lists(st.sampled_from(["BeforeTool", "AfterTool"]), unique=True)):
        definitions = []
        for _ in range(draw(st.integers(0, 3))):
            d: dict[str, Any] = {}
            matcher = draw(MATCHERS)
            if matcher is not None:
                d["matcher"] = matcher
            if draw(st.booleans()):
                d["sequential"] = draw(st.sampled_from([True, False, "true"]))
            d["hooks"] = draw(st.lists(st.fixed_dictionaries({"command": TEXT}), max_size=2))
            definitions.append(d)
        events[event] = definitions
    value: dict[str, Any] = {"hooks": events} if draw(st.booleans()) or events else {}
    return Style(draw).fmt(value, "")


NEW_HOOKS = st.lists(
    st.builds(
        NewHook,
        st.sampled_from(["BeforeTool", "AfterTool", "SessionStart"]),
        st.fixed_dictionaries({"type": st.just("command"), "command": TEXT}),
        st.sampled_from([None, "", "a", "b"]),
        st.booleans(),
    ),
    max_size=6,
)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hooks_document(), NEW_HOOKS)
def test_adding_hooks_at_once_is_adding_each_in_turn(text: str, new: list[NewHook]) -> None:
    """`add_hooks` places every hook where `add_hook` would: the same document, the same
    paths, every comment kept."""
    one_by_one, paths = text, []
    for h in new:
        edit = add_hook(one_by_one, h.event, h.hook, h.matcher, h.sequential)
        one_by_one = edit.text
        paths.append(edit.path)
    after, placed = add_hooks(text, new)
    assert placed == paths
    assert jsonc.parse(after) == jsonc.parse(one_by_one)
    assert comments(after) == comments(text)


_STYLED = [
    "{}",
    "{}\n",
    '{\n  "model": {"name": "x"}\n}\n',
    '{"hooks":{"BeforeTool":[{"matcher":"a","hooks":[{"type":"command","command":"x"}]}]}}',
    '{\r\n\t"hooks": {\r\n\t\t"BeforeTool": [\r\n\t\t\t{\r\n\t\t\t\t"matcher": "a",\r\n'
    '\t\t\t\t"hooks": [\r\n\t\t\t\t\t{"type": "command", "command": "x"} // mine\r\n'
    "\t\t\t\t]\r\n\t\t\t}\r\n\t\t]\r\n\t}\r\n}\r\n",
    '{\n    // hooks\n    "hooks": {\n        "AfterTool": []\n    }\n}\n',
    '{\n  "hooks": {\n    "BeforeTool": [\n      {\n        "hooks": [\n          {\n'
    '            "type": "command",\n            "command": "x"\n          }\n        ]\n'
    "      }\n    ]\n  }\n}\n",
]


@pytest.mark.parametrize("text", _STYLED)
def test_in_the_usual_styles_the_text_is_that_of_adding_each_in_turn(text: str) -> None:
    new = [
        NewHook(event, {"type": "command", "command": f"run {i}"}, matcher)
        for i, (event, matcher) in enumerate(
            [("BeforeTool", "a"), ("BeforeTool", None), ("AfterTool", "b"), ("BeforeTool", "a")] * 3
        )
    ]
    one_by_one = text
    for h in new:
        one_by_one = add_hook(one_by_one, h.event, h.hook, h.matcher, h.sequential).text
    assert add_hooks(text, new)[0] == one_by_one
