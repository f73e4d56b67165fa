"""The argument parser: every command, its options and the function that runs it.

The reading and engine commands are declared here; each group of writing commands
declares its own next to the functions that run them (`edits`, `authoring`, `dashboard`).

A command's module is imported only when that command is chosen (or when every command
is listed: `hookdash --help`, an unknown command): `--version` imports no command, and
`scan` only `cli.scanning`. `_GROUPS` names, for each group of commands, the function
that declares them, by its module path; `LazyCommands` calls it on first use.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from hookdash import version_line
from hookdash.cli.options import Parser, add_yes

if TYPE_CHECKING:
    from hookdash.cli.options import SubParsers

# Each group of commands, in `--help` order: the commands it declares, the function
# declaring them ("module:function") and how many of the shared parents (common,
# with_json, hosted, in that order) it takes after the subparsers.
# tests/cli/test_start_up.py checks each group declares exactly these commands.
_GROUPS: tuple[tuple[tuple[str, ...], str, int], ...] = (
    (("list", "check"), "hookdash.cli.parser:_add_reading_commands", 3),
    (("scan",), "hookdash.cli.scanning:add_scan_command", 1),
    (("baseline",), "hookdash.cli.baseline:add_baseline_command", 2),
    (("plan", "fire", "log"), "hookdash.cli.parser:_add_engine_commands", 3),
    (("disable", "enable", "trust"), "hookdash.cli.edits:add_edit_commands", 3),
    (
        ("add", "edit", "remove", "hooks", "import"),
        "hookdash.cli.authoring:add_authoring_commands",
        3,
    ),
    (("demo",), "hookdash.cli.dashboard:add_dashboard_commands", 0),
)


class _Commands(dict[str, argparse.ArgumentParser]):
    """The subparsers by name, each group declared on first lookup of one of its names
    (argparse checks a command with `in`, fetches it with `[]` and lists them all by
    iterating)."""

    def __init__(self, load: Callable[[str | None], None]) -> None:
        super().__init__()
        self._load = load

    def __contains__(self, name: object) -> bool:
        self._load(name if isinstance(name, str) else None)
        return super().__contains__(name)

    def __getitem__(self, name: str) -> argparse.ArgumentParser:
        self._load(name)
        return super().__getitem__(name)

    def __iter__(self) -> Iterator[str]:
        self._load(None)
        return super().__iter__()

    def __len__(self) -> int:
        self._load(None)
        return super().__len__()


class LazyCommands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """argparse's subparsers action, whose commands are declared on demand."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parents: tuple[Parser, ...] = ()  # common, with_json, hosted: set by build_parser
        self._loaded: set[int] = set()
        self._name_parser_map = self.choices = _Commands(self._load)

    def _load(self, name: str | None) -> None:
        """Declare the group of `name` (every group for None or an unknown name), in
        `_GROUPS` order so that `--help` lists the commands as declared."""
        for i, (names, where, parents) in enumerate(_GROUPS):
            if i in self._loaded or (name is not None and name in _ALL and name not in names):
                continue
            self._loaded.add(i)  # first: declaring a command looks its name up
            module, function = where.split(":")
            declare = getattr(importlib.import_module(module), function)
            declare(self, *self.parents[:parents])

    def _get_subactions(self) -> list[argparse.Action]:
        self._load(None)
        return super()._get_subactions()


_ALL = frozenset(name for names, _, _ in _GROUPS for name in names)


def host_name(value: str) -> str:
    """`--host`'s value, checked against the registered hosts (cli.hosts, imported when
    `--host` is given)."""
    from hookdash.cli.hosts import host_name as checked

    return checked(value)


def build_parser() -> argparse.ArgumentParser:
    common = Parser(add_help=False)
    common.add_argument(
        "--workspace",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="the project folder Gemini CLI would run in (default: the current directory)",
    )
    hosted = Parser(add_help=False)  # the commands that read every host's hooks
    hosted.add_argument(
        "--host",
        # Checked against the registered hosts only when given (the dashboard's start
        # imports no host).
        type=host_name,
        default=argparse.SUPPRESS,
        metavar="HOST",
        help="whose hooks: one agent's (gemini, claude, …); default: every agent's, or the "
        "agent whose event it is",
    )
    with_json = Parser(add_help=False)
    with_json.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print JSON"
    )

    parser = Parser(
        prog="hookdash",
        description="See, review, switch, test and watch the hooks of coding agents "
        "(Gemini CLI, Claude Code, Codex CLI), and scan a repository for every agent's.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=version_line())
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=Parser, action=LazyCommands
    )
    assert isinstance(sub, LazyCommands)
    sub.parents = (common, with_json, hosted)
    return parser


def _add_reading_commands(
    sub: SubParsers, common: Parser, with_json: Parser, hosted: Parser
) -> None:
    """list and check."""
    from hookdash.cli.listing import cmd_check, cmd_list
    from hookdash.cli.scanning import add_format

    p = sub.add_parser(
        "list", parents=[common, hosted, with_json], help="every configured hook and its verdict"
    )
    p.set_defaults(func=cmd_list)
    p = sub.add_parser(
        "check", parents=[common, hosted, with_json], help="problems in the hook configuration"
    )
    p.add_argument("--fix", action="store_true", help="apply the safe fixes")
    add_format(p)
    p.set_defaults(func=cmd_check)


def _add_engine_commands(
    sub: SubParsers, common: Parser, with_json: Parser, hosted: Parser
) -> None:
    """plan, fire and log: the shared engine."""
    from hookdash.cli.running import cmd_fire, cmd_log, cmd_plan

    firing = Parser(add_help=False)  # what plan and fire both take: an event and its context
    firing.add_argument(
        "event", metavar="EVENT", help="an event, e.g. BeforeTool (Claude Code: PreToolUse)"
    )
    firing.add_argument("--tool", metavar="NAME", help="the tool name (BeforeTool, AfterTool)")
    firing.add_argument(
        "--trigger",
        metavar="VALUE",
        help="the source, reason or trigger (SessionStart, SessionEnd, PreCompress)",
    )
    p = sub.add_parser(
        "plan",
        parents=[common, hosted, with_json, firing],
        help="which hooks Gemini would run for an event, in order, and why others would not",
    )
    p.set_defaults(func=cmd_plan)
    p = sub.add_parser(
        "fire",
        parents=[common, hosted, with_json, firing],
        help="run an event's hooks (or one hook) with a realistic payload",
    )
    p.add_argument("--hook", metavar="ID", help="run only this hook (its id or ref)")
    p.add_argument(
        "--input",
        metavar="FILE",
        help="JSON object merged over the payload ('-' reads stdin)",
    )
    add_yes(p, "run hooks Gemini would not run without asking")
    p.set_defaults(func=cmd_fire)
    p = sub.add_parser(
        "log",
        parents=[common, hosted, with_json],
        help="recent hook runs: hookdash's run log and Gemini's telemetry file",
    )
    p.add_argument("--follow", "-f", action="store_true", help="keep printing new runs")
    p.add_argument("--limit", "-n", type=int, default=20, metavar="N", help="how many (20)")
    p.add_argument(
        "--source",
        choices=("hookdash", "gemini", "all"),
        default="all",
        help="which log to read (default: all)",
    )
    p.set_defaults(func=cmd_log)
