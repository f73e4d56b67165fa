"""Text from a configuration, a hook or a log, as hookdash shows it to a person."""

from __future__ import annotations


def shorten(text: str, width: int) -> str:
    """`text` on one line (runs of white space folded), cut to `width` with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
