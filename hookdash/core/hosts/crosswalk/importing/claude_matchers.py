"""Claude Code matchers as Gemini CLI 0.61 matchers.

A Claude matcher of only letters, digits, `_`, `-`, spaces, `,` and `|` is a list of
exact tool names; anything else is a JavaScript regex. Tool names become the ones Gemini
CLI 0.61 registers (`hosts.crosswalk.CLAUDE_TOOL_NAMES`; `mcp__server__tool` becomes
`mcp_server_tool`); an exact list becomes an anchored regex (`^(replace|write_file)$`),
because Gemini always searches (`read_file` would also match `mcp_fs_read_file`).
SessionStart, SessionEnd and PreCompress matchers are compared exactly by Gemini, so a
Claude list (`startup|resume`) becomes one definition per value, and none at all when the
values cover everything Gemini fires. Gemini sends Notification only for tool permission
prompts, so a Notification matcher that selects none of them selects nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hookdash.core.hosts.crosswalk import CLAUDE_TOOL_NAMES, CLAUDE_TOOLS_WITHOUT_GEMINI
from hookdash.core.hosts.gemini.events import FIRED_TRIGGERS, match_kind
from hookdash.core.hosts.gemini.matcher import compile_js

# Trigger values of Claude's matcher-compared events -> Gemini's (None: Gemini never fires it).
CLAUDE_TRIGGERS: dict[str, dict[str, str | None]] = {
    "SessionStart": {"startup": "startup", "resume": "resume", "clear": "clear", "compact": None},
    "PreCompact": {"manual": "manual", "auto": "auto"},
    "SessionEnd": {
        "clear": "clear",
        "prompt_input_exit": "exit",
        "other": "exit",
        "logout": None,
    },
}
_TRIGGER_GONE = {
    ("SessionStart", "compact"): "Gemini CLI starts no session after compressing the chat",
    ("SessionEnd", "logout"): "Gemini CLI 0.61 fires SessionEnd only with exit or clear",
}
# Notification types Claude sends; Gemini sends only tool-permission notifications.
CLAUDE_PERMISSION_NOTIFICATION = "permission_prompt"

_SIMPLE_MATCHER = re.compile(r"[A-Za-z0-9_\-\s,|]*")
_MCP_TOOL = re.compile(r"mcp__((?:(?!__)[^|()\s^$*+?\[\]{}\\])+)__")


def _gemini_tool(name: str) -> str | None:
    if name in CLAUDE_TOOL_NAMES:
        return CLAUDE_TOOL_NAMES[name]
    if name.startswith("mcp__"):
        return _MCP_TOOL.sub(r"mcp_\1_", name).replace("mcp__", "mcp_", 1)
    if re.fullmatch(r"[a-z][a-z0-9_]*", name):
        return name  # already a Gemini-style name (written for both tools)
    return None


@dataclass
class MatcherTranslation:
    matchers: list[str | None]  # one definition per entry (None: no matcher)
    dropped: list[tuple[str, str]] = field(default_factory=list)  # (what, why)
    notes: list[str] = field(default_factory=list)


def _names(matcher: str) -> list[str]:
    return [n for n in re.split(r"[\s,|]+", matcher) if n]


def translate_tool_matcher(matcher: str | None) -> MatcherTranslation:
    """A PreToolUse/PostToolUse matcher as a BeforeTool/AfterTool one."""
    if matcher is None or matcher.strip() in ("", "*"):
        return MatcherTranslation([None])
    m = matcher.strip()
    if _SIMPLE_MATCHER.fullmatch(m):
        kept: list[str] = []
        dropped: list[tuple[str, str]] = []
        for name in _names(m):
            tool = _gemini_tool(name)
            if tool is None:
                why = (
                    "Gemini CLI has no such tool"
                    if name in CLAUDE_TOOLS_WITHOUT_GEMINI
                    else "not a tool hookdash knows a Gemini CLI counterpart for"
                )
                dropped.append((name, why))
            elif tool not in kept:
                kept.append(tool)
        if not kept:
            return MatcherTranslation([], dropped)
        body = "|".join(t.replace(".", "\\.") for t in kept)
        return MatcherTranslation([f"^{body}$" if len(kept) == 1 else f"^({body})$"], dropped)
    out = _MCP_TOOL.sub(r"mcp_\1_", m).replace("mcp__", "mcp_")
    for claude, gemini in CLAUDE_TOOL_NAMES.items():
        out = re.sub(rf"\b{claude}\b", gemini, out)
    notes = []
    lacking = [t for t in sorted(CLAUDE_TOOLS_WITHOUT_GEMINI) if re.search(rf"\b{t}\b", out)]
    dropped = [(t, "Gemini CLI has no such tool; the regex still names it") for t in lacking]
    if compile_js(out) is None:
        notes.append(
            f"The regex {out!r} is not valid JavaScript: Gemini compares the tool name with it "
            "exactly."
        )
    return MatcherTranslation([out], dropped, notes)


def _claude_values(claude_event: str, matcher: str) -> list[str] | None:
    """The Claude trigger values a matcher selects (None: all of them)."""
    known = list(CLAUDE_TRIGGERS[claude_event])
    m = matcher.strip()
    if m in ("", "*"):
        return None
    if _SIMPLE_MATCHER.fullmatch(m):
        return _names(m)
    compiled = compile_js(m)
    if compiled is None:
        return [m]
    return [v for v in known if compiled.search(v)]


def translate_trigger_matcher(
    claude_event: str, event: str, matcher: str | None
) -> MatcherTranslation:
    """A SessionStart/SessionEnd/PreCompact matcher as Gemini's exact trigger matchers."""
    values = None if matcher is None else _claude_values(claude_event, matcher)
    if values is None:
        return MatcherTranslation([None])
    mapping = CLAUDE_TRIGGERS[claude_event]
    kept: list[str] = []
    dropped: list[tuple[str, str]] = []
    notes: list[str] = []
    for value in values:
        if value not in mapping:
            dropped.append((value, f"Claude Code never sends {claude_event} with it"))
            continue
        target = mapping[value]
        if target is None:
            why = _TRIGGER_GONE.get((claude_event, value), "Gemini CLI never fires it")
            dropped.append((value, why))
            continue
        if target != value:
            notes.append(
                f"Claude's {claude_event} '{value}' became Gemini's '{target}' (Gemini CLI 0.61 "
                "fires SessionEnd only with exit or clear)."
            )
        if target not in kept:
            kept.append(target)
    if set(kept) >= set(FIRED_TRIGGERS[event]):
        return MatcherTranslation([None], dropped, notes)
    return MatcherTranslation(list(kept), dropped, notes)


def translate_matcher(claude_event: str, event: str, matcher: str | None) -> MatcherTranslation:
    """A definition's matcher for the Gemini event that Claude's event becomes."""
    kind = match_kind(event)
    if kind == "tool":
        return translate_tool_matcher(matcher)
    if claude_event in CLAUDE_TRIGGERS:
        return translate_trigger_matcher(claude_event, event, matcher)
    notification = claude_event == "Notification" and matcher is not None
    if notification and not _selects_permission_prompts(matcher or ""):
        why = (
            "Gemini CLI sends notifications only when a tool waits for confirmation "
            f"(Claude's {CLAUDE_PERMISSION_NOTIFICATION})"
        )
        return MatcherTranslation([], [(matcher or "", why)])
    return MatcherTranslation([None])  # Gemini ignores these matchers, and so does Claude


def _selects_permission_prompts(matcher: str) -> bool:
    m = matcher.strip()
    if m in ("", "*"):
        return True
    if _SIMPLE_MATCHER.fullmatch(m):
        return CLAUDE_PERMISSION_NOTIFICATION in _names(m)
    compiled = compile_js(m)
    return compiled is not None and compiled.search(CLAUDE_PERMISSION_NOTIFICATION) is not None
