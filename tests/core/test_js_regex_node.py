"""`js_regex` agrees with JavaScript itself: random character-class patterns and subjects,
judged by `new RegExp(pattern).test(subject)` in Node (Gemini CLI's engine) and by hookdash.

Each example is a batch of patterns checked by one Node process, so that the whole test
stays within seconds. The large count (tens of thousands of patterns) is
`python -m tests.core.node_regex`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tests.conftest import examples
from tests.core.node_regex import CLASS_ATOMS, NODE, SUBJECTS, disagreements

pytestmark = pytest.mark.skipif(
    NODE is None, reason="node is not installed: JavaScript itself is this test's oracle"
)

_CHARS = st.characters(exclude_categories=("Cs",), max_codepoint=0x1F6FF)
_ATOM = st.one_of(
    st.sampled_from(CLASS_ATOMS),
    _CHARS,
    _CHARS.map(lambda c: "\\" + c),  # any escape, identity or not
)


@st.composite
def class_patterns(draw: st.DrawFn) -> str:
    atoms = draw(st.lists(_ATOM, max_size=4))
    if len(atoms) >= 2 and draw(st.booleans()):
        atoms.insert(draw(st.integers(1, len(atoms) - 1)), "-")  # a range, or a literal -
    cls = f"[{draw(st.sampled_from(['', '^']))}{''.join(atoms)}]"
    before = draw(st.sampled_from(["", "^", "a", "(", "(?:"]))
    after = draw(st.sampled_from(["", "$", "+", "*?", "{2}", "x", "[^\\w-.]"]))
    closing = ")" if before in ("(", "(?:") else ""
    return before + cls + closing + after


_SUBJECT = st.one_of(st.sampled_from(SUBJECTS), st.text(_CHARS, max_size=4))


@settings(max_examples=examples(0.15))
@given(
    patterns=st.lists(class_patterns(), min_size=150, max_size=150),
    subjects=st.lists(_SUBJECT, min_size=10, max_size=30),
)
def test_character_classes_agree_with_node(patterns: list[str], subjects: list[str]) -> None:
    cases = [(p, [*SUBJECTS, *subjects]) for p in dict.fromkeys(patterns)]
    assert disagreements(cases) == []


LOOKBEHINDS = [
    (r"(?<=r\w*_)shell", ["run_shell_command", "shell", "r_shell", "rx_shellx"]),
    (r"(?<=a|bc)x", ["ax", "bcx", "cx", "x"]),
    (r"(?<!run_\w+)command", ["run_shell_command", "command", "x_command"]),
    (r"(?<=^(?:read|write)_)file", ["read_file", "write_file", "xread_file"]),
    (r"(?<=(\w+)_)\1", ["ab_ab", "ab_cd", "a_a"]),
]


@pytest.mark.parametrize(("pattern", "subjects"), LOOKBEHINDS)
def test_a_variable_length_lookbehind_means_what_v8_says(pattern: str, subjects: list[str]) -> None:
    # V8 accepts any lookbehind (ES2018); Python's `re` only fixed widths: never call such a
    # pattern invalid, never guess its matches.
    from tests.core.node_regex import node_verdicts, python_verdict

    [expected] = node_verdicts([(pattern, subjects)])
    assert expected is not None
    assert python_verdict(pattern, subjects) == expected


def test_gemini_runs_a_hook_whose_matcher_has_a_variable_lookbehind() -> None:
    from hookdash.core.hosts.gemini.matcher import describe_matcher, matches

    m = r"(?<=r\w*_)shell"
    assert matches(m, "BeforeTool", "run_shell_command", None)
    assert not matches(m, "BeforeTool", "read_file", None)
    assert describe_matcher(m, "BeforeTool").startswith("tool names containing a match")
