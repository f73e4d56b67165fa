from __future__ import annotations

import pytest

from hookdash.core.gemini.matcher import compile_js, describe_matcher, matches

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
    ],
)
def test_javascript_semantics(pattern: str, text: str, expected: bool) -> None:
    compiled = compile_js(pattern)
    assert compiled is not None
    assert (compiled.search(text) is not None) is expected


@pytest.mark.parametrize(
    "pattern", ["a**", "(?i)run", "(?P<x>a)", "a*+", "(?#c)", "a{2,1}", ")", "[a"]
)
def test_patterns_javascript_rejects(pattern: str) -> None:
    assert compile_js(pattern) is None


def test_descriptions() -> None:
    assert "ignored" in describe_matcher("x", "BeforeModel")
    assert "exactly" in describe_matcher("startup", "SessionStart")
    assert "regex" in describe_matcher("run_.*", "BeforeTool")
    assert describe_matcher("*", "AfterTool") == "everything"
