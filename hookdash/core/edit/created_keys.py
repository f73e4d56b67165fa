"""Which parts of a settings file hookdash itself created (hookdash's own state).

`add` may have to create the `hooks` object or an event's list. When `remove` later takes
out the last hook there, a careful user expects the file back as it was before hookdash
touched it — but a list the user wrote by hand (even an empty one) is theirs to keep. The
text alone cannot tell the two apart, so hookdash remembers the JSON pointers of the
containers it created, per file, and removes such a container only once it is empty and
only if it is remembered here.

State file: `<state dir>/created-keys.json`, `{"v": 1, "files": {"<real path>":
["/hooks", "/hooks/BeforeTool"]}}`. A damaged or missing state file only means an empty
container stays behind; it never blocks an edit.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ValidationError

from hookdash.core import files
from hookdash.core.edit.atomic import update_file
from hookdash.core.gemini.environment import GeminiEnvironment
from hookdash.core.state import STATE_DIR_MODE, state_dir

STATE_FILE = "created-keys.json"


class CreatedKeys(BaseModel):
    v: int = 1
    files: dict[str, list[str]] = {}


def state_path(env: GeminiEnvironment) -> Path:
    return state_dir(env.environ) / STATE_FILE


def _key(path: Path) -> str:
    return os.path.realpath(path)  # the file a write really changes (symlinks followed)


def _parse(data: bytes | None) -> CreatedKeys:
    if not data:
        return CreatedKeys()
    try:
        return CreatedKeys.model_validate_json(data)
    except ValidationError:
        return CreatedKeys()


def created_in(env: GeminiEnvironment, path: Path) -> set[str]:
    """The pointers of the containers hookdash created in this settings file."""
    try:
        data = files.read_bytes(state_path(env))
    except OSError:
        return set()
    return set(_parse(data).files.get(_key(path), []))


def _update(env: GeminiEnvironment, path: Path, add: Iterable[str], remove: Iterable[str]) -> None:
    added, removed = list(add), set(remove)
    if not added and not removed:
        return

    def compute(data: bytes | None) -> bytes | None:
        state = _parse(data)
        key = _key(path)
        pointers = [p for p in state.files.get(key, []) if p not in removed]
        pointers.extend(p for p in added if p not in pointers)
        if pointers:
            state.files[key] = pointers
        else:
            state.files.pop(key, None)
        return state.model_dump_json(indent=2).encode("utf-8")

    # hookdash's state: a private directory (it may be the first thing written there).
    update_file(state_path(env), compute, new_mode=0o600, dir_mode=STATE_DIR_MODE)


def remember(env: GeminiEnvironment, path: Path, pointers: Iterable[str]) -> None:
    """Record containers an edit of `path` created (raises EditError if it cannot)."""
    _update(env, path, pointers, ())


def forget(env: GeminiEnvironment, path: Path, pointers: Iterable[str]) -> None:
    """Drop containers that no longer exist (a removal took them out again)."""
    _update(env, path, (), pointers)
