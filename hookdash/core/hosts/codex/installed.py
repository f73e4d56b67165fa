"""The `codex` binary on this machine, if any: what `installed_version` asks, and what
trust goes through (`codex app-server`)."""

from __future__ import annotations

import shutil
from collections.abc import Mapping


def codex_binary(environ: Mapping[str, str]) -> str | None:
    """The `codex` on PATH, or None. `HOOKDASH_CODEX` names another (set but empty: none,
    so trust edits the file; for tests)."""
    if "HOOKDASH_CODEX" in environ:
        return environ["HOOKDASH_CODEX"] or None
    return shutil.which("codex", path=environ.get("PATH"))
