"""How Codex CLI 0.171.0 matches a hook group's matcher (run: tests/codex).

A matcher is a case-sensitive regular expression (Rust's `regex` crate) tested against the
whole value: the tool name for tool events, the source for SessionStart, the reason for
SessionEnd. No comma separator; a padded `" Bash "` does not match `Bash`. An absent
matcher, `""` and `"*"` match everything. Codex's `apply_patch` tool also answers to
`Edit` and `Write`, so `Edit`, `Write` and `Edit|Write` match it. A matcher Rust's regex
refuses drops its group with a warning ("invalid matcher …"); Rust has no look-around and
no back-references, which Python's `re` would accept.
"""

from __future__ import annotations

import re
from functools import lru_cache

from hookdash.core.hosts.codex.events import match_field

# The names a tool answers to, beside its own (what hooks see: `Bash`, `apply_patch`).
TOOL_ALIASES: dict[str, tuple[str, ...]] = {"apply_patch": ("Edit", "Write")}
_NOT_IN_RUST = re.compile(r"\(\?<?[=!]|\\[1-9]|\(\?P=")


@lru_cache(maxsize=512)
def _compiled(matcher: str) -> re.Pattern[str] | str:
    if _NOT_IN_RUST.search(matcher):
        return "look-around and back-references are not supported"
    try:
        return re.compile(f"(?:{matcher})")
    except re.error as exc:
        return str(exc)


def matcher_error(matcher: str | None) -> str | None:
    """Why Codex refuses `matcher` (its group is dropped, with a warning), else None."""
    if matcher is None or matcher in ("", "*"):
        return None
    compiled = _compiled(matcher)
    return compiled if isinstance(compiled, str) else None


def matches(event: str, matcher: str | None, value: str | None) -> bool:
    """Whether a group with `matcher` runs for `event` when its tested field is `value`."""
    if match_field(event) is None or matcher is None or matcher in ("", "*"):
        return True
    compiled = _compiled(matcher)
    if isinstance(compiled, str) or value is None:
        return False
    names = (value, *TOOL_ALIASES.get(value, ()))
    return any(compiled.fullmatch(name) is not None for name in names)
