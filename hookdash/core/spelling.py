"""What a person probably meant: the identifiers close to what they typed, for "did you
mean" in every host's lookups."""

from __future__ import annotations

from collections.abc import Iterable


def suggestions(arg: str, ids: Iterable[str], limit: int = 8) -> list[str]:
    """Identifiers close to `arg` in spelling, or that contain it: the closest first."""
    unique = list(dict.fromkeys(ids))
    scored = [(closeness(arg, i), n, i) for n, i in enumerate(unique)]
    chosen = [(s, n, i) for s, n, i in scored if s >= CLOSE]
    return [i for _, _, i in sorted(chosen, key=lambda c: (-c[0], c[1]))][:limit]


CLOSE = 0.6  # the closeness from which an identifier is suggested


def closeness(arg: str, ident: str) -> float:
    """How close an identifier is to what was typed: its similarity, plus one when it
    contains it."""
    import difflib  # here: every load imports this module, only a typo asks it

    folded = arg.casefold()
    ratio = difflib.SequenceMatcher(None, folded, ident.casefold()).ratio()
    return ratio + (1.0 if folded and folded in ident.casefold() else 0.0)


def home_expanded(text: str, home: str | None) -> str:
    """`text` with a leading `~` (alone, or before `/`) as the shell expands it: the home
    folder. A shell expands `~/bin/guard.sh` before hookdash sees it, so a person who
    types a hook's ID that starts with `~` unquoted gives the expanded path."""
    if home and (text == "~" or text.startswith("~/")):
        return home.rstrip("/") + text[1:]
    return text


def same_but_home(arg: str, text: str, home: str | None) -> bool:
    """Whether `arg` and `text` differ only in a leading `~` written out as the home
    folder (or the other way round)."""
    return arg != text and home_expanded(arg, home) == home_expanded(text, home)
