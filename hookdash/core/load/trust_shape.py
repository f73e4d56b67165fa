"""What hookdash's trust record remembers of a hook besides its scripts: the `env` it runs
with, and how its `name:command` key splits into a name and a command.

Gemini's trust key is `name:command`, so it misses two changes that alter what runs:
- an `env` added or changed after trust (`BASH_ENV=.gemini/profile.sh` makes `bash -c`
  run that file first; `env` is not part of the key);
- a hook whose name holds `:` and whose key equals a trusted hook's: `guard:echo '{` +
  `curl … | sh #"}'` makes the same key as `guard` + `echo '{…curl … | sh #"}'`.

The record (core.load.fingerprints) keeps, per key, the digest of each trusted hook's env
(`env_digest`: the variables and the bytes of the file `BASH_ENV`/`ENV` names) and the
name part of each trusted hook (the command is the rest of the key). `shape_change` says
why a hook no longer matches what was trusted.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping

from hookdash.core.display import shorten, visible
from hookdash.core.load.script_copies import read_script

# Variables that name a file the shell runs at start-up: its bytes are part of the digest,
# so an edit of `.gemini/profile.sh` after trust shows as a change, like a script's.
STARTUP_FILES = ("BASH_ENV", "ENV")


def env_digest(env: Mapping[str, str], workspace: str) -> str:
    """SHA-256 of a hook's env (sorted) and of the files its start-up variables name."""
    digest = hashlib.sha256()
    digest.update(json.dumps(sorted(env.items()), ensure_ascii=False).encode("utf-8", "replace"))
    for name in STARTUP_FILES:
        value = env.get(name)
        if not value or "$" in value or "`" in value:
            continue  # empty, or built when bash starts: the value itself is what is hashed
        path = os.path.join(workspace, value)  # relative to the cwd Gemini gives hooks
        try:
            content = read_script(path, cap=0).sha256
        except OSError:
            content = "unreadable"
        digest.update(f"\0{name}\0{content}".encode())
    return digest.hexdigest()


# (key, name part, env) of a trusted hook -> why it is not what was trusted, or None.
ShapeCheck = Callable[[str, str, dict[str, str]], str | None]

EMPTY_ENV = env_digest({}, "")  # what a record from before env was fingerprinted means


def shape_change(
    names: list[str] | None,
    envs: list[str] | None,
    key: str,
    name: str,
    hook_env: Mapping[str, str],
    workspace: str,
) -> str | None:
    """Why a hook whose key is trusted differs from what hookdash recorded for that key
    (None: it matches, or hookdash recorded nothing to compare).

    `names` None: recorded before the split was kept (not compared). `envs` None: recorded
    before env was fingerprinted, read as "no env" — then the hooks had none that hookdash
    knew of, and an env added since must show (re-trusting records it)."""
    if names is not None and name not in names:
        trusted = names[0]
        return (
            f"its key was trusted for another hook: named '{visible(trusted)}' running "
            f"`{visible(shorten(key[len(trusted) + 1 :], 80))}`; this one is named "
            f"'{visible(name)}' and runs `{visible(shorten(key[len(name) + 1 :], 80))}` "
            "(Gemini CLI sees one key and does not warn)"
        )
    digest = env_digest(hook_env, workspace)
    if digest in (envs if envs is not None else [EMPTY_ENV]):
        return None
    if not hook_env:
        return "its env was removed after it was trusted"
    names_set = ", ".join(visible(n) for n in sorted(hook_env))
    if envs is None:
        return (
            f"its env ({names_set}) is not covered by its trust (recorded before hookdash "
            "fingerprinted env, or set after)"
        )
    return f"its env ({names_set}) or a file it names changed after it was trusted"
