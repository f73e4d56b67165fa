"""What an agent's program prints for `PROGRAM --version`, remembered between runs.

`list` and the dashboard say which release of each agent is installed; asking costs a
process start (Node.js for Claude Code and Gemini CLI: a few hundred milliseconds each),
on every call. The answer is kept in hookdash's state directory (core.disk.file_memory),
keyed by the program's path, the file it resolves to, and that file's size and modification
time: a program that is updated, replaced or relinked is asked again; an unchanged one is
not (npm and the native installers link the command to a file of the release, so an
update changes the key; a hand-written wrapper that execs another file is keyed by the
wrapper). Only a finished run is remembered (a program that cannot start or outlives the
timeout is asked next time too). The memory is a convenience: when it cannot be read or
written, the program is run.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass

from pydantic import BaseModel

from hookdash.core.disk.file_memory import FileMemory
from hookdash.core.errors import HookdashError

_MAX_PROGRAMS = 32  # a handful of agents; paths that come and go are forgotten, oldest first


class _Key(BaseModel):
    real: str  # the file the program's path resolves to
    size: int
    mtime_ns: int


class _Answer(BaseModel):
    key: _Key
    status: int  # the exit status
    stdout: str


class ProgramVersions(BaseModel):
    v: int = 1
    programs: dict[str, _Answer] = {}  # by the program's path, the newest last


MEMORY = FileMemory("program-versions.json", ProgramVersions)


@dataclass(frozen=True)
class _State:
    """What names the state directory (core.disk.file_memory.HasEnviron)."""

    environ: Mapping[str, str]


def version_output(
    program: str,
    *,
    timeout: float,
    environ: Mapping[str, str] | None = None,
    run_env: Mapping[str, str] | None = None,
) -> tuple[int, str] | None:
    """(exit status, standard output) of `program --version`, from memory when `program`
    has not changed since it was last asked; None when it could not be run to the end.
    `environ` finds the state directory (None: this process's); `run_env` is the
    program's environment (None: this process's)."""
    key = _key(program)
    state = _State(os.environ if environ is None else environ)
    if key is not None:
        known = MEMORY.read(state).programs.get(program)
        if known is not None and known.key == key:
            return known.status, known.stdout
    try:
        done = subprocess.run(
            [program, "--version"],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            env=None if run_env is None else dict(run_env),
            check=False,
        )
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    if key is not None:
        _remember(state, program, _Answer(key=key, status=done.returncode, stdout=done.stdout))
    return done.returncode, done.stdout


def _key(program: str) -> _Key | None:
    """What says `program` is the one last asked (None when it cannot be looked at)."""
    try:
        real = os.path.realpath(program)
        st = os.stat(real)
    except (OSError, ValueError):
        return None
    return _Key(real=real, size=st.st_size, mtime_ns=st.st_mtime_ns)


def _remember(state: _State, program: str, answer: _Answer) -> None:
    def change(memory: ProgramVersions) -> bool:
        memory.programs.pop(program, None)
        memory.programs[program] = answer
        while len(memory.programs) > _MAX_PROGRAMS:
            del memory.programs[next(iter(memory.programs))]
        return True

    # A read-only or missing state directory: the program is asked next time.
    with contextlib.suppress(OSError, HookdashError):
        MEMORY.update(state, change)
