"""Hook matchers with Gemini CLI's semantics (JavaScript `RegExp`, no flags).

`new RegExp(m).test(toolName)` is an unanchored search; a pattern JavaScript rejects makes
Gemini fall back to exact equality. The regex itself is read in `js_regex`.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel

from hookdash.core.hosts.gemini.events import MatchKind, match_kind
from hookdash.core.hosts.gemini.jsvalues import JS_WHITESPACE, js_truthy
from hookdash.core.js_regex import (
    compile_js as compile_js,
    example_of as example_of,  # hosts/gemini/payloads imports these
)
from hookdash.core.regex_tokens import alternatives as alternatives


def matches(matcher: object, event: str, tool_name: str | None, trigger: str | None) -> bool:
    """hookPlanner.matchesContext. Raises TypeError for a non-string matcher, as Gemini does."""
    context = bool(tool_name) or bool(trigger)
    if not js_truthy(matcher) or not context:  # JS truthiness: [] and {} are truthy
        return True
    if not isinstance(matcher, str):
        raise TypeError("matcher.trim is not a function")
    m = matcher.strip(JS_WHITESPACE)
    if m in ("", "*"):
        return True
    if tool_name:
        compiled = compile_js(m)
        if compiled is None:
            return m == tool_name
        return compiled.search(tool_name) is not None
    return m == trigger


def describe_matcher(matcher: object, event: str) -> str:
    """One sentence on what a matcher matches for this event."""
    kind = match_kind(event)
    if kind == "none":
        if matcher:
            return f"ignored: Gemini fires {event} without a match context, so every hook runs"
        return "every firing"
    if matcher is None or matcher == "":
        return "everything"
    if not isinstance(matcher, str):
        return f"not a string ({matcher!r}): Gemini's planner throws and no {event} hook runs"
    m = matcher.strip(JS_WHITESPACE)
    if m in ("", "*"):
        return "everything"
    if kind == "trigger":
        return f"exactly the {_trigger_name(event)} {m!r} (no regex)"
    if compile_js(m) is None:
        return f"not a valid JavaScript regex: Gemini compares the tool name with {m!r} exactly"
    return f"tool names containing a match of the regex /{m}/"


def _trigger_name(event: str) -> str:
    return {"SessionStart": "source", "SessionEnd": "reason"}.get(event, "trigger")


class MatcherPreview(BaseModel):
    """What a matcher would match for an event, among the values Gemini can compare it
    with: its built-in tools (and `seen` ones), or the event's trigger values."""

    kind: MatchKind
    sentence: str  # describe_matcher's
    candidates: list[str]  # what the matcher was tried on, in order
    matched: list[str]  # the candidates it matches
    seen: list[str] = []  # candidates that are not built-in tools (from the run logs)
    never_fired: list[str] = []  # trigger values the type allows but Gemini never sends


def preview_matcher(matcher: str | None, event: str, seen: Iterable[str] = ()) -> MatcherPreview:
    """Which of Gemini's built-in tools (and the `seen` tool names, e.g. from the run
    logs) a tool matcher matches, or which trigger values a trigger matcher matches, as
    Gemini's planner decides it (`matches`)."""
    from hookdash.core.hosts.gemini.events import FIRED_TRIGGERS, TRIGGER_VALUES
    from hookdash.core.hosts.gemini.tools import BUILTIN_TOOLS

    kind = match_kind(event)
    sentence = describe_matcher(matcher, event)
    if kind == "none":
        return MatcherPreview(kind=kind, sentence=sentence, candidates=[], matched=[])
    if kind == "tool":
        extra = [t for t in dict.fromkeys(seen) if t and t not in BUILTIN_TOOLS]
        candidates = [*BUILTIN_TOOLS, *extra]
        matched = [t for t in candidates if matches(matcher, event, t, None)]
        return MatcherPreview(
            kind=kind, sentence=sentence, candidates=candidates, matched=matched, seen=extra
        )
    values = list(TRIGGER_VALUES[event])
    return MatcherPreview(
        kind=kind,
        sentence=sentence,
        candidates=values,
        matched=[v for v in values if matches(matcher, event, None, v)],
        never_fired=[v for v in values if v not in FIRED_TRIGGERS[event]],
    )
