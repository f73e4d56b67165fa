"""Trusting Codex hooks: record exactly what the person reviewed.

The review shows each hook's command, matcher, timeout and the scripts it runs; its token
fingerprints all of that (`codex_review_token`). Trusting checks the hooks are still what
was shown (their current hash, their scripts), then writes each one's hash into the user's
`[hooks.state]`: through Codex's own `codex app-server` when Codex is installed (checking
`hooks/list`'s currentHash first, and its trustStatus after), else by a byte-preserving edit
of config.toml. hookdash keeps what was reviewed in its own state, to say later what
changed and to see a script change that Codex's hash does not.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel

from hookdash.core.disk.atomic import update_file, update_text_file
from hookdash.core.disk.state import STATE_DIR_MODE, state_dir
from hookdash.core.display import shorten, visible
from hookdash.core.errors import EditError, TrustChangedError
from hookdash.core.hosts.codex import app_server
from hookdash.core.hosts.codex.hook_state import set_hook_state
from hookdash.core.hosts.codex.installed import codex_binary
from hookdash.core.hosts.codex.layers import user_config
from hookdash.core.hosts.codex.model import CodexHook, CodexSnapshot
from hookdash.core.hosts.codex.switching import CONFIG_MODE
from hookdash.core.hosts.codex.trust import (
    CodexReview,
    hashed_fields,
    parse_reviews,
    state_path,
)
from hookdash.core.load import fingerprints, script_copies
from hookdash.core.records import WriteResult

TRUSTABLE = ("untrusted", "modified", "trusted")


class CodexTrustResult(WriteResult, BaseModel):
    host: str = "codex"
    changed: bool
    message: str
    trusted: list[str] = []  # hook keys
    via: Literal["app-server", "file", "none"] = "none"
    file: str
    state_file: str
    notes: list[str] = []


def codex_hooks_to_review(snapshot: CodexSnapshot) -> list[CodexHook]:
    """What `trust --host codex` without IDs reviews: every user or project hook Codex
    skips for want of trust, and every trusted one whose scripts changed since."""
    return [
        h
        for h in snapshot.hooks
        if h.trust in ("untrusted", "modified") or (h.trust == "trusted" and h.review_detail)
    ]


def codex_review_token(hooks: Sequence[CodexHook]) -> str:
    """What a review shows, fingerprinted: each hook's key, hash and scripts now."""
    data = []
    for hook in hooks:
        prints, _ = fingerprints.fingerprint_scripts(hook.scripts)
        data.append(
            [
                hook.key,
                hook.current_hash,
                [(e.path, e.kind, e.target, e.sha256) for e in prints.entries()],
            ]
        )
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def _check_trustable(hooks: Sequence[CodexHook]) -> None:
    for hook in hooks:
        if hook.trust == "project-untrusted":
            raise EditError(
                f"'{visible(shorten(hook.id, 60))}' is a hook of a project folder Codex does not "
                f"trust: Codex does not load it at all. Trust the folder in Codex first "
                f'([projects."{visible(hook.folder or "")}"] trust_level = "trusted").',
                path=hook.file,
            )
        if hook.trust == "managed":
            raise EditError(
                f"'{visible(shorten(hook.id, 60))}' is a {hook.scope} hook: it needs no trust.",
                path=hook.file,
            )


def _still_shown(hooks: Sequence[CodexHook], now: CodexSnapshot, reviewed: str | None) -> None:
    by_key = {h.key: h for h in now.hooks}
    for hook in hooks:
        fresh = by_key.get(hook.key)
        if fresh is None or fresh.current_hash != hook.current_hash:
            raise TrustChangedError(
                f"Nothing recorded: '{visible(shorten(hook.id, 60))}' changed after the review "
                "showed it; review it again.",
                path=hook.file,
            )
    if reviewed is not None and codex_review_token(hooks) != reviewed:
        raise TrustChangedError(
            f"Nothing recorded: the hooks or the scripts they run changed after the review "
            f"{reviewed} showed them; review them again.",
            path=hooks[0].file if hooks else None,
        )


def _through_app_server(
    binary: str, snapshot: CodexSnapshot, hooks: Sequence[CodexHook], env: Mapping[str, str]
) -> None:
    """Codex's own write: check hooks/list's currentHash is what was reviewed, upsert the
    hashes into hooks.state (the keys inside `value`), and check Codex now trusts them."""
    listed = app_server.listed_hooks(
        app_server.call(
            binary,
            [("hooks/list", {"cwds": [snapshot.workspace]})],
            cwd=snapshot.workspace,
            environ=env,
        )[0]
    )
    for hook in hooks:
        seen = listed.get(hook.key)
        if seen is None or seen.get("currentHash") != hook.current_hash:
            raise TrustChangedError(
                f"Nothing recorded: Codex does not see '{visible(shorten(hook.id, 60))}' as "
                "the review showed it (its hash differs, or Codex does not list it).",
                path=hook.file,
            )
    value = {hook.key: {"trusted_hash": hook.current_hash} for hook in hooks}
    edit = {"keyPath": "hooks.state", "mergeStrategy": "upsert", "value": value}
    _, after = app_server.call(
        binary,
        [
            ("config/batchWrite", {"edits": [edit], "filePath": str(user_config(env))}),
            ("hooks/list", {"cwds": [snapshot.workspace]}),
        ],
        cwd=snapshot.workspace,
        environ=env,
    )
    listed = app_server.listed_hooks(after)
    wrong = [h for h in hooks if (listed.get(h.key) or {}).get("trustStatus") != "trusted"]
    if wrong:
        raise EditError(
            f"Codex wrote hooks.state but does not list '{visible(shorten(wrong[0].id, 60))}' as "
            "trusted: check your config.toml.",
            path=str(user_config(env)),
        )


def _through_file(hooks: Sequence[CodexHook], env: Mapping[str, str]) -> None:
    path = user_config(env)

    def compute(text: str | None, _sha: bytes | None) -> bytes | None:
        current = text or ""
        for hook in hooks:
            current = set_hook_state(
                current, hook.key, {"trusted_hash": hook.current_hash}, str(path)
            )
        return None if current == (text or "") else current.encode("utf-8")

    update_text_file(path, compute, new_mode=CONFIG_MODE)


def _remember(hooks: Sequence[CodexHook], env: Mapping[str, str]) -> str:
    """Keep what was reviewed (hashed fields, scripts) in hookdash's state."""
    path = state_path(env)
    now = datetime.now(UTC).isoformat(timespec="seconds")
    fresh = {}
    state = state_dir(env)
    for hook in hooks:
        prints, reads = fingerprints.fingerprint_scripts(hook.scripts, now)
        by_hash = {read.sha256: read for read in reads}
        for entry in prints.scripts or []:  # a copy of each, for a later diff
            read = by_hash.get(entry.sha256 or "")
            if read is not None:
                entry.copied = script_copies.keep_copy(state, read)
        fresh[hook.key] = CodexReview(
            hash=hook.current_hash,
            identity=hashed_fields(
                hook.event,
                hook.matcher if hook.match_field is not None else None,
                hook.command,
                hook.timeout,
                hook.is_async,
                hook.status_message,
            ),
            file=hook.file,
            reviewed_at=now,
            scripts=prints,
        )

    def compute(data: bytes | None) -> bytes | None:
        state = parse_reviews(data)
        state.hooks.update(fresh)
        text = json.dumps(state.model_dump(mode="json"), indent=2, ensure_ascii=False)
        return text.encode("utf-8", "surrogatepass") + b"\n"

    update_file(path, compute, new_mode=0o600, dir_mode=STATE_DIR_MODE)
    return str(path)


def trust_codex_hooks(
    snapshot: CodexSnapshot,
    hooks: Sequence[CodexHook],
    environ: Mapping[str, str] | None = None,
    *,
    reviewed: str | None = None,
    use_app_server: bool = True,
) -> CodexTrustResult:
    """Record `hooks` as trusted in Codex (and what was reviewed in hookdash's state).
    With `reviewed`, the token of the review the person saw: when the hooks or their
    scripts differ from it now, TrustChangedError, and nothing is written."""
    from hookdash.core.hosts.codex.registry import load_codex

    env = dict(os.environ if environ is None else environ)
    config = user_config(env)
    if not hooks:
        return CodexTrustResult(
            changed=False,
            message="No Codex hook to trust: none is untrusted or changed.",
            file=str(config),
            state_file=str(state_path(env)),
        )
    _check_trustable(hooks)
    _still_shown(hooks, load_codex(snapshot.workspace, env), reviewed)
    binary = codex_binary(env) if use_app_server else None
    if binary is not None:
        _through_app_server(binary, snapshot, hooks, env)
        via: Literal["app-server", "file"] = "app-server"
    else:
        _through_file(hooks, env)
        via = "file"
    state_file = _remember(hooks, env)
    ids = ", ".join(dict.fromkeys(visible(shorten(h.id, 60)) for h in hooks))
    how = "through codex app-server" if via == "app-server" else f"in {config}"
    return CodexTrustResult(
        changed=True,
        message=f"Trusted in Codex ({how}): {ids}. Codex runs them now; hookdash shows them "
        "as changed if their command, timeout, matcher or a script they run changes.",
        trusted=[h.key for h in hooks],
        via=via,
        file=str(config),
        state_file=state_file,
    )
