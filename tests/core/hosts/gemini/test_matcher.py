from __future__ import annotations

import pytest

from hookdash.core.hosts.gemini.matcher import compile_js, describe_matcher, matches

OBSERVED = [  # spec/observed-0.61.md, for run_shell_command
    ("run_.*", True),
    ("run_shell_command", True),
    (".*", True),
    ("read_file", False),
    ("write_file|read_file", False),
    ("*", True),
    ("", True),
    ("  *  ", True),
    ("shell", True),  # unanchored search
]


@pytest.mark.parametrize(("matcher", "expected"), OBSERVED)
def test_observed_tool_matching(matcher: str, expected: bool) -> None:
    assert matches(matcher, "BeforeTool", "run_shell_command", None) is expected


def test_trigger_is_exact_and_untrimmed_trigger() -> None:
    assert matches("startup", "SessionStart", None, "startup")
    assert not matches("startup|resume", "SessionStart", None, "startup")
    assert matches(" exit ", "SessionEnd", None, "exit")  # the matcher is trimmed


def test_no_context_matches_everything() -> None:
    assert matches("no_such_tool", "BeforeModel", None, None)


def test_invalid_regex_falls_back_to_equality() -> None:
    assert compile_js("(") is None
    assert matches("(", "BeforeTool", "(", None)
    assert not matches("(", "BeforeTool", "x(", None)


def test_non_string_matcher_throws_like_gemini() -> None:
    with pytest.raises(TypeError):
        matches(5, "BeforeTool", "x", None)
    assert matches(0, "BeforeTool", "x", None)  # falsy: matches everything


@pytest.mark.parametrize(
    ("pattern", "text", "expected"),
    [
        (r"\d", "٣", False),  # JS \d is ASCII only
        (r"^run$", "run\n", False),  # JS $ is the very end
        (r"(?<n>a)\k<n>", "aa", True),
        (r"[^]", "x", True),
        (r"[]", "x", False),
        (r"\a", "a", True),  # identity escape
        (r"a{", "a{", True),  # a lone brace is literal
        (r"\1(a)", "a", True),  # a forward reference matches empty
        (r"\cJ", "\n", True),
        (r"mcp_.*_thread", "mcp_x_thread", True),
        # Character classes as V8 reads them without the u flag (Annex B); each of these
        # disagreed with Node before.
        (r"[\w-.]", "run_shell_command", True),  # \w, '-' and '.': a class, not a range
        (r"^[\w-.]+$", "mcp_x-y.z", True),
        (r"[\d-z]", "-", True),
        (r"[a-\d]", "b", False),
        (r"[\cA]", "\x01", True),
        (r"[\c1]", "\x11", True),  # \c takes a digit inside a class
        (r"[\c_]", "\x1f", True),
        (r"[\c-]", "\\", True),  # no control letter: a backslash, 'c' and '-'
        (r"\c1", "\\c1", True),
        (r"[\b]", "\x08", True),  # backspace inside a class
        (r"[\B]", "B", True),
        (r"[\477]", "7", True),  # \47 (an apostrophe) and 7
        (r"\477", "'7", True),
        (r"[\8]", "8", True),
        (r"[\u{41}]", "{", True),  # no u flag: u, {, 4, 1, }
        (r"[^\W\d]", "é", False),  # JS \w is ASCII
        (r"[😀]", "\ud83d", True),  # an astral character is two code units
        (r"^.$", "😀", False),
        (r"\B", "", True),  # Python's \B never matches an empty string
        (r"é\b", "é", False),  # only ASCII word characters make a boundary
        (r"(a)|b\1", "b", True),  # a group that did not take part matches empty
        (r"(a\1)", "a", True),  # a reference inside its own group: empty
        (r"(?<n>\k<n>a)", "a", True),
        (r"(?=a)*b", "b", True),  # Annex B: a lookahead may be quantified
    ],
)
def test_javascript_semantics(pattern: str, text: str, expected: bool) -> None:
    compiled = compile_js(pattern)
    assert compiled is not None
    assert (compiled.search(text) is not None) is expected


@pytest.mark.parametrize(
    "pattern",
    [
        "a**", "(?i)run", "(?P<x>a)", "a*+", "(?#c)", "a{2,1}", ")", "[a", "[z-a]", "[\\",
        "(?<n>a)[\\k]", "(?<=a){2}", "(?<n>a)\\k<m>", "\\b+",
    ],
)  # fmt: skip
def test_patterns_javascript_rejects(pattern: str) -> None:
    assert compile_js(pattern) is None


def test_descriptions() -> None:
    assert "ignored" in describe_matcher("x", "BeforeModel")
    assert "exactly" in describe_matcher("startup", "SessionStart")
    assert "regex" in describe_matcher("run_.*", "BeforeTool")
    assert describe_matcher("*", "AfterTool") == "everything"


def test_a_class_with_a_class_escape_before_a_dash_matches_every_tool() -> None:
    """`[\\w-.]`: Node accepts it (\\w, '-' and '.'), so Gemini's planner runs the hook for
    every tool; hookdash said "not a valid JavaScript regular expression" and "never"."""
    assert all(matches("[\\w-.]", "BeforeTool", t, None) for t in ("read_file", "glob", "x"))
    assert describe_matcher("[\\w-.]", "BeforeTool").startswith("tool names containing")
