"""The argument parser: every command, its options and the function that runs it."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from hookdash.cli.authoring import add_authoring_commands
from hookdash.cli.dashboard import add_dashboard_commands
from hookdash.cli.edits import cmd_disable, cmd_enable, cmd_trust
from hookdash.cli.listing import cmd_check, cmd_list
from hookdash.cli.output import EXIT_USAGE
from hookdash.cli.running import cmd_fire, cmd_log, cmd_plan

# ---------------------------------------------------------------------------- main


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"hookdash: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument(
        "--workspace",
        metavar="DIR",
        default=argparse.SUPPRESS,
        help="the project folder Gemini CLI would run in (default: the current directory)",
    )
    with_json = _Parser(add_help=False)
    with_json.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print JSON"
    )

    parser = _Parser(
        prog="hookdash",
        description="See, review, switch, test and watch Gemini CLI hooks.",
        parents=[common],
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser(
        "list", parents=[common, with_json], help="every configured hook and its verdict"
    )
    p.set_defaults(func=cmd_list)
    p = sub.add_parser(
        "check", parents=[common, with_json], help="problems in the hook configuration"
    )
    p.add_argument("--fix", action="store_true", help="apply the safe fixes")
    p.set_defaults(func=cmd_check)

    # --- plan, fire, log (the shared engine) ---
    firing = _Parser(add_help=False)  # what plan and fire both take: an event and its context
    firing.add_argument("event", metavar="EVENT", help="a Gemini CLI event, e.g. BeforeTool")
    firing.add_argument("--tool", metavar="NAME", help="the tool name (BeforeTool, AfterTool)")
    firing.add_argument(
        "--trigger",
        metavar="VALUE",
        help="the source, reason or trigger (SessionStart, SessionEnd, PreCompress)",
    )
    p = sub.add_parser(
        "plan",
        parents=[common, with_json, firing],
        help="which hooks Gemini would run for an event, in order, and why others would not",
    )
    p.set_defaults(func=cmd_plan)
    p = sub.add_parser(
        "fire",
        parents=[common, with_json, firing],
        help="run an event's hooks (or one hook) with a realistic payload",
    )
    p.add_argument("--hook", metavar="ID", help="run only this hook (its id or ref)")
    p.add_argument(
        "--input",
        metavar="FILE",
        help="JSON object merged over the payload ('-' reads stdin)",
    )
    p.add_argument(
        "--yes", action="store_true", help="run hooks Gemini would not run without asking"
    )
    p.set_defaults(func=cmd_fire)
    p = sub.add_parser(
        "log",
        parents=[common, with_json],
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
    # --- end of plan, fire, log ---
    # disable / enable / trust (edits)
    keys = ("auto", "hooks", "hooksConfig")
    key_help = (
        "which disabled list: auto = hooksConfig.disabled, mirrored into an existing legacy "
        "hooks.disabled; hooks = only the legacy list (Gemini CLI < 0.26); hooksConfig = only "
        "the current one (default: auto)"
    )
    p = sub.add_parser("disable", parents=[common, with_json], help="add a hook to a disabled list")
    p.add_argument("id", metavar="ID", help="the hook's name (or command if unnamed), or its ref")
    p.add_argument(
        "--scope",
        choices=("user", "workspace"),
        default="user",
        help="whose settings file to edit (default: user)",
    )
    p.add_argument("--disabled-key", choices=keys, default="auto", help=key_help)
    p.set_defaults(func=cmd_disable)
    p = sub.add_parser(
        "enable", parents=[common, with_json], help="remove a hook from the disabled lists"
    )
    p.add_argument("id", metavar="ID", help="the hook's name (or command if unnamed), or its ref")
    p.add_argument("--disabled-key", choices=keys, default="auto", help=key_help)
    p.set_defaults(func=cmd_enable)
    p = sub.add_parser(
        "trust",
        parents=[common, with_json],
        help="record the workspace's project hooks (or just those IDs) in Gemini's "
        "trusted_hooks.json",
    )
    p.add_argument(
        "ids",
        nargs="*",
        metavar="ID",
        help="only these project hooks: a name (or command if unnamed), or a ref "
        "(default: every project hook)",
    )
    p.add_argument("--yes", action="store_true", help="do it without asking")
    p.set_defaults(func=cmd_trust)
    # add / edit / remove / hooks on|off / import claude (writing hooks)
    add_authoring_commands(sub, common, with_json)

    add_dashboard_commands(sub)
    return parser


def _version() -> str:
    from hookdash import __version__

    return f"hookdash {__version__}"
