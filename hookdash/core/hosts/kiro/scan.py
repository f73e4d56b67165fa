"""Kiro: agent hooks in `.kiro/hooks/`, one JSON file each (`*.kiro.hook`, which Kiro's
editor writes, and `*.json`): `{"enabled"?, "name", "description"?, "version", "when":
{"type": "fileEdited" | "fileCreated" | "fileDeleted" | "promptSubmit" | "agentStop" |
"userTriggered" | …, "patterns"?: [...]}, "then": {"type": "runCommand", "command"} |
{"type": "askAgent", "prompt"}}`. An `askAgent` hook sends a prompt to the model and runs
no command: not listed.

From Kiro's documentation only (Kiro is not on npm): not confirmed in shipped code, nor
whether Kiro asks before running a workspace's hooks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped, Syntax, listing

_DIR = ".kiro/hooks"
_SUFFIXES = (".kiro.hook", ".json")
_WHEN = (
    "Kiro runs it at that event in this workspace (per Kiro's documentation; whether it "
    "asks first is not confirmed)."
)
_OFF = 'Kiro does not run it while the hook says "enabled": false; anyone who flips it runs it.'


class KiroReader(BaseReader):
    agent = "kiro"
    label = "Kiro"
    rank = 120
    listed = (_DIR,)

    def paths(self, root: Path) -> list[str]:
        return [f"{_DIR}/{n}" for n in listing(root, _DIR) if n.endswith(_SUFFIXES)]

    def watched(self) -> tuple[str, ...]:
        return (_DIR,)

    def syntax(self, rel: str) -> Syntax:
        return "json"

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        value = doc.value
        if not isinstance(value, dict):
            yield Skipped("the file is not a JSON object", "")
            return
        when = value.get("when")
        then = value.get("then")
        if not isinstance(when, dict) or not isinstance(then, dict):
            yield Skipped("the hook has no 'when' and 'then' objects", "")
            return
        if then.get("type") != "runCommand":
            return  # askAgent: a prompt, no command
        command = then.get("command")
        if not isinstance(command, str) or not command:
            yield Skipped("a runCommand hook has no 'command' string", "/then")
            return
        patterns = when.get("patterns")
        matcher = (
            "|".join(p for p in patterns if isinstance(p, str))
            if isinstance(patterns, list)
            else None
        )
        name = value.get("name")
        yield Entry(
            event=str(when.get("type")),
            command=command,
            pointer="/then/command",
            matcher=matcher or None,
            name=name if isinstance(name, str) else None,
            runs_when=_OFF if value.get("enabled") is False else None,
        )

    def runs_when(self, rel: str) -> str:
        return _WHEN


READER = KiroReader()
