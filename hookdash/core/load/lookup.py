"""From what a user types (an ID or a ref) to the hooks it means: the one lookup that
fire, plan, the edits and trust share.

Gemini's disabled list is keyed by the hook's identifier (its name, else its command), so
every hook with one identifier shares one state: an ID that several hooks have is not
ambiguous, it means all of them. Ambiguity that matters is an argument that could mean
different identifiers — e.g. the command of two hooks with different names.

Accepted, in this order: a hook's `ref` (`<scope>:<pointer>`, unique), an identifier as
Gemini expands it, an unnamed hook's command as written in the file (`$HOME/x.sh`, the form
a hand-written disabled-list entry has), the command of a named hook (which Gemini does not
match: it means that hook's name), and for `enable` a disabled-list entry that no
configured hook has (a stale entry). "Did you mean" lists the closest identifiers first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from hookdash.core.display import shorten
from hookdash.core.errors import AmbiguousHook, HookNotFound
from hookdash.core.hosts.finding import unread_files
from hookdash.core.model import Hook
from hookdash.core.spelling import same_but_home, suggestions

if TYPE_CHECKING:
    from hookdash.core.model import Configuration

MatchedBy = Literal["ref", "id", "command", "entry"]


@dataclass
class Lookup:
    """What an argument means: one identifier and the hooks that have it."""

    identifier: str
    hooks: list[Hook]  # every registrable hook with this identifier (maybe none: an entry)
    matched_by: MatchedBy
    notes: list[str] = field(default_factory=list)


def registrable(hook: Hook) -> bool:
    """Gemini's validateHookConfig: an invalid hook is discarded, never listed or disabled."""
    return hook.invalid is None


def describe_hook(hook: Hook) -> str:
    """`guard (BeforeTool, user, line 5)`: enough for a person to tell hooks apart."""
    where = hook.layer_label + (f", line {hook.line}" if hook.line else "")
    return f"{hook.id} ({hook.event}, {where})"


def find_hooks(config: Configuration, arg: str, *, entries: Iterable[str] = ()) -> Lookup:
    """The identifier `arg` means, with its hooks; `entries` are disabled-list entries that
    may be named even without a hook (for enable). Raises HookNotFound or
    AmbiguousHook with the candidates."""
    hooks = config.hooks
    valid = [h for h in hooks if registrable(h)]
    found = _by_ref(hooks, valid, arg) or _by_id(valid, arg) or _by_command(valid, arg)
    found = found or _by_home(valid, arg, config.env.environ.get("HOME"))
    if found is not None:
        return found
    if arg in set(entries):
        return Lookup(identifier=arg, hooks=[], matched_by="entry")
    invalid = [h for h in hooks if h.id == arg]
    if invalid:
        raise HookNotFound(
            f"The hook '{_short(arg)}' is invalid, so Gemini CLI discards it and there is "
            f"nothing to switch ({'; '.join(invalid[0].not_running_because)}).",
            [],
        )
    # A focused load adds the closest of the hooks it did not build (see load.focus).
    candidates = suggestions(arg, [*(h.id for h in valid), *config.unbuilt_close])
    hint = f" Did you mean: {_quoted(candidates)}?" if candidates else ""
    known = "" if valid or config.thinned else " No hook is configured here."
    unread = unread_files(config.snapshot.problems)
    raise HookNotFound(
        f"No hook has the ID '{_short(arg)}' (its name, or its command when it has no "
        f"name).{hint}{unread or known}",
        candidates,
    )


def _by_ref(hooks: list[Hook], valid: list[Hook], arg: str) -> Lookup | None:
    by_ref = next((h for h in hooks if h.ref == arg), None)
    if by_ref is None:
        return None
    if not registrable(by_ref):
        raise HookNotFound(
            f"The hook at {arg} is invalid ({'; '.join(by_ref.not_running_because)}), so "
            "Gemini CLI discards it; there is nothing to switch.",
            [],
        )
    return _lookup(valid, by_ref.id, "ref")


def _by_id(valid: list[Hook], arg: str) -> Lookup | None:
    """An identifier, or an unnamed hook's command as written (Gemini expands it)."""
    if any(h.id == arg for h in valid):
        same_command = sorted({h.id for h in valid if h.name and h.command == arg})
        note = (
            f"The hook(s) named {_quoted(same_command)} run the same command, but Gemini "
            "matches a named hook by its name only, so they are not affected."
        )
        return _lookup(valid, arg, "id", note if same_command else None)
    as_written = list(dict.fromkeys(h.id for h in valid if not h.name and h.command_raw == arg))
    if len(as_written) != 1:
        return None
    return _lookup(
        valid,
        as_written[0],
        "id",
        f"'{_short(arg)}' is the command as written; Gemini expands it to "
        f"'{_short(as_written[0])}', the hook's ID.",
    )


def _by_command(valid: list[Hook], arg: str) -> Lookup | None:
    """The command of a named hook: Gemini matches it by name, so that name is meant."""
    named = [h for h in valid if h.name and arg in (h.command, h.command_raw)]
    names = list(dict.fromkeys(h.id for h in named))
    if len(names) > 1:
        raise AmbiguousHook(
            f"'{_short(arg)}' is the command of {len(names)} hooks with different names "
            f"({_quoted(names)}), and Gemini matches named hooks by name: give the name of "
            "the one you mean.",
            [h.as_ref() for h in named],
        )
    if not names:
        return None
    return _lookup(
        valid,
        names[0],
        "command",
        f"'{_short(arg)}' is the command of the hook named '{names[0]}'; Gemini "
        f"matches a named hook by its name only, so hookdash uses '{names[0]}'.",
    )


def _by_home(valid: list[Hook], arg: str, home: str | None) -> Lookup | None:
    """An ID given with its leading `~` expanded (by the shell), or the other way round."""
    ids = list(
        dict.fromkeys(
            h.id
            for h in valid
            if same_but_home(arg, h.id, home)
            or (not h.name and h.command_raw and same_but_home(arg, h.command_raw, home))
        )
    )
    if len(ids) != 1:
        return None
    return _lookup(
        valid,
        ids[0],
        "id",
        f"'{_short(arg)}' is '{_short(ids[0])}' with its ~ written out as your home folder "
        "(as a shell expands it): hookdash uses that hook.",
    )


def _lookup(
    valid: list[Hook], identifier: str, matched_by: MatchedBy, note: str | None = None
) -> Lookup:
    return Lookup(
        identifier=identifier,
        hooks=[h for h in valid if h.id == identifier],
        matched_by=matched_by,
        notes=[note] if note else [],
    )


def select_hook(config: Configuration, arg: str, event: str) -> Hook:
    """The one hook of `event` that `arg` means (fire --hook): any form `find_hooks` takes.

    Hooks that share an identifier are one hook to a disabled list, but two processes to
    the engine: then the candidates' refs are given, to pick one."""
    try:
        lookup = find_hooks(config, arg)
    except HookNotFound:
        elsewhere = [h for h in config.hooks if h.id == arg]
        if not elsewhere:
            raise
        lookup = Lookup(identifier=arg, hooks=elsewhere, matched_by="id")
    by_ref = [h for h in config.hooks if h.ref == arg]
    hooks = by_ref or lookup.hooks
    here = [h for h in hooks if h.event == event]
    if len(here) == 1:
        return here[0]
    if len(here) > 1:
        lines = "\n".join(f"  {h.ref}  ({h.layer_label}: {_short(h.command or '')})" for h in here)
        raise AmbiguousHook(
            f"'{_short(arg)}' names {len(here)} hooks; pass one of their refs instead:\n{lines}",
            [h.as_ref() for h in here],
        )
    if by_ref:
        raise HookNotFound(f"{arg} is a {by_ref[0].event} hook, not a {event} hook.")
    events = ", ".join(sorted({h.event for h in hooks}))
    raise HookNotFound(
        f"No {event} hook is called '{_short(arg)}' (there is one for {events}).",
        [h.id for h in config.hooks if h.event == event and registrable(h)][:8],
    )


def _short(text: str) -> str:
    return shorten(text, 60)


def _quoted(items: Iterable[str]) -> str:
    return ", ".join(f"'{_short(i)}'" for i in items)
