"""A pinned @openai/codex from npm, installed once into a cache directory.

The npm package is a node launcher (`bin/codex.js`) beside a native binary per platform
(an optional dependency such as `@openai/codex-linux-x64`, which unpacks
`vendor/<target triple>/bin/codex`). The harness runs the native binary directly, as the
launcher would after its `execve`: node is needed only by npm. The version comes from
HOOKDASH_CODEX_VERSION (default 0.171.0). A reused install is checked by running
`codex --version`.

Also runnable: `python -m tests.codex.install` installs and prints the binary's path.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
from pathlib import Path

PACKAGE = "@openai/codex"
DEFAULT_VERSION = "0.171.0"
VERSION_ENV = "HOOKDASH_CODEX_VERSION"
_VERSION_RE = re.compile(r"^\d+\.\d+\.\d+$")
INSTALL_TIMEOUT_S = 900.0
# node's (platform, arch) as the launcher maps them: the native package and its triple.
_TARGETS = {
    ("linux", "x64"): ("codex-linux-x64", "x86_64-unknown-linux-musl"),
    ("linux", "arm64"): ("codex-linux-arm64", "aarch64-unknown-linux-musl"),
    ("darwin", "x64"): ("codex-darwin-x64", "x86_64-apple-darwin"),
    ("darwin", "arm64"): ("codex-darwin-arm64", "aarch64-apple-darwin"),
}


class Unavailable(Exception):
    """npm, the registry or this platform's binary cannot be had: the harness skips."""


def requested_version() -> str:
    version = os.environ.get(VERSION_ENV, "").strip() or DEFAULT_VERSION
    if not _VERSION_RE.match(version):
        raise ValueError(f"{VERSION_ENV}={version!r} is not a version like 0.171.0")
    return version


def cache_root(version: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hookdash-tests" / f"codex-{version}"


def binary(root: Path) -> Path:
    """The native binary npm unpacked for this platform."""
    arch = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower(), ""
    )
    target = _TARGETS.get((platform.system().lower(), arch))
    if target is None:
        raise Unavailable(f"no Codex binary for {platform.system()} {platform.machine()}")
    package, triple = target
    return root / "node_modules" / "@openai" / package / "vendor" / triple / "bin" / "codex"


def _version_of(path: Path) -> str | None:
    try:
        out = subprocess.run(
            [str(path), "--version"], capture_output=True, text=True, timeout=60, check=False
        )
    except OSError:
        return None
    match = re.search(r"(\d+\.\d+\.\d+)", out.stdout.strip())
    return match.group(1) if match else None


def install(version: str) -> Path:
    """The path of the native `codex` binary of `version`, installed on first use."""
    root = cache_root(version)
    exe = binary(root)
    if exe.exists() and _version_of(exe) == version:
        return exe
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable("npm is needed to install Codex; not on PATH")
    root.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(
            [
                npm,
                "install",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                "--prefix",
                str(root),
                f"{PACKAGE}@{version}",
            ],
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise Unavailable(
            f"npm install {PACKAGE}@{version} took over {INSTALL_TIMEOUT_S:.0f} s"
        ) from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise Unavailable(f"npm install {PACKAGE}@{version} failed: {' / '.join(tail)}")
    if not exe.exists():
        raise Unavailable(f"npm installed no binary at {exe}")
    found = _version_of(exe)
    if found != version:
        raise Unavailable(f"{exe} --version says {found!r}, not {version}")
    return exe


if __name__ == "__main__":
    print(install(requested_version()))
