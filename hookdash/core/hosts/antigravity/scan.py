"""Antigravity CLI (`agy`): `.agents/hooks.json` of named bundles, `{name: {"enabled"?,
Event: [...]}}`. PreToolUse and PostToolUse hold `{matcher, hooks: [handler]}` groups;
PreInvocation, PostInvocation, Stop and SessionStart hold handlers directly; a handler is
`{"type": "command", "command", "timeout"?}` or a `prompt` one (no command).

Confirmed: skillsaw's antigravity-hooks-valid (measured against agy 1.1.25/1.1.26: every
top-level key is a hook name, `enabled: false` on a named hook switches it off, the
customization roots are `.agents/`, `.agent/`, `_agents/`, `_agent/`), and public files
writing named bundles (a Go installer writing `root["hatch"] = {"PreInvocation": …}`, a
Swift installer, a hooks.json registering "record-session-state"). Not confirmed from
Google's own documentation or binary (not on npm): that Antigravity has no review step
for a workspace's hooks; hookdash found none described anywhere.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped
from hookdash.core.scan.shapes import handlers, ptr

_FILES = (".agents/hooks.json", ".agent/hooks.json", "_agents/hooks.json", "_agent/hooks.json")
_FIELDS = ("command",)
_WHEN = "Antigravity runs it with no review step at all."
_OFF = (
    'Antigravity does not run it while its bundle says "enabled": false; anyone who flips '
    "that runs it with no review step."
)


class AntigravityReader(BaseReader):
    agent = "antigravity"
    label = "Antigravity CLI"
    rank = 60

    def paths(self, root: Path) -> list[str]:
        return list(_FILES)

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        if not isinstance(doc.value, dict):
            yield Skipped("the file is not a JSON object of named hooks", "")
            return
        for name, bundle in doc.value.items():
            at = ptr("", name)
            if not isinstance(bundle, dict):
                yield Skipped(
                    f"the named hook '{name}' is not an object (Antigravity then loads no "
                    "hook from this file)",
                    at,
                )
                continue
            off = bundle.get("enabled") is False
            for event, entries in bundle.items():
                if event == "enabled":
                    continue
                yield from handlers(
                    entries, ptr(at, event), str(event), _FIELDS, name=str(name),
                    runs_when=_OFF if off else None,
                )  # fmt: skip

    def runs_when(self, rel: str) -> str:
        return _WHEN


READER = AntigravityReader()
