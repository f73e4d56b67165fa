"""The agents hookdash manages, one package each, behind one protocol (`protocol.Host`):
what is that agent's own rule (the files it reads, its events and what each event's
matcher is tested against, its matcher semantics, its planner rules, the version modelled,
the edits its files allow). `host(name)` gives one; `HOSTS` names them in the order
`list` and `check` cover them.

Gemini CLI's rules that still live in `core.load` (the loader's layer merge and verdicts)
are reached through `GeminiHost`; see the README's "Where the code lives". A host package
imports nothing of another (a test holds it); hookdash's tables of one host's names in
another's terms are `crosswalk`, beside them.
"""

from __future__ import annotations

from hookdash.core.hosts.protocol import HOST_NAMES, EditKind, Host, HostName


def host(name: HostName) -> Host:
    """The `Host` named `name` ("gemini" or "claude")."""
    if name == "gemini":
        from hookdash.core.hosts.gemini.host import GeminiHost

        return GeminiHost()
    if name == "claude":
        from hookdash.core.hosts.claude.host import ClaudeHost

        return ClaudeHost()
    if name == "codex":
        from hookdash.core.hosts.codex.host import CodexHost

        return CodexHost()
    raise ValueError(f"unknown host {name!r}")


HOSTS: tuple[HostName, ...] = HOST_NAMES

__all__ = ["HOSTS", "HOST_NAMES", "EditKind", "Host", "HostName", "host"]
