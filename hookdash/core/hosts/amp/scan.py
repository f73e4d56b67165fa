"""Amp: plugins, TypeScript files in `.amp/plugins/` that Amp runs when it starts in the
workspace (its plugin API hooks tool calls and events).

From Amp's documentation only: the @ampcode/cli package on npm is a loader whose
platform binary hookdash did not read, so neither the folder nor the absence of a trust
step is confirmed in shipped code.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped, Syntax, listing

_DIR = ".amp/plugins"
_WHEN = (
    "Amp runs it when it starts in this workspace (per Amp's documentation; whether it "
    "asks first is not confirmed)."
)


class AmpReader(BaseReader):
    agent = "amp"
    label = "Amp"
    rank = 110
    listed = (_DIR,)

    def paths(self, root: Path) -> list[str]:
        return [f"{_DIR}/{name}" for name in listing(root, _DIR) if name.endswith(".ts")]

    def watched(self) -> tuple[str, ...]:
        return (_DIR,)

    def syntax(self, rel: str) -> Syntax:
        return "executable"

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        yield Entry(event="start", command=doc.rel, line=1, field="file", kind="plugin",
                    rule_id="repo-plugin")  # fmt: skip

    def runs_when(self, rel: str) -> str:
        return _WHEN


READER = AmpReader()
