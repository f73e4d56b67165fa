"""The Checks pane of a form whose Save is one write of its host (Claude Code's form, the
host form): what the latest dry run of Save says, then the diff of the file it writes.

Either Save would write nothing (why, in the words of the matching command), nothing is
back yet, every field is as written, or Save will write: its sentence, the warnings and
notes, and what comes after (`after`: how to fire the saved hook)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.text import Text

from hookdash.core import visible
from hookdash.tui.widgets.draft_review import settings_diff, warnings_and_notes
from hookdash.tui.widgets.run_view import heading

if TYPE_CHECKING:
    from hookdash.core import AuthoringResult
    from hookdash.tui.colors import Colors


def write_checks(
    review: AuthoringResult | None,
    refusal: str | None,
    colors: Colors,
    *,
    saves: str,
    after: str,
) -> list[RenderableType]:
    """The pane's parts. `review`: the latest dry run (None: none back, or refused with
    `refusal`); `saves`: what Save will do, in a sentence; `after`: the line after it."""
    text = Text()
    parts: list[RenderableType] = [text]
    if refusal is not None:
        text.append("✖ Save would write nothing: ", style=f"bold {colors.error}")
        text.append(visible(refusal))
        return parts
    if review is None:
        text.append("Checking…", style=colors.dim)
        return parts
    if not review.diff:
        text.append("· Nothing to save: every field is as written.", style=colors.dim)
        return parts
    text.append("✔ ", style=f"bold {colors.success}")
    text.append(visible(saves))
    warnings_and_notes(text, review.warnings, review.notes, colors)
    text.append(f"\n{after}", style=colors.dim)
    return [*parts, heading("What Save writes", colors), settings_diff(review.diff, colors)]
