"""What is remembered about the one large text (a settings file of 1 MiB or more) being
loaded or edited, in one owner behind one lock.

A 50 MB settings file is read, checked, located and spliced by several steps, each of
which would otherwise scan it whole again: its comment-stripped copy, the fact that it
parses, and its root object's members are remembered here. Texts are known by identity
(`fingerprint`: id, length and hash, so a new string at a reused address is not mistaken
for the old one), and no reference is kept but the stripped copy's single slot, which
`release()` lets go. The dashboard's loading thread and an edit on the event loop can ask
at once: the lock keeps each read-and-replace whole.
"""

from __future__ import annotations

from _thread import allocate_lock  # threading.Lock itself, without importing threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hookdash.core.jsonc.walk import Member

# Texts at least this long are "large": the ones worth remembering, one at a time.
BIG = 1 << 20

Fingerprint = tuple[int, int, int]


def fingerprint(text: str) -> Fingerprint:
    """A large text's identity, without keeping a reference to it."""
    return id(text), len(text), hash(text)


class LargeTextMemo:
    """The remembered facts about the last large text, each replaced as a whole."""

    def __init__(self) -> None:
        self._lock = allocate_lock()
        self._stripped: tuple[str, str] | None = None  # (text, its stripped copy)
        self._known_good: Fingerprint | None = None  # the last large text known to parse
        # The members of one object of a stripped text: ((its fingerprint, the `{`), members).
        self._members: tuple[tuple[Fingerprint, int], list[Member]] | None = None
        # The root members of a text made by an edit, before its stripped copy exists.
        self._pending_root: tuple[Fingerprint, list[Member]] | None = None

    # -- the stripped copy (a reference: the one slot)
    def stripped_of(self, text: str) -> str | None:
        with self._lock:
            slot = self._stripped
            return slot[1] if slot is not None and slot[0] is text else None

    def keep_stripped(self, text: str, stripped: str) -> None:
        with self._lock:
            self._stripped = (text, stripped)

    def original_of(self, stripped: str) -> str:
        """The text whose kept stripped copy `stripped` is (itself when it is not one)."""
        with self._lock:
            slot = self._stripped
            return slot[0] if slot is not None and slot[1] is stripped else stripped

    def release(self) -> None:
        with self._lock:
            self._stripped = None

    # -- that a text parses
    def vouch(self, text: str) -> None:
        with self._lock:
            self._known_good = fingerprint(text)

    def vouched(self, text: str) -> bool:
        with self._lock:
            return self._known_good == fingerprint(text)

    # -- an object's members
    def remember_members(self, stripped: str, start: int, found: Sequence[Member]) -> None:
        with self._lock:
            self._members = ((fingerprint(stripped), start), list(found))

    def members_of(self, stripped: str, start: int, root: int) -> list[Member] | None:
        """The remembered members of the object at `start` of `stripped` (`root`: where its
        root object starts), from a walk or handed on by the edit that made the text."""
        key = (fingerprint(stripped), start)
        with self._lock:
            if self._members is not None and self._members[0] == key:
                return list(self._members[1])
            pending = self._pending_root
            if pending is None or start != root:
                return None
            slot = self._stripped
            original = slot[0] if slot is not None and slot[1] is stripped else stripped
            if fingerprint(original) != pending[0]:
                return None
            self._members = (key, pending[1])
            return list(pending[1])

    def remember_root_of(self, text: str, root: Sequence[Member]) -> None:
        """Record the root members of a large text (comments in place, offsets as stripped)."""
        with self._lock:
            self._pending_root = (fingerprint(text), list(root))

    def pending_root(self) -> tuple[Fingerprint, list[Member]] | None:
        with self._lock:
            return self._pending_root

    def forget(self) -> None:
        """Everything (tests start from nothing)."""
        with self._lock:
            self._stripped = self._known_good = self._members = self._pending_root = None


LARGE = LargeTextMemo()
