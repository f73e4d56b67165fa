"""Every host's snapshot of one workspace, for the views that show every host at once (the
dashboard): Gemini's configuration carries the others beside it."""

from __future__ import annotations

from pathlib import Path

from hookdash.core.hosts.registry import all_hosts
from hookdash.core.model import Configuration


def with_other_hosts(config: Configuration) -> Configuration:
    """`config` carrying, in `more_hosts`, the snapshot of every other registered host that
    has a file in the same workspace. Call it after `with_claude`: Claude Code's snapshot stays
    in `config.claude`, where its views read it."""
    env = config.env
    workspace = Path(env.workspace)
    covered: set[str] = {config.snapshot.host}
    if config.claude is not None:
        covered.add(config.claude.host)
    config.more_hosts = [
        other.load(workspace, env.environ)
        for other in all_hosts()
        if other.name not in covered and other.has_files(workspace, env.environ)
    ]
    return config
