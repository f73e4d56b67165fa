"""hookdash's own review of a repository's Claude Code hooks (Claude has none per hook).

Claude Code trusts a whole folder, once, and `claude -p` asks nothing at all: a hook a
repository adds or edits after that runs without a word. So hookdash keeps, per project and
local hook, what a person reviewed with `hookdash trust --host claude`: its command and a
fingerprint of every script it runs (core.load.fingerprints, with copies of the scripts for
a diff, core.load.script_copies). A later load reads each such hook as `reviewed` (the same
now), `changed` (its command, or a script it runs, differs: `review_detail` says which), or
`new` (never reviewed).

State file: `<state dir>/claude-reviews.json` (0600), `{"v": 1, "projects": {"<workspace>":
{"<ref>": {"event", "file", "type", "command", "reviewed_at", "scripts": <fingerprint>}}}}`;
a hook is found by its ref (file and JSON pointer), else, if it moved in its file, by the
same event, type and command.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.disk.atomic import update_file
from hookdash.core.disk.state import STATE_DIR_MODE, state_dir
from hookdash.core.display import shorten
from hookdash.core.errors import EditError, TrustChangedError
from hookdash.core.hosts.claude.model import ClaudeHook, ClaudeSnapshot
from hookdash.core.load import fingerprints, script_copies
from hookdash.core.load.fingerprints import ScriptFingerprint
from hookdash.core.load.script_copies import ScriptDiff

STATE_FILE = "claude-reviews.json"
REVIEWED_SCOPES = ("project", "local")


class ClaudeReview(BaseModel):
    event: str
    file: str
    type: str | None = None
    command: str  # the hook's ID: its command (an http hook's url, a prompt's text)
    reviewed_at: str
    scripts: ScriptFingerprint


class ClaudeReviewState(BaseModel):
    v: int = 1
    projects: dict[str, dict[str, ClaudeReview]] = {}


class ClaudeTrustResult(BaseModel):
    """What `trust --host claude --yes` recorded."""

    host: str = "claude"
    changed: bool
    message: str
    reviewed: list[str] = []  # refs
    state_file: str
    notes: list[str] = []


def state_path(environ: Mapping[str, str]) -> Path:
    return state_dir(environ) / STATE_FILE


def _parse(data: bytes | None) -> ClaudeReviewState:
    if not data:
        return ClaudeReviewState()
    try:
        return ClaudeReviewState.model_validate(nesting.json_loads(data))
    except ValueError:  # a damaged state file must not break `list`; the next trust rewrites it
        return ClaudeReviewState()


def read_reviews(environ: Mapping[str, str]) -> ClaudeReviewState:
    try:
        return _parse(files.read_bytes(state_path(environ)))
    except OSError:
        return ClaudeReviewState()


def reviewable(hook: ClaudeHook) -> bool:
    return hook.scope in REVIEWED_SCOPES


def _kind(hook: ClaudeHook) -> str | None:
    return hook.type if isinstance(hook.type, str) else None


def _record_of(hook: ClaudeHook, records: Mapping[str, ClaudeReview]) -> ClaudeReview | None:
    found = records.get(hook.ref)
    if found is not None:
        return found
    return next(
        (
            r
            for r in records.values()
            if (r.event, r.file, r.type, r.command) == (hook.event, hook.file, _kind(hook), hook.id)
        ),
        None,
    )


def _display(home: str) -> Callable[[str], str]:
    def display(path: str) -> str:
        return "~" + path[len(home) :] if home and path.startswith(home + "/") else path

    return display


def apply_reviews(snapshot: ClaudeSnapshot, environ: Mapping[str, str]) -> None:
    """Fill in `review` and `review_detail` of the snapshot's project and local hooks."""
    records = read_reviews(environ).projects.get(snapshot.workspace, {})
    display = _display(snapshot.home)
    for hook in snapshot.hooks:
        if not reviewable(hook):
            continue
        record = _record_of(hook, records)
        if record is None:
            hook.review = "new"
            continue
        day = record.reviewed_at[:10]
        if (record.command, record.type) != (hook.id, _kind(hook)):
            hook.review = "changed"
            hook.review_detail = (
                f"its command changed since you reviewed it ({day}); it was "
                f"{shorten(record.command, 80)}"
            )
            continue
        why = fingerprints.record_change(record.scripts, display)
        hook.review = "changed" if why else "reviewed"
        hook.review_detail = why


def claude_script_diff(
    snapshot: ClaudeSnapshot, hook: ClaudeHook, environ: Mapping[str, str] | None = None
) -> ScriptDiff | None:
    """For a hook changed because a script it runs changed: the diff against the copy kept
    when it was reviewed (or why there is none); None otherwise."""
    environ = os.environ if environ is None else environ
    if hook.review != "changed":
        return None
    record = _record_of(hook, read_reviews(environ).projects.get(snapshot.workspace, {}))
    if record is None:
        return None
    return fingerprints.record_diff(state_dir(environ), record.scripts, _display(snapshot.home))


def claude_hooks_to_review(snapshot: ClaudeSnapshot, ids: Sequence[str] = ()) -> list[ClaudeHook]:
    """The project and local hooks IDs name (every new or changed one without IDs); raises
    HookNotFound / AmbiguousHook, or EditError for a hook that is not a repository's."""
    from hookdash.core.hosts.claude.target import find_claude_hook

    if not ids:
        return [h for h in snapshot.hooks if h.review in ("new", "changed")]
    chosen: dict[str, ClaudeHook] = {}
    for arg in ids:
        hook = find_claude_hook(snapshot, arg)
        if not reviewable(hook):
            raise EditError(
                f"'{shorten(hook.id, 60)}' is a {hook.scope} hook: hookdash reviews the hooks a "
                "repository brings (.claude/settings.json and settings.local.json), not yours."
            )
        chosen.setdefault(hook.ref, hook)
    return list(chosen.values())


def _fingerprints(
    hooks: Sequence[ClaudeHook],
) -> list[tuple[ScriptFingerprint, list[script_copies.ScriptRead]]]:
    return [fingerprints.fingerprint_scripts(hook.scripts) for hook in hooks]


def _token(hooks: Sequence[ClaudeHook], prints: Sequence[ScriptFingerprint]) -> str:
    data = [
        [h.ref, _kind(h), h.id, [(e.path, e.kind, e.target, e.sha256) for e in p.entries()]]
        for h, p in zip(hooks, prints, strict=True)
    ]
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def claude_review_token(hooks: Sequence[ClaudeHook]) -> str:
    """What a review shows, fingerprinted: the hooks' refs, commands and script hashes now
    (`trust --host claude --yes --reviewed TOKEN` records them only if still the same)."""
    return _token(hooks, [p for p, _ in _fingerprints(hooks)])


def trust_claude_hooks(
    snapshot: ClaudeSnapshot,
    hooks: Sequence[ClaudeHook],
    environ: Mapping[str, str] | None = None,
    *,
    reviewed: str | None = None,
) -> ClaudeTrustResult:
    """Record `hooks` as reviewed: their commands and the scripts they run now (a copy of
    each kept for a later diff). With `reviewed`, the token of the review the person saw:
    when the hooks or their scripts differ from it, TrustChangedError, and nothing is
    written."""
    environ = os.environ if environ is None else environ
    path = state_path(environ)
    if not hooks:
        return ClaudeTrustResult(
            changed=False,
            message="No new or changed Claude Code project hooks to review.",
            state_file=str(path),
        )
    taken = _fingerprints(hooks)
    if reviewed is not None and _token(hooks, [p for p, _ in taken]) != reviewed:
        raise TrustChangedError(
            f"Nothing recorded: the hooks or their scripts changed after the review {reviewed} "
            "showed them; review them again.",
            path=str(path),
        )
    state = state_dir(environ)
    now = datetime.now(UTC).isoformat(timespec="seconds")
    fresh: dict[str, ClaudeReview] = {}
    for hook, (prints, reads) in zip(hooks, taken, strict=True):
        by_hash = {read.sha256: read for read in reads}
        for entry in prints.scripts or []:
            read = by_hash.get(entry.sha256 or "")
            if read is not None:
                entry.copied = script_copies.keep_copy(state, read)
        fresh[hook.ref] = ClaudeReview(
            event=hook.event,
            file=hook.file,
            type=_kind(hook),
            command=hook.id,
            reviewed_at=now,
            scripts=prints,
        )

    def compute(data: bytes | None) -> bytes | None:
        current = _parse(data)
        project = current.projects.setdefault(snapshot.workspace, {})
        moved = {ref for ref, r in project.items() for h in hooks if r is _record_of(h, project)}
        for ref in moved:
            project.pop(ref, None)
        project.update(fresh)
        text = json.dumps(current.model_dump(mode="json"), indent=2, ensure_ascii=False)
        return text.encode("utf-8", "surrogatepass") + b"\n"

    update_file(path, compute, new_mode=0o600, dir_mode=STATE_DIR_MODE)
    ids = ", ".join(dict.fromkeys(shorten(h.id, 60) for h in hooks))
    return ClaudeTrustResult(
        changed=True,
        message=f"Reviewed {len(hooks)} Claude Code project hook(s): {ids}. hookdash shows "
        "them as CHANGED if their command or a script they run changes.",
        reviewed=[h.ref for h in hooks],
        state_file=str(path),
        notes=[
            "Claude Code's own folder trust is unchanged (hookdash never writes "
            "~/.claude.json); `claude -p` runs these hooks either way."
        ],
    )
