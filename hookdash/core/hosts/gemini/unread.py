"""A hook definition that a focused load did not build (see `load.focus`).

It keeps the definition's place — every index and pointer after it stays as in the file —
and what Gemini's schema found wrong with it, since the validation of a settings file is
decided by all of its definitions, read or not. Every reader of hook definitions skips it.
"""

from __future__ import annotations

from hookdash.core.record_class import record


@record(slots=True)
class Unread:
    """A definition left unbuilt: the schema issues it had, as (dotted path, text)."""

    issues: tuple[tuple[str, str], ...] = ()


UNREAD = Unread()  # the common case, shared: a valid definition that was not needed
