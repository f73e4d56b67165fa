"""A preview of the script a hook runs: its first lines, when the command names a file."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hookdash.core import files
from hookdash.core.gemini.scripts import ScriptInfo

PREVIEW_LINES = 40
# Read at most this much: a hook may point at a large or binary program.
_MAX_BYTES = files.SCRIPT_PREVIEW_BYTES


@dataclass(frozen=True)
class ScriptPreview:
    """The head of a script, or why there is none."""

    path: str
    text: str  # the first lines ("" when unavailable)
    shown_lines: int
    truncated: bool  # the file has more than `shown_lines` lines
    unavailable: str | None = None  # why no text is shown


def script_preview(
    script: ScriptInfo | None, max_lines: int = PREVIEW_LINES
) -> ScriptPreview | None:
    """The first `max_lines` lines of the hook's script file.

    None when the command does not name a file (inline shell, a program on PATH).
    """
    if script is None or script.path is None or script.kind == "command":
        return None
    path = Path(script.path)
    if not script.exists:
        kind = files.not_regular(path)
        why = f"it is {kind}, not a regular file" if kind else "the file does not exist"
        return ScriptPreview(str(path), "", 0, False, why)
    try:
        data, _size = files.read_head(path, _MAX_BYTES + 1)
    except OSError as exc:
        return ScriptPreview(str(path), "", 0, False, f"cannot read it: {exc.strerror}")
    if b"\0" in data[:8192]:
        return ScriptPreview(str(path), "", 0, False, "a binary file")
    text = data[:_MAX_BYTES].decode("utf-8", errors="replace")
    lines = text.splitlines()
    shown = lines[:max_lines]
    truncated = len(lines) > max_lines or len(data) > _MAX_BYTES
    return ScriptPreview(str(path), "\n".join(shown), len(shown), truncated)
