"""The hosts hookdash knows, by name: each registers itself (`register`), so naming a new
agent anywhere but in its own package is never needed (pre-commit's languages: the core
names a language once).

The built-in hosts are found by looking, not by a list: every package under `core/hosts/`
with a `host` module is imported once, on the first question, and that module registers
its host. A test's toy host calls `register` itself (and `registered` to undo it).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager

from hookdash.core.hosts.protocol import Host, HostName

_hosts: dict[HostName, Host] = {}
_found = False


class UnknownHost(ValueError):
    """No host of that name is registered (a programming error: `--host` is checked
    against `host_names()` by the command line)."""


def register(host: Host) -> Host:
    """Make `host` known by its name (a second host of the same name replaces the first)."""
    _hosts[host.name] = host
    return host


def _find_builtin() -> None:
    """Import each `core/hosts/<agent>/host.py` once: each registers its host."""
    global _found
    if _found:
        return
    _found = True
    import pkgutil  # here: reading a repository's files (scan) asks no registry

    package = importlib.import_module("hookdash.core.hosts")
    for info in pkgutil.iter_modules(package.__path__):
        if info.ispkg:
            try:
                importlib.import_module(f"{package.__name__}.{info.name}.host")
            except ModuleNotFoundError as error:
                # A package without a host module is no host (crosswalk tables, …); any
                # other missing module is a real failure.
                if error.name != f"{package.__name__}.{info.name}.host":
                    raise


def all_hosts() -> tuple[Host, ...]:
    """Every registered host, in the order `list` and `check` cover them."""
    _find_builtin()
    return tuple(sorted(_hosts.values(), key=lambda h: (h.rank, h.name)))


def host_names() -> tuple[HostName, ...]:
    return tuple(h.name for h in all_hosts())


def host(name: HostName) -> Host:
    """The host named `name`; `UnknownHost` when none is registered."""
    _find_builtin()
    found = _hosts.get(name)
    if found is None:
        raise UnknownHost(f"unknown host {name!r}")
    return found


@contextmanager
def registered(extra: Host) -> Iterator[Host]:
    """`extra` registered for the time of a `with` block (a test's toy host)."""
    _find_builtin()
    before = _hosts.get(extra.name)
    register(extra)
    try:
        yield extra
    finally:
        if before is None:
            _hosts.pop(extra.name, None)
        else:
            _hosts[extra.name] = before
