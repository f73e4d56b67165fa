"""The hook list as the dashboard last read it, drawn at once on the next start while the
configuration is read again: a glimpse.

Reading the configuration is most of what the dashboard's start waits for: the loader's
imports (pydantic, the models, the risk vocabulary, the checks) and judging every hook.
Drawing the list of hooks needs none of it. So after each load the dashboard keeps, in
hookdash's private state directory, what its list was made of: each hook's event, source,
id and matcher, the files the load read (its watch targets) and when it started reading
them. On the next start in the same workspace, with the same environment, when none of
those files changed since (`core.load.sources.changed_since`, which errs towards
"changed"), the list is drawn from the glimpse in the first frame, every hook marked
"checking…", and the configuration is read right after. Nothing of what hookdash works
out — whether a hook runs, its risk flags, its trust, what it does not understand, why a
file or an extension is ignored, the problems — is kept here or shown before that read:
the glimpse only says which hooks there are and where.

Not kept for a configuration with hooks of a host whose files the watch targets do not
cover (`Configuration.more_hosts`): a change there would not be seen. A glimpse that
cannot be read, is damaged or is out of date is not drawn (the dashboard starts as it
would without one); one that cannot be written is not kept. The full read always follows
and replaces it.

This module imports neither Textual nor pydantic: it is read before either is imported.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.core import (
    STATE_DIR_MODE,
    WatchTarget,
    changed_since,
    forget_the_oldest,
    read_bytes,
    state_dir,
)

if TYPE_CHECKING:
    from hookdash.core import Configuration, GeminiEnvironment

GLIMPSE_VERSION = 1
GLIMPSES_DIR = "dashboard-glimpses"  # in the state directory: one file per workspace
MAX_GLIMPSES = 16  # workspaces remembered; the least recently written are forgotten
MAX_GLIMPSE_BYTES = 16 * 1024 * 1024
# Variables that differ from one shell to the next and tell nothing about which files a
# load reads: left out of a glimpse's key, so that a new terminal finds it.
_VOLATILE = frozenset(
    {"_", "OLDPWD", "PWD", "SHLVL", "COLUMNS", "LINES", "WINDOWID", "TMUX_PANE", "TERM",
     "COLORTERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "TERM_SESSION_ID", "SSH_CLIENT",
     "SSH_CONNECTION", "SSH_TTY", "SSH_AUTH_SOCK"}
)  # fmt: skip


@dataclass(frozen=True)
class GlimpsedHook:
    """One line of the list, as it was read: no verdict, badge or risk."""

    ref: str  # Hook.ref: the cursor stays on it when the read replaces the glimpse
    host: str
    event: str
    layer_label: str  # Hook.layer_label: the group it is listed in
    ident: str  # its id on one line (`hook_groups.shown_id`), display-safe
    matcher: str | None  # `Hook.shown.matcher`, display-safe
    mark: str | None  # its host's letter, when the list held more than one host's hooks


@dataclass(frozen=True)
class Glimpse:
    hooks: tuple[GlimpsedHook, ...]


def glimpse_path(env: GeminiEnvironment) -> Path:
    """Where the glimpse of `env`'s workspace, seen with `env`'s variables, is kept."""
    kept = {k: v for k, v in env.environ.items() if k not in _VOLATILE}
    ident = json.dumps([GLIMPSE_VERSION, str(env.workspace), kept], sort_keys=True)
    name = hashlib.sha256(ident.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return state_dir(env.environ) / GLIMPSES_DIR / f"{name}.json"


def read_glimpse(env: GeminiEnvironment) -> Glimpse | None:
    """The glimpse of `env`, if there is one with hooks and none of the files it was read
    from has changed since; else None (with no hook, the read draws the empty state)."""
    try:
        data = read_bytes(glimpse_path(env), MAX_GLIMPSE_BYTES)
        glimpse, targets, since = _parse(json.loads(data))
    except Exception:  # missing, unreadable, damaged (nested past recursion), another version
        return None
    if not glimpse.hooks or changed_since(targets, since):
        return None
    return glimpse


def _strings(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TypeError("not a list of strings")
    return value


def _parse(doc: Any) -> tuple[Glimpse, list[WatchTarget], int]:
    """A glimpse's document (see `record_glimpse`), checked field by field."""
    if not isinstance(doc, dict) or doc.get("v") != GLIMPSE_VERSION:
        raise ValueError("not a glimpse of this version")
    since = doc["since_ns"]
    if not isinstance(since, int) or isinstance(since, bool):
        raise TypeError("since_ns")
    targets = []
    for directory, recursive, names in doc["targets"]:
        if not isinstance(directory, str) or not isinstance(recursive, bool):
            raise TypeError("target")
        kept = None if names is None else frozenset(_strings(names))
        targets.append(WatchTarget(Path(directory), recursive, kept))
    hooks = []
    for row in doc["hooks"]:
        ref, host, event, label, ident = _strings(row[:5])
        matcher, mark = row[5:]
        if not all(v is None or isinstance(v, str) for v in (matcher, mark)):
            raise TypeError("hook")
        hooks.append(GlimpsedHook(ref, host, event, label, ident, matcher, mark))
    return Glimpse(tuple(hooks)), targets, since


def record_glimpse(config: Configuration, targets: list[WatchTarget], since_ns: int) -> None:
    """Keep the glimpse of a load (`targets`: its watch targets; `since_ns`: the wall clock
    before it read its files), or forget the workspace's when it cannot be kept. Never
    raises: a glimpse is a convenience."""
    with contextlib.suppress(Exception):
        _record(config, targets, since_ns)


def _record(config: Configuration, targets: list[WatchTarget], since_ns: int) -> None:
    from hookdash.core import update_file
    from hookdash.tui.widgets.hook_groups import shown_id
    from hookdash.tui.widgets.hook_labels import host_letter
    from hookdash.tui.widgets.hook_outline import listed_hooks

    path = glimpse_path(config.env)
    if config.more_hosts:  # files the targets do not cover: a change there goes unseen
        path.unlink(missing_ok=True)
        return
    hooks, marked = listed_hooks(config.snapshot, config.claude)
    doc = {
        "v": GLIMPSE_VERSION,
        "since_ns": since_ns,
        "targets": [
            [str(t.directory), t.recursive, None if t.names is None else sorted(t.names)]
            for t in targets
        ],
        "hooks": [
            [
                h.ref,
                h.host,
                h.event,
                h.layer_label,
                shown_id(h),
                h.shown.matcher,
                host_letter(h.host) if marked else None,
            ]
            for h in hooks
        ],
    }
    data = json.dumps(doc, ensure_ascii=True).encode("ascii")
    update_file(path, lambda _old: data, new_mode=0o600, dir_mode=STATE_DIR_MODE)
    forget_the_oldest(path.parent, ".json", MAX_GLIMPSES)
