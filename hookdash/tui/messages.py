"""Toasts stay short; every message stays whole, for `m`.

A toast of a long message (a refusal quoting a file's error, a path, a command) ran to
ten lines and hid the screen under it. A toast shows at most TOAST_LINES lines and
TOAST_CHARS characters, then says where the rest is: `m` lists every message of the
session in full, newest last. A screen opened over another clears the toasts of the one
before (they were about it); the messages stay in the list.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content

TOAST_LINES = 4
TOAST_CHARS = 160
REST = "… (m: the whole message)"


@dataclass(frozen=True)
class SessionMessage:
    """A message as the app showed it: when, its title and severity, its whole text."""

    at: str  # HH:MM:SS
    title: str
    severity: str
    text: str


def plain_message(message: str, markup: bool) -> str:
    """The text a toast shows (`markup`: the message is Textual markup)."""
    return Content.from_markup(message).plain if markup else message


def toast_text(text: str) -> str | None:
    """`text` cut for a toast, None when it fits whole."""
    lines = text.splitlines()
    if len(lines) <= TOAST_LINES and len(text) <= TOAST_CHARS:
        return None
    cut = "\n".join(lines[:TOAST_LINES])[:TOAST_CHARS].rstrip()
    return cut + REST
