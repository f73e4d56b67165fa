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

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    """The protocol's and the registry's names, imported on first use (PEP 562): a room's
    own modules need neither (a scan imports every room's reader and asks no registry)."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from hookdash.core.hosts import protocol, registry

    value = getattr(protocol, name) if hasattr(protocol, name) else getattr(registry, name)
    globals()[name] = value
    return value
