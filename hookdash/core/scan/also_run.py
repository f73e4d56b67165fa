"""Who else runs a hook: every agent, other than the file's own, whose reader says it runs
the hooks of that file (Copilot CLI runs a repository's `.claude/settings.json`). One
function for `scan`, `list` and the dashboard's details."""

from __future__ import annotations

from hookdash.core.other_agents import AlsoRunBy


def also_run_by(agent: str, rel: str, event: str, kind: str = "hook") -> list[AlsoRunBy]:
    """Every other agent that runs a `kind` entry of `agent`'s file at `rel` (relative to
    the repository root, forward slashes) for `event`, each with when, in scan order."""
    from hookdash.core.hosts.scanned import scan_readers

    return [
        AlsoRunBy(agent=reader.agent, when=when)
        for reader in scan_readers()
        if reader.agent != agent and (when := reader.also_runs(agent, rel, kind, event))
    ]
