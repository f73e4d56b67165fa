"""Fingerprints of the scripts trusted project hooks run (hookdash's own state).

Gemini's trust check compares `name:command` only: a hook whose script file was edited
after it was trusted keeps its key, so Gemini never warns about it again. When hookdash
records trust it also stores the SHA-256 of each script file a trusted command runs; a
later load marks the hook `changed` when that file differs, is gone, or cannot be read.

State file: `<state dir>/trusted-scripts.json`,
`{"v": 1, "projects": {"<project root>": {"<name:command>": {"script", "sha256", "size",
"trusted_at", "copied"}}}}` — `script` is null for a command that runs no file of its own;
`copied` says a copy of the script was kept (`script_copies`), so the review can show a
diff when it changes. `env` and `names` (core.load.trust_shape): the digests of the envs
and the name parts of the hooks trusted under the key; absent in a record written before
they were kept (`env` absent reads as "no env", so an env added since shows CHANGED).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel

from hookdash.core import files, nesting
from hookdash.core.edit.atomic import WriteOutcome, update_file
from hookdash.core.errors import TrustChangedError
from hookdash.core.gemini.environment import GeminiEnvironment
from hookdash.core.gemini.jsvalues import utf8
from hookdash.core.load import script_copies, trust_shape
from hookdash.core.model import Hook
from hookdash.core.state import STATE_DIR_MODE, state_dir

STATE_FILE = "trusted-scripts.json"
SCRIPT_KINDS = frozenset({"script", "interpreted"})  # a file of the project, not a PATH tool


class ScriptFingerprint(BaseModel):
    script: str | None
    sha256: str | None = None
    size: int | None = None
    trusted_at: str
    copied: bool = False  # a copy is kept under its sha256 (at most COPY_CAP bytes)
    env: list[str] | None = None  # trust_shape.env_digest of each hook's env
    names: list[str] | None = None  # the name part of each hook's key ("" unnamed)


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
    """(sha256, size) of a file, or None when it is missing, unreadable or not a regular
    file (a FIFO put where a trusted script was must not hang every `list`)."""
    try:
        read = script_copies.read_script(path, cap=0)
    except OSError:
        return None
    return read.sha256, read.size


def script_of(hook: Hook) -> str | None:
    """The project file a hook's command runs, if it runs one."""
    script = hook.script
    if script is None or script.kind not in SCRIPT_KINDS or not script.path:
        return None
    return script.path


def fingerprint(
    hook: Hook, now: str | None = None
) -> tuple[ScriptFingerprint, script_copies.ScriptRead | None]:
    """The hook's fingerprint, and the read of its script (to keep a copy of). The script
    is read once, never blocking on a FIFO or a device."""
    when = now or datetime.now(UTC).isoformat(timespec="seconds")
    path = script_of(hook)
    if path is None:
        return ScriptFingerprint(script=None, trusted_at=when), None
    try:
        read = script_copies.read_script(path)
    except OSError:
        return ScriptFingerprint(script=path, trusted_at=when), None
    record = ScriptFingerprint(script=path, sha256=read.sha256, size=read.size, trusted_at=when)
    return record, read


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


def record(
    env: GeminiEnvironment,
    hooks: Iterable[Hook],
    expect: Mapping[str, str | None] | None = None,
) -> tuple[WriteOutcome, list[str]]:
    """Store fresh fingerprints (and copies of the scripts) for these hooks' keys; returns
    the outcome and the keys whose record changed. An unchanged script keeps its first
    `trusted_at`; one recorded before copies were kept gets its copy now. `expect`: the
    SHA-256 a question showed of each script (core.edit.trust_seen); a script read now
    with other bytes raises TrustChangedError before anything is stored."""
    state = state_dir(env.environ)
    fresh: dict[str, ScriptFingerprint] = {}
    for hook in hooks:
        new, read = fingerprint(hook)
        shown = expect.get(new.script, new.sha256) if expect and new.script else new.sha256
        if shown != new.sha256:
            raise TrustChangedError(
                f"Nothing recorded: {env.display(new.script or '')} changed after the review "
                "showed it; review it again.",
                path=env.display(new.script or ""),
            )
        if read is not None:
            new.copied = script_copies.keep_copy(state, read)
        _add_shape(new, fresh.get(hook.key), hook, str(env.workspace))
        fresh[hook.key] = new
    changed: list[str] = []
    referenced: set[str] = set()
    dropped: set[str] = set()  # copies of the records this call replaces

    def compute(data: bytes | None) -> bytes | None:
        current = _parse(data)
        project = current.projects.setdefault(env.project_root, {})
        changed.clear()
        dropped.clear()
        for key, new in fresh.items():
            old = project.get(key)
            if old is not None and _same(old, new):
                if old.copied or not new.copied:
                    continue
                new.trusted_at = old.trusted_at
            if old is not None and old.copied and old.sha256:
                dropped.add(old.sha256)
            project[key] = new
            changed.append(key)
        referenced.clear()
        referenced.update(
            r.sha256 for p in current.projects.values() for r in p.values() if r.copied and r.sha256
        )
        if not changed:
            return None
        text = json.dumps(current.model_dump(mode="json"), indent=2, ensure_ascii=False)
        return utf8(text + "\n")

    outcome = update_file(state_path(env), compute, new_mode=0o600, dir_mode=STATE_DIR_MODE)
    # The copy a re-trusted script replaced goes, unless another record still names it.
    # Only copies this call stopped naming: a concurrent trust's fresh copy is never touched.
    script_copies.remove_copies(state, dropped - referenced)
    return outcome, list(changed)


def _add_shape(
    new: ScriptFingerprint, earlier: ScriptFingerprint | None, hook: Hook, workspace: str
) -> None:
    """The env digest and name part of `hook`, added to those of the hooks recorded under
    its key in this call (`earlier`)."""
    envs = list(earlier.env or []) if earlier is not None else []
    names = list(earlier.names or []) if earlier is not None else []
    digest = trust_shape.env_digest(hook.env, workspace)
    new.env = [*envs, digest] if digest not in envs else envs
    name = hook.name or ""
    new.names = [*names, name] if name not in names else names


def _same(old: ScriptFingerprint, new: ScriptFingerprint) -> bool:
    """Whether a fresh record says what the stored one says (then it is kept as it is)."""
    return (old.script, old.sha256, old.env, old.names) == (
        new.script,
        new.sha256,
        new.env,
        new.names,
    )


def shape_changes(env: GeminiEnvironment) -> trust_shape.ShapeCheck:
    """The check of a trusted hook's env and key split against what was recorded for its
    key (`trust_shape.shape_change`), for the workspace's project."""
    records = read_state(env).projects.get(env.project_root, {})
    workspace = str(env.workspace)

    def check(key: str, name: str, hook_env: dict[str, str]) -> str | None:
        record_ = records.get(key)
        if record_ is None:
            return None
        return trust_shape.shape_change(record_.names, record_.env, key, name, hook_env, workspace)

    return check


def uncopied(env: GeminiEnvironment, keys: Iterable[str]) -> list[ScriptFingerprint]:
    """The recorded scripts of these keys of which only the hash is kept (too large)."""
    records = read_state(env).projects.get(env.project_root, {})
    found = (records.get(k) for k in keys)
    return [r for r in found if r and r.script and r.sha256 and not r.copied]


def script_diff(env: GeminiEnvironment, hook: Hook) -> script_copies.ScriptDiff | None:
    """What changed in the script of a trusted hook since it was trusted (a unified diff
    against the copy kept then, or why there is none); None when nothing changed."""
    record_ = read_state(env).projects.get(env.project_root, {}).get(hook.key)
    if record_ is None or record_.script is None:
        return None
    return script_copies.diff_against_copy(
        state_dir(env.environ),
        record_.script,
        record_.sha256,
        record_.size,
        record_.trusted_at,
        env.display(record_.script),
    )
