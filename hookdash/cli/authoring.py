"""`hookdash add`, `edit`, `remove`, `hooks on|off` and `import claude`: thin wrappers over
the core's authoring, switch and import edits. Every message comes from the core's result,
so the dashboard's form says the same thing.

`remove` and `import claude` ask first: without `--yes` they print what they would do (the
diff of the settings file) and exit 3; `--json` then prints the result with
`"needs_confirmation": true`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hookdash.cli.edits import colour_diff_line, edit_failed, print_edit
from hookdash.cli.options import Parser, add_hook_id, add_scope, add_yes, claude_scope_only
from hookdash.cli.output import (
    EXIT_NEEDS_CONFIRMATION,
    EXIT_OK,
    CliError,
    Style,
    print_json,
    risk_mark,
)
from hookdash.cli.workspace import configuration
from hookdash.core import json_text, visible

if TYPE_CHECKING:
    from hookdash.cli.options import SubParsers
    from hookdash.core import AuthoringResult, Configuration, GeminiEnvironment, ImportResult

    Operation = Callable[[Configuration, bool], AuthoringResult]


def _print_diff(diff: str) -> None:
    s = Style(sys.stdout)
    for line in diff.splitlines():
        print(colour_diff_line(line.rstrip("\r"), s))


def _print_result(result: AuthoringResult, env: GeminiEnvironment) -> None:
    from hookdash.core import ImportResult

    if isinstance(result, ImportResult):
        _print_import(result, env)
    else:
        print_edit(result, env)


def _run(
    args: argparse.Namespace,
    operation: Operation,
    *,
    confirm: bool = False,
    focus: str | None = None,
) -> int:
    """Run an authoring operation; with `confirm` and no --yes, only show what it would do.
    `focus`: see `load_configuration`."""
    from hookdash.core import HookdashError

    config: Configuration = configuration(args, focus=focus)
    dry_run = confirm and not args.yes
    try:
        result = operation(config, dry_run)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    asks = dry_run and bool(result.changes)
    if args.json:
        data = result.model_dump(mode="json")
        if asks:
            data["needs_confirmation"] = True
        print_json(data)
        return EXIT_NEEDS_CONFIRMATION if asks else EXIT_OK
    _print_result(result, config.env)
    if asks:
        print()
        _print_diff(result.diff)
        s = Style(sys.stdout)
        print(
            s.dim("Nothing was written. Review the change, then run the command again with --yes.")
        )
        return EXIT_NEEDS_CONFIRMATION
    return EXIT_OK


def _print_import(result: ImportResult, env: GeminiEnvironment) -> None:
    s = Style(sys.stdout)
    print(visible(result.message))
    for row in result.imported:
        mark = s.green("+") if row.status == "added" else s.dim("=")
        where = visible(row.claude_event)
        if row.claude_matcher:
            where += " " + visible(row.claude_matcher)
        matcher = f"  matcher {visible(row.matcher)}" if row.matcher else ""
        timeout = f"  timeout {row.timeout_ms} ms" if row.timeout_ms else ""
        present = "  (already there)" if row.status == "present" else ""
        event, name = visible(row.event), visible(row.name)
        risks = risk_mark(row.risks, s)
        print(f"  {mark} {event:<13} {s.bold(name)}{matcher}{timeout}{s.dim(present)}{risks}")
        print(s.dim(f"      {visible(row.command)}   ← {env.display(row.source)}, {where}"))
        for caveat in row.caveats:  # imported, but this part of it works otherwise here
            what = f"{caveat.subject} does not carry over"
            print(f"      {s.yellow('!')} {what}: {visible(caveat.reason)}")
    if result.not_carried:
        print("Not carried over:")
        for item in result.not_carried:
            what = f" {json_text(item.hook)}" if item.hook else ""
            event = visible(item.claude_event) if item.claude_event else env.display(item.source)
            print(f"  {s.red('✗')} {event}{what}: {visible(item.reason)}")
    for warning in result.warnings:
        print(s.yellow("warning: ") + visible(warning))
    for note in result.notes:
        print(s.dim("note: ") + visible(note))


def _hook_fields(args: argparse.Namespace) -> dict[str, Any]:
    """The hook's fields as `add` and `edit` take them (None: not given)."""
    return {
        "command": args.command_line,
        "name": args.name,
        "matcher": args.matcher,
        "timeout_ms": args.timeout,
        "description": args.description,
        "sequential": args.sequential,
    }


def cmd_add(args: argparse.Namespace) -> int:
    claude_scope_only(args)
    from hookdash.core import HookDraft, add_hook

    draft = HookDraft(event=args.event, **_hook_fields(args))
    try:
        return _run(args, lambda c, dry: add_hook(c, draft, args.scope, trust=args.trust))
    except CliError as exc:
        raise CliError(str(exc) + _other_hosts_have(args.event), exc.code) from None


def _other_hosts_have(event: str) -> str:
    """ " To add it to Claude Code instead: --host claude" when `event` is only another
    host's (as `plan` and `fire` choose that host by the event)."""
    from hookdash.core import all_hosts

    here = all_hosts()[0]  # `add` without --host writes the first host's files
    if event in here.events():
        return ""
    return "".join(
        f" To add it to {h.label} instead: --host {h.name}."  # raw-ok: a registered host
        for h in all_hosts()
        if h is not here and event in h.events()
    )


def cmd_edit(args: argparse.Namespace) -> int:
    claude_scope_only(args)
    from hookdash.core import HookChanges, edit_hook

    changes = HookChanges(**_hook_fields(args))
    if changes.empty:
        from hookdash.cli.output import EXIT_USAGE, CliError

        raise CliError(
            "nothing to change: give --command, --name, --matcher, --timeout, --description, "
            "--sequential or --parallel",
            EXIT_USAGE,
        )
    return _run(args, lambda c, dry: edit_hook(c, args.id, changes, trust=args.trust))


def cmd_remove(args: argparse.Namespace) -> int:
    claude_scope_only(args)
    from hookdash.core import remove_hook

    return _run(args, lambda c, dry: remove_hook(c, args.id, dry_run=dry), confirm=True)


def cmd_hooks(args: argparse.Namespace) -> int:
    claude_scope_only(args)
    from hookdash.core import NO_HOOK, switch_hooks

    # The switch reads no hook: a large settings file's are not built.
    return _run(args, lambda c, dry: switch_hooks(c, args.state == "on", args.scope), focus=NO_HOOK)


def cmd_import(args: argparse.Namespace) -> int:
    from hookdash.core import import_claude

    file = Path(args.file) if args.file else None
    return _run(args, lambda c, dry: import_claude(c, file, args.scope, dry_run=dry), confirm=True)


def _field_options() -> Parser:
    """The hook fields `add` and `edit` both take."""
    fields = Parser(add_help=False)
    fields.add_argument("--name", help="the hook's name: what the disabled list and trust use")
    fields.add_argument(
        "--matcher",
        metavar="M",
        help="tool-name regex (BeforeTool, AfterTool) or exact trigger (SessionStart, "
        "SessionEnd, PreCompress); '' for every one (Claude Code: a list of names like "
        "Edit|Write, or a regex)",
    )
    fields.add_argument(
        "--timeout",
        metavar="N",
        help="timeout in milliseconds (Gemini's default: 60000); with --host claude, in "
        # (A literal: the parser does not load Claude's host; a test compares the two.)
        "seconds (Claude's default for a command hook: 600)",
    )
    fields.add_argument("--description", metavar="TEXT", help="shown next to the hook")
    return fields


def _add_add_and_edit(sub: SubParsers, parents: list[Parser]) -> None:
    p = sub.add_parser("add", parents=parents, help="add a hook to a settings file")
    p.add_argument(
        "event", metavar="EVENT", help="a Gemini CLI event, e.g. BeforeTool (Claude: PreToolUse)"
    )
    p.add_argument(
        "--type", choices=("command",), default="command", help="the handler type (command)"
    )
    p.add_argument(
        "--command", dest="command_line", metavar="CMD", required=True, help="what bash runs"
    )
    p.add_argument(
        "--sequential",
        action="store_true",
        help="put it in a sequential definition (Gemini then runs the event's hooks in turn)",
    )
    add_scope(p, "user", claude=True)
    p.add_argument(
        "--no-trust",
        dest="trust",
        action="store_false",
        help="do not record a workspace hook as trusted in trusted_hooks.json",
    )
    p.set_defaults(func=cmd_add)

    p = sub.add_parser("edit", parents=parents, help="change one hook's fields in place")
    add_hook_id(p)
    p.add_argument("--command", dest="command_line", metavar="CMD", help="the new command")
    order = p.add_mutually_exclusive_group()
    order.add_argument(
        "--sequential", dest="sequential", action="store_true", default=None, help="run in turn"
    )
    order.add_argument(
        "--parallel", dest="sequential", action="store_false", help="run in parallel"
    )
    p.add_argument(
        "--trust",
        action="store_true",
        help="record a workspace hook as trusted again after its command or name changed",
    )
    p.set_defaults(func=cmd_edit)


def add_authoring_commands(
    sub: SubParsers, common: Parser, with_json: Parser, hosted: Parser
) -> None:
    """The writing commands' parsers (called by parser.build_parser)."""
    _add_add_and_edit(sub, [common, hosted, with_json, _field_options()])

    p = sub.add_parser("remove", parents=[common, hosted, with_json], help="remove one hook")
    add_hook_id(p)
    add_yes(p)
    p.set_defaults(func=cmd_remove)

    p = sub.add_parser(
        "hooks",
        parents=[common, hosted, with_json],
        help="switch all hooks on or off (hooksConfig.enabled; Claude Code: disableAllHooks)",
    )
    p.add_argument("state", choices=("on", "off"), help="on or off")
    add_scope(p, "user", claude=True)
    p.set_defaults(func=cmd_hooks)

    p = sub.add_parser(
        "import", parents=[common, with_json], help="Claude Code hooks as Gemini CLI hooks"
    )
    p.add_argument("source", choices=("claude",), help="where the hooks come from: claude")
    p.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a Claude settings file (default: .claude/settings.local.json, "
        ".claude/settings.json and ~/.claude/settings.json)",
    )
    add_scope(p, "workspace")
    add_yes(p)
    p.set_defaults(func=cmd_import)
