"""Codex's one switch for every hook: `[features] hooks = false` in a config.toml (run: in
the user's config, or a trusted project's, `hooks/list` lists no hook at all and none
runs). hookdash writes it in the user's config.toml (or, `--scope project`, the project's
`.codex/config.toml`) and takes it out again on `on`, which gives back the file's exact
bytes when hookdash added it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from hookdash.core.disk import files
from hookdash.core.disk.atomic import update_text_file
from hookdash.core.edit.editor.settings_write import unified_diff
from hookdash.core.edit.edits import AuthoringResult, Change
from hookdash.core.errors import ReadOnlyScopeError
from hookdash.core.hosts.codex.layers import codex_home
from hookdash.core.hosts.codex.model import CodexSnapshot
from hookdash.core.hosts.codex.switching import CONFIG_MODE
from hookdash.core.hosts.codex.toml_table import REMOVE, set_table_fields


def switch_file(snapshot: CodexSnapshot, scope: str, environ: Mapping[str, str]) -> Path:
    if scope == "user":
        return codex_home(environ) / "config.toml"
    if scope in ("project", "workspace"):
        return Path(snapshot.workspace) / ".codex" / "config.toml"
    raise ReadOnlyScopeError(
        f"hookdash switches Codex's hooks in the user's or the project's config.toml, not {scope!r}"
    )


def switch_codex_hooks_all(
    snapshot: CodexSnapshot,
    on: bool,
    scope: str = "user",
    environ: Mapping[str, str] | None = None,
    *,
    dry_run: bool = False,
) -> AuthoringResult:
    env = os.environ if environ is None else environ
    path = switch_file(snapshot, scope, env)
    seen: dict[str, str] = {}

    def compute(text: str | None, _sha: bytes | None) -> bytes | None:
        old = text or ""
        new = set_table_fields(old, ("features",), {"hooks": REMOVE if on else False}, str(path))
        seen["old"], seen["new"] = old, new
        return None if new == old else new.encode("utf-8")

    if dry_run:
        try:
            current: str | None = files.read_bytes(path).decode("utf-8")
        except FileNotFoundError:
            current = None
        compute(current, None)
    else:
        update_text_file(path, compute, new_mode=CONFIG_MODE)
    old, new = seen.get("old", ""), seen.get("new", "")
    notes = []
    still = snapshot.hooks_switched_off_by
    if on and still is not None and Path(still) != path:
        notes.append(f"[features] hooks = false in {still} still switches every hook off")
    state = "on" if on else "off"
    return AuthoringResult(
        action="hooks-on" if on else "hooks-off",
        changed=old != new,
        message=("Would switch" if dry_run else "Switched")
        + f" Codex CLI's hooks {state} in {path}"
        + ("." if old != new else f": they were {state} there already."),
        changes=[
            Change(file=str(path), scope=scope, key="features.hooks", action="record", value=not on)
        ]
        if old != new
        else [],
        notes=notes,
        dry_run=dry_run,
        diff=unified_diff(old, new, str(path)),
    )
