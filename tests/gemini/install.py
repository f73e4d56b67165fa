"""A pinned @google/gemini-cli from npm, installed once into a cache directory.

The version comes from HOOKDASH_GEMINI_VERSION (default 0.61.0). The install is reused
when present; a fresh install is checked against the registry's `dist.integrity`, and a
reused one against the integrity recorded when it was first installed (both are what
npm's own package-lock.json says it unpacked). Install scripts are not run: the CLI is
a bundle, and its optional native modules (keytar, node-pty) are not needed headless.

Also runnable: `python -m tests.gemini.install [VERSION ...]` installs (or checks) and
prints the path of each `gemini` script.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

PACKAGE = "@google/gemini-cli"
DEFAULT_VERSION = "0.61.0"
VERSION_ENV = "HOOKDASH_GEMINI_VERSION"
_VERSION_RE = re.compile(r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$")
_MARKER = "hookdash-verified.json"
REGISTRY_TIMEOUT_S = 30.0
INSTALL_TIMEOUT_S = 600.0


class Unavailable(Exception):
    """npm or the registry cannot be used here: the harness skips, saying why."""


class IntegrityError(Exception):
    """What npm unpacked is not what the registry publishes: the harness fails."""


@dataclass(frozen=True)
class GeminiInstall:
    version: str
    root: Path  # the npm prefix in the cache
    integrity: str

    @property
    def package_dir(self) -> Path:
        return self.root / "node_modules" / "@google" / "gemini-cli"

    @property
    def script(self) -> Path:
        """The CLI's entry script (run with node; the .bin link points at it)."""
        manifest = json.loads((self.package_dir / "package.json").read_text())
        bin_field = manifest["bin"]
        relative = bin_field["gemini"] if isinstance(bin_field, dict) else bin_field
        return self.package_dir / relative


def requested_version() -> str:
    version = os.environ.get(VERSION_ENV, "").strip() or DEFAULT_VERSION
    if not _VERSION_RE.match(version):
        raise ValueError(f"{VERSION_ENV}={version!r} is not a version like 0.61.0")
    return version


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hookdash-tests" / "gemini-cli"


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        raise Unavailable("npm and node are needed to install Gemini CLI; not on PATH")
    return npm


def _npm_env() -> dict[str, str]:
    # Quiet, non-interactive npm; nothing written outside the prefix but npm's own cache.
    return {
        **os.environ,
        "npm_config_update_notifier": "false",
        "npm_config_fund": "false",
        "npm_config_audit": "false",
        "npm_config_loglevel": "error",
    }


def registry_integrity(version: str, timeout: float = REGISTRY_TIMEOUT_S) -> str:
    """The registry's `dist.integrity` for that version (raises Unavailable offline)."""
    try:
        result = subprocess.run(
            [_npm(), "view", f"{PACKAGE}@{version}", "dist.integrity", "--json"],
            capture_output=True,
            text=True,
            timeout=timeout,
            env=_npm_env(),
        )
    except subprocess.TimeoutExpired as exc:
        raise Unavailable(f"the npm registry did not answer within {timeout:.0f} s") from exc
    if result.returncode != 0:
        raise Unavailable(f"npm view {PACKAGE}@{version} failed: {result.stderr.strip()[-300:]}")
    text = result.stdout.strip()
    if not text:
        raise Unavailable(f"{PACKAGE}@{version} is not published")
    value = json.loads(text)
    if not isinstance(value, str) or not value.startswith("sha"):
        raise IntegrityError(f"unexpected dist.integrity from the registry: {text[:200]}")
    return value


def locked_integrity(root: Path, version: str) -> str:
    """What npm's lockfile says it unpacked for the CLI itself."""
    lock = json.loads((root / "package-lock.json").read_text())
    entry = lock.get("packages", {}).get(f"node_modules/{PACKAGE}", {})
    if entry.get("version") != version:
        raise IntegrityError(f"package-lock.json in {root} holds {entry.get('version')}")
    installed = json.loads((root / "node_modules" / PACKAGE / "package.json").read_text())
    if installed.get("version") != version:
        raise IntegrityError(f"{root} has {PACKAGE} {installed.get('version')}, not {version}")
    integrity = entry.get("integrity")
    if not isinstance(integrity, str):
        raise IntegrityError(f"package-lock.json in {root} records no integrity")
    return integrity


def cached(version: str) -> GeminiInstall | None:
    """The verified install in the cache, or None (no network)."""
    root = cache_root() / version
    marker = root / _MARKER
    try:
        recorded = json.loads(marker.read_text())["integrity"]
        if locked_integrity(root, version) != recorded:
            raise IntegrityError(f"{root}: package-lock.json changed since it was verified")
    except (OSError, ValueError, KeyError):
        return None
    install = GeminiInstall(version=version, root=root, integrity=recorded)
    return install if install.script.is_file() else None


def install(version: str) -> GeminiInstall:
    """The cached install, or a fresh one checked against the registry."""
    found = cached(version)
    if found is not None:
        return found
    expected = registry_integrity(version)
    base = cache_root()
    base.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{version}-", dir=base))
    try:
        (staging / "package.json").write_text(
            json.dumps({"private": True, "dependencies": {PACKAGE: version}}, indent=2) + "\n"
        )
        try:
            result = subprocess.run(
                [_npm(), "install", "--ignore-scripts", "--no-audit", "--no-fund"],
                cwd=staging,
                capture_output=True,
                text=True,
                timeout=INSTALL_TIMEOUT_S,
                env=_npm_env(),
            )
        except subprocess.TimeoutExpired as exc:
            raise Unavailable(f"npm install took over {INSTALL_TIMEOUT_S:.0f} s") from exc
        if result.returncode != 0:
            raise Unavailable(f"npm install {PACKAGE}@{version} failed: {result.stderr[-500:]}")
        got = locked_integrity(staging, version)
        if got != expected:
            raise IntegrityError(
                f"{PACKAGE}@{version}: npm unpacked {got}, the registry publishes {expected}"
            )
        (staging / _MARKER).write_text(json.dumps({"version": version, "integrity": got}) + "\n")
        target = base / version
        if target.exists():  # an unverified leftover (no marker): replace it
            shutil.rmtree(target)
        staging.rename(target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    found = cached(version)
    if found is None:
        raise IntegrityError(f"{base / version} did not verify after installing")
    return found


def main(argv: list[str]) -> int:
    for version in argv or [requested_version()]:
        found = install(version)
        print(f"{found.version} {found.script} {found.integrity}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
