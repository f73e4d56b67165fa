"""Switching one Codex hook off and on: `enabled = false` in the user's
`[hooks.state."<key>"]` (Codex's own switch: run, it stops even a trusted hook), and on
again by taking it out, which gives back the file's exact bytes (`hook_state`).

Only the user's config.toml is written. A system or managed hook needs no trust and
hookdash does not switch it (its files are never written).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from pydantic import BaseModel

from hookdash.core.disk.atomic import update_text_file
from hookdash.core.display import shorten, visible
from hookdash.core.errors import ReadOnlyScopeError
from hookdash.core.hosts.codex.hook_state import REMOVE, set_hook_state
from hookdash.core.hosts.codex.layers import user_config
from hookdash.core.hosts.codex.model import CodexHook

CONFIG_MODE = 0o600  # a new config.toml: it can hold provider settings and tokens


class CodexSwitchResult(BaseModel):
    host: str = "codex"
    changed: bool
    message: str
    file: str
    keys: list[str]


def switch_codex_hooks(
    hooks: list[CodexHook], on: bool, environ: Mapping[str, str] | None = None
) -> CodexSwitchResult:
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
    if not todo:
        state = "on" if on else "off"
        return CodexSwitchResult(
            changed=False, message=f"Already {state}: {ids}.", file=str(path), keys=[]
        )
    verb = "Switched on" if on else "Switched off"
    tail = (
        " Codex runs it again if it is trusted."
        if on
        else " Codex skips it (enabled = false in your hooks.state)."
    )
    return CodexSwitchResult(
        changed=True,
        message=f"{verb}: {ids}.{tail}",
        file=str(path),
        keys=[h.key for h in todo],
    )
