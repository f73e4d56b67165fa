"""What hookdash remembers about a settings file, kept in its own state directory.

`created_keys` (the containers an edit created) and `disable_undo` (the text a disable
replaced) each keep one JSON file `{"v": 1, "files": {"<real path>": …}}` in the state
directory. This is the one way they are read and written: read like every other file
(`core.files`: never a FIFO or device, capped), a missing, unreadable or damaged state
file reads as empty — it only ever means hookdash remembers less, never that an edit is
blocked — and written atomically, 0600 in the private state directory.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from hookdash.core.disk import files
from hookdash.core.disk.atomic import update_file
from hookdash.core.disk.state import STATE_DIR_MODE, state_dir

M = TypeVar("M", bound=BaseModel)


class HasEnviron(Protocol):
    """What names the state directory: any host's environment (`HOOKDASH_STATE_DIR`)."""

    @property
    def environ(self) -> Mapping[str, str]: ...


def file_key(path: Path) -> str:
    """How a settings file is named in the state: the file a write really changes
    (symlinks followed)."""
    return os.path.realpath(path)


class FileMemory(Generic[M]):
    """One state file of hookdash's, holding the model `model`."""

    def __init__(self, name: str, model: type[M]) -> None:
        self.name = name
        self.model = model

    def path(self, env: HasEnviron) -> Path:
        return state_dir(env.environ) / self.name

    def _parse(self, data: bytes | None) -> M:
        if not data:
            return self.model()
        try:
            return self.model.model_validate_json(data)
        except ValidationError:
            return self.model()

    def read(self, env: HasEnviron) -> M:
        try:
            return self._parse(files.read_bytes(self.path(env)))
        except OSError:
            return self.model()

    def update(self, env: HasEnviron, change: Callable[[M], bool]) -> None:
        """Apply `change` to the state as it is on disk now; it returns whether there is
        anything to write. Raises EditError when the state cannot be written."""

        def compute(data: bytes | None) -> bytes | None:
            state = self._parse(data)
            if not change(state):
                return None
            return state.model_dump_json(indent=2).encode("utf-8")

        update_file(self.path(env), compute, new_mode=0o600, dir_mode=STATE_DIR_MODE)
