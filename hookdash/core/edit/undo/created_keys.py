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

from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel

from hookdash.core.disk.file_memory import FileMemory, HasEnviron, file_key


class CreatedKeys(BaseModel):
    v: int = 1
    files: dict[str, list[str]] = {}


MEMORY = FileMemory("created-keys.json", CreatedKeys)


def state_path(env: HasEnviron) -> Path:
    return MEMORY.path(env)


def created_in(env: HasEnviron, path: Path) -> set[str]:
    """The pointers of the containers hookdash created in this settings file."""
    return set(MEMORY.read(env).files.get(file_key(path), []))


def _update(env: HasEnviron, path: Path, add: Iterable[str], remove: Iterable[str]) -> None:
    added, removed = list(add), set(remove)
    if not added and not removed:
        return

    def change(state: CreatedKeys) -> bool:
        key = file_key(path)
        pointers = [p for p in state.files.get(key, []) if p not in removed]
        pointers.extend(p for p in added if p not in pointers)
        if pointers:
            state.files[key] = pointers
        else:
            state.files.pop(key, None)
        return True

    MEMORY.update(env, change)


def remember(env: HasEnviron, path: Path, pointers: Iterable[str]) -> None:
    """Record containers an edit of `path` created (raises EditError if it cannot)."""
    _update(env, path, pointers, ())


def forget(env: HasEnviron, path: Path, pointers: Iterable[str]) -> None:
    """Drop containers that no longer exist (a removal took them out again)."""
    _update(env, path, (), pointers)
