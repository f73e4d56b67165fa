"""hookdash's own state directory (the run log and what hookdash must remember)."""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Mapping
from pathlib import Path

# The run log holds hook input and output, which can hold secrets.
STATE_DIR_MODE = 0o700


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """`HOOKDASH_STATE_DIR`, else the platform's user state directory for hookdash."""
    env = os.environ if environ is None else environ
    override = env.get("HOOKDASH_STATE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_state_path("hookdash"))


def ensure_state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The state directory, created (with any missing parents) 0700 if it is not there."""
    from hookdash.core.disk.atomic import ensure_directory  # only when there is one to make

    path = state_dir(environ)
    ensure_directory(path, STATE_DIR_MODE)
    return path


def private_dir(directory: Path) -> None:
    """Make sure `directory` (the state directory, or one inside it) exists and only its
    owner can use it: created 0700 (with any missing parents); an existing one open to the
    group or others is narrowed to 0700 (never widened). What hookdash keeps there — hook
    input and output, payloads, copies of scripts — can hold secrets."""
    if not directory.is_dir():
        from hookdash.core.disk.atomic import ensure_directory

        ensure_directory(directory, STATE_DIR_MODE)
    if stat.S_IMODE(directory.stat().st_mode) & 0o077:
        os.chmod(directory, STATE_DIR_MODE)


def forget_the_oldest(directory: Path, suffix: str, keep: int) -> None:
    """At most `keep` files named `*suffix` in `directory` (a folder of the state
    directory that remembers one file per workspace or situation): the least recently
    written go. Never raises (what it cannot remove stays)."""
    kept: list[tuple[int, str]] = []
    with contextlib.suppress(OSError), os.scandir(directory) as entries:
        for entry in entries:
            if entry.name.endswith(suffix) and entry.is_file(follow_symlinks=False):
                kept.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.path))
    kept.sort(reverse=True)
    for _, old in kept[keep:]:
        with contextlib.suppress(OSError):
            os.unlink(old)
