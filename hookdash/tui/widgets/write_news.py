"""What the dashboard says around a write: the question before it (a dry run's message,
notes and diff; the files an undo puts back) and the toast after it.

Pure rendering, so every screen that writes words a write the same way; every piece of
it is the configuration's text (ids, commands, paths), so each goes through `visible()`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rich.style import Style
from rich.text import Text

from hookdash.core import visible
from hookdash.tui.colors import Colors

if TYPE_CHECKING:
    from hookdash.core import AuthoringResult, EditResult, UndoEntry

# The title of the notification after each kind of write.
ANNOUNCED = {
    "disable": "Switched off",
    "enable": "Switched on",
    "add": "Added",
    "edit": "Changed",
    "remove": "Removed",
    "import": "Imported",
    "hooks-on": "Hooks on",
    "hooks-off": "Hooks off",
}


def dry_run_body(preview: AuthoringResult, question: str, colors: Colors) -> Text:
    """A dry run, as a confirmation shows it: what it does, notes, the diff."""
    body = Text()
    body.append(visible(preview.message.replace("Would ", "This will ", 1)), style="bold")
    for note in preview.notes:
        body.append("\n• " + visible(note))
    if preview.diff:
        body.append("\n\n")
        for line in preview.diff.splitlines():
            style: str | Style = colors.dim if line.startswith("@@") else ""
            if line.startswith("+") and not line.startswith("+++"):
                style = colors.success
            elif line.startswith("-") and not line.startswith("---"):
                style = colors.error
            body.append(visible(line, multiline=True) + "\n", style=style)
    body.append("\n" + question)
    return body


def undo_body(entry: UndoEntry, display: Callable[[str], str]) -> Text:
    """The question before an undo: the files it puts back, and when it refuses."""
    body = Text()
    body.append(f"Undo “{entry.label}”?\n\n", style="bold")
    body.append("Puts back, exactly as they were before it:\n")
    for file in entry.files:
        state = "removed (it did not exist)" if file.before is None else "its old bytes"
        body.append(f"• {visible(display(file.path))}: {state}\n")
    body.append("\nRefused if one of them changed since hookdash wrote it.")
    return body


@dataclass(frozen=True)
class Announcement:
    """The toast after a write: a warning when it changed nothing or left a hook off."""

    text: str
    title: str
    severity: Literal["information", "warning"]


def announcement(result: EditResult) -> Announcement:
    """What a write did, its warnings and notes, and that `u` undoes it."""
    from hookdash.core import AuthoringResult  # loaded by the write already

    warnings = result.warnings if isinstance(result, AuthoringResult) else []
    lines = [
        visible(result.message),
        *("! " + visible(warning) for warning in warnings),
        *("• " + visible(note) for note in result.notes),
    ]
    if result.changed:
        lines.append("(u undoes it)")
    warn = bool(result.still_disabled_by) or not result.changed or bool(warnings)
    title = ANNOUNCED.get(result.action, "Done")
    if not result.changed:
        title = "Nothing changed"
    elif result.still_disabled_by:
        title = "Still disabled"
    text = visible("\n".join(lines), multiline=True)
    return Announcement(text, title, "warning" if warn else "information")
