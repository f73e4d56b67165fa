"""The dashboard's side of the baseline of your own hooks (core.baseline): the red banner
while something changed since you last looked, the B question that shows every change with
its diff and accepts them, and the one message of the first look."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.content import Content

from hookdash.tui.widgets.banners import Notice

if TYPE_CHECKING:
    from hookdash.core import BaselineStatus

ACCEPT_ACTION = "app.accept_baseline"


def baseline_notice(status: BaselineStatus | None, home: Path) -> Notice | None:
    """“✖ Your own hooks changed since you last looked: a SessionStart hook appeared in
    ~/.claude/settings.json (Claude Code): `node ~/.claude/x.js` (and 2 more): B to see the
    diff and accept”, or None."""
    from hookdash.core import change_sentence

    if status is None or not status.changes:
        return None
    first = change_sentence(status.changes[0], home)  # shown escaped (core.baseline.compare)
    more = len(status.changes) - 1
    tail = f" (and {more} more)" if more else ""
    text = (
        f"✖ Your own hooks changed since you last looked: {first}{tail}. "
        "Press B (or click) to see the diff and accept, if it was you."
    )
    return Notice("error", text, ACCEPT_ACTION)


def first_look_message(status: BaselineStatus | None) -> str | None:
    if status is None or not status.recorded_now or not status.watched:
        return None  # nothing of yours to watch yet: nothing to say
    return (
        "hookdash recorded a baseline of your own hooks (every agent's, with the scripts "
        f"they run: {status.watched} in all). From now on a change shows here in red."
    )


def confirm_body(status: BaselineStatus, home: Path) -> Content:
    """Every change, its diff (escaped), and what accepting means."""
    from hookdash.core import change_sentence, tilde_path, visible

    parts: list[Content | str | tuple[str, str]] = []
    for change in status.changes:
        parts.append((change_sentence(change, home) + "\n", "bold"))
        for line in change.diff(tilde_path(change.item.file, home)).splitlines():
            style = ""
            if line.startswith("+") and not line.startswith("+++"):
                style = "green"
            elif line.startswith("-") and not line.startswith("---"):
                style = "red"
            parts.append((f"  {visible(line)}\n", style))
        parts.append("\n")
    parts.append(
        "Accept only what you did yourself: from then on these are the baseline. If you did "
        "not make a change, something wrote to your agents' settings: say no and remove it."
    )
    return Content.assemble(*parts)
