"""Codex's matchers, as `codex exec` ran them (0.171.0): a Rust regex over the whole name,
case-sensitive, no comma separator; `apply_patch` answers to Edit and Write."""

from __future__ import annotations

import pytest

from hookdash.core.hosts.codex.matcher import matcher_error, matches

BASH_MATCH = ["Bash", "Ba.*", "^Bash$", "Bash|Read", ".*", "", "*", None]
BASH_MISS = ["bash", "as", " Bash ", "Bash,Read", "shell", "exec_command"]
PATCH_MATCH = ["Edit", "Write", "Edit|Write", "apply_patch", ".*", "", "*"]


@pytest.mark.parametrize("matcher", BASH_MATCH)
def test_bash_matches(matcher: str | None) -> None:
    assert matches("PreToolUse", matcher, "Bash")


@pytest.mark.parametrize("matcher", BASH_MISS)
def test_bash_misses(matcher: str) -> None:
    assert not matches("PreToolUse", matcher, "Bash")


@pytest.mark.parametrize("matcher", PATCH_MATCH)
def test_apply_patch_matches(matcher: str) -> None:
    assert matches("PostToolUse", matcher, "apply_patch")


def test_apply_patch_is_not_bash() -> None:
    assert not matches("PreToolUse", "Bash", "apply_patch")


def test_session_events_match_their_source_and_reason() -> None:
    assert matches("SessionStart", "startup", "startup")
    assert not matches("SessionStart", "resume", "startup")
    assert matches("SessionEnd", ".*", "other")
    assert not matches("SessionEnd", "NOPE", "other")


def test_events_without_a_matcher_ignore_it() -> None:
    assert matches("Stop", "NOPE", None)
    assert matches("UserPromptSubmit", "(", None)


def test_invalid_and_rust_only_rejections() -> None:
    assert matcher_error("[") is not None
    assert matcher_error("(?=Bash)") is not None  # no look-around in Rust's regex
    assert matcher_error("*") is None
    assert matcher_error("Edit|Write") is None
