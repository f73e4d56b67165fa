"""Fingerprints of the scripts trusted project hooks run (hookdash's own state).

Gemini's trust check compares `name:command` only: a hook whose script file was edited
after it was trusted keeps its key, so Gemini never warns about it again. When hookdash
records trust it also stores the SHA-256 of every script a trusted command runs (each
file, and each piece of project code it starts: an npm script, a make recipe — hashed as
that code's text, so an unrelated edit of package.json changes nothing); a later load
marks the hook `changed` when any of them differs, is gone, or cannot be read, naming it.

State file: `<state dir>/trusted-scripts.json`,
`{"v": 1, "projects": {"<project root>": {"<name:command>": {"script", "sha256", "size",
"trusted_at", "copied", "scripts": [{"path", "kind", "target", "sha256", "size",
"copied"}]}}}}` — `scripts` lists every script (`kind`/`target` name project code within
`path`: "npm-script"/"make-target" and its name); `script`, `sha256`, `size` and `copied`
repeat the first one, and are all a record written before `scripts` existed has (read as
a list of that one). `script` is null for a command that runs no file of its own;
`copied` says a copy was kept (`script_copies`), so the review can show a diff when it
changes. `env` and `partly`: why not every file the command runs could be followed (a
hook trusted while only partly understood). `names` (core.load.trust_shape): the
digests of the envs and the name parts of the hooks trusted under the key; absent in a
record written before they were kept (`env` absent reads as "no env", so an env added
since shows CHANGED).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.disk.atomic import WriteOutcome, update_file
from hookdash.core.disk.state import STATE_DIR_MODE, state_dir
from hookdash.core.errors import TrustChangedError
from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.hosts.gemini.jsvalues import utf8
from hookdash.core.load import project_tasks, script_copies, trust_shape
from hookdash.core.model import Hook
from hookdash.core.scripts import ScriptInfo

STATE_FILE = "trusted-scripts.json"
SCRIPT_KINDS = frozenset({"script", "interpreted", "reached"})  # a project file, not a PATH tool


class ScriptPrint(BaseModel):
    """The fingerprint of one script, or of one piece of project code in `path`."""

    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)

    path: str
    kind: str | None = None  # "npm-script" / "make-target": project code; None: the file
    target: str | None = None  # the npm script or make target
    sha256: str | None = None
    size: int | None = None
    copied: bool = False  # a copy is kept under its sha256 (at most COPY_CAP bytes)

    @property
    def label(self) -> str:
        if self.kind == "npm-script":
            return f"{self.path} (scripts.{self.target})"
        if self.kind == "make-target":
            return f"{self.path} (target {self.target})"
        return self.path


class ScriptFingerprint(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)
    script: str | None
    sha256: str | None = None
    size: int | None = None
    trusted_at: str
    copied: bool = False  # a copy is kept under its sha256 (at most COPY_CAP bytes)
    scripts: list[ScriptPrint] | None = None  # None: written before every script counted

    def entries(self) -> list[ScriptPrint]:
        """Every script recorded (one, for a record written before `scripts`)."""
        if self.scripts is not None:
            return self.scripts
        if self.script is None:
            return []
        return [
            ScriptPrint(path=self.script, sha256=self.sha256, size=self.size, copied=self.copied)
        ]

    def same_scripts(self, other: ScriptFingerprint) -> bool:
        def key(r: ScriptFingerprint) -> list[tuple[str, str | None, str | None, str | None]]:
            return [(e.path, e.kind, e.target, e.sha256) for e in r.entries()]

        return key(self) == key(other)

    env: list[str] | None = None  # trust_shape.env_digest of each hook's env
    names: list[str] | None = None  # the name part of each hook's key ("" unnamed)
    # Trusted while only partly understood: why hookdash could not follow every file the
    # command runs (what is outside `scripts`); None: it followed all of them.
    partly: list[str] | None = None


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


def task_read(kind: str, path: str, target: str) -> script_copies.ScriptRead | None:
    """The code of one npm script or make target now, as a read to hash and copy."""
    code = project_tasks.task_code(kind, path, target)
    if code is None:
        return None
    return script_copies.text_read(code)


def scripts_of(hook: Hook) -> list[str]:
    """The project files a hook's command runs (package.json / Makefile for project
    code), in order, once each."""
    found: dict[str, None] = {}
    for script in hook.scripts or ([hook.script] if hook.script is not None else []):
        if (script.kind in SCRIPT_KINDS or script.is_task) and script.path:
            found[script.path] = None
    return list(found)


def script_of(hook: Hook) -> str | None:
    """The first project file a hook's command runs, if it runs one."""
    found = scripts_of(hook)
    return found[0] if found else None


def fingerprint(
    hook: Hook, now: str | None = None
) -> tuple[ScriptFingerprint, list[script_copies.ScriptRead]]:
    """The hook's fingerprint, and the reads of its scripts (to keep copies of)."""
    return fingerprint_scripts(
        hook.scripts or ([hook.script] if hook.script is not None else []),
        now,
        partly=hook.script_unresolved,
    )


def fingerprint_scripts(
    scripts: Sequence[ScriptInfo], now: str | None = None, *, partly: str | None = None
) -> tuple[ScriptFingerprint, list[script_copies.ScriptRead]]:
    """The fingerprint of the scripts a command runs (any host's hook), and the reads of
    them (to keep copies of). Each script is read once, never blocking on a FIFO or a
    device; project code is taken as the load read it (what the reviewer was shown)."""
    when = now or datetime.now(UTC).isoformat(timespec="seconds")
    prints: list[ScriptPrint] = []
    reads: list[script_copies.ScriptRead] = []
    for script in scripts:
        if not script.path:
            continue
        read: script_copies.ScriptRead | None = None
        if script.is_task:
            assert script.code is not None
            entry = ScriptPrint(path=script.path, kind=script.kind, target=script.target)
            read = script_copies.text_read(script.code)
        elif script.kind in SCRIPT_KINDS:
            entry = ScriptPrint(path=script.path)
            try:
                read = script_copies.read_script(script.path)
            except OSError:
                read = None
        else:
            continue
        if read is not None:
            entry.sha256, entry.size = read.sha256, read.size
            reads.append(read)
        if all(
            (p.path, p.kind, p.target) != (entry.path, entry.kind, entry.target) for p in prints
        ):
            prints.append(entry)
    first = prints[0] if prints else None
    record = ScriptFingerprint(
        script=first.path if first else None,
        sha256=first.sha256 if first else None,
        size=first.size if first else None,
        trusted_at=when,
        scripts=prints,
        partly=partly.split("; ") if partly else None,
    )
    return record, reads


def _change(entry: ScriptPrint, shown: str, day: str) -> str | None:
    """Why one recorded script counts as changed, or None."""
    if entry.kind is not None:  # project code: its text now
        assert entry.target is not None
        read = task_read(entry.kind, entry.path, entry.target)
        if read is None:
            if entry.sha256 is None:
                return None
            return f"{shown} no longer defines it (or cannot be read)"
        if read.sha256 != entry.sha256:
            return f"{shown} changed after it was trusted ({day})"
        return None
    if entry.sha256 is None:
        # Nothing readable was there when trusted; a FIFO or device still is not
        # (`check` flags those), a readable file is news.
        if hash_file(entry.path) is not None:
            return f"its script {shown} appeared after it was trusted"
        return None
    hashed = hash_file(entry.path)
    if hashed is None:
        gone = not Path(entry.path).exists()
        kind = files.not_regular(entry.path)
        return f"its script {shown} " + (
            "was deleted after it was trusted"
            if gone
            else f"is now {kind}"
            if kind
            else "can no longer be read"
        )
    if hashed[0] != entry.sha256 or entry.size not in (None, hashed[1]):
        return f"its script {shown} changed after it was trusted ({day})"
    return None


def script_changes(env: GeminiEnvironment) -> dict[str, str]:
    """Trusted hook key -> why it counts as changed (the first script that did), for the
    workspace's project."""
    records = read_state(env).projects.get(env.project_root, {})
    changes: dict[str, str] = {}
    for key, record in records.items():
        why = record_change(record, env.display)
        if why is not None:
            changes[key] = why
    return changes


def record_change(record: ScriptFingerprint, display: Callable[[str], str]) -> str | None:
    """Why the scripts of a record count as changed now (the first that did), or None."""
    day = record.trusted_at[:10]
    for entry in record.entries():
        why = _change(entry, display(entry.label), day)
        if why is not None:
            return why
    return None


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
    SHA-256 a question showed of each script (hosts.gemini.trust.trust_seen); a script read
    now with other bytes raises TrustChangedError before anything is stored."""
    state = state_dir(env.environ)
    fresh: dict[str, ScriptFingerprint] = {}
    for hook in hooks:
        new, reads = fingerprint(hook)
        if expect:
            _check_shown(env, new, expect)
        by_hash = {read.sha256: read for read in reads}
        for entry in new.scripts or []:
            read = by_hash.get(entry.sha256 or "")
            if read is not None:
                entry.copied = script_copies.keep_copy(state, read)
        new.copied = any(e.copied for e in (new.scripts or [])[:1])
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
                if _all_copied(old) or not _any_copied(new):
                    continue
                new.trusted_at = old.trusted_at
            if old is not None:
                dropped.update(e.sha256 for e in old.entries() if e.copied and e.sha256)
            project[key] = new
            changed.append(key)
        referenced.clear()
        referenced.update(
            e.sha256
            for p in current.projects.values()
            for r in p.values()
            for e in r.entries()
            if e.copied and e.sha256
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


def _check_shown(
    env: GeminiEnvironment, new: ScriptFingerprint, expect: Mapping[str, str | None]
) -> None:
    """Raise TrustChangedError when a script file read for the record is not the one the
    question showed (`expect`: path -> SHA-256). Project code inside a file (an npm script,
    a make target) is hashed as its own text: its file was checked whole before."""
    for entry in new.scripts or []:
        if entry.kind is None and entry.path in expect and expect[entry.path] != entry.sha256:
            shown = env.display(entry.path)
            raise TrustChangedError(
                f"Nothing recorded: {shown} changed after the review showed it; review it again.",
                path=shown,
            )


def _all_copied(record: ScriptFingerprint) -> bool:
    return all(e.copied for e in record.entries() if e.sha256)


def _any_copied(record: ScriptFingerprint) -> bool:
    return any(e.copied for e in record.entries())


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
    return old.same_scripts(new) and (old.env, old.names) == (new.env, new.names)


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


def uncopied(env: GeminiEnvironment, keys: Iterable[str]) -> list[ScriptPrint]:
    """The recorded scripts of these keys of which only the hash is kept (too large)."""
    records = read_state(env).projects.get(env.project_root, {})
    found = (records.get(k) for k in keys)
    return [e for r in found if r for e in r.entries() if e.sha256 and not e.copied]


def script_diff(env: GeminiEnvironment, hook: Hook) -> script_copies.ScriptDiff | None:
    """What changed in a trusted hook's scripts since it was trusted: the diff of the
    first that changed against the copy kept then (or why there is none); None when
    nothing changed."""
    record_ = read_state(env).projects.get(env.project_root, {}).get(hook.key)
    if record_ is None:
        return None
    return record_diff(state_dir(env.environ), record_, env.display)


def record_diff(
    state: Path, record_: ScriptFingerprint, display: Callable[[str], str]
) -> script_copies.ScriptDiff | None:
    """The diff of the first script of a record that changed, against the copy kept when
    it was recorded (or why there is none); None when none changed."""
    for entry in record_.entries():
        shown = display(entry.label)
        if entry.kind is not None:
            assert entry.target is not None
            now = task_read(entry.kind, entry.path, entry.target)
            diff = script_copies.diff_read_against_copy(
                state, entry.label, now, entry.sha256, entry.size, record_.trusted_at, shown
            )
        else:
            diff = script_copies.diff_against_copy(
                state, entry.path, entry.sha256, entry.size, record_.trusted_at, shown
            )
        if diff is not None:
            return diff
    return None
