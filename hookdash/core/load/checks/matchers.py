"""A hook's matcher: ignored, not a string, never matching, invalid, or Claude Code's tool names."""

from __future__ import annotations

import re

from hookdash.core.hosts.crosswalk import CLAUDE_TOOL_NAMES
from hookdash.core.hosts.gemini.events import (
    EVENTS,
    FIRED_TRIGGERS,
    TRIGGER_VALUES,
    match_kind,
)
from hookdash.core.hosts.gemini.jsvalues import JS_WHITESPACE
from hookdash.core.hosts.gemini.tools import BUILTIN_TOOLS
from hookdash.core.js_regex import compile_js
from hookdash.core.load.checks.about import _about
from hookdash.core.model import Hook
from hookdash.core.problems import Problem


def _check_matcher(hook: Hook) -> list[Problem]:
    matcher = hook.matcher
    kind = match_kind(hook.event)
    if not matcher or hook.event not in EVENTS:
        return []
    if kind == "none":
        return [
            _about(
                hook,
                "warning",
                "matcher-ignored",
                f"Gemini CLI fires {hook.event} without a match context, so this "
                f"matcher ({matcher!r}) is ignored and the hook runs every time.",
                "Remove the matcher, or filter inside the hook script.",
            )
        ]
    if not isinstance(matcher, str):
        return [
            _about(
                hook,
                "error",
                "matcher-not-string",
                f"The matcher is {matcher!r}, not a string: Gemini's planner throws on "
                f"it and no {hook.event} hook runs at all.",
                "Quote the matcher.",
            )
        ]
    m = matcher.strip(JS_WHITESPACE)
    if m in ("", "*"):
        return []
    if kind == "trigger":
        return _trigger_matcher(hook, m)
    return _tool_matcher(hook, m)


def _trigger_matcher(hook: Hook, m: str) -> list[Problem]:
    """A trigger matcher (compared exactly with the values Gemini fires the event with)."""
    if m in FIRED_TRIGGERS[hook.event]:
        return []
    allowed = FIRED_TRIGGERS[hook.event]
    looks_regex = bool(re.search(r"[|*+?()\[\]^$\\]", m))
    extra = (
        " Trigger matchers are compared exactly, not as regular expressions."
        if looks_regex
        else (
            " Gemini CLI 0.61 never fires it with that value."
            if m in TRIGGER_VALUES[hook.event]
            else ""
        )
    )
    return [
        _about(
            hook,
            "warning",
            "matcher-never-matches",
            f"{hook.event} matcher {m!r} can never match: Gemini compares it "
            f"exactly with {', '.join(allowed)}.{extra}",
            f"Use one of {', '.join(allowed)}, or '*' for all.",
        )
    ]


def _tool_matcher(hook: Hook, m: str) -> list[Problem]:
    """A tool matcher: a JavaScript regular expression over the tool's name."""
    compiled = compile_js(m)
    if compiled is None:
        return [
            _about(
                hook,
                "warning",
                "matcher-invalid-regex",
                f"{m!r} is not a valid JavaScript regular expression: Gemini falls back "
                "to comparing the tool name with it exactly.",
                "Fix the regex, or escape its special characters.",
            )
        ]
    if not any(compiled.search(t) for t in BUILTIN_TOOLS) and not m.startswith("mcp"):
        claude = [c for c in CLAUDE_TOOL_NAMES if re.search(rf"\b{c}\b", m)]
        if claude:
            mapped = ", ".join(f"{c} → {CLAUDE_TOOL_NAMES[c]}" for c in claude)
            return [
                _about(
                    hook,
                    "warning",
                    "matcher-claude-tool-name",
                    f"The matcher {m!r} names Claude Code tools, and matches none of "
                    f"Gemini CLI's built-in tools ({mapped}).",
                    "Use Gemini's tool names.",
                )
            ]
    return []
