"""The matcher rule, as the harness observed it against the tool name `Bash`
(tests/claude/test_observed.py MATCHERS) and as the binary reads names and aliases."""

from __future__ import annotations

import pytest

from hookdash.core.hosts.claude.matcher import matcher_form, matches, names_of
from tests.claude.test_observed import MATCHERS

# The table the harness pins against the real binary (tests/claude/test_observed.py).
OBSERVED = MATCHERS


@pytest.mark.parametrize(("matcher", "expected"), list(OBSERVED.items()))
def test_matchers_against_bash_as_observed(matcher: str | None, expected: bool) -> None:
    assert matches("PreToolUse", matcher, "Bash") is expected


def test_older_tool_names_stand_for_their_current_ones() -> None:
    assert matches("PreToolUse", "Task", "Agent")
    assert matches("PreToolUse", "^Task$", "Agent")  # a regex is tested on old names too
    assert not matches("PreToolUse", "Agent", "Task")


def test_events_outside_the_wide_list_read_only_pipes_as_names() -> None:
    # StopFailure: `,` and spaces make the matcher a regex, not a list.
    assert names_of("StopFailure", "a,b") is None
    assert matches("StopFailure", "rate_limit|auth", "auth")
    assert not matches("StopFailure", "rate_limit, auth", "auth")
    assert names_of("SessionEnd", "clear, other") == ["clear", "other"]


def test_session_start_and_model_switch() -> None:
    assert matches("SessionStart", "startup", "startup")
    assert not matches("SessionStart", "resume", "startup")
    assert matches("PreModelSwitch", "opus[1m]", "opus")
    assert matcher_form("PreToolUse", "[") == "invalid-regex"
    assert matcher_form("PreToolUse", "Read|Bash") == "names"
    assert matcher_form("PreToolUse", None) == "all"


def test_the_forms_live_preview_follows_claudes_rule() -> None:
    from hookdash.core import preview_claude_matcher

    tools = preview_claude_matcher("PreToolUse", "Edit|Write")
    assert (tools.field, tools.form) == ("tool_name", "names")
    assert tools.matched == ["Write", "Edit"] and "Bash" in tools.candidates
    regex = preview_claude_matcher("PreToolUse", "^(Read|Gr)")
    assert (regex.form, regex.matched) == ("regex", ["Read", "Grep"])
    assert preview_claude_matcher("PreToolUse", "Bash(").form == "invalid-regex"
    assert preview_claude_matcher("PreToolUse", "Bash(").matched == []
    compact = preview_claude_matcher("PreCompact", "auto")
    assert (compact.candidates, compact.matched) == (["manual", "auto"], ["auto"])
    # No match query: Claude ignores the matcher, whatever it says.
    stop = preview_claude_matcher("Stop", "anything")
    assert (stop.field, stop.candidates) == (None, [])
    # A match query whose values hookdash does not know: nothing to try it on.
    assert preview_claude_matcher("Notification", "idle_prompt").candidates == []
