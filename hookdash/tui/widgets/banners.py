"""Banners above the hook list, for what changes every hook at once.

An untrusted folder, hooks switched off, a settings file that does not parse, a system
file Gemini ignores, legacy keys: one banner per kind (core.status.banner_lines, from
`hookdash check`'s problems). A click opens the problem list at that problem.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from textual.containers import Vertical
from textual.content import Content
from textual.events import Click
from textual.widgets import Static

from hookdash.core.problems import Problem
from hookdash.core.status import banner_lines

MAX_BANNERS = 4  # more would push the hook list off a small terminal
_MARKS = {"error": "✖", "warning": "!", "info": "i"}


class Banner(Static):
    def __init__(self, content: Content, classes: str, code: str | None = None) -> None:
        super().__init__(content, classes=classes)
        self.code = code

    def on_click(self, event: Click) -> None:
        if "problem" not in self.classes:
            return
        event.stop()
        self.app.call_later(self.app.run_action, f"show_problems({self.code!r})")


class Banners(Vertical):
    """The banners of a snapshot's problems; hidden when there are none."""

    def compose(self) -> Any:
        return []

    def show(
        self,
        problems: list[Problem],
        display: Callable[[str], str],
        notices: Sequence[tuple[str, str]] = (),
    ) -> None:
        """`notices`: (kind, text) lines shown first (the demo, why it opened)."""
        self.remove_children()
        banners = [Banner(Content(text), classes=f"banner {kind}") for kind, text in notices]
        lines = banner_lines(problems, display)
        for line in lines[:MAX_BANNERS]:
            # Where first: a one-line banner on a small terminal must keep file:line:col.
            where = line.locations[0] + "  " if line.locations else ""
            text = Content.assemble(
                (f"{_MARKS.get(line.severity, '!')} ", "bold"),
                (where, "bold"),
                line.message,
            )
            banner = Banner(text, classes=f"banner problem {line.severity}", code=line.code)
            banner.tooltip = line.text + "\n\nClick for the problem list."
            banners.append(banner)
        if len(lines) > MAX_BANNERS:
            more = Content(f"… and {len(lines) - MAX_BANNERS} more: press c for the problem list")
            banners.append(Banner(more, classes="banner problem info"))
        self.mount_all(banners)
        self.display = bool(banners)
