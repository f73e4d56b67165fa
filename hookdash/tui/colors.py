"""Rich styles taken from the current Textual theme.

The tree labels and the details pane are Rich renderables, which cannot use Textual's
`$variables`; these styles are resolved from the theme instead, and the widgets that use
them redraw when the theme changes (App.theme_changed_signal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.style import Style
from textual.app import App
from textual.color import Color

if TYPE_CHECKING:
    from hookdash.core import BadgeKind


@dataclass(frozen=True)
class Colors:
    dark: bool
    foreground: str
    background: str
    surface: str
    muted: str
    primary: str
    accent: str
    success: str
    warning: str
    error: str

    def badge(self, kind: BadgeKind) -> Style:
        """The style of a status badge on a hook's line."""
        if kind == "runs":
            return Style(color=self.success, bold=True)
        if kind == "disabled":
            return Style(color=self.muted, bold=True)
        if kind == "not-running":
            return Style(color=self.error, bold=True)
        if kind == "duplicate":
            return Style(color=self.warning, bold=True)
        if kind in ("new", "changed"):
            # A filled pill: these ask for a review, so they must catch the eye.
            return Style(color=self.background, bgcolor=self.warning, bold=True)
        if kind == "hidden":
            # Red and filled: what the reviewer reads is not what runs.
            return Style(color=self.background, bgcolor=self.error, bold=True)
        return Style(color=self.accent, italic=True)  # legacy

    @property
    def risk(self) -> Style:
        """A risk flag's label (the label's words say what it is; this only adds weight)."""
        return Style(color=self.error, bold=True)

    @property
    def dim(self) -> Style:
        return Style(color=self.muted)

    @property
    def heading(self) -> Style:
        return Style(color=self.primary, bold=True)

    @property
    def syntax_theme(self) -> str:
        return "monokai" if self.dark else "default"


def colors_for(app: App[object]) -> Colors:
    variables = app.theme_variables
    theme = app.current_theme

    def pick(*names: str) -> str:
        for name in names:
            value = variables.get(name)
            if value and not value.startswith("auto"):
                return Color.parse(value).hex6
        return Color.parse(variables["foreground"]).hex6

    background = Color.parse(variables.get("background", "#000000"))
    foreground = Color.parse(variables.get("foreground", "#ffffff"))
    return Colors(
        dark=theme.dark,
        foreground=foreground.hex6,
        background=background.hex6,
        surface=pick("surface", "background"),
        # Half-way between text and background: readable, but clearly secondary.
        muted=foreground.blend(background, 0.45).hex6,
        primary=pick("text-primary", "primary"),
        accent=pick("text-accent", "accent"),
        success=pick("text-success", "success"),
        warning=pick("text-warning", "warning"),
        error=pick("text-error", "error"),
    )
