"""Claude Code 2.1.332's matcher rule: a list of names, or a JavaScript regex.

- An absent matcher, `""` and `*` match every value.
- A matcher made only of names is a list of exact, case-sensitive names: for the events
  of `WIDE_NAME_LISTS` the characters `[a-zA-Z0-9_|, -]`, split on `|` and `,`; for the
  others only `[a-zA-Z0-9_|]`, split on `|`. Each name is trimmed, and an older tool name
  stands for its current one (`Task` is `Agent`).
- Anything else is a JavaScript regex, searched (`RegExp.test`, not anchored), tested
  against the value and against the value's older names. One JavaScript rejects
  matches nothing, without a word.
- Pre/PostModelSwitch matchers lose a `[1m]`/`[2m]` context suffix on each name first.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from hookdash.core.hosts.claude.events import WIDE_NAME_LISTS
from hookdash.core.js_regex import compile_js

# Older tool names and the tool each stands for now (the binary's alias table).
TOOL_ALIASES: dict[str, str] = {
    "Task": "Agent",
    "KillShell": "TaskStop",
    "KillBash": "TaskStop",
    "ListPeers": "ListAgents",
    "Brief": "SendUserMessage",
    "ListMcpResources": "ListMcpResourcesTool",
    "ReadMcpResource": "ReadMcpResourceTool",
    "ReadMcpResourceDir": "ReadMcpResourceDirTool",
    "ProposeGoal": "SetGoal",
}
_WIDE_LIST = re.compile(r"[a-zA-Z0-9_|, -]+")
_NARROW_LIST = re.compile(r"[a-zA-Z0-9_|]+")
_CONTEXT_SUFFIX = re.compile(r"\[[12]m\](?=\s*(?:[|,]|$))", re.IGNORECASE)

MatcherForm = Literal["all", "names", "regex", "invalid-regex"]


def _effective(event: str, matcher: str) -> str:
    if event not in ("PreModelSwitch", "PostModelSwitch"):
        return matcher
    stripped = _CONTEXT_SUFFIX.sub("", matcher)
    return matcher if not stripped.strip() else stripped


def names_of(event: str, matcher: str) -> list[str] | None:
    """The names a name-list matcher lists (older tool names as their current ones), or
    None when the matcher is a regex."""
    wide = event in WIDE_NAME_LISTS
    if not (_WIDE_LIST if wide else _NARROW_LIST).fullmatch(matcher):
        return None
    parts = re.split(r"[|,]", matcher) if wide else matcher.split("|")
    return [TOOL_ALIASES.get(p.strip(), p.strip()) for p in parts if p.strip()]


def matcher_form(event: str, matcher: str | None) -> MatcherForm:
    """How Claude reads a matcher for `event`."""
    if not matcher or matcher == "*":
        return "all"
    matcher = _effective(event, matcher)
    if names_of(event, matcher) is not None:
        return "names"
    return "regex" if compile_js(matcher) is not None else "invalid-regex"


def matches(event: str, matcher: str | None, value: str) -> bool:
    """Whether a hook with `matcher` runs for `event` when its match query is `value`."""
    if not matcher or matcher == "*":
        return True
    matcher = _effective(event, matcher)
    names = names_of(event, matcher)
    if names is not None:
        return value in names
    regex = compile_js(matcher)
    if regex is None:
        return False
    older = [old for old, new in TOOL_ALIASES.items() if new == value]
    return any(regex.search(v) is not None for v in (value, *older))


# The tools a tool matcher is tried on in the add/edit form's live hint: those hookdash
# has payloads for (hosts/claude/payloads.py), the ones most hooks guard.
COMMON_TOOLS = ("Bash", "Read", "Write", "Edit", "Glob", "Grep", "WebFetch", "WebSearch")


class ClaudeMatcherPreview(BaseModel):
    """What a matcher would match for an event, among the values hookdash knows Claude
    sends for it (its common tools, or the event's known values), in Claude's rule."""

    field: str | None  # what the matcher is tested against; None: Claude ignores it
    form: MatcherForm
    candidates: list[str]  # the values tried, in order (empty: none known)
    matched: list[str]


def preview_claude_matcher(event: str, matcher: str | None) -> ClaudeMatcherPreview:
    from hookdash.core.hosts.claude.events import KNOWN_VALUES, is_tool_event, match_field

    field = match_field(event)
    form = matcher_form(event, matcher)
    if field is None:
        return ClaudeMatcherPreview(field=None, form=form, candidates=[], matched=[])
    candidates = list(COMMON_TOOLS if is_tool_event(event) else KNOWN_VALUES.get(event, ()))
    matched = [value for value in candidates if matches(event, matcher, value)]
    return ClaudeMatcherPreview(field=field, form=form, candidates=candidates, matched=matched)
