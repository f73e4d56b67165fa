"""What hookdash has parked of Claude Code's hooks: each handler it took out of a settings
file, kept in hookdash's state with how to put it back (`parking` does the writes; the
loader reads this to list a parked hook as off)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from hookdash.core.disk.file_memory import FileMemory, file_key
from hookdash.core.hosts.claude.writing import ClaudeWorld

if TYPE_CHECKING:
    from collections.abc import Mapping

    from hookdash.core.hosts.claude.layers import ClaudeLayer

PARKED_BECAUSE = "off: parked by hookdash"


class ParkedHandler(BaseModel):
    """One handler hookdash took out of a Claude settings file, and how to put it back."""

    token: str  # names this parking (the tail of the parked hook's ref)
    file: str  # the file as Claude names it
    real: str  # the file a write changes (symlinks followed): what the state is keyed by
    scope: str
    event: str
    matcher: Any = None  # as written (None: absent)
    pointer: str  # where the handler was
    handler: dict[str, Any]
    # The edit as a splice of the file's text: at `offset` (characters), `removed` was cut
    # and `replaced` put in its place; `after_sha256` is the file it left (its UTF-8
    # bytes). An empty `after_sha256`: the file changed since, only a re-insert applies.
    offset: int
    removed: str
    replaced: str = ""
    after_sha256: str
    parked_at: str


class ParkedState(BaseModel):
    v: int = 1
    parked: list[ParkedHandler] = []


MEMORY = FileMemory("claude-parked.json", ParkedState)


def parked_in(
    environ: Mapping[str, str], layers: Iterable[ClaudeLayer]
) -> list[tuple[ClaudeLayer, ParkedHandler]]:
    """The parked handlers of these layers' files, each with its layer (a missing or
    damaged state file reads as none parked)."""
    env = ClaudeWorld(Path("/"), environ)
    by_file = {file_key(layer.path): layer for layer in layers if layer.ignored_reason is None}
    return [
        (by_file[entry.real], entry) for entry in MEMORY.read(env).parked if entry.real in by_file
    ]
