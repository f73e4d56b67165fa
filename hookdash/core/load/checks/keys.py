"""Gemini's `name:command` key, made by two different hooks.

Gemini CLI trusts and deduplicates hooks by `${name}:${command}`. A `:` in a name makes
the split ambiguous: `guard` + `echo '{…curl … | sh #"}'` and `guard:echo '{…` +
`curl … | sh #"}'` are one key, so trusting the first trusts the second (Gemini ran it
without a warning), and the plan's dedup runs only the first of them in an event.
"""

from __future__ import annotations

from hookdash.core.display import shorten, visible
from hookdash.core.load.checks.about import _about
from hookdash.core.model import Hook
from hookdash.core.problems import Problem


def _named(hook: Hook) -> str:
    place = hook.layer_label + (f" settings, line {hook.line}" if hook.scope != "extension" else "")
    name = f"named '{visible(hook.name)}'" if hook.name else "unnamed"
    return f"{name} ({place}) running `{visible(shorten(hook.command or '', 80))}`"


def _check_key_collisions(hooks: list[Hook]) -> list[Problem]:
    """An error for each key two different (name, command) pairs make, naming both."""
    by_key: dict[str, dict[tuple[str, str], Hook]] = {}
    for hook in hooks:
        if hook.type == "command" and hook.command is not None:
            by_key.setdefault(hook.key, {}).setdefault((hook.name or "", hook.command), hook)
    out: list[Problem] = []
    for key, splits in by_key.items():
        if len(splits) < 2:
            continue
        first, *rest = splits.values()
        for other in rest:
            out.append(
                _about(
                    other,
                    "error",
                    "hook-key-collision",
                    f"Two different hooks make the same Gemini key "
                    f"'{visible(shorten(key, 80))}': one {_named(first)}, the other "
                    f"{_named(other)}. Gemini CLI sees one hook: trusting either trusts "
                    "both (no warning for the other), and in one event only the first runs.",
                    "Rename one of them (a name without ':' cannot be split two ways), and "
                    "trust nothing in this project until you know why they collide.",
                )
            )
    return out


def _check_colon_names(hooks: list[Hook]) -> list[Problem]:
    """A warning for a name holding `:`, the separator of Gemini's key."""
    return [
        _about(
            hook,
            "warning",
            "hook-name-has-colon",
            f"The name of hook '{visible(hook.id)}' holds ':', which Gemini CLI also uses to "
            "join a hook's name and command into its trust key: another hook can make the "
            "same key with a different command, and trusting one trusts the other.",
            "Use a name without ':'.",
        )
        for hook in hooks
        if hook.name and ":" in hook.name
    ]


def check_keys(hooks: list[Hook]) -> list[Problem]:
    return [*_check_key_collisions(hooks), *_check_colon_names(hooks)]
