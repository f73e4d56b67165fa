"""The diff an edit shows (`settings_write.unified_diff`): made from the lines around the
splice only, it is still a patch that turns the old text into the new one, numbered as
the whole file, and for a settings edit the same diff difflib makes of the whole texts."""

from __future__ import annotations

import difflib
import json
import re
import time

from hypothesis import given, settings, strategies as st

from hookdash.core.edit.editor import jsonedit
from hookdash.core.edit.editor.settings_write import unified_diff
from tests.conftest import examples

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def _apply(old: str, diff: str) -> str:
    """The text `diff` (a unified diff of `old`) makes."""
    src = old.splitlines(keepends=True)
    out: list[str] = []
    at = 0  # lines of `src` used so far
    lines = diff.splitlines(keepends=True)[2:]  # past the --- and +++ lines
    i = 0
    while i < len(lines):
        m = _HUNK.match(lines[i])
        assert m, lines[i]
        start, size = int(m[1]), int(m[2] if m[2] is not None else 1)
        first = start - 1 if size else start  # an empty range names the line before
        out += src[at:first]
        at = first
        i += 1
        while i < len(lines) and not lines[i].startswith("@@"):
            line = lines[i]
            if line.startswith("\\"):  # no newline at the end of the line before
                if not lines[i - 1].startswith("-"):
                    out[-1] = out[-1].removesuffix("\n")
            elif line.startswith(" "):
                assert src[at].removesuffix("\n") == line[1:].removesuffix("\n")
                out.append(src[at])
                at += 1
            elif line.startswith("-"):
                assert src[at].removesuffix("\n") == line[1:].removesuffix("\n")
                at += 1
            else:
                out.append(line[1:])
            i += 1
    out += src[at:]
    return "".join(out)


def _whole(before: str, after: str) -> str:
    lines = difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True), "f", "f"
    )
    return "".join(x if x.endswith("\n") else x + "\n\\ No newline at end of file\n" for x in lines)


@given(
    st.lists(st.sampled_from(["a", "b", "", "  x", "{", "}"]), max_size=30),
    st.booleans(),
    st.data(),
)
@settings(max_examples=examples(2))
def test_the_diff_is_a_patch_from_the_old_text_to_the_new(
    lines: list[str], last_newline: bool, data: st.DataObject
) -> None:
    old = "".join(f"{line}\n" for line in lines)
    if old and not last_newline:
        old = old[:-1]
    i = data.draw(st.integers(0, len(old)))
    j = data.draw(st.integers(i, len(old)))
    inserted = data.draw(st.text(alphabet="ab}\n", max_size=6))
    new = old[:i] + inserted + old[j:]
    diff = unified_diff(old, new, "f")
    assert (diff == "") == (old == new)
    if diff:
        assert _apply(old, diff) == new


def test_a_settings_edit_shows_the_whole_files_diff() -> None:
    doc = {f"key{i}": {"a": [1, 2, 3], "b": "x" * (i % 7)} for i in range(300)}
    doc["hooksConfig"] = {"disabled": ["old-one"]}
    text = json.dumps(doc, indent=2) + "\n"
    for new in (
        jsonedit.append_to_list(text, ("hooksConfig", "disabled"), "guard"),
        jsonedit.set_member(text, ("key150", "b"), "changed"),
        jsonedit.remove_member(text, ("key0",)),
        jsonedit.append_to_list(text, ("hooks", "BeforeTool"), {"hooks": []}),
    ):
        assert unified_diff(text, new, "f") == _whole(text, new)
    assert unified_diff(None, "{}\n", "f").startswith("--- /dev/null\n+++ f\n@@ -0,0 +1 @@")


def test_the_diff_of_a_large_file_costs_its_window() -> None:
    text = "{\n" + "".join(f'  "k{i}": {i},\n' for i in range(2_000_000)) + '  "z": 0\n}\n'
    new = text.replace('"k1000000": 1000000', '"k1000000": 7', 1)
    started = time.process_time()  # this process's CPU: a busy machine cannot stretch it
    diff = unified_diff(text, new, "f")
    assert time.process_time() - started < 8  # the whole-file diff takes tens of seconds
    assert "@@ -999999,7 +999999,7 @@" in diff
    assert _apply(text, diff) == new
