"""`hookdash scan --diff BASE`: what a change adds or modifies, across agents.

The working tree is scanned as `scan` does; the base revision's copy of every path an
agent's reader may read (each reader's `watched`: fixed files, the folders it lists, and
files matching a pattern whose `*` is one name) is taken from git (`git ls-tree` on those
paths, `git cat-file` for each file: never a walk of the tree), laid out in a temporary
folder with its modes (executable bit, symbolic links), and scanned the same way. A hook of
the working tree is new or modified when the base has no hook of the same agent, file,
kind, event, matcher, name, field and command (a hook that only moved to another line is
not a change), or when a script it runs changed since the base (`git diff --name-only BASE
-- scripts`). Findings: those of the changed hooks, and any other finding the base does
not have.

A folder that is not in a git work tree, or a revision git does not know, is a
`DiffError` (the CLI's usage error).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Sequence
from fnmatch import fnmatchcase
from pathlib import Path

from hookdash.core.hosts.scanned import scan_readers
from hookdash.core.scan.model import AgentFiles, DiffReport, Finding, ScannedHook, ScanReport
from hookdash.core.scan.scan import MAX_HOOK_FILE_BYTES, scan_repository

_GIT_TIMEOUT = 60  # seconds for one git command: a huge repository, a slow disk
_ENV = {"GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C"}


class DiffError(Exception):
    """`--diff` cannot compare: not a git work tree, or an unknown revision."""


def scan_diff(root: str | Path, base: str) -> DiffReport:
    """The hooks and findings the working tree at `root` adds or modifies since `base`."""
    top = os.path.realpath(root)
    if base.startswith("-") or not base.strip():
        raise DiffError(f"{base!r} is not a git revision")
    _git(top, "rev-parse", "--is-inside-work-tree", what=f"{top} is not in a git work tree")
    commit = _git(
        top,
        "rev-parse",
        "--verify",
        "--quiet",
        "--end-of-options",
        f"{base}^{{commit}}",
        what=f"git does not know the revision {base!r}",
    ).strip()
    prefix = _git(top, "rev-parse", "--show-prefix", what="git cannot place the folder").strip()
    now = scan_repository(top)
    with tempfile.TemporaryDirectory(prefix="hookdash-diff-") as tmp:
        _checkout(top, commit, prefix, Path(tmp))
        before = scan_repository(tmp)
    return _compare(now, before, top, commit, base)


def watched_paths() -> list[str]:
    """Every path (file or folder, relative to the root) some agent's reader may read."""
    seen: dict[str, None] = {}
    for reader in scan_readers():
        for rel in reader.watched():
            seen.setdefault(rel, None)
    return list(seen)


def _checkout(top: str, commit: str, prefix: str, into: Path) -> None:
    """The base revision's copy of every watched path, laid out under `into`."""
    watched = watched_paths()
    patterns = [rel.split("/") for rel in watched if "*" in rel]
    listing = _git(
        top,
        "ls-tree",
        "-r",
        "-z",
        "--full-tree",
        commit,
        "--",
        *[f":(literal){prefix}{_listed(rel)}" for rel in watched],
        what="git cannot list the base revision",
    )
    for record in listing.split("\0"):
        if not record:
            continue
        meta, _tab, path = record.partition("\t")
        mode, kind, sha = meta.split(" ")
        if kind != "blob" or not path.startswith(prefix):
            continue
        rel = path[len(prefix) :]
        if not _wanted(rel, patterns):
            continue
        target = into / rel
        if not _inside(into, target):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        data = _blob(top, sha)
        if mode == "120000":
            os.symlink(os.fsdecode(data), target)
            continue
        target.write_bytes(data)
        if mode == "100755":
            target.chmod(0o755)


def _listed(rel: str) -> str:
    """What git lists for a watched path: itself, or for a pattern the folder above its
    first `*` (`git ls-tree` takes no glob)."""
    if "*" not in rel:
        return rel
    return rel[: rel.index("*")].rpartition("/")[0]


def _wanted(rel: str, patterns: list[list[str]]) -> bool:
    """Whether a listed file is read from the base: a file under a pattern's folder only
    when it matches the pattern, a `*` one name (not every file of every skill), or stands
    on its way (a skill's folder that is a symbolic link: the scan then says where it
    leads, in the base as in the working tree)."""
    parts = rel.split("/")
    under = [p for p in patterns if rel.startswith(_listed("/".join(p)) + "/")]
    if not under:
        return True
    return any(
        len(parts) <= len(p) and all(fnmatchcase(a, b) for a, b in zip(parts, p, strict=False))
        for p in under
    )


def _compare(now: ScanReport, before: ScanReport, top: str, commit: str, base: str) -> DiffReport:
    old = {_identity(h) for h in before.hooks}
    kept = [h for h in now.hooks if _identity(h) in old]
    touched = _changed_scripts(top, commit, sorted({s for h in kept for s in h.scripts}))
    changed = [
        h for h in now.hooks if _identity(h) not in old or any(s in touched for s in h.scripts)
    ]
    places = {(h.agent, h.file, h.line) for h in changed}
    seen = {_finding_identity(f) for f in before.findings}
    findings = [
        f
        for f in now.findings
        if (f.agent, f.file, f.line) in places or _finding_identity(f) not in seen
    ]
    files: dict[str, dict[str, None]] = {}
    located = [(h.agent, h.file) for h in changed] + [(f.agent, f.file) for f in findings]
    for agent, file in located:
        if agent and file:
            files.setdefault(agent, {})[file] = None
    agents = [AgentFiles(agent=a, files=list(f)) for a, f in files.items()]
    return DiffReport(
        root=now.root, agents=agents, hooks=changed, findings=findings, base=f"{base} ({commit})"
    )


def _identity(hook: ScannedHook) -> tuple[object, ...]:
    return (
        hook.agent,
        hook.file,
        hook.kind,
        hook.event,
        hook.matcher,
        hook.name,
        hook.field,
        hook.command,
    )


def _finding_identity(finding: Finding) -> tuple[object, ...]:
    return (finding.rule_id, finding.agent, finding.file, finding.message)


def _changed_scripts(top: str, commit: str, scripts: Sequence[str]) -> set[str]:
    """Which of the scripts (relative to the root) differ from the base revision."""
    if not scripts:
        return set()
    out = _git(
        top,
        "diff",
        "--name-only",
        "--relative",
        "-z",
        commit,
        "--",
        *[f":(literal){s}" for s in scripts],
        what="git cannot compare the scripts with the base revision",
    )
    changed = {name for name in out.split("\0") if name}
    # A script git does not track (new, untracked) is a change too.
    untracked = _git(
        top,
        "ls-files",
        "--others",
        "--exclude-standard",
        "-z",
        "--",
        *[f":(literal){s}" for s in scripts],
        what="git cannot list untracked scripts",
    )
    return changed | {name for name in untracked.split("\0") if name}


def _inside(root: Path, path: Path) -> bool:
    return os.path.normpath(path).startswith(os.path.normpath(root) + os.sep)


def _blob(top: str, sha: str) -> bytes:
    try:
        done = subprocess.run(
            ["git", "cat-file", "blob", sha],
            cwd=top,
            capture_output=True,
            timeout=_GIT_TIMEOUT,
            env={**os.environ, **_ENV},
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise DiffError(f"git cannot read a file of the base revision: {exc}") from None
    if done.returncode != 0:
        raise DiffError("git cannot read a file of the base revision")
    # A file larger than the scan reads is cut at one byte more: the scan says it is too
    # large, as it does for the working tree's.
    return done.stdout[: MAX_HOOK_FILE_BYTES + 1]


def _git(top: str, *args: str, what: str) -> str:
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=top,
            capture_output=True,
            timeout=_GIT_TIMEOUT,
            env={**os.environ, **_ENV},
            check=False,
        )
    except FileNotFoundError:
        raise DiffError("git is not installed: --diff needs it") from None
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise DiffError(f"{what}: {exc}") from None
    if done.returncode != 0:
        detail = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise DiffError(f"{what}" + (f" ({detail[-1]})" if detail else ""))
    return done.stdout.decode("utf-8", "surrogateescape")
