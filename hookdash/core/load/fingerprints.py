"""Fingerprints of the scripts trusted project hooks run (hookdash's own state).

Gemini's trust check compares `name:command` only: a hook whose script file was edited
after it was trusted keeps its key, so Gemini never warns about it again. When hookdash
records trust it also stores the SHA-256 of each script file a trusted command runs; a
later load marks the hook `changed` when that file differs, is gone, or cannot be read.

State file: `<state dir>/trusted-scripts.json`,
`{"v": 1, "projects": {"<project root>": {"<name:command>": {"script", "sha256", "size",
"trusted_at"}}}}` — `script` is null for a command that runs no file of its own.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel

from hookdash.core import files, nesting
from hookdash.core.edit.atomic import WriteOutcome, update_file
from hookdash.core.gemini.environment import GeminiEnvironment
from hookdash.core.gemini.jsvalues import utf8
from hookdash.core.load.registry import Hook
from hookdash.core.state import STATE_DIR_MODE, state_dir

STATE_FILE = "trusted-scripts.json"
SCRIPT_KINDS = frozenset({"script", "interpreted"})  # a file of the project, not a PATH tool


class ScriptFingerprint(BaseModel):
    script: str | None
    sha256: str | None = None
    size: int | None = None
    trusted_at: str


class FingerprintState(BaseModel):
    v: int = 1
    projects: dict[str, dict[str, ScriptFingerprint]] = {}


def state_path(env: GeminiEnvironment) -> Path:
    return state_dir(env.environ) / STATE_FILE


def _parse(data: bytes | None) -> FingerprintState:
    if not data:
        return FingerprintState()
    try:
        return FingerprintState.model_validate_json(data)
    except ValueError:
        pass
    try:
        # pydantic's parser refuses a lone surrogate escape, which a hook's key can hold.
        return FingerprintState.model_validate(nesting.json_loads(data))
    except ValueError:
        # A damaged state file must not break `list`; the next trust rewrites it.
        return FingerprintState()


def read_state(env: GeminiEnvironment) -> FingerprintState:
    try:
        return _parse(files.read_bytes(state_path(env)))
    except OSError:
        return FingerprintState()


def hash_file(path: str) -> tuple[str, int] | None:
    """(sha256, size) of a script, or None when it is missing, unreadable or not a regular
    file (a FIFO or a device would never end). The hash covers the first
    `files.SCRIPT_HASH_BYTES`; the size is the whole file's."""
    digest = hashlib.sha256()
    try:
        handle, info = files.open_regular(path)
        with handle:
            left = files.SCRIPT_HASH_BYTES
            while left > 0:
                chunk = handle.read(min(left, 1 << 16))
                if not chunk:
                    break
                digest.update(chunk)
                left -= len(chunk)
    except OSError:
        return None
    return digest.hexdigest(), info.st_size


def script_of(hook: Hook) -> str | None:
    """The project file a hook's command runs, if it runs one."""
    script = hook.script
    if script is None or script.kind not in SCRIPT_KINDS or not script.path:
        return None
    return script.path


def fingerprint(hook: Hook, now: str | None = None) -> ScriptFingerprint:
    when = now or datetime.now(UTC).isoformat(timespec="seconds")
    path = script_of(hook)
    hashed = hash_file(path) if path else None
    if path is None or hashed is None:
        return ScriptFingerprint(script=path, trusted_at=when)
    return ScriptFingerprint(script=path, sha256=hashed[0], size=hashed[1], trusted_at=when)


def script_changes(env: GeminiEnvironment) -> dict[str, str]:
    """Trusted hook key -> why it counts as changed, for the workspace's project."""
    records = read_state(env).projects.get(env.project_root, {})
    changes: dict[str, str] = {}
    for key, record in records.items():
        if record.script is None:
            continue
        shown = env.display(record.script)
        if record.sha256 is None:
            # Nothing readable was there when trusted; a FIFO or device still is not
            # (`check` flags those), a readable file is news.
            if hash_file(record.script) is not None:
                changes[key] = f"its script {shown} appeared after it was trusted"
            continue
        hashed = hash_file(record.script)
        if hashed is None:
            gone = not Path(record.script).exists()
            kind = files.not_regular(record.script)
            changes[key] = f"its script {shown} " + (
                "was deleted after it was trusted"
                if gone
                else f"is now {kind}"
                if kind
                else "can no longer be read"
            )
        elif hashed[0] != record.sha256 or record.size not in (None, hashed[1]):
            day = record.trusted_at[:10]
            changes[key] = f"its script {shown} changed after it was trusted ({day})"
    return changes


def watched(env: GeminiEnvironment, hook: Hook) -> bool:
    """Whether hookdash has a fingerprint of this hook's key (and so can tell a change)."""
    return hook.key in read_state(env).projects.get(env.project_root, {})


def record(env: GeminiEnvironment, hooks: Iterable[Hook]) -> tuple[WriteOutcome, list[str]]:
    """Store fresh fingerprints for these hooks' keys; returns the outcome and the keys
    whose record changed. An unchanged script keeps its first `trusted_at`."""
    fresh = {h.key: fingerprint(h) for h in hooks}
    changed: list[str] = []

    def compute(data: bytes | None) -> bytes | None:
        state = _parse(data)
        project = state.projects.setdefault(env.project_root, {})
        changed.clear()
        for key, new in fresh.items():
            old = project.get(key)
            if old is not None and (old.script, old.sha256) == (new.script, new.sha256):
                continue
            project[key] = new
            changed.append(key)
        if not changed:
            return None
        text = json.dumps(state.model_dump(mode="json"), indent=2, ensure_ascii=False)
        return utf8(text + "\n")

    outcome = update_file(state_path(env), compute, new_mode=0o600, dir_mode=STATE_DIR_MODE)
    return outcome, list(changed)
