"""The reader most agents need: a JSON file (or several) with a `hooks` object of events at
its root, in Claude Code's nested shape or the flat one (core.scan.shapes). Each agent's
room configures one with its paths, command fields and the sentence on when it runs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped
from hookdash.core.scan.shapes import hooks_object


class HooksObjectReader(BaseReader):
    __slots__ = ("agent", "fields", "files", "label", "rank", "skip", "variables", "when")
    agent: str
    files: tuple[str, ...]
    fields: tuple[str, ...]
    when: str
    label: str  # as people name the agent
    rank: int  # its place in scan order
    skip: frozenset[str]  # keys of `hooks` that are settings, not events
    variables: tuple[str, ...]  # set to the project directory when a hook runs

    def __init__(
        self,
        agent: str,
        files: tuple[str, ...],
        fields: tuple[str, ...],
        when: str,
        label: str = "",
        rank: int = 1000,
        skip: frozenset[str] = frozenset(),
        variables: tuple[str, ...] = (),
    ) -> None:
        self.agent = agent
        self.files = files
        self.fields = fields
        self.when = when
        self.label = label
        self.rank = rank
        self.skip = skip
        self.variables = variables

    def paths(self, root: Path) -> list[str]:
        return list(self.files)

    def watched(self) -> tuple[str, ...]:
        return self.files

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        return hooks_object(doc.value, self.fields, skip=self.skip)

    def runs_when(self, rel: str) -> str:
        return self.when
