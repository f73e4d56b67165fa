"""What each host adds to the command line, registered from `cli/hosts/<agent>`: the
commands it words its own way (Claude Code's `list` text, Gemini's `trust` review), and its
part of `list` without `--host`. A host with no module here is served by the commands over
the protocol alone (`cli.any_host`): its hooks are listed, checked and planned, and an
operation it lacks says so in the one sentence `UnsupportedOperation` gives.

Nothing outside `cli/hosts/` names a host: `command_for` picks the function that runs a
command for the host `--host` names (or, for `plan` and `fire`, the host whose event it is).
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from hookdash.cli.output import Style
    from hookdash.core import HostSnapshot

Command = Callable[[argparse.Namespace], int]
# Its part of `list` without `--host` (after the other hosts' parts), as text.
ListWriter = Callable[["HostSnapshot", "Style"], None]


class CliHost:
    __slots__ = ("commands", "name", "write_list")
    name: Final[str]
    # The commands (by the parser's command name) this host runs its own way.
    commands: Final[Mapping[str, Command]]
    write_list: Final[ListWriter | None]

    def __init__(
        self,
        name: str,
        commands: Mapping[str, Command] | None = None,
        write_list: ListWriter | None = None,
    ) -> None:
        self.name = name
        self.commands = {} if commands is None else commands
        self.write_list = write_list


_cli_hosts: dict[str, CliHost] = {}


def register_cli(cli: CliHost) -> CliHost:
    _cli_hosts[cli.name] = cli
    return cli


def cli_host(name: str) -> CliHost:
    """What `name` adds to the command line: its `cli/hosts/<name>` module's registration,
    else nothing (the commands over the protocol serve it)."""
    if name not in _cli_hosts:
        try:
            importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
        _cli_hosts.setdefault(name, CliHost(name))
    return _cli_hosts[name]


def host_name(value: str) -> str:
    """`--host`'s value, checked against the registered hosts (argparse's `type`)."""
    from hookdash.core import host_names

    names = host_names()
    if value not in names:
        raise argparse.ArgumentTypeError(
            f"invalid choice: {value!r} (choose from {', '.join(repr(n) for n in names)})"
        )
    return value


# The commands that take an event: without `--host`, the event says whose it is.
_EVENT_COMMANDS = frozenset({"plan", "fire"})


def command_for(args: argparse.Namespace, default: Command) -> Command:
    """The function that runs `args.command` for the host it is about: that host's own
    command, else the command over the protocol (`cli.any_host`) for a host that registered
    none, else `default` (a command about every host, or one no host words its own way)."""
    name: str | None = getattr(args, "host", None)
    if name is None and args.command in _EVENT_COMMANDS:
        from hookdash.cli.any_host import host_of_event

        name = host_of_event(args.event)
    if name is None:
        return default
    own = cli_host(name).commands.get(args.command)
    if own is not None:
        return own
    from hookdash.cli.any_host import COMMANDS

    return COMMANDS.get(args.command, default)
