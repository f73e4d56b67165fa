"""What an agent's program prints for `PROGRAM --version`, remembered between runs.

`list` and the dashboard say which release of each agent is installed; asking costs a
process start (Node.js for Claude Code and Gemini CLI: a few hundred milliseconds each),
on every call. The answer is kept in hookdash's state directory, keyed by the program's
path, the file it resolves to, and that file's size and modification time: a program that
is updated, replaced or relinked is asked again; an unchanged one is not (npm and the
native installers link the command to a file of the release, so an update changes the key;
a hand-written wrapper that execs another file is keyed by the wrapper). Only a finished
run is remembered (a program that cannot start or outlives the timeout is asked next time
too). The memory is a convenience: when it cannot be read or written, the program is run.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping
from pathlib import Path

from hookdash.core.disk.atomic import update_file
from hookdash.core.disk.state import private_dir, state_dir
from hookdash.core.errors import HookdashError

CACHE_FILE = "program-versions.json"
_MAX_ENTRIES = 32  # a handful of agents; paths that come and go are forgotten, oldest first


def version_output(
    program: str,
    *,
    timeout: float,
    environ: Mapping[str, str] | None = None,
    run_env: Mapping[str, str] | None = None,
) -> tuple[int, str] | None:
    """(exit status, standard output) of `program --version`, from memory when `program`
    has not changed since it was last asked; None when it could not be run to the end.
    `environ` finds the state directory; `run_env` is the program's environment (None:
    this process's)."""
    key = _key(program)
    path = state_dir(environ) / CACHE_FILE if key is not None else None
    if path is not None:
        known = _read(path).get(program)
        if isinstance(known, dict) and known.get("key") == key:
            status, out = known.get("status"), known.get("stdout")
            if isinstance(status, int) and isinstance(out, str):
                return status, out
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
    if path is not None:
        _remember(path, program, {"key": key, "status": done.returncode, "stdout": done.stdout})
    return done.returncode, done.stdout


def _key(program: str) -> list[object] | None:
    """What says `program` is the one last asked: the file it resolves to, its size and
    modification time (None when it cannot be looked at)."""
    try:
        real = os.path.realpath(program)
        st = os.stat(real)
    except (OSError, ValueError):
        return None
    return [real, st.st_size, st.st_mtime_ns]


def _read(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _remember(path: Path, program: str, entry: dict[str, object]) -> None:
    def compute(current: bytes | None) -> bytes | None:
        try:
            data = json.loads(current) if current else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        data.pop(program, None)
        data[program] = entry  # the newest last: the oldest are dropped first
        while len(data) > _MAX_ENTRIES:
            del data[next(iter(data))]
        return json.dumps(data, indent=1).encode()

    try:
        private_dir(path.parent)
        update_file(path, compute, new_mode=0o600)
    except (OSError, ValueError, HookdashError):
        pass  # a read-only or missing state directory: the program is asked next time
