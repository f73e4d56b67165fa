"""What hookdash did not understand of a hook, as every view shows it: the quieter mark
beside the risk flags (`? not understood`) and one escaped line per part (`list`, `scan`,
the details pane and the trust review). Apart from core.present, whose verdict words need
every host's model: `scan` prints these lines without importing pydantic.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hookdash.core.display import shorten, visible

if TYPE_CHECKING:
    from hookdash.core.findings import Unknown

RISK_SPAN_WIDTH = 100  # a flag's span (or an unknown part) is shown on one line, cut so
UNKNOWN_MARK = "?"  # quieter than a risk flag's ⚠: "hookdash does not know", not "danger"


@dataclass(frozen=True)
class UnknownLine:
    """One part of a hook hookdash did not understand, as every view shows it (escaped)."""

    text: str  # the part, as written, on one line
    where: str  # "command", or "<script>:<line>"
    why: str  # "hookdash does not know what `foo --bar` does"


def hook_unknowns_of(hook: object) -> list[Unknown]:
    """A hook's unknowns (any host's record, a scanned hook); none for a record without."""
    found = getattr(hook, "unknowns", None)
    return list(found) if isinstance(found, list) else []


def is_understood(hook: object) -> bool:
    """Whether hookdash understood all of the hook (a record without the field: not)."""
    return getattr(hook, "understood", False) is True


def is_quiet(hook: object) -> bool:
    """Whether a hook may be shown without any mark: no risk flag and understood."""
    return not getattr(hook, "risks", None) and is_understood(hook)


def unknown_badge(hook: object) -> str | None:
    """The hook's mark for what hookdash did not understand (`? not understood`), or None."""
    return None if is_understood(hook) else f"{UNKNOWN_MARK} not understood"


def unknown_lines(hook: object, display: Callable[[str], str] = str) -> list[UnknownLine]:
    """What hookdash did not understand of the hook, in order, escaped for a terminal."""
    lines = []
    for unknown in hook_unknowns_of(hook):
        where = "command"
        if unknown.file:
            where = visible(display(unknown.file)) + (f":{unknown.line}" if unknown.line else "")
        lines.append(
            UnknownLine(
                text=shorten(visible(unknown.text), RISK_SPAN_WIDTH),
                where=where,
                why=visible(unknown.why),
            )
        )
    return lines


def unknown_sentence(line: UnknownLine) -> str:
    """`? why (where)`: one unknown on one line, as `list`, `scan` and the review print it."""
    where = f" ({line.where})" if line.where != "command" else ""
    return f"{UNKNOWN_MARK} {line.why}{where}"
