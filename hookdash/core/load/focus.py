"""A load for one hook: what `disable ID` and `enable ID` need of a large settings file.

Switching one hook in a 50 MB settings file of 200,000 hooks must not build 200,000
hooks (that took gigabytes): a focused load reads each hook definition of a large layer
one at a time and keeps only those that could hold a hook the argument names — by its
identifier (name, else command), its command as written or expanded — in raw or
`$VAR`-expanded form. The others are checked against Gemini's schema as they pass (the
file validates or not as a whole, and that decides its coercions) and leave an `Unread`
in their place, so every index, pointer and line stays as in the file.

What a focused configuration holds is every hook that the lookup (`lookup.find_hooks`)
could answer with for that argument, and the layers' settings and disabled lists; it has
no whole-configuration checks, and it is for that one edit only. A ref (`scope:/hooks/…`)
names a hook by place, not identifier, so it is never focused; nor is a small file.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import field
from typing import Any

from hookdash.core.hosts.gemini.events import EVENTS, HOOKS_CONFIG_FIELDS
from hookdash.core.hosts.gemini.expand import expand_settings_value
from hookdash.core.hosts.gemini.registry import hook_identifier, validation_error
from hookdash.core.hosts.gemini.settings_schema import validate_definition
from hookdash.core.hosts.gemini.unread import UNREAD, Unread
from hookdash.core.record_class import record
from hookdash.core.spelling import CLOSE, closeness, same_but_home

NO_HOOK = ""  # a focus that builds no hook of a large file: for edits that read none


def focusable(arg: str) -> bool:
    """Whether a load can be focused on `arg`: not when it may be a ref."""
    return ":/" not in arg


@record
class Focus:
    """The argument a load is focused on, and the environment that expands `$VAR`. With
    `suggest`, it also keeps the identifiers closest to the argument among the hooks it
    leaves unbuilt (`close`), for the "did you mean" of an argument no hook has."""

    arg: str
    environ: Mapping[str, str]
    suggest: bool = False
    # Identifiers the argument turned out to mean (it was a hook's command): every hook
    # with one of them is wanted too, as the lookup answers with all of them.
    also: frozenset[str] = frozenset()
    close: list[tuple[float, int, str]] = field(default_factory=list)  # a bounded heap
    seen: Iterator[int] = field(default_factory=itertools.count)  # the hooks scored

    def choose(self, key: str, index: int, definition: Any) -> Any:
        """What a focused load keeps of one element of `hooks.<key>` (a `jsonc.Thinning`)."""
        if key in HOOKS_CONFIG_FIELDS or self._wanted(definition):
            return definition
        if self.suggest:
            self._score(definition)
        if key not in EVENTS:
            return UNREAD  # Gemini's schema checks only the known events' arrays
        # Expanding `$VAR` changes no type; only a timeout such as "$T" may become numeric.
        if _dollar_timeout(definition):
            definition = expand_settings_value(definition, self.environ)
        issues = validate_definition(f"hooks.{key}.{index}", definition)
        return Unread(tuple(issues)) if issues else UNREAD

    def _wanted(self, definition: Any) -> bool:
        """Whether a hook of `definition` could be one the argument names: its identifier
        or its command, as written or expanded."""
        hooks = definition.get("hooks") if isinstance(definition, dict) else None
        if not isinstance(hooks, list) or self.arg == NO_HOOK:
            return False  # an invalid definition has no hook to find
        for raw in hooks:
            if not isinstance(raw, dict):
                continue
            if self._names(hook_identifier(raw), raw.get("command")):
                return True
            named = {k: raw.get(k) for k in ("type", "name", "command")}
            if any(isinstance(v, str) and "$" in v for v in named.values()):
                expanded = expand_settings_value(named, self.environ)
                if self._names(hook_identifier(expanded), expanded.get("command")):
                    return True
        return False

    def _names(self, identifier: str, command: Any) -> bool:
        if self.arg in (identifier, command) or identifier in self.also:
            return True
        home = self.environ.get("HOME")  # an ID typed with its ~ expanded (lookup._by_home)
        return same_but_home(self.arg, identifier, home) or (
            isinstance(command, str) and same_but_home(self.arg, command, home)
        )

    def _score(self, definition: Any) -> None:
        """Keep the closest identifiers of a definition's registrable hooks (at most
        SUGGESTIONS distinct ones, the earliest first among equals)."""
        hooks = definition.get("hooks") if isinstance(definition, dict) else None
        for raw in hooks if isinstance(hooks, list) else []:
            hook = expand_settings_value(raw, self.environ)
            if validation_error(hook) is not None:
                continue
            ident = hook_identifier(hook)
            if any(kept == ident for _s, _n, kept in self.close):
                continue  # the same score again: its first place stands
            score = closeness(self.arg, ident)
            if score >= CLOSE:
                entry = (score, -next(self.seen), ident)
                if len(self.close) < SUGGESTIONS:
                    heapq.heappush(self.close, entry)
                else:
                    heapq.heappushpop(self.close, entry)

    def closest(self) -> list[str]:
        """The identifiers kept by `suggest`, the closest first."""
        return [ident for _s, _n, ident in sorted(self.close, reverse=True)]


SUGGESTIONS = 8  # as many as "did you mean" shows


def _dollar_timeout(definition: Any) -> bool:
    hooks = definition.get("hooks") if isinstance(definition, dict) else None
    return isinstance(hooks, list) and any(
        isinstance(h, dict) and isinstance(h.get("timeout"), str) and "$" in h["timeout"]
        for h in hooks
    )


def focus_on(
    arg: str | None,
    environ: Mapping[str, str],
    suggest: bool = False,
    also: frozenset[str] = frozenset(),
) -> Focus | None:
    """The focus of a load on `arg` (None: a whole load)."""
    if arg is None or not focusable(arg):
        return None
    return Focus(arg, environ, suggest, also)


def meant_also(arg: str, hooks: Iterable[Any]) -> frozenset[str]:
    """The identifiers of the hooks whose command (as written or expanded) is `arg`, other
    than `arg`: what the lookup answers with when `arg` is such a command, so a second
    focused read must build every hook that has one of them."""
    return frozenset(h.id for h in hooks if arg in (h.command, h.command_raw) and h.id != arg)


def let_go_of_unread(documents: Iterable[Any]) -> None:
    """Once a focused load has built its hooks, drop the stand-ins from the event arrays
    of `documents` (settings as read, expanded, merged): 200,000 of them in each of half
    a dozen lists are megabytes that the edit does not need. The arrays' indices change,
    so this is the last thing a focused load does with them."""
    for document in documents:
        hooks = document.get("hooks") if isinstance(document, dict) else None
        if not isinstance(hooks, dict):
            continue
        for key, value in hooks.items():
            if isinstance(value, list) and any(isinstance(d, Unread) for d in value):
                hooks[key] = [d for d in value if not isinstance(d, Unread)]
