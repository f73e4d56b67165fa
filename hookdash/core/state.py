"""hookdash's own state directory (the run log and what hookdash must remember)."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from pathlib import Path


def state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """`HOOKDASH_STATE_DIR`, else the platform's user state directory for hookdash."""
    env = os.environ if environ is None else environ
    override = env.get("HOOKDASH_STATE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_state_path("hookdash"))


def private_dir(directory: Path) -> None:
    """Make sure `directory` (the state directory, or one inside it) exists and only its
    owner can use it: created 0700 whatever the umask; an existing one open to the group
    or others is narrowed to 0700 (never widened). What hookdash keeps there — hook input
    and output, payloads, copies of scripts — can hold secrets."""
    if not directory.exists():
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(directory, 0o700)  # mkdir's mode is filtered by the umask
    elif stat.S_IMODE(directory.stat().st_mode) & 0o077:
        os.chmod(directory, 0o700)
