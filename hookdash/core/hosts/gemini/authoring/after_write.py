"""What follows a written hook: the configuration loaded again, the hook's verdict as the
loader now gives it, its trust recorded when asked, and hookdash's note of the containers
it created (`created_keys`) — with the notes the result shows about each.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from hookdash.core.edit.editor.settings_file import WritableScope
from hookdash.core.edit.edits import Change
from hookdash.core.edit.undo import created_keys
from hookdash.core.errors import EditError

if TYPE_CHECKING:
    from hookdash.core.model import Configuration, Hook


def reload_configuration(config: Configuration) -> Configuration:
    from hookdash.core.load.loader import load_configuration

    return load_configuration(config.env)


def _hook_at_pointer(config: Configuration, file: str, pointer: str) -> Hook | None:
    return next((h for h in config.hooks if h.file == file and h.pointer == pointer), None)


def _verdict_notes(hook: Hook | None) -> list[str]:
    if hook is None or hook.runs:
        return []
    return [f"Gemini CLI will not run it now: {'; '.join(hook.not_running_because)}."]


def untrusted_folder_note(config: Configuration, scope: str) -> list[str]:
    if scope == "workspace" and not config.snapshot.folder_trust.trusted:
        return [
            "The folder is not trusted, so Gemini CLI ignores the workspace settings file "
            "(and runs no settings hook at all) until you trust it."
        ]
    return []


def remember_created(config: Configuration, scope: WritableScope, pointers: list[str]) -> list[str]:
    """Note the containers an add created; a note when hookdash could not."""
    try:
        created_keys.remember(config.env, config.layers[scope].path, pointers)
    except EditError as exc:
        return [
            f"hookdash could not note what it created ({exc.message}); removing the hook "
            "later leaves its empty list behind."
        ]
    return []


def forget_created(config: Configuration, scope: WritableScope, pointers: list[str]) -> None:
    # A stale entry only lets a later removal drop an empty container: not worth failing.
    with contextlib.suppress(EditError):
        created_keys.forget(config.env, config.layers[scope].path, pointers)


def settle(
    config: Configuration,
    file: str,
    pointer: str,
    trust: bool,
    changes: list[Change],
    notes: list[str],
) -> Hook | None:
    """After a write: the hook as the loader now reports it (a note when it will not run)
    and, if asked and it is a workspace hook Gemini does not trust yet, its trust recorded
    (trust_store) — `changes` and `notes` grow with what that did."""
    from hookdash.core.hosts.gemini.trust.trust_store import trust_hooks

    reloaded = reload_configuration(config)
    hook = _hook_at_pointer(reloaded, file, pointer)
    notes.extend(_verdict_notes(hook))
    if not trust or hook is None or hook.scope != "workspace" or hook.trust == "trusted":
        return hook
    try:
        result = trust_hooks(reloaded, [hook])
    except EditError as exc:
        exc.applied = list(changes)  # the settings file is written already
        raise
    changes.extend(result.changes)
    notes.append(result.message)
    notes.extend(n for n in result.notes if "folder itself is not trusted" not in n)
    return hook
