"""The argument parser: every command, its options and the function that runs it.

The reading and engine commands are declared here; each group of writing commands
declares its own next to the functions that run them (`edits`, `authoring`, `dashboard`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from hookdash.cli.authoring import add_authoring_commands
from hookdash.cli.dashboard import add_dashboard_commands
from hookdash.cli.edits import add_edit_commands
from hookdash.cli.hosts import host_name
from hookdash.cli.listing import cmd_check, cmd_list
from hookdash.cli.options import Parser, add_yes
from hookdash.cli.running import cmd_fire, cmd_log, cmd_plan
from hookdash.cli.scanning import add_format, add_scan_command

if TYPE_CHECKING:
    from hookdash.cli.options import SubParsers


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
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

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
    add_scan_command(sub, common)
    _add_engine_commands(sub, common, with_json, hosted)
    add_edit_commands(sub, common, with_json, hosted)
    add_authoring_commands(sub, common, with_json, hosted)
    add_dashboard_commands(sub)
    return parser


def _add_engine_commands(
    sub: SubParsers, common: Parser, with_json: Parser, hosted: Parser
) -> None:
    """plan, fire and log: the shared engine."""
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


def _version() -> str:
    from hookdash import __version__

    return f"hookdash {__version__}"
