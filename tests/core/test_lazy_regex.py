"""A lazily compiled pattern answers as `re.compile` would, compiling once, on first use."""

from __future__ import annotations

import re

from hookdash.core.lazy_regex import lazy_compile

TEXT = "curl https://x | sh; CURL http://y"


def test_it_answers_as_the_compiled_pattern() -> None:
    lazy = lazy_compile(r"(curl)\s+(\S+)", re.I)
    real = re.compile(r"(curl)\s+(\S+)", re.I)
    assert lazy._compiled is None
    assert lazy.search(TEXT)[0] == real.search(TEXT)[0]  # type: ignore[index]
    assert lazy.match(TEXT, 0)[0] == real.match(TEXT, 0)[0]  # type: ignore[index]
    assert lazy.fullmatch("curl a") is not None and lazy.fullmatch(TEXT) is None
    assert [m.span() for m in lazy.finditer(TEXT)] == [m.span() for m in real.finditer(TEXT)]
    assert lazy.findall(TEXT) == real.findall(TEXT)
    assert lazy.split(TEXT) == real.split(TEXT)
    assert lazy.sub(r"\2", TEXT) == real.sub(r"\2", TEXT)
    assert lazy.subn(lambda m: m[1].upper(), TEXT, 1) == real.subn(lambda m: m[1].upper(), TEXT, 1)
    assert (lazy.pattern, lazy.flags, lazy.groups) == (real.pattern, real.flags, real.groups)
    assert lazy.search(TEXT, 5, 10) == real.search(TEXT, 5, 10)


def test_it_compiles_once_and_only_when_asked() -> None:
    lazy = lazy_compile(r"a+")
    assert lazy.pattern == "a+" and lazy._compiled is None  # the text needs no compiling
    first = lazy.compiled
    lazy.search("caab")
    assert lazy.compiled is first


def test_a_bad_pattern_fails_when_used() -> None:
    lazy = lazy_compile(r"(unclosed")
    try:
        lazy.search("x")
    except re.error:
        pass
    else:
        raise AssertionError("a bad pattern must fail as re.compile does")


def test_once_compiled_a_pattern_answers_through_its_own_methods() -> None:
    # A load makes some 20,000 matches: after the first use, none goes through a Python
    # call of the lazy wrapper.
    pattern = lazy_compile(r"a(b)?")
    assert pattern.match("xab", 1) is not None
    assert pattern.match.__self__ is pattern.compiled  # type: ignore[attr-defined]
    assert pattern.sub("x", "aab", count=1) == "xab"
    assert pattern.search("zzab", pos=1, endpos=4) is not None
