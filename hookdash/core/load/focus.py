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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hookdash.core.gemini import jsonc
from hookdash.core.gemini.events import EVENTS, HOOKS_CONFIG_FIELDS
from hookdash.core.gemini.expand import expand_settings_value
from hookdash.core.gemini.settings_schema import validate_definition
from hookdash.core.gemini.unread import UNREAD, Unread
from hookdash.core.load.registry import hook_identifier


def focusable(arg: str) -> bool:
    """Whether a load can be focused on `arg`: not when it may be a ref."""
    return ":/" not in arg


@dataclass(frozen=True)
class Focus:
    """The argument a load is focused on, and the environment that expands `$VAR`."""

    arg: str
    environ: Mapping[str, str]

    def choose(self, key: str, index: int, definition: Any) -> Any:
        """What a focused load keeps of one element of `hooks.<key>` (a `jsonc.Thinning`)."""
        if key in HOOKS_CONFIG_FIELDS or self._wanted(definition):
            return definition
        if key not in EVENTS:
            return UNREAD  # Gemini's schema checks only the known events' arrays
        expanded = expand_settings_value(definition, self.environ)
        issues = validate_definition(f"hooks.{key}.{index}", expanded)
        return Unread(tuple(issues)) if issues else UNREAD

    def _wanted(self, definition: Any) -> bool:
        """Whether a hook of `definition` could be one the argument names."""
        hooks = definition.get("hooks") if isinstance(definition, dict) else None
        if not isinstance(hooks, list):
            return False  # an invalid definition has no hook to find
        for raw in hooks:
            if not isinstance(raw, dict):
                continue
            expanded = expand_settings_value(raw, self.environ)
            names = {hook_identifier(raw), hook_identifier(expanded)}
            commands = {raw.get("command"), expanded.get("command")}
            if self.arg in names or self.arg in commands:
                return True
        return False


def thinning(arg: str | None, environ: Mapping[str, str]) -> jsonc.Thinning | None:
    """The `thin` of a load focused on `arg` (None: a whole load)."""
    if arg is None or not focusable(arg):
        return None
    return Focus(arg, environ).choose
