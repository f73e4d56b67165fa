"""`disable`, `enable`, `add`, `edit`, `remove` and `hooks on|off` with `--host claude`:
thin wrappers over core.hosts.claude's parking, authoring and switching. The confirmations
and exit codes are the Gemini commands': `remove` without `--yes` prints the
diff and exits 3 (`--json`: `"needs_confirmation": true`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from hookdash.cli.any_host import Places
from hookdash.cli.edits import colour_diff_line, edit_failed
from hookdash.cli.output import (
    EXIT_NEEDS_CONFIRMATION,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Style,
    print_json,
)
from hookdash.core import visible

if TYPE_CHECKING:
    from hookdash.core import AuthoringResult

    Operation = Callable[[bool], AuthoringResult]


def _workspace(args: argparse.Namespace) -> str | None:
    workspace: str | None = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise CliError(f"workspace {workspace!r} is not a directory")
    return workspace


def _print(result: AuthoringResult, places: Places) -> None:
    s = Style(sys.stdout)
    print(visible(result.message))
    for change in result.changes:
        mark = {"add": s.green, "remove": s.red, "replace": s.yellow}.get(change.action, s.cyan)
        note = s.dim(f"  ({visible(change.note)})") if change.note else ""
        print(
            f"  {mark(change.mark)} {places.display(change.file)}  "
            f"{s.bold(visible(change.key))}  {change.value_text()}{note}"
        )
    for warning in result.warnings:
        print(s.yellow("warning: ") + visible(warning))
    for note_text in result.notes:
        print(s.dim("note: ") + visible(note_text))


def _run(args: argparse.Namespace, operation: Operation, *, confirm: bool = False) -> int:
    from hookdash.core import HookdashError, load_claude

    dry_run = confirm and not args.yes
    try:
        result = operation(dry_run)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    asks = dry_run and bool(result.changes)
    if args.json:
        data = result.model_dump(mode="json")
        data["host"] = "claude"
        if asks:
            data["needs_confirmation"] = True
        print_json(data)
        return EXIT_NEEDS_CONFIRMATION if asks else EXIT_OK
    places = Places(load_claude(_workspace(args)).home)
    _print(result, places)
    if asks:
        s = Style(sys.stdout)
        print()
        for line in result.diff.splitlines():
            print(colour_diff_line(line.rstrip("\r"), s))
        print(
            s.dim("Nothing was written. Review the change, then run the command again with --yes.")
        )
        return EXIT_NEEDS_CONFIRMATION
    return EXIT_OK


def _refuse_gemini_fields(args: argparse.Namespace, command: str) -> None:
    given = [
        flag
        for flag, value in (
            ("--name", getattr(args, "name", None)),
            ("--description", getattr(args, "description", None)),
            ("--sequential/--parallel", getattr(args, "sequential", None) or None),
        )
        if value is not None
    ]
    if given:
        raise CliError(
            f"{' and '.join(given)}: Claude Code hooks have no such field "
            f"(`{command} --host claude` takes --command, --matcher and --timeout).",
            EXIT_USAGE,
        )


def cmd_disable_claude(args: argparse.Namespace) -> int:
    from hookdash.core import park_claude_hook

    return _run(args, lambda dry: park_claude_hook(args.id, _workspace(args)))


def cmd_enable_claude(args: argparse.Namespace) -> int:
    from hookdash.core import unpark_claude_hook

    return _run(args, lambda dry: unpark_claude_hook(args.id, _workspace(args)))


def cmd_add_claude(args: argparse.Namespace) -> int:
    from hookdash.core import add_claude_hook

    _refuse_gemini_fields(args, "add")
    return _run(
        args,
        lambda dry: add_claude_hook(
            args.event,
            args.command_line,
            matcher=args.matcher,
            timeout=args.timeout,
            scope=args.scope,
            workspace=_workspace(args),
        ),
    )


def cmd_edit_claude(args: argparse.Namespace) -> int:
    from hookdash.core import edit_claude_hook

    _refuse_gemini_fields(args, "edit")
    if args.command_line is None and args.matcher is None and args.timeout is None:
        raise CliError("nothing to change: give --command, --matcher or --timeout", EXIT_USAGE)
    return _run(
        args,
        lambda dry: edit_claude_hook(
            args.id,
            command=args.command_line,
            matcher=args.matcher,
            timeout=args.timeout,
            workspace=_workspace(args),
        ),
    )


def cmd_remove_claude(args: argparse.Namespace) -> int:
    from hookdash.core import remove_claude_hook

    return _run(
        args,
        lambda dry: remove_claude_hook(args.id, _workspace(args), dry_run=dry),
        confirm=True,
    )


def cmd_hooks_claude(args: argparse.Namespace) -> int:
    from hookdash.core import switch_claude_hooks

    return _run(
        args, lambda dry: switch_claude_hooks(args.state == "on", args.scope, _workspace(args))
    )
