"""Parking a Claude Code hook: hookdash's per-hook off switch for a host that has none.

`disable --host claude` takes the handler out of its file with the same array-element
removal `remove` uses (`hook_text.remove_hook`, byte-preserving), and keeps what it cut in
hookdash's state; `enable` puts it back.

- The handler's matcher group goes with its last handler (a group without hooks does
  nothing), and the event's key and then the `hooks` object go when they are left empty:
  the file reads as if the hook had never been there (no `"PreToolUse": []` left in a
  committed project file). Nothing is lost: the state keeps the exact text cut.
- State: `<state dir>/claude-parked.json` (0600, written atomically, as every memory of
  hookdash's): per parked handler its file, scope, event, matcher, JSON pointer, the
  handler's value, and the edit as a splice: the offset, the exact text removed and what
  took its place (usually nothing), with the SHA-256 of the file after it.
- `enable` on a file still byte-identical to what parking left writes the exact original
  bytes back. Parking two hooks of one file and unparking them in any order also gives
  the original bytes back (each parking's splice is moved along the other's). When the
  file changed otherwise, the handler is re-inserted with the shared writer into the last
  group of its event with the identical matcher (else a new group), and the result says
  so; when that is impossible (the file no longer parses, its folder is gone, the event
  is not a list) the refusal says why and the parked text stays in the state.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.core import jsonc
from hookdash.core.disk.file_memory import file_key
from hookdash.core.display import shorten
from hookdash.core.edit.editor.hook_text import (
    HookPath,
    add_hook,
    parse_hook_pointer,
    remove_hook,
)
from hookdash.core.edit.editor.json_paths import JsonEditError, get_value
from hookdash.core.edit.editor.json_verify import same_value
from hookdash.core.edit.edits import AuthoringResult, Change
from hookdash.core.errors import (
    EditError,
    FileChangedError,
    HookdashError,
    HookNotFound,
    UnsupportedShapeError,
)
from hookdash.core.hosts.claude.model import ClaudeHook, ClaudeSnapshot
from hookdash.core.hosts.claude.parked import MEMORY, ParkedHandler, ParkedState
from hookdash.core.hosts.claude.target import find_claude_hook
from hookdash.core.hosts.claude.writing import (
    ClaudeFile,
    ClaudeWorld,
    Read,
    digest_text,
    read_file,
    strict_value,
    write_file,
)

if TYPE_CHECKING:
    from collections.abc import Mapping


def _splice(before: str, after: str) -> tuple[int, str, str]:
    """(offset, text cut, text put in) of the one region where `after` differs from
    `before` (the common head and tail kept)."""
    limit = min(len(before), len(after))
    head = 0
    while head < limit and before[head] == after[head]:
        head += 1
    tail = 0
    while tail < limit - head and before[-1 - tail] == after[-1 - tail]:
        tail += 1
    return head, before[head : len(before) - tail], after[head : len(after) - tail]


def _rebase(entries: list[ParkedHandler], real: str, before: str, after: str, skip: str) -> None:
    """Move the splices of the other handlers parked from this file along an edit of it
    (`before` -> `after`), so each can still give its exact bytes back; one the edit
    touches can only be re-inserted."""
    old_digest, new_digest = digest_text(before), digest_text(after)
    offset, cut, put = _splice(before, after)
    for entry in entries:
        if entry.real != real or entry.token == skip or entry.after_sha256 != old_digest:
            continue
        if offset + len(cut) < entry.offset:
            entry.offset += len(put) - len(cut)
        elif offset <= entry.offset + len(entry.replaced):
            entry.after_sha256 = ""
            continue
        entry.after_sha256 = new_digest


def only_parked(snapshot: ClaudeSnapshot, parked: bool) -> ClaudeSnapshot:
    return snapshot.model_copy(update={"hooks": [h for h in snapshot.hooks if h.parked == parked]})


def _named(snapshot: ClaudeSnapshot, arg: str, parked: bool) -> tuple[ClaudeHook, bool]:
    """The hook `arg` names among the parked (or not parked) hooks, else, if it names one
    of the others, that one with True: already as asked."""
    try:
        return find_claude_hook(only_parked(snapshot, parked), arg), False
    except HookNotFound:
        try:
            return find_claude_hook(only_parked(snapshot, not parked), arg), True
        except HookdashError:
            pass
        raise


def listed_handler(read: Read, hook: ClaudeHook) -> tuple[HookPath, dict[str, Any]]:
    """Where the hook is in the file as read now, refused unless it is still the hook
    that was listed there."""
    from hookdash.core.hosts.claude.registry import dedup_key

    try:
        where = parse_hook_pointer(hook.pointer)
        found, handler = get_value(read.value, where.path)
    except JsonEditError:
        found, handler = False, None
    if not found or not isinstance(handler, dict) or dedup_key(handler) != hook.key:
        raise FileChangedError(
            f"{read.file.shown} changed since hookdash listed it: {hook.pointer} no longer "
            "holds that hook. Nothing was written; list the hooks again.",
            path=str(read.file.path),
        )
    return where, handler


def _state_change(world: ClaudeWorld, token: str, action: str) -> Change:
    return Change(
        file=str(MEMORY.path(world)),
        scope="hookdash-state",
        key="claude-parked",
        action="record",
        value=token,
        note=action,
    )


def park_claude_hook(
    arg: str,
    workspace: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    dry_run: bool = False,
) -> AuthoringResult:
    """Park the hook `arg` names (its ref, or its ID): take its handler out of its file
    and keep it in hookdash's state (`enable` puts it back)."""
    from hookdash.core.hosts.claude.registry import load_claude

    world = ClaudeWorld.of(workspace, environ)
    hook, already = _named(load_claude(world.workspace, world.environ), arg, parked=False)
    if already:
        return AuthoringResult(
            action="disable",
            identifier=hook.id,
            changed=False,
            message=f"The {hook.scope} {hook.event} hook '{shorten(hook.id, 60)}' is already "
            "parked; nothing changed.",
        )
    file = ClaudeFile.at(world, hook.scope, hook.file)
    read = read_file(file)
    where, handler = listed_handler(read, hook)
    event_ptr = jsonc.pointer("hooks", where.event)
    try:
        edit = remove_hook(read.body, where, droppable={event_ptr, "/hooks"})
    except JsonEditError as exc:
        raise UnsupportedShapeError(
            f"In {file.shown}, {exc.message}; hookdash does not rewrite that shape.",
            path=str(file.path),
        ) from None
    assert read.text is not None  # the hook was read from it
    after = read.bom + edit.text
    offset, removed, replaced = _splice(read.text, after)
    entry = ParkedHandler(
        token=secrets.token_hex(4),
        file=hook.file,
        real=file_key(file.path),
        scope=hook.scope,
        event=hook.event,
        matcher=hook.matcher,
        pointer=hook.pointer,
        handler=handler,
        offset=offset,
        removed=removed,
        replaced=replaced,
        after_sha256=digest_text(after),
        parked_at=datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
    )
    what = "its matcher group" if edit.definition_removed else "the handler"
    if "/hooks" in edit.dropped:
        what += ", the event and the then empty hooks object"
    elif edit.dropped:
        what += " and the then empty event"
    changes = [
        file.change(hook.pointer, "remove", handler, note=f"parked ({what} removed)"),
        _state_change(world, entry.token, "parked"),
    ]
    diff = write_file(read, edit.text, dry_run)
    if not dry_run:
        _record_parked(read, after, entry)
    verb = "Would park" if dry_run else "Parked"
    return AuthoringResult(
        action="disable",
        identifier=hook.id,
        changed=not dry_run,
        message=(
            f"{verb} the {hook.scope} {hook.event} hook '{shorten(hook.id, 60)}': "
            f"{'it would be' if dry_run else 'it was'} taken out of {file.shown} ({what}) "
            "and kept in hookdash's state, so Claude Code does not run it; "
            "`hookdash enable --host claude` puts it back."
        ),
        changes=changes,
        notes=_park_notes(hook),
        dry_run=dry_run,
        diff=diff,
    )


def _park_notes(hook: ClaudeHook) -> list[str]:
    if hook.scope == "project":
        return [
            "The project file changed: anyone who runs Claude Code in this repository (or "
            "commits the file) no longer has this hook either. The local scope "
            "(.claude/settings.local.json) is yours alone."
        ]
    return []


def _record_parked(read: Read, after: str, entry: ParkedHandler) -> None:
    """Keep the parked handler in the state; when that fails, put the file back (nothing
    may be parked without its text kept) and say so."""
    assert read.text is not None
    before = read.text

    def change(state: ParkedState) -> bool:
        _rebase(state.parked, entry.real, before, after, entry.token)
        state.parked.append(entry)
        return True

    try:
        MEMORY.update(read.file.world, change)
    except EditError as exc:
        written = Read(
            read.file, after, _sha(after), strict_value(after[len(read.bom) :], read.file)
        )
        write_file(written, read.body)
        raise EditError(
            f"hookdash could not keep the parked hook in its state ({exc.message}), so it "
            f"put {read.file.shown} back as it was; nothing was parked.",
            path=str(read.file.path),
        ) from None


def _sha(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def _find_entry(world: ClaudeWorld, hook: ClaudeHook) -> ParkedHandler:
    token = hook.ref.rsplit("#parked/", 1)[-1]
    for entry in MEMORY.read(world).parked:
        if entry.token == token:
            return entry
    raise FileChangedError(
        f"hookdash's state no longer holds the parked hook '{shorten(hook.id, 60)}' "
        "(another hookdash put it back); list the hooks again."
    )


def _exact(read: Read, entry: ParkedHandler) -> str | None:
    """The file's text with the parked bytes back in their place, when the file is still
    as parking left it (and the result holds the handler where it was), else None."""
    text = read.text
    if text is None or not entry.after_sha256 or digest_text(text) != entry.after_sha256:
        return None
    end = entry.offset + len(entry.replaced)
    if text[entry.offset : end] != entry.replaced:
        return None
    restored = text[: entry.offset] + entry.removed + text[end:]
    bom = read.bom
    try:
        value = jsonc.parse(restored[len(bom) :], comments=False)
        found, handler = get_value(value, parse_hook_pointer(entry.pointer).path)
    except (jsonc.JsonParseError, JsonEditError):
        return None
    return restored if found and same_value(handler, entry.handler) else None


def unpark_claude_hook(
    arg: str,
    workspace: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    *,
    dry_run: bool = False,
) -> AuthoringResult:
    """Put the parked hook `arg` names back: its exact bytes when its file is as parking
    left it, else re-inserted into its event and matcher group; refused (the parked text
    kept) when neither can be done."""
    from hookdash.core.hosts.claude.registry import load_claude

    world = ClaudeWorld.of(workspace, environ)
    hook, running = _named(load_claude(world.workspace, world.environ), arg, parked=True)
    if running:
        return AuthoringResult(
            action="enable",
            identifier=hook.id,
            changed=False,
            message=f"The {hook.scope} {hook.event} hook '{shorten(hook.id, 60)}' is not parked "
            f"(it is in {hook.file}); nothing changed."
            + ("" if hook.runs else f" It does not run: {hook.not_running_because[0]}."),
        )
    entry = _find_entry(world, hook)
    file = ClaudeFile.at(world, entry.scope, entry.file)
    keep = " The parked hook stays in hookdash's state."
    folder = file.path.parent.parent
    if not folder.is_dir():
        raise EditError(
            f"The folder of {file.shown} ({world.display(folder)}) is gone, so hookdash cannot "
            f"put the hook back.{keep}",
            path=str(file.path),
        )
    try:
        read = read_file(file)
    except EditError as exc:
        exc.message += keep
        exc.args = (exc.message,)
        raise
    exact = _exact(read, entry)
    notes: list[str] = []
    if exact is not None:
        body, how = exact[len(read.bom) :], f"its exact bytes are back in {file.shown}"
    else:
        body, how = _reinsert(read, entry, keep)
        notes.append(
            f"{file.shown} changed since hookdash parked the hook, so its exact bytes could "
            "not be put back: hookdash re-inserted the handler with its writer "
            "(its text re-rendered in the file's style)."
        )
    diff = write_file(read, body, dry_run)
    if not dry_run:
        notes += _forget_parked(read, read.bom + body, entry)
    verb = "Would put back" if dry_run else "Put back"
    return AuthoringResult(
        action="enable",
        identifier=hook.id,
        changed=not dry_run,
        message=f"{verb} the {entry.scope} {entry.event} hook '{shorten(hook.id, 60)}': {how}.",
        changes=[
            file.change(entry.pointer, "add", entry.handler, note="unparked"),
            _state_change(world, entry.token, "unparked"),
        ],
        notes=notes,
        dry_run=dry_run,
        diff=diff,
    )


def _reinsert(read: Read, entry: ParkedHandler, keep: str) -> tuple[str, str]:
    """The file's body with the handler added to its event's last group with the
    identical matcher (else a new group), and where it went."""
    matcher = entry.matcher if isinstance(entry.matcher, str) else None
    try:
        edit = add_hook(read.body, entry.event, entry.handler, matcher, False)
    except JsonEditError as exc:
        raise UnsupportedShapeError(
            f"In {read.file.shown}, {exc.message}, so hookdash cannot put the hook back.{keep}",
            path=str(read.file.path),
        ) from None
    assert edit.path is not None
    if edit.joined:
        where = f"re-inserted into the matcher group at {edit.joined} of {read.file.shown}"
    else:
        group = edit.path.definition_pointer
        where = f"re-inserted as a new matcher group ({group}) of {read.file.shown}"
    return edit.text, where


def _forget_parked(read: Read, after: str, entry: ParkedHandler) -> list[str]:
    before = read.text or ""

    def change(state: ParkedState) -> bool:
        state.parked = [e for e in state.parked if e.token != entry.token]
        _rebase(state.parked, entry.real, before, after, entry.token)
        return True

    try:
        MEMORY.update(read.file.world, change)
    except EditError as exc:
        return [
            f"hookdash could not drop the hook from its parked list ({exc.message}): it is "
            "back in the file but still listed as parked; do not enable it again."
        ]
    return []
