"""A radio button and a checkbox whose state is a shape, not only a colour.

Textual draws `▐●▌` for every choice of a RadioSet and `▐X▌` for a checkbox checked or
not, the state told by colour alone: nothing on a monochrome terminal, to a colour-blind
reader or in a screenshot. These draw the chosen one `▐●▌` and the others `▐○▌`, a checked
box `▐X▌` and an unchecked one `▐ ▌`; the colours stay Textual's.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox as TextualCheckbox, RadioButton as TextualRadioButton
from textual.widgets._toggle_button import ToggleButton


class ShapeOfState(ToggleButton):
    """A toggle that draws ON or OFF inside its button (a mixin, first in the bases)."""

    ON = "X"
    OFF = " "

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.BUTTON_INNER = self.ON if self.value else self.OFF

    def watch_value(self) -> None:
        self.BUTTON_INNER = self.ON if self.value else self.OFF
        super().watch_value()  # (the -on class, the Changed message)


class RadioButton(ShapeOfState, TextualRadioButton):
    """Textual's RadioButton: ● chosen, ○ not."""

    ON = "●"
    OFF = "○"


class Checkbox(ShapeOfState, TextualCheckbox):
    """Textual's Checkbox: X checked, blank not."""
