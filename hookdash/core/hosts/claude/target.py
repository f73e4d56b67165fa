"""The one Claude Code hook a command-line argument names (`fire --hook`, `disable`,
`enable`, `edit`, `remove`, `trust` with `--host claude`).

A Claude handler has no name: it is named by its ref (the file and JSON pointer `list
--json` prints, unique), else by its ID (the command; an http hook's url, a prompt hook's
prompt). An ID that several handlers share is ambiguous; the error lists their refs.
"""

from __future__ import annotations

from hookdash.core.display import shorten
from hookdash.core.errors import AmbiguousHook, HookNotFound
from hookdash.core.hosts.claude.model import ClaudeHook, ClaudeSnapshot
from hookdash.core.hosts.finding import unread_files, with_id
from hookdash.core.model import HookRef
from hookdash.core.spelling import suggestions


def claude_ref(hook: ClaudeHook) -> HookRef:
    return HookRef(id=hook.id, scope=hook.scope, ref=hook.ref)


def find_claude_hook(snapshot: ClaudeSnapshot, arg: str) -> ClaudeHook:
    """The hook `arg` names: by ref, else the one hook whose ID is `arg`."""
    for hook in snapshot.hooks:
        if hook.ref == arg:
            return hook
    named = with_id(snapshot.hooks, arg)
    if len(named) == 1:
        return named[0]
    if named:
        raise AmbiguousHook(
            f"{len(named)} Claude Code hooks have the ID '{shorten(arg, 60)}'; give the ref "
            "of the one you mean (from `hookdash list --host claude --json`).",
            [claude_ref(hook) for hook in named],
        )
    candidates = suggestions(arg, [hook.id for hook in snapshot.hooks])
    hint = f" Did you mean: {', '.join(repr(c) for c in candidates)}?" if candidates else ""
    known = "" if snapshot.hooks else " No Claude Code hook is configured here."
    unread = unread_files(snapshot.problems)
    raise HookNotFound(
        f"No Claude Code hook has the ID '{shorten(arg, 60)}' (its command, or its ref)."
        f"{hint}{unread or known}",
        candidates,
    )
