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
