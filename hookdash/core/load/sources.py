"""Which files a configuration was read from, so that a change to any of them is noticed.

A watcher needs directories, not files: editors, git and Gemini CLI itself replace a file
on save (write a temporary file, rename it over the old one), which a watch on the old
file's inode would miss. Each target is therefore a directory plus the names in it that
matter (or everything under it).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (for its annotation only: `changed_since` is read before pydantic is)
    from hookdash.core.model import Configuration


@dataclass(frozen=True)
class WatchTarget:
    """A directory whose content the configuration depends on.

    `names`: only these entries of the directory matter; None: every file under it
    (and, when `recursive`, under its subdirectories).
    """

    directory: Path
    recursive: bool = False
    names: frozenset[str] | None = None

    def covers(self, path: Path) -> bool:
        """Whether a change at `path` may change the configuration."""
        if path.parent == self.directory:
            return self.names is None or path.name in self.names
        if self.recursive and self.names is None:
            return _is_within(path, self.directory)
        return False


def _is_within(path: Path, directory: Path) -> bool:
    return path == directory or directory in path.parents


def watch_targets(config: Configuration) -> list[WatchTarget]:
    """Every directory the configuration was read from, and what in it matters."""
    env = config.env
    targets: dict[tuple[Path, bool], set[str] | None] = {}

    def add(directory: Path, names: Iterable[str] | None = None, recursive: bool = False) -> None:
        key = (Path(os.path.abspath(directory)), recursive)
        if key in targets and targets[key] is None:
            return
        if names is None:
            targets[key] = None
        else:  # in place: a copy per call made 40,000 hooks quadratic (75 s)
            known = targets.setdefault(key, set())
            assert known is not None
            known.update(names)

    # ~/.gemini holds Gemini's chat logs and tmp files too: only these names matter.
    add(env.gemini_dir, ["settings.json", "trustedFolders.json", "trusted_hooks.json"])
    add(env.extensions_dir, recursive=True)
    add(env.trusted_folders_path.parent, [env.trusted_folders_path.name])
    add(env.system_settings_path.parent, [env.system_settings_path.name])
    add(env.system_defaults_path.parent, [env.system_defaults_path.name])
    if not env.workspace_is_home:
        # The workspace settings and the project's hook scripts usually live here.
        add(env.workspace / ".gemini", recursive=True)
    add(env.workspace, [".env"])  # extension settings read from the workspace's .env
    for ext in config.extensions:
        path = Path(ext.info.path)
        if not _is_within(path, env.extensions_dir):
            add(path, recursive=True)  # a linked extension lives elsewhere
    # Claude Code's files (the dashboard shows both hosts): its user and project settings,
    # even before they exist, every layer it read, and where it records folder trust.
    from hookdash.core.hosts.claude.layers import claude_home
    from hookdash.core.hosts.claude.trust import global_config_path

    add(claude_home(env.environ), ["settings.json"])
    add(env.workspace / ".claude", ["settings.json", "settings.local.json"])
    trust_file = global_config_path(env.environ)
    add(trust_file.parent, [trust_file.name])
    if config.claude is not None:
        for layer in config.claude.layers:
            add(Path(layer.path).parent, [Path(layer.path).name])
    seen: set[str] = set()  # hooks share scripts: each path is split once
    for hook in config.hooks:
        for script in hook.scripts or ([hook.script] if hook.script is not None else []):
            if script.path and script.kind != "command" and script.path not in seen:
                seen.add(script.path)
                script_path = Path(script.path)
                add(script_path.parent, [script_path.name])
    return [
        WatchTarget(directory, recursive, None if names is None else frozenset(names))
        for (directory, recursive), names in sorted(targets.items(), key=lambda kv: str(kv[0]))
    ]


def is_relevant(path: str | Path, targets: Iterable[WatchTarget]) -> bool:
    """Whether a change at `path` may change the configuration.

    A change to a directory on the way to a target (a missing `.gemini` being created, or
    deleted) counts too.
    """
    changed = Path(os.path.abspath(path))
    for target in targets:
        if target.covers(changed) or _is_within(target.directory, changed):
            return True
    return False


# A recursive target is walked to see whether anything under it changed, up to this many
# entries; a larger tree is taken as changed (the reload it costs is the old behaviour).
CHANGE_WALK_LIMIT = 10_000
# File systems keep modification times coarsely (ext4: a jiffy; FAT: 2 s; some network
# file systems: a second): anything modified this close to the load counts as after it.
MTIME_SLACK_NS = 2_000_000_000


def changed_since(targets: list[WatchTarget], since_ns: int) -> bool:
    """Whether anything the targets cover may have changed since `since_ns` (wall clock,
    taken before the load read its files): when the watch is armed, the dashboard reads
    again only if so. A second full load of a huge configuration, for nothing, held the
    interface for as long as the first (40,000 hooks: 20-40 s of a thread contending
    for the interpreter). Errs towards "changed": a file it cannot stat, a tree too big."""
    after = since_ns - MTIME_SLACK_NS

    def recent(path: Path | str) -> bool:
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return False  # missing then and now (a creation changes its directory)
        except OSError:
            return True
        return max(st.st_mtime_ns, st.st_ctime_ns) >= after

    for target in targets:
        if recent(target.directory):  # an entry added, removed or renamed over
            return True
        if target.names is not None:
            if any(recent(target.directory / name) for name in target.names):
                return True
            continue
        if _tree_changed(target, recent):
            return True
    return False


def _tree_changed(target: WatchTarget, recent: Callable[[str], bool]) -> bool:
    """Whether an entry of a target watched whole (under it, when recursive) is recent,
    looking at CHANGE_WALK_LIMIT entries at most (more: taken as changed)."""
    seen = 0
    try:
        if not target.recursive:
            entries = [os.path.join(target.directory, e.name) for e in os.scandir(target.directory)]
            return len(entries) > CHANGE_WALK_LIMIT or any(recent(e) for e in entries)
        for folder, dirs, names in os.walk(target.directory):
            for name in (*dirs, *names):
                seen += 1
                if seen > CHANGE_WALK_LIMIT or recent(os.path.join(folder, name)):
                    return True
    except FileNotFoundError:
        return False
    except OSError:
        return True
    return False
