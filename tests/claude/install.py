"""A pinned @anthropic-ai/claude-code from npm, installed once into a cache directory.

The package ships a native binary per platform (an optional dependency such as
`@anthropic-ai/claude-code-linux-x64`); node is needed only by npm, never to run it. The
version comes from HOOKDASH_CLAUDE_VERSION (default 2.1.332). A reused install is checked
by running `claude --version`.

Also runnable: `python -m tests.claude.install` installs and prints the binary's path.
"""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
from pathlib import Path

PACKAGE = "@anthropic-ai/claude-code"
DEFAULT_VERSION = "2.1.332"
VERSION_ENV = "HOOKDASH_CLAUDE_VERSION"
_VERSION_RE = re.compile(r"^\d+\.\d+\.\d+$")
INSTALL_TIMEOUT_S = 600.0


class Unavailable(Exception):
    """npm, the registry or this platform's binary cannot be had: the harness skips."""


def requested_version() -> str:
    version = os.environ.get(VERSION_ENV, "").strip() or DEFAULT_VERSION
    if not _VERSION_RE.match(version):
        raise ValueError(f"{VERSION_ENV}={version!r} is not a version like 2.1.332")
    return version


def cache_root(version: str) -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hookdash-tests" / f"claude-code-{version}"


def _platform_package() -> str:
    machine = {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower()
    )
    system = platform.system().lower()
    if machine is None or system not in ("linux", "darwin"):
        raise Unavailable(f"no Claude Code binary for {platform.system()} {platform.machine()}")
    musl = (
        system == "linux"
        and not Path("/lib/ld-linux-x86-64.so.2").exists()
        and (
            Path("/lib/ld-musl-x86_64.so.1").exists() or Path("/lib/ld-musl-aarch64.so.1").exists()
        )
    )
    return f"{PACKAGE}-{system}-{machine}{'-musl' if musl else ''}"


def binary(root: Path) -> Path:
    """The native binary npm unpacked (the platform package's, which the wrapper's
    postinstall would copy over its placeholder)."""
    return root / "node_modules" / _platform_package() / "claude"


def _version_of(path: Path) -> str | None:
    try:
        out = subprocess.run(
            [str(path), "--version"], capture_output=True, text=True, timeout=60, check=False
        )
    except OSError:
        return None
    match = re.match(r"(\d+\.\d+\.\d+)", out.stdout.strip())
    return match.group(1) if match else None


def install(version: str) -> Path:
    """The path of the `claude` binary of `version`, installed on first use."""
    root = cache_root(version)
    exe = binary(root)
    if exe.exists() and _version_of(exe) == version:
        return exe
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable("npm is needed to install Claude Code; not on PATH")
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
    exe.chmod(0o755)
    found = _version_of(exe)
    if found != version:
        raise Unavailable(f"{exe} --version says {found!r}, not {version}")
    return exe


if __name__ == "__main__":
    print(install(requested_version()))
