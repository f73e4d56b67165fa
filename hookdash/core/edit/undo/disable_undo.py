"""What a disable replaced, so that switching the hook on again gives the file back.

Switching a workspace hook off and on again must not leave `"hooksConfig": {"disabled":
[]}` behind in a committed project file (a dirty git tree for nothing). Two memories, in
hookdash's own state:

- the containers a disable created (`hooksConfig`, its `disabled` list), in
  `created_keys` (shared with `add`): an enable that empties them removes them again,
  whatever else changed in the file meanwhile;
- the file's text before each disable, with the SHA-256 of what hookdash then wrote
  (this module): when an enable of that same hook finds the file exactly as the disable
  left it, it writes the earlier text back byte for byte — comments, blank lines, line
  ends and all — provided it means the same as the enable's own result.

State file: `<state dir>/disable-undo.json`, `{"v": 1, "files": {"<real path>":
[{"identifier", "after_sha256", "before"}, …]}}`, newest last, at most `DEPTH` per file.
A file over `MAX_TEXT` characters is not kept (its created containers are still
removed). A damaged or missing state file only means an enable leaves the file as its
own edit makes it; it never blocks an edit.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import BaseModel

from hookdash.core.disk.atomic import KEEP_BEFORE
from hookdash.core.disk.file_memory import FileMemory, HasEnviron, file_key

DEPTH = 8  # disables in a row that can each be undone exactly
# Settings files are small; a huge one is not copied into the state (nor kept by the write).
MAX_TEXT = KEEP_BEFORE


class Restore(BaseModel):
    identifier: str  # the hook's disabled-list entry the disable added
    after_sha256: str  # of the text the disable wrote
    before: str  # the text it replaced


class DisableUndo(BaseModel):
    v: int = 1
    files: dict[str, list[Restore]] = {}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


MEMORY = FileMemory("disable-undo.json", DisableUndo)


def state_path(env: HasEnviron) -> Path:
    return MEMORY.path(env)


def restores(env: HasEnviron, path: Path) -> list[Restore]:
    """The disables of this file that can still be undone, newest last."""
    return list(MEMORY.read(env).files.get(file_key(path), []))


def restore_for(stack: list[Restore], identifier: str, text: str) -> Restore | None:
    """The newest disable, if it was of `identifier` and the file is still as it left it."""
    if not stack or stack[-1].identifier != identifier or len(text) > 2 * MAX_TEXT:
        return None  # (a file grown that large is not what the disable wrote)
    return stack[-1] if stack[-1].after_sha256 == digest(text) else None


def _update(env: HasEnviron, path: Path, change: str, entry: Restore | None) -> None:
    def apply(state: DisableUndo) -> bool:
        key = file_key(path)
        stack = state.files.get(key, [])
        if change == "push" and entry is not None:
            # A text that is not what the last disable wrote: the earlier ones are moot.
            before = digest(entry.before)
            if stack and stack[-1].after_sha256 != before:
                stack = []
            stack = [*stack, entry][-DEPTH:]
        elif change == "pop":
            stack = stack[:-1]
        else:
            stack = []
        if stack:
            state.files[key] = stack
        elif key in state.files:
            del state.files[key]
        else:
            return False  # nothing to write
        return True

    MEMORY.update(env, apply)


def remember_disable(env: HasEnviron, path: Path, identifier: str, before: str, after: str) -> None:
    """A disable of `identifier` turned `before` into `after` (raises EditError if the
    state cannot be written)."""
    if len(before) > MAX_TEXT:
        _update(env, path, "clear", None)
        return
    entry = Restore(identifier=identifier, after_sha256=digest(after), before=before)
    _update(env, path, "push", entry)


def restored(env: HasEnviron, path: Path) -> None:
    """The newest disable of this file was undone (its text written back)."""
    _update(env, path, "pop", None)


def forget(env: HasEnviron, path: Path) -> None:
    """The file was changed otherwise: no earlier text of it applies any more."""
    if restores(env, path):
        _update(env, path, "clear", None)
