"""A hook of either host the dashboard's views still tell apart by `host` (a union, so a
view narrows it to Gemini's or Claude's record). The host-neutral record every host's hooks
share is `core.records.HookRecord`; views that read only its fields take that instead."""

from __future__ import annotations

from hookdash.core.hosts.claude.model import ClaudeHook
from hookdash.core.model import Hook

AnyHook = Hook | ClaudeHook
