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

import platform
from pathlib import Path

from tests.npm_binary import NpmBinary, Unavailable, node_arch

__all__ = ["CODEX", "Unavailable", "binary", "install", "requested_version"]

# node's (platform, arch) as the launcher maps them: the native package and its triple.
_TARGETS = {
    ("linux", "x64"): ("codex-linux-x64", "x86_64-unknown-linux-musl"),
    ("linux", "arm64"): ("codex-linux-arm64", "aarch64-unknown-linux-musl"),
    ("darwin", "x64"): ("codex-darwin-x64", "x86_64-apple-darwin"),
    ("darwin", "arm64"): ("codex-darwin-arm64", "aarch64-apple-darwin"),
}


def binary(root: Path) -> Path:
    """The native binary npm unpacked for this platform."""
    target = _TARGETS.get((platform.system().lower(), node_arch()))
    if target is None:
        raise Unavailable(f"no Codex binary for {platform.system()} {platform.machine()}")
    package, triple = target
    return root / "node_modules" / "@openai" / package / "vendor" / triple / "bin" / "codex"


CODEX = NpmBinary(
    package="@openai/codex",
    label="Codex",
    default_version="0.171.0",
    version_env="HOOKDASH_CODEX_VERSION",
    cache_name="codex",
    binary=binary,
    install_timeout_s=900.0,
)
requested_version = CODEX.requested_version
install = CODEX.install


if __name__ == "__main__":
    print(install(requested_version()))
