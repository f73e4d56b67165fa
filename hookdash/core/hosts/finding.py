"""The one hook a command-line argument names, for a host whose hooks have no name of
their own: by its ref (unique), else by its ID when exactly one hook has it. The hosts
with their own naming rules (Gemini's `name:command` IDs) override `Host.find`."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TypeVar

from hookdash.core.display import shorten, visible
from hookdash.core.errors import AmbiguousHook, HookNotFound
from hookdash.core.problems import Problem
from hookdash.core.records import HookRecord, HookRef, HostSnapshot
from hookdash.core.spelling import same_but_home, suggestions

H = TypeVar("H", bound=HookRecord)

# The findings that say a hook file does not parse (or cannot be read): its hooks are not
# listed, so no ID can name them, and hookdash never rewrites such a file.
_UNREAD_FILE = frozenset(
    {
        "settings-parse-error",
        "claude-settings-parse-error",
        "codex-hooks-file-refused",
        "codex-config-unreadable",
    }
)


def unread_files(problems: Iterable[Problem]) -> str:
    """The files that do not parse (after a space), each at its line and column with what
    is wrong, for a hook that is not found (it may be in one of them); "" when every file
    parsed."""
    said = [
        f"{visible(p.file)}{_at(p)}: {p.message}"
        for p in problems
        if p.code in _UNREAD_FILE and p.file
    ]
    if not said:
        return ""
    if len(said) == 1:
        head = "This file does not parse, so its hooks cannot be named or changed until it is"
    else:
        head = "These files do not parse, so their hooks cannot be named or changed until they are"
    return f" {head} fixed (nothing was changed): {'; '.join(said)}"


def _at(problem: Problem) -> str:
    if not problem.line:
        return ""
    return f":{problem.line}" + (f":{problem.column}" if problem.column else "")


def with_id(hooks: Sequence[H], arg: str) -> list[H]:
    """The hooks whose ID is `arg`; else those whose ID is `arg` but for a leading `~`
    written out as the home folder (a shell expands `~/x.sh` before hookdash sees it)."""
    named = [hook for hook in hooks if hook.id == arg]
    if named:
        return named
    home = os.path.expanduser("~")
    return [hook for hook in hooks if same_but_home(arg, hook.id, home)]


def find_hook(snapshot: HostSnapshot, arg: str, label: str) -> HookRecord:
    """The hook `arg` names in `snapshot` (`label`: the host as a person names it)."""
    for hook in snapshot.hooks:
        if hook.ref == arg:
            return hook
    named = with_id(snapshot.hooks, arg)
    if len(named) == 1:
        return named[0]
    if named:
        raise AmbiguousHook(
            f"{len(named)} {label} hooks have the ID '{shorten(arg, 60)}'; give the ref "
            "of the one you mean (from `hookdash list --json`).",
            [HookRef(id=hook.id, scope=hook.scope, ref=hook.ref) for hook in named],
        )
    candidates = suggestions(arg, [hook.id for hook in snapshot.hooks])
    hint = f" Did you mean: {', '.join(repr(c) for c in candidates)}?" if candidates else ""
    known = "" if snapshot.hooks else f" No {label} hook is configured here."
    unread = unread_files(snapshot.problems)
    raise HookNotFound(
        f"No {label} hook has the ID '{shorten(arg, 60)}' (its ID, or its ref).{hint}"
        f"{unread or known}",
        candidates,
    )
