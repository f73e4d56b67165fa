"""Which Gemini CLI is installed, and its version, found without running it when possible.

`GEMINI_CLI_PATH` names it (the `gemini` script, its entry script or the package
directory); otherwise it is `gemini` on `PATH`. The version comes from the package.json
of `@google/gemini-cli` above the resolved script (npm and nvm installs link the command
to `.../node_modules/@google/gemini-cli/bundle/gemini.js`), or from an absolute path in a
small wrapper script (Homebrew's `exec "/opt/homebrew/Cellar/..."`). Only when neither
works does hookdash run `gemini --version`, with a short timeout. The answer is cached
per process: `list` pays for it once, and only a file read in the usual case.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

PACKAGE_NAME = "@google/gemini-cli"
VERSION_TIMEOUT_S = 3.0
_VERSION = re.compile(r"\b(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\b")
_ABSOLUTE_PATH = re.compile(r"""(/[^\s"'`$;&|<>()]+)""")
_WRAPPER_MAX_BYTES = 8192
_PARENT_LEVELS = 6  # bundle/gemini.js or dist/index.js sit 1-2 levels under the package


class InstalledGemini(BaseModel):
    """The Gemini CLI hookdash found, and how it learnt its version."""

    model_config = ConfigDict(defer_build=True)  # built on first use (not by `list`)

    path: str  # as found: GEMINI_CLI_PATH's value, or the PATH entry
    script: str  # the file it resolves to
    version: str | None
    found_by: Literal["GEMINI_CLI_PATH", "PATH"]
    version_from: Literal["package.json", "--version"] | None


def find_gemini(environ: Mapping[str, str]) -> InstalledGemini | None:
    """The installed Gemini CLI, or None when there is none to find."""
    return _find(environ.get("GEMINI_CLI_PATH") or "", environ.get("PATH") or "")


@lru_cache(maxsize=8)
def _find(explicit: str, search_path: str) -> InstalledGemini | None:
    found_by: Literal["GEMINI_CLI_PATH", "PATH"]
    if explicit:
        found_by, path = "GEMINI_CLI_PATH", explicit
        if not os.path.exists(path):
            return None
    else:
        # Only the PATH it was given: an environment without PATH finds nothing.
        which = shutil.which("gemini", path=search_path) if search_path else None
        if which is None:
            return None
        found_by, path = "PATH", which
    target = Path(os.path.realpath(path))
    version = _package_version(target)
    if version is None and target.is_file():
        version = _wrapper_version(target)
    version_from: Literal["package.json", "--version"] | None = "package.json" if version else None
    if version is None and target.is_file() and os.access(target, os.X_OK):
        version = _run_version(path)
        version_from = "--version" if version else None
    return InstalledGemini(
        path=path,
        script=str(target),
        version=version,
        found_by=found_by,
        version_from=version_from,
    )


def _package_version(target: Path) -> str | None:
    """The version in the @google/gemini-cli package.json at or above `target`."""
    start = target if target.is_dir() else target.parent
    for directory in [start, *start.parents][:_PARENT_LEVELS]:
        manifest = directory / "package.json"
        try:
            data = json.loads(manifest.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("name") == PACKAGE_NAME:
            version = data.get("version")
            return version if isinstance(version, str) and _VERSION.fullmatch(version) else None
    return None


def _wrapper_version(script: Path) -> str | None:
    """A shell wrapper that names the real script by absolute path (one level only)."""
    try:
        with script.open("rb") as handle:
            head = handle.read(_WRAPPER_MAX_BYTES)
    except OSError:
        return None
    if not head.startswith(b"#!") or b"\0" in head:
        return None
    for candidate in _ABSOLUTE_PATH.findall(head.decode("utf-8", "replace")):
        if "gemini" not in candidate or not os.path.exists(candidate):
            continue
        version = _package_version(Path(os.path.realpath(candidate)))
        if version:
            return version
    return None


def _run_version(path: str) -> str | None:
    """`gemini --version`, the slow way (a node start-up); None on any failure."""
    from hookdash.core.hosts.program_version import version_output

    env = {**os.environ, "GEMINI_CLI_NO_RELAUNCH": "true", "NO_COLOR": "1"}
    result = version_output(path, timeout=VERSION_TIMEOUT_S, run_env=env)
    if result is None or result[0] != 0:
        return None
    match = _VERSION.search(result[1])
    return match.group(1) if match else None
