"""What a trust question showed, so that the answer trusts exactly that.

With the question open, a script can be edited into `curl … | sh`; answering "yes" must not
record that as trusted. When the question is asked, `seen_now` takes the fingerprint of what it
shows: the bytes of the workspace settings file (commands, names, env), of the `.env`
Gemini would load, and of each script the hooks run. `trust_hooks(…, seen=…)` takes them
again before writing anything and refuses, naming what changed, when any differs; the
script fingerprints it records are then checked against the shown ones as they are read,
so what is recorded is what was shown. `token` is the same fingerprint in 12 hex digits:
`hookdash trust` prints it, and `hookdash trust --yes --reviewed TOKEN` refuses when the
project changed since that review.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pydantic import BaseModel

from hookdash.core.errors import TrustChangedError
from hookdash.core.hosts.gemini.dotenv import find_env_file
from hookdash.core.load import fingerprints

if TYPE_CHECKING:
    from hookdash.core.model import Configuration, Hook


class Seen(BaseModel):
    """Fingerprints of what a trust question shows: path -> SHA-256 (None: absent or not
    a readable regular file)."""

    files: dict[str, str | None]

    @property
    def token(self) -> str:
        text = "\n".join(f"{p}\0{h}" for p, h in sorted(self.files.items()))
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def _sha(path: str) -> str | None:
    # The hash the trust record keeps of a script (its first 16 MiB), for every file.
    hashed = fingerprints.hash_file(path)
    return hashed[0] if hashed is not None else None


def _paths(config: Configuration, hooks: Sequence[Hook]) -> list[str]:
    env = config.env
    paths = [str(env.workspace_settings_path)]
    dotenv = find_env_file(env, trusted=True, ignore_local=False)
    if dotenv is not None:
        paths.append(str(dotenv))
    for hook in hooks:
        paths.extend(fingerprints.scripts_of(hook))  # every script, package.json, Makefile
    return list(dict.fromkeys(paths))


def seen_now(config: Configuration, hooks: Sequence[Hook]) -> Seen:
    """Fingerprint what a question about trusting `hooks` shows (read now, from disk)."""
    return Seen(files={p: _sha(p) for p in _paths(config, hooks)})


def check_unchanged(config: Configuration, before: Seen) -> None:
    """Raise TrustChangedError, naming each file, when anything `before` fingerprinted
    differs now."""
    changed = [p for p, sha in before.files.items() if _sha(p) != sha]
    if not changed:
        return
    env = config.env
    names = ", ".join(env.display(p) for p in changed)
    raise TrustChangedError(
        f"Nothing trusted: {names} changed after the review showed it. Trusting now would "
        "record what you have not seen; review it again.",
        path=env.display(changed[0]),
    )


def expected_scripts(before: Seen | None) -> dict[str, str | None] | None:
    """The script fingerprints the record must match (None: no question was asked)."""
    return None if before is None else dict(before.files)
