"""A preview of the scripts a hook runs: the first lines of each file its command runs,
and the code of each npm script or make target it starts."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.core.disk import files
from hookdash.core.scripts import ScriptInfo

if TYPE_CHECKING:
    from hookdash.core.records import HookRecord as AnyHook

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
    # Project code: "npm script lint" / "make target lint" (in `path`, from `start_line`).
    part: str | None = None
    start_line: int = 1

    @property
    def heading(self) -> str:
        """What the preview's heading calls it, before the path."""
        return f"{self.part} in" if self.part else "Script"


def script_previews(hook: AnyHook, max_lines: int = PREVIEW_LINES) -> list[ScriptPreview]:
    """A preview of every script the hook (of either host) runs, in the order it runs
    them."""
    script = getattr(hook, "script", None)  # (a Claude hook has only `scripts`)
    scripts = hook.scripts or ([script] if script is not None else [])
    found = (script_preview(s, max_lines) for s in scripts)
    return [p for p in found if p is not None]


def script_preview(
    script: ScriptInfo | None, max_lines: int = PREVIEW_LINES
) -> ScriptPreview | None:
    """The first `max_lines` lines of the hook's script file.

    None when the command does not name a file (inline shell, a program on PATH).
    """
    if script is None or script.path is None or script.kind == "command":
        return None
    if script.is_task and script.code is not None:
        lines = script.code.split("\n")
        what = "npm script" if script.kind == "npm-script" else "make target"
        return ScriptPreview(
            script.path,
            "\n".join(lines[:max_lines]),
            min(len(lines), max_lines),
            len(lines) > max_lines,
            part=f"{what} {script.target}",
            start_line=script.line or 1,
        )
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
