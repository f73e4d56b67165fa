"""The user-level hooks of every agent, as they are now: each hook, each script a hook runs
and each file of code an agent loads, with a digest to compare and a text to diff.

Every file is read the safe way (`core.disk.files`: never a FIFO or a device, capped), so
a hostile home cannot hang hookdash; a script is fingerprinted over its first
`SCRIPT_DIGEST_BYTES` and its size, and kept (for the diff) up to `KEPT_TEXT_BYTES`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from hookdash.core.baseline.sources import UserSource, agents_home, user_sources
from hookdash.core.disk import files
from hookdash.core.load.command_scripts import ScriptFinder
from hookdash.core.scan.reader import Entry

# A hooks file or code file is read up to this size.
MAX_SOURCE_BYTES = 4 * 1024 * 1024
SCRIPT_DIGEST_BYTES = files.SCRIPT_HASH_BYTES
# The scripts of at most this many hooks are looked for (in file order): a person's own
# hooks are a few dozen; a file of thousands costs no more than this.
MAX_SCRIPT_LOOKUPS = 500
KEPT_TEXT_BYTES = 64 * 1024

WatchedKind = Literal["hook", "script", "code"]


class WatchedItem(BaseModel):
    """One thing of yours an agent runs: a hook (its command), a script a hook runs, or a
    file of code an agent loads. `key` names it across runs; `digest` says whether it
    changed; `text` is what a diff shows (a script's first 64 KB)."""

    key: str
    kind: WatchedKind
    agent: str
    file: str  # the settings file of a hook; the script or code file itself otherwise
    event: str | None = None
    matcher: str | None = None
    text: str
    digest: str
    size: int | None = None
    hook: str | None = None  # a script's: the key of (one) hook that runs it


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _hook_key(source: UserSource, entry: Entry, seen: dict[str, int]) -> str:
    """A hook's name across runs: its file, event, matcher and command (the n-th of the
    same), so moving it within the file is no change and editing it is one."""
    base = "\0".join([str(source.path), entry.event, entry.matcher or "", entry.command])
    n = seen.get(base, 0)
    seen[base] = n + 1
    return f"hook:{_digest(base.encode('utf-8', 'surrogatepass'))[:32]}:{n}"


def _file_item(kind: WatchedKind, agent: str, path: Path, hook: str | None) -> WatchedItem | None:
    try:
        head, size = files.read_head(path, SCRIPT_DIGEST_BYTES)
    except OSError as exc:
        why = exc.strerror or str(exc)
        return WatchedItem(
            key=f"{kind}:{path}",
            kind=kind,
            agent=agent,
            file=str(path),
            text=f"(cannot be read: {why})",
            digest=f"unreadable:{why}",
            hook=hook,
        )
    text = head[:KEPT_TEXT_BYTES].decode("utf-8", "replace")
    return WatchedItem(
        key=f"{kind}:{path}",
        kind=kind,
        agent=agent,
        file=str(path),
        text=text,
        digest=f"{_digest(head)}:{size}",
        size=size,
        hook=hook,
    )


def _scripts(finder: ScriptFinder, command: str) -> list[Path]:
    found = finder.find(command)
    return [
        Path(s.path)
        for s in found.scripts
        if s.path is not None and s.kind in ("script", "interpreted") and s.exists
    ]


def watched_now(environ: Mapping[str, str]) -> list[WatchedItem]:
    """Every user-level hook of every agent, each script they run and each code file, now."""
    home = agents_home(environ)
    finder = ScriptFinder(home, {"HOME": str(home)})
    lookups = MAX_SCRIPT_LOOKUPS
    items: dict[str, WatchedItem] = {}
    for source in user_sources(environ):
        if source.kind == "code":
            item = _file_item("code", source.agent, source.path, None)
            if item is not None and os.path.lexists(source.path):
                items.setdefault(item.key, item)
            continue
        try:
            data = files.read_bytes(source.path, cap=MAX_SOURCE_BYTES)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError:
            continue  # unreadable: the agent cannot read it either
        seen: dict[str, int] = {}
        for entry in source.parse(data) if source.parse is not None else ():
            if not isinstance(entry, Entry):
                continue
            key = _hook_key(source, entry, seen)
            items[key] = WatchedItem(
                key=key,
                kind="hook",
                agent=source.agent,
                file=str(source.path),
                event=entry.event,
                matcher=entry.matcher,
                text=entry.command,
                digest=_digest(entry.command.encode("utf-8", "surrogatepass")),
            )
            if lookups <= 0:
                continue
            lookups -= 1
            for script in _scripts(finder, entry.command):
                item = _file_item("script", source.agent, script, key)
                if item is not None:
                    items.setdefault(item.key, item)
    return list(items.values())
