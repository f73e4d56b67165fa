"""An agent's pinned npm package that ships a native binary, installed once into a cache
directory: what the Claude Code and Codex CLI harnesses install (Gemini CLI's is a node
bundle checked by its integrity: tests/gemini/install.py).

Node is needed only by npm, never to run the binary. The version comes from an
environment variable (the default otherwise); a reused install is checked by running
`BINARY --version`. Install scripts are not run.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

_VERSION_RE = re.compile(r"^\d+\.\d+\.\d+$")


class Unavailable(Exception):
    """npm, the registry or this platform's binary cannot be had: the harness skips."""


@dataclass(frozen=True)
class NpmBinary:
    package: str  # @anthropic-ai/claude-code
    label: str  # as a skip says it: Claude Code
    default_version: str
    version_env: str  # the variable that picks another version
    cache_name: str  # the cache folder's name before `-VERSION`
    # The native binary below the npm prefix (raises Unavailable for a platform without one).
    binary: Callable[[Path], Path]
    install_timeout_s: float = 600.0

    def requested_version(self) -> str:
        version = os.environ.get(self.version_env, "").strip() or self.default_version
        if not _VERSION_RE.match(version):
            raise ValueError(
                f"{self.version_env}={version!r} is not a version like {self.default_version}"
            )
        return version

    def cache_root(self, version: str) -> Path:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        return Path(base) / "hookdash-tests" / f"{self.cache_name}-{version}"

    def install(self, version: str) -> Path:
        """The path of the binary of `version`, installed on first use."""
        root = self.cache_root(version)
        exe = self.binary(root)
        if exe.exists() and version_of(exe) == version:
            return exe
        npm = shutil.which("npm")
        if npm is None:
            raise Unavailable(f"npm is needed to install {self.label}; not on PATH")
        root.mkdir(parents=True, exist_ok=True)
        spec = f"{self.package}@{version}"
        command = [npm, "install", "--no-audit", "--no-fund", "--ignore-scripts"]
        try:
            done = subprocess.run(
                [*command, "--prefix", str(root), spec],
                capture_output=True,
                text=True,
                timeout=self.install_timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise Unavailable(
                f"npm install {spec} took over {self.install_timeout_s:.0f} s"
            ) from None
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
            raise Unavailable(f"npm install {spec} failed: {' / '.join(tail)}")
        if not exe.exists():
            raise Unavailable(f"npm installed no binary at {exe}")
        exe.chmod(0o755)
        found = version_of(exe)
        if found != version:
            raise Unavailable(f"{exe} --version says {found!r}, not {version}")
        return exe


def version_of(path: Path) -> str | None:
    """The first x.y.z in what `path --version` prints (`2.1.332 (Claude Code)`,
    `codex-cli 0.171.0`), else None."""
    try:
        out = subprocess.run(
            [str(path), "--version"], capture_output=True, text=True, timeout=60, check=False
        )
    except OSError:
        return None
    match = re.search(r"(\d+\.\d+\.\d+)", out.stdout.strip())
    return match.group(1) if match else None


def node_arch() -> str:
    """This machine's processor as npm's platform packages name it (x64, arm64), or ''."""
    import platform

    return {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(
        platform.machine().lower(), ""
    )
