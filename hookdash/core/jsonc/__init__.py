"""JSON with comments, exactly as Gemini CLI reads settings files.

Gemini runs `strip-json-comments@3.1.1` (comments become whitespace, so every offset is
kept) and then `JSON.parse`. Trailing commas and a BOM are errors there, so they are
errors here. `locate` maps JSON pointers to text spans, for line numbers and for
byte-preserving edits.

One concept a module: `comments` (finding and blanking comments), `errors` (what the
parser rejects), `walk` (checking and skipping values without building them), `parsing`
(parse / check / value_at), `pointers`, `spans` (pointer → text span) and `lines`
(pointer or offset → line). Callers use this package's names: `jsonc.parse`.
"""

from hookdash.core.jsonc.comments import (
    COPY_CHUNK,
    comment_spans,
    release,
    strip_comments,
)
from hookdash.core.jsonc.errors import JsonParseError, line_col
from hookdash.core.jsonc.large_text import BIG
from hookdash.core.jsonc.lines import LineFinder, LineIndex
from hookdash.core.jsonc.parsing import (
    Thinning,
    check,
    is_object_text,
    parse,
    root_members,
    value_at,
    vouch,
)
from hookdash.core.jsonc.pointers import escape_pointer_token, pointer, pointer_tokens
from hookdash.core.jsonc.spans import Span, locate, locate_path
from hookdash.core.jsonc.walk import (
    Invalid as _Invalid,  # with checked_walk: for tests that measure what a check builds
    Member,
    checked_walk as _checked_walk,
    members,
    value_end,
    value_from,
)

__all__ = [
    "BIG",
    "COPY_CHUNK",
    "JsonParseError",
    "LineFinder",
    "LineIndex",
    "Member",
    "Span",
    "Thinning",
    "_Invalid",
    "_checked_walk",
    "check",
    "comment_spans",
    "escape_pointer_token",
    "is_object_text",
    "line_col",
    "locate",
    "locate_path",
    "members",
    "parse",
    "pointer",
    "pointer_tokens",
    "release",
    "root_members",
    "strip_comments",
    "value_at",
    "value_end",
    "value_from",
    "vouch",
]
