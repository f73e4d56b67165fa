"""A pinned @anthropic-ai/claude-code from npm, installed once into a cache directory.

The package ships a native binary per platform (an optional dependency such as
`@anthropic-ai/claude-code-linux-x64`); node is needed only by npm, never to run it. The
version comes from HOOKDASH_CLAUDE_VERSION (default 2.1.332). A reused install is checked
by running `claude --version`.

Also runnable: `python -m tests.claude.install` installs and prints the binary's path.
"""

from __future__ import annotations

import platform
from pathlib import Path

from tests.npm_binary import NpmBinary, Unavailable, node_arch

__all__ = ["CLAUDE", "Unavailable", "binary", "install", "requested_version"]

PACKAGE = "@anthropic-ai/claude-code"


def _platform_package() -> str:
    machine = node_arch()
    system = platform.system().lower()
    if not machine or system not in ("linux", "darwin"):
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


CLAUDE = NpmBinary(
    package=PACKAGE,
    label="Claude Code",
    default_version="2.1.332",
    version_env="HOOKDASH_CLAUDE_VERSION",
    cache_name="claude-code",
    binary=binary,
)
requested_version = CLAUDE.requested_version
install = CLAUDE.install


if __name__ == "__main__":
    print(install(requested_version()))
