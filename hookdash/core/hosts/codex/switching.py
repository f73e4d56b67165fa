"""Switching one Codex hook off and on: `enabled = false` in the user's
`[hooks.state."<key>"]` (Codex's own switch: run, it stops even a trusted hook), and on
again by taking it out, which gives back the file's exact bytes (`hook_state`).

Only the user's config.toml is written. A system or managed hook needs no trust and
hookdash does not switch it (its files are never written).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from hookdash.core.disk.atomic import update_text_file
from hookdash.core.display import shorten, visible
from hookdash.core.edit.edits import Change, EditResult
from hookdash.core.errors import ReadOnlyScopeError
from hookdash.core.hosts.codex.hook_state import REMOVE, set_hook_state, toml_key
from hookdash.core.hosts.codex.layers import user_config
from hookdash.core.hosts.codex.model import CodexHook
from hookdash.core.model import HookRef

CONFIG_MODE = 0o600  # a new config.toml: it can hold provider settings and tokens


def switch_codex_hooks(
    hooks: list[CodexHook], on: bool, environ: Mapping[str, str] | None = None
) -> EditResult:
    """Switch `hooks` on or off in the user's hooks.state; one atomic write."""
    env = os.environ if environ is None else environ
    path = user_config(env)
    for hook in hooks:
        if hook.scope in ("system", "managed"):
            raise ReadOnlyScopeError(
                f"the {hook.scope} hook '{visible(shorten(hook.id, 60))}' needs no trust and "
                "has no switch hookdash writes (system and managed files are never written)",
                path=hook.file,
            )
    todo = [h for h in hooks if h.enabled != on]

    def compute(text: str | None, _sha: bytes | None) -> bytes | None:
        current = text or ""
        for hook in todo:
            fields: dict[str, object] = {"enabled": REMOVE if on else False}
            current = set_hook_state(current, hook.key, fields, str(path))
        return None if current == (text or "") else current.encode("utf-8")

    if todo:
        update_text_file(path, compute, new_mode=CONFIG_MODE)
    ids = ", ".join(dict.fromkeys(visible(shorten(h.id, 60)) for h in hooks))
    action = "enable" if on else "disable"
    refs = [HookRef(id=h.id, scope=h.scope, ref=h.ref) for h in hooks]
    if not todo:
        state = "on" if on else "off"
        return EditResult(
            action=action, changed=False, message=f"Already {state}: {ids}.", hooks=refs
        )
    verb = "Switched on" if on else "Switched off"
    tail = (
        " Codex runs it again if it is trusted."
        if on
        else " Codex skips it (enabled = false in your hooks.state)."
    )
    changes = [
        Change(
            file=str(path),
            scope="user",
            key=f"hooks.state.{toml_key(h.key)}.enabled",
            action="remove" if on else "add",
            value=False,
        )
        for h in todo
    ]
    return EditResult(
        action=action,
        identifier=todo[0].key if len(todo) == 1 else None,
        changed=True,
        message=f"{verb}: {ids}.{tail}",
        changes=changes,
        hooks=refs,
    )
