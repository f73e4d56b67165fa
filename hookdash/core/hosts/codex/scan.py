"""Codex CLI: `.codex/hooks.json` (`{"description"?, "hooks": {Event: [{"matcher"?, "hooks":
[{"type": "command", "command", "commandWindows"?, "timeout"?}]}]}}`) and the same tables
in `.codex/config.toml` (`[[hooks.PreToolUse]]`, `[[hooks.PreToolUse.hooks]]`; the
`[hooks.state]` table holds trust, not an event).

Confirmed: developers.openai.com/codex/hooks ("Non-managed command hooks must be reviewed
and trusted before they run"; project-local hooks load only when the project's `.codex/`
layer is trusted; trust is recorded against each hook's current hash, so a new or
changed hook is skipped until reviewed in /hooks); openai/codex#21768
(`--dangerously-bypass-hook-trust` runs them without review for one invocation);
skillsaw's codex-hooks-valid (measured against codex-cli 0.153.2: `commandWindows` and
its alias `command_windows`, `mcp_tool` handlers run no command). The shipped @openai/codex
0.171.0 binary (linux-x64) holds the same names: `hooks.json`, `commandWindows`,
`command_windows`, `trusted_hash`, and the help text of `--dangerously-bypass-hook-trust`
("Run enabled hooks without requiring persisted hook trust for this invocation").
Lines in config.toml are found by matching each command's TOML value (a multi-line string
gets no line). Codex
also reads `.codex/` of every directory between the repository root and the working
directory: only the root's are scanned.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.record_class import replace
from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped
from hookdash.core.scan.shapes import hooks_object

_JSON = ".codex/hooks.json"
_TOML = ".codex/config.toml"
_FIELDS = ("command", "commandWindows", "command_windows")
_WHEN = (
    "Codex CLI runs it only in a trusted project, and only while the hook's hash is the "
    "one you trusted in /hooks (a new or changed hook is skipped until reviewed), unless "
    "it is started with --dangerously-bypass-hook-trust."
)
_KEY_LINE = lazy_compile(r"^\s*(?P<key>[A-Za-z_]+)\s*=\s*(?P<value>.*)$")


class CodexReader(BaseReader):
    agent = "codex"
    label = "Codex CLI"
    rank = 30
    variables = ("CODEX_PROJECT_DIR",)

    def paths(self, root: Path) -> list[str]:
        return [_JSON, _TOML]

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        toml = doc.rel.endswith(".toml")
        skip = frozenset({"state"}) if toml else frozenset()
        lines = _TomlLines(doc.text or "") if toml else None
        for found in hooks_object(doc.value, _FIELDS, skip=skip):
            if lines is not None and isinstance(found, Entry):
                found = replace(found, line=lines.line_of(found.field, found.command))
            yield found

    def runs_when(self, rel: str) -> str:
        return _WHEN


class _TomlLines:
    """Which line of a TOML text writes `key = <value>`, each line used once."""

    def __init__(self, text: str) -> None:
        self._candidates: list[tuple[int, str, str]] = []
        for number, line in enumerate(text.splitlines(), start=1):
            match = _KEY_LINE.match(line)
            if match:
                self._candidates.append((number, match["key"], match["value"]))
        self._used: set[int] = set()

    def line_of(self, key: str, value: str) -> int | None:
        import tomllib  # here: only a repository with Codex's config.toml pays for it

        for number, k, written in self._candidates:
            if k != key or number in self._used:
                continue
            try:
                parsed = tomllib.loads("v = " + written).get("v")
            except (tomllib.TOMLDecodeError, RecursionError):
                continue
            if parsed == value:
                self._used.add(number)
                return number
        return None


READER = CodexReader()
