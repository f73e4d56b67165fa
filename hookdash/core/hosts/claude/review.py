"""hookdash's own review of a repository's Claude Code hooks and settings commands
(Claude has none per hook).

Claude Code trusts a whole folder, once, and `claude -p` asks nothing at all: a hook a
repository adds or edits after that runs without a word, and so does a settings command
that is not a hook (apiKeyHelper runs at every start: core.hosts.claude.settings_commands).
So hookdash keeps, per project and local hook and settings command, what a person reviewed
with `hookdash trust --host claude`: its command and a fingerprint of every script it runs
(core.load.fingerprints, with copies of the scripts for a diff, core.load.script_copies). A
later load reads each as `reviewed` (the same now), `changed` (its command, or a script it
runs, differs: `review_detail` says which), or `new` (never reviewed).

State file: `<state dir>/claude-reviews.json` (0600), `{"v": 1, "projects": {"<workspace>":
{"<ref>": {"kind", "event", "file", "type", "command", "reviewed_at", "scripts":
<fingerprint>}}}}` (a settings command's `event` is its key; a record without `kind` is a
hook's); one is found by its ref (file and JSON pointer), else, if it moved in its file, by
the same kind, event, type and command.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.disk.atomic import update_file
from hookdash.core.disk.state import STATE_DIR_MODE, state_dir
from hookdash.core.display import shorten
from hookdash.core.errors import EditError, TrustChangedError
from hookdash.core.hosts.claude.model import (
    ClaudeHook,
    ClaudeReviewed,
    ClaudeSnapshot,
)
from hookdash.core.load import fingerprints, script_copies
from hookdash.core.load.fingerprints import ScriptFingerprint
from hookdash.core.load.script_copies import ScriptDiff
from hookdash.core.records import WriteResult

STATE_FILE = "claude-reviews.json"
REVIEWED_SCOPES = ("project", "local")


ReviewedKind = Literal["hook", "setting"]


class ClaudeReview(BaseModel):
    kind: ReviewedKind = "hook"
    event: str  # a settings command's: its key
    file: str
    type: str | None = None
    command: str  # the hook's ID: its command (an http hook's url, a prompt's text)
    reviewed_at: str
    scripts: ScriptFingerprint


class ClaudeReviewState(BaseModel):
    v: int = 1
    projects: dict[str, dict[str, ClaudeReview]] = {}


class ClaudeTrustResult(WriteResult, BaseModel):
    """What `trust --host claude --yes` recorded."""

    host: str = "claude"
    changed: bool
    message: str
    reviewed: list[str] = []  # refs (of hooks and settings commands)
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


def reviewable(item: ClaudeReviewed) -> bool:
    return item.scope in REVIEWED_SCOPES


def _kind(item: ClaudeReviewed) -> str | None:
    return item.type if isinstance(item, ClaudeHook) and isinstance(item.type, str) else None


def _what(item: ClaudeReviewed) -> tuple[ReviewedKind, str]:
    """Its kind and what it runs at: a hook's event, a settings command's key."""
    return ("hook", item.event) if isinstance(item, ClaudeHook) else ("setting", item.key)


def _record_of(item: ClaudeReviewed, records: Mapping[str, ClaudeReview]) -> ClaudeReview | None:
    kind, event = _what(item)
    found = records.get(item.ref)
    if found is not None and found.kind == kind:
        return found
    same = (kind, event, item.file, _kind(item), item.id)
    return next(
        (r for r in records.values() if (r.kind, r.event, r.file, r.type, r.command) == same),
        None,
    )


def claude_reviewed_items(snapshot: ClaudeSnapshot) -> list[ClaudeReviewed]:
    """What the review covers: every hook, then every settings command (the reviewable
    ones are the project and local ones)."""
    return [*snapshot.hooks, *snapshot.settings_commands]


def claude_review_label(item: ClaudeReviewed) -> str:
    """What a review line names an item by: a hook's event, a settings command's key."""
    if isinstance(item, ClaudeHook):
        return item.event
    return f"{item.key} (settings command, not a hook)"


def claude_review_noun(items: Sequence[ClaudeReviewed]) -> str:
    """“2 Claude Code project hooks”, “1 Claude Code project hook and 1 settings command”."""
    hooks = sum(isinstance(item, ClaudeHook) for item in items)
    settings = len(items) - hooks
    parts = [f"{hooks} Claude Code project hook{'s' if hooks != 1 else ''}"] if hooks else []
    if settings:
        noun = f"{settings} settings command{'s' if settings != 1 else ''}"
        parts.append(noun if hooks else f"{settings} Claude Code project {noun[2:]}")
    return " and ".join(parts)


def _display(home: str) -> Callable[[str], str]:
    def display(path: str) -> str:
        return "~" + path[len(home) :] if home and path.startswith(home + "/") else path

    return display


def apply_reviews(snapshot: ClaudeSnapshot, environ: Mapping[str, str]) -> None:
    """Fill in `review` and `review_detail` of the snapshot's project and local hooks and
    settings commands."""
    records = read_reviews(environ).projects.get(snapshot.workspace, {})
    display = _display(snapshot.home)
    for item in claude_reviewed_items(snapshot):
        if not reviewable(item):
            continue
        record = _record_of(item, records)
        if record is None:
            item.review = "new"
            continue
        day = record.reviewed_at[:10]
        if (record.command, record.type) != (item.id, _kind(item)):
            item.review = "changed"
            item.review_detail = (
                f"its command changed since you reviewed it ({day}); it was "
                f"{shorten(record.command, 80)}"
            )
            continue
        why = fingerprints.record_change(record.scripts, display)
        item.review = "changed" if why else "reviewed"
        item.review_detail = why


def claude_script_diff(
    snapshot: ClaudeSnapshot, hook: ClaudeReviewed, environ: Mapping[str, str] | None = None
) -> ScriptDiff | None:
    """For a hook (or settings command) changed because a script it runs changed: the diff
    against the copy kept when it was reviewed (or why there is none); None otherwise."""
    environ = os.environ if environ is None else environ
    if hook.review != "changed":
        return None
    record = _record_of(hook, read_reviews(environ).projects.get(snapshot.workspace, {}))
    if record is None:
        return None
    return fingerprints.record_diff(state_dir(environ), record.scripts, _display(snapshot.home))


def claude_hooks_to_review(
    snapshot: ClaudeSnapshot, ids: Sequence[str] = ()
) -> list[ClaudeReviewed]:
    """The project and local hooks and settings commands IDs name (every new or changed
    one without IDs: what the dashboard's banner counts); raises HookNotFound /
    AmbiguousHook, or EditError for one that is not a repository's."""
    if not ids:
        return [i for i in claude_reviewed_items(snapshot) if i.review in ("new", "changed")]
    chosen: dict[str, ClaudeReviewed] = {}
    for arg in ids:
        item = _named(snapshot, arg)
        if not reviewable(item):
            what = "hook" if isinstance(item, ClaudeHook) else "setting"
            raise EditError(
                f"'{shorten(item.id, 60)}' is a {item.scope} {what}: hookdash reviews the "
                "hooks and settings commands a repository brings (.claude/settings.json and "
                "settings.local.json), not yours."
            )
        chosen.setdefault(item.ref, item)
    return list(chosen.values())


def _named(snapshot: ClaudeSnapshot, arg: str) -> ClaudeReviewed:
    """The hook `arg` names (find_claude_hook), else the one settings command whose ref,
    command or key it is."""
    from hookdash.core.errors import AmbiguousHook, HookNotFound
    from hookdash.core.hosts.claude.target import find_claude_hook
    from hookdash.core.model import HookRef

    for command in snapshot.settings_commands:
        if command.ref == arg:
            return command
    try:
        return find_claude_hook(snapshot, arg)
    except HookNotFound:
        named = [c for c in snapshot.settings_commands if arg in (c.command, c.key)]
        if len(named) == 1:
            return named[0]
        if not named:
            raise
        raise AmbiguousHook(
            f"{len(named)} Claude Code settings commands are '{shorten(arg, 60)}'; give the "
            "ref of the one you mean (from `hookdash list --host claude --json`).",
            [HookRef(id=c.id, scope=c.scope, ref=c.ref) for c in named],
        ) from None


def _fingerprints(
    items: Sequence[ClaudeReviewed],
) -> list[tuple[ScriptFingerprint, list[script_copies.ScriptRead]]]:
    return [
        fingerprints.fingerprint_scripts(
            item.scripts, partly=getattr(item, "script_unresolved", None)
        )
        for item in items
    ]


def _token(items: Sequence[ClaudeReviewed], prints: Sequence[ScriptFingerprint]) -> str:
    data = [
        [h.ref, _kind(h), h.id, [(e.path, e.kind, e.target, e.sha256) for e in p.entries()]]
        for h, p in zip(items, prints, strict=True)
    ]
    text = json.dumps(data, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def claude_review_token(items: Sequence[ClaudeReviewed]) -> str:
    """What a review shows, fingerprinted: the refs, commands and script hashes now of its
    hooks and settings commands (`trust --host claude --yes --reviewed TOKEN` records them
    only if still the same)."""
    return _token(items, [p for p, _ in _fingerprints(items)])


def trust_claude_hooks(
    snapshot: ClaudeSnapshot,
    hooks: Sequence[ClaudeReviewed],
    environ: Mapping[str, str] | None = None,
    *,
    reviewed: str | None = None,
) -> ClaudeTrustResult:
    """Record `hooks` (hooks and settings commands) as reviewed: their commands and the
    scripts they run now (a copy of each kept for a later diff). With `reviewed`, the token
    of the review the person saw: when they or their scripts differ from it,
    TrustChangedError, and nothing is written."""
    environ = os.environ if environ is None else environ
    path = state_path(environ)
    if not hooks:
        return ClaudeTrustResult(
            changed=False,
            message="No new or changed Claude Code project hooks or settings commands to review.",
            state_file=str(path),
        )
    taken = _fingerprints(hooks)
    if reviewed is not None and _token(hooks, [p for p, _ in taken]) != reviewed:
        raise TrustChangedError(
            f"Nothing recorded: the hooks, settings commands or their scripts changed after the "
            f"review {reviewed} showed them; review them again.",
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
        kind, event = _what(hook)
        fresh[hook.ref] = ClaudeReview(
            kind=kind,
            event=event,
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
        message=f"Reviewed {claude_review_noun(hooks)}: {ids}. hookdash shows them as "
        "CHANGED if their command or a script they run changes.",
        reviewed=[h.ref for h in hooks],
        state_file=str(path),
        notes=[
            "Claude Code's own folder trust is unchanged (hookdash never writes "
            "~/.claude.json); `claude -p` runs these commands either way."
        ],
    )
