"""Factory droid: `.factory/hooks.json` (the event keys at the top of the file, no `hooks`
wrapper), else the legacy `.factory/hooks/hooks.json`, and the `hooks` of
`.factory/settings.json`; each event holds Claude Code's nested shape (`[{"matcher"?,
"hooks": [{"type": "command", "command", "timeout"?}]}]`) and names (PreToolUse,
SessionStart…).

Confirmed in the shipped droid 0.215.0 (@factory/cli-linux-x64, the JavaScript inside its
binary): `loadHooks` reads `hooks.json` of the `.factory` folder, falling back to
`hooks/hooks.json` only when the first is absent (and moves the legacy file aside when it
writes the new one), and `hooks` of `settings.json`, merged as `{...settings,
...hooksJson}`: an event that hooks.json lists replaces the settings file's list for that
event. A hook's command runs with FACTORY_PROJECT_DIR, DROID_PROJECT_DIR and
CLAUDE_PROJECT_DIR set to the working directory. hookdash found no review step for a
project's hooks in that release (only a switch for all hooks, "Hooks enabled"); droid can
import Claude Code's hooks once, on request, but does not run Claude Code's files.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped
from hookdash.core.scan.shapes import event_lists, handlers, hooks_object

_HOOKS = ".factory/hooks.json"
_LEGACY = ".factory/hooks/hooks.json"
_SETTINGS = ".factory/settings.json"
_FIELDS = ("command",)
_WHEN = (
    "Factory droid runs it whenever it works in this folder, with no review of each hook "
    "(hookdash found none in droid 0.215.0), while hooks are switched on."
)
_SETTINGS_WHEN = (
    f"{_WHEN[:-1]}, unless {_HOOKS} lists the same event: that list then replaces this one."
)


class FactoryReader(BaseReader):
    agent = "factory"
    label = "Factory droid"
    rank = 90
    variables = ("FACTORY_PROJECT_DIR", "DROID_PROJECT_DIR", "CLAUDE_PROJECT_DIR")

    def paths(self, root: Path) -> list[str]:
        hooks = root / _HOOKS
        first = _HOOKS if hooks.exists() or hooks.is_symlink() else _LEGACY
        return [first, _SETTINGS]

    def watched(self) -> tuple[str, ...]:
        return (_HOOKS, _LEGACY, _SETTINGS)

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        if doc.rel == _SETTINGS:
            yield from hooks_object(doc.value, _FIELDS)
            return
        if not isinstance(doc.value, dict):
            yield Skipped("the file is not a JSON object of events", "")
            return
        for item in event_lists(doc.value, ""):
            if isinstance(item, Skipped):
                yield item
                continue
            event, entries, at = item
            yield from handlers(entries, at, event, _FIELDS)

    def runs_when(self, rel: str) -> str:
        return _SETTINGS_WHEN if rel == _SETTINGS else _WHEN


READER = FactoryReader()
