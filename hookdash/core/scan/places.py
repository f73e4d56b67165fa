"""An agent's own project-directory variables, read by the shared risk review as the known
place they are.

The risk review (core.load.risks) knows `$CLAUDE_PROJECT_DIR` and `$GEMINI_PROJECT_DIR` as
the project folder: a program named `"$CLAUDE_PROJECT_DIR"/x.sh` is a file it can read,
not code decided when the hook runs. Factory droid sets `$FACTORY_PROJECT_DIR`, Copilot CLI
`$COPILOT_PROJECT_DIR`, Qwen Code `$QWEN_PROJECT_DIR` to the same folder: the scan hands
the review the command with each such name spelled `CLAUDE_PROJECT_DIR`, and maps every
flag's span back onto the command as written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hookdash.core.findings import RiskFlag
from hookdash.core.record_class import replace

_KNOWN = "CLAUDE_PROJECT_DIR"  # a project-folder variable the risk review knows
_ALREADY_KNOWN = frozenset({"CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"})


class PlaceNames:
    """`command` with the agent's project variables spelled as one the review knows, and
    the way back from an offset in that text to one in `command`."""

    def __init__(self, command: str, variables: Sequence[str]) -> None:
        self.original = command
        # Only the names the command holds (a pattern is compiled for them).
        names = [v for v in variables if v not in _ALREADY_KNOWN and v in command]
        self._edits: list[tuple[int, int, int]] = []  # (new start, new end, length change)
        if not names:
            self.text = command
            return
        pattern = re.compile(r"(?<=\$)(\{?)(" + "|".join(map(re.escape, names)) + r")\b")
        parts: list[str] = []
        last = 0
        shift = 0
        for match in pattern.finditer(command):
            start, end = match.span(2)
            parts.append(command[last:start])
            new_start = start + shift
            parts.append(_KNOWN)
            delta = len(_KNOWN) - (end - start)
            self._edits.append((new_start, new_start + len(_KNOWN), delta))
            shift += delta
            last = end
        parts.append(command[last:])
        self.text = "".join(parts)

    def back(self, offset: int) -> int:
        """The offset in the command as written of `offset` in `text`."""
        result = offset
        for start, end, delta in self._edits:
            if offset >= end:
                result -= delta
            elif offset > start:
                result = min(result, start - sum(d for s, _e, d in self._edits if s < start))
                return max(0, result)
        return max(0, min(result, len(self.original)))

    def flags(self, flags: list[RiskFlag]) -> list[RiskFlag]:
        """The flags found in `text`, their spans moved onto the command as written."""
        if not self._edits:
            return flags
        out = []
        for flag in flags:
            if flag.file is not None:  # found in a script: its span is the script's
                out.append(flag)
                continue
            start, end = self.back(flag.span.start), self.back(flag.span.end)
            span = replace(flag.span, start=start, end=end, text=self.original[start:end])
            out.append(replace(flag, span=span))
        return out
