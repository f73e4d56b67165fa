"""The agents hookdash manages, one package each, behind one protocol (`protocol.Host`):
what is that agent's own rule (the files it reads, its events and what each event's
matcher is tested against, its matcher semantics, its planner rules, the version modelled,
its operations and the capabilities it lacks). Each host registers itself
(`registry.register`, from its package's `host` module); `host(name)` gives one and
`all_hosts()` all of them in the order `list` and `check` cover them.

A host package imports nothing of another (a test holds it); hookdash's tables of one
host's names in another's terms are `crosswalk`, beside them.
"""

from __future__ import annotations

from hookdash.core.hosts.protocol import CAPABILITIES, Capability, Host, HostName, SwitchKind
from hookdash.core.hosts.registry import (
    UnknownHost,
    all_hosts,
    host,
    host_names,
    register,
    registered,
)

__all__ = [
    "CAPABILITIES",
    "Capability",
    "Host",
    "HostName",
    "SwitchKind",
    "UnknownHost",
    "all_hosts",
    "host",
    "host_names",
    "register",
    "registered",
]
