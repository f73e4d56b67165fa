"""`hookdash disable`, `enable`, `trust` and `check --fix`: thin wrappers over the core's
disabled-list, trust and fix edits. Every message comes from the core's EditResult, so the
dashboard shows the same words."""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hookdash.cli.options import Parser, add_hook_id, add_scope, add_yes
from hookdash.cli.output import (
    EXIT_NEEDS_CONFIRMATION,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Style,
    print_json,
    unknown_texts,
)
from hookdash.cli.workspace import configuration
from hookdash.core import json_text, visible

if TYPE_CHECKING:
    from hookdash.cli.options import SubParsers
    from hookdash.core import (
        Change,
        Configuration,
        EditResult,
        GeminiEnvironment,
        Hook,
        HookdashError,
        TrustPlan,
    )


def edit_failed(exc: HookdashError, as_json: bool) -> CliError:
    """An HookdashError as a one-message failure (candidates listed), JSON on stdout if asked."""
    from hookdash.core import AmbiguousHook

    message = visible(exc.message)
    if isinstance(exc, AmbiguousHook):
        message += "\n" + "\n".join(
            f"  {visible(c.id)}  [{visible(c.ref)}]" for c in exc.candidates
        )
    applied = getattr(exc, "applied", [])
    if applied:
        message += "\nAlready written before the failure:\n" + "\n".join(
            f"  {visible(c.file)}  {visible(c.key)}  {c.action} {json_text(c.value)}"
            for c in applied
        )
    if as_json:
        print_json(exc.to_dict())
    return CliError(message)


def change_line(change: Change, env: GeminiEnvironment, s: Style) -> str:
    mark = {"add": s.green, "remove": s.red, "replace": s.yellow}.get(change.action, s.cyan)(
        change.mark
    )
    what = change.value_text()
    note = s.dim(f"  ({visible(change.note)})") if change.note else ""
    return f"  {mark} {env.display(change.file)}  {s.bold(visible(change.key))}  {what}{note}"


def print_edit(result: EditResult, env: GeminiEnvironment) -> None:
    s = Style(sys.stdout)
    print(visible(result.message))
    for change in result.changes:
        print(change_line(change, env, s))
    for warning in getattr(result, "warnings", []):  # the writing commands' results have them
        print(s.yellow("warning: ") + visible(warning))
    for note in result.notes:
        print(s.dim("note: ") + visible(note))


def _run_edit(
    args: argparse.Namespace,
    operation: Callable[[Configuration], EditResult],
    focus: str | None = None,
) -> int:
    """Load, apply `operation`, report. `focus`: the hook argument, whose hooks alone a
    large settings file needs built for the edit; when it names none of them, the file is
    read once more for the closest identifiers of the others ("did you mean")."""
    from hookdash.core import HookdashError, HookNotFound

    config: Configuration = configuration(args, focus=focus)
    try:
        try:
            result = operation(config)
        except HookNotFound:
            if not config.thinned:
                raise
            result = operation(configuration(args, focus=focus, suggest=True))
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    if args.json:
        print_json(result.model_dump(mode="json"))
    else:
        print_edit(result, config.env)
    return EXIT_OK


def cmd_disable(args: argparse.Namespace) -> int:
    from hookdash.core import disable_hook

    return _run_edit(
        args,
        lambda c: disable_hook(c, args.id, args.scope, args.disabled_key),
        focus=args.id or None,
    )


def cmd_enable(args: argparse.Namespace) -> int:
    from hookdash.core import enable_hook

    return _run_edit(
        args, lambda c: enable_hook(c, args.id, args.disabled_key), focus=args.id or None
    )


def _plan_hook(config: Configuration, hook: Hook) -> dict[str, Any]:
    from hookdash.core import changed_script, trusted_commands

    diff = changed_script(config, hook)
    return {
        "id": hook.id,
        "key": hook.key,
        "ref": hook.ref,
        "event": hook.event,
        "line": hook.line,
        "command": hook.command,
        "env": hook.env,
        "script": hook.script.path if hook.script else None,
        "scripts": [s.label for s in hook.scripts],
        "script_unresolved": hook.script_unresolved,
        "trust": hook.trust,
        "trust_detail": hook.trust_detail,
        # What a CHANGED hook ran when it was trusted: its command(s), or its script's diff.
        "trusted_commands": trusted_commands(config, hook),
        "script_diff": diff.model_dump(mode="json") if diff is not None else None,
    }


def colour_diff_line(line: str, s: Style) -> str:
    """One line of a unified diff, coloured as `git diff` colours it; the line is shown by
    the display rule (a script's `\\e[2K` cannot erase it)."""
    line = visible(line)
    if line.startswith(("---", "+++")):
        return s.bold(line)
    if line.startswith("@@"):
        return s.cyan(line)
    if line.startswith("-"):
        return s.red(line)
    if line.startswith("+"):
        return s.green(line)
    return line


def _print_review(config: Configuration, hook: Hook, s: Style, hidden: bool = False) -> None:
    """One hook to trust, with its whole command, its risk flags and, if CHANGED, what
    changed."""
    from hookdash.core import changed_script, risk_lines, trusted_commands

    env = config.env
    shown = hook.shown
    indent = " " * 10
    badge = s.yellow("NEW    " if hook.trust == "new" else "CHANGED")
    mark = " " + s.red("[hidden characters]") if hidden else ""
    print(f"  {badge} {shown.id}{mark}  {s.dim(f'{shown.event}, line {hook.line}')}")
    old_commands = trusted_commands(config, hook) if hook.trust == "changed" else []
    if old_commands:
        # One above the other, labels aligned, so the two commands line up character by
        # character.
        for old in old_commands:
            print(f"{indent}{s.dim('trusted:')} {s.red(visible(old))}")
        print(f"{indent}{s.dim('now:    ')} {s.green(shown.command)}")
    elif hook.name and hook.command:
        print(f"{indent}{s.dim('command:')} {shown.command}")
    for name, value in shown.env:  # part of what runs (BASH_ENV, PATH…)
        print(f"{indent}{s.dim('env:')}     {name}={value}")
    for script in hook.scripts or ([hook.script] if hook.script and hook.script.path else []):
        print(f"{indent}{s.dim('script: ' + env.display(script.label))}")
    if hook.script_unresolved:
        print(f"{indent}{s.yellow('cannot tell every script it runs: ' + hook.script_unresolved)}")
    if shown.trust_detail:
        print(f"{indent}{s.dim(shown.trust_detail)}")
    for risk in risk_lines(hook, env.display):
        where = "" if risk.where == "command" else f" (in {risk.where})"
        print(f"{indent}{s.red('! ' + risk.label)}{where}: {risk.span}")
        print(f"{indent}  {s.dim(risk.why)}")
    for text in unknown_texts(hook, env.display):
        print(f"{indent}{s.dim(text)}")
    diff = changed_script(config, hook)
    if diff is None:
        return
    if diff.unavailable:
        print(f"{indent}{s.dim('no diff: ' + visible(diff.unavailable))}")
        return
    for line in diff.lines:
        print(indent + colour_diff_line(line, s))
    if diff.more:
        print(f"{indent}{s.dim(f'… {diff.more} more line(s) of the diff')}")


def _print_trust_plan(
    args: argparse.Namespace, config: Configuration, plan: TrustPlan, token: str
) -> None:
    """What `trust` would do, for a person to review before `--yes`; `token` fingerprints
    what it shows (hosts.gemini.trust.trust_seen), for `--yes --reviewed TOKEN`."""
    env = config.env
    if args.json:
        print_json(
            {
                "needs_confirmation": True,
                "reviewed": token,
                "project_root": plan.project_root,
                "trust": [_plan_hook(config, h) for h in plan.trust],
                "watch": [_plan_hook(config, h) for h in plan.watch],
                "findings": [p.model_dump(mode="json") for p in plan.findings],
            }
        )
        return
    from hookdash.core import hidden_refs

    s = Style(sys.stdout)
    _print_findings(config, plan, s)
    hidden = hidden_refs(plan.trust, config.snapshot.problems)
    if plan.trust:
        print(
            f"hookdash would trust these project hooks of {env.display(plan.project_root)}, "
            f"in {env.display(env.trusted_hooks_path)} and by fingerprinting their scripts:"
        )
        for hook in plan.trust:
            _print_review(config, hook, s, hook.ref in hidden)
    if plan.watch:
        print(
            "and remember the scripts, env and name of these hooks (already trusted by "
            "Gemini CLI) to notice later changes:"
        )
        for hook in plan.watch:
            info = hook.script
            path = info.path if info is not None and info.kind != "command" else None
            script = env.display(path) if path else ""
            print(f"  {hook.shown.id}  {s.dim(script)}".rstrip())
    again = visible(shlex.join(["hookdash", "trust", *args.ids, "--yes", "--reviewed", token]))
    print(f"Review them, then run `{again}`.")


def _print_findings(config: Configuration, plan: TrustPlan, s: Style) -> None:
    """What the project does beyond its hooks' commands (its .env, your hooks it switches
    off, two hooks with one key): printed before the hooks, as `check` prints them."""
    from hookdash.cli.problem_report import problem_lines

    if not plan.findings:
        return
    print(s.bold("Read this first: what this project does beyond its hooks' commands"))
    for problem in plan.findings:
        for line in problem_lines(problem, config.env, s):
            print("  " + line)
    print()


def cmd_trust(args: argparse.Namespace) -> int:
    from hookdash.core import HookdashError, hooks_to_trust, plan_trust, seen_now, trust_hooks

    if args.reviewed and not args.yes:
        raise CliError("--reviewed goes with --yes (it names the review you agree to).", EXIT_USAGE)
    config: Configuration = configuration(args)
    try:
        selected = hooks_to_trust(config, args.ids) if args.ids else None
        plan = plan_trust(config, selected)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    shown = seen_now(config, [*plan.trust, *plan.watch])
    if not plan.empty and (not args.yes or (args.reviewed and args.reviewed != shown.token)):
        if args.yes:  # the project changed since the review the token names: show it again
            print(
                f"hookdash: nothing trusted: the project changed since the review "
                f"{visible(args.reviewed)} (now {shown.token}); review it again.",
                file=sys.stderr,
            )
        _print_trust_plan(args, config, plan, shown.token)
        return EXIT_NEEDS_CONFIRMATION
    if not args.json:
        _print_findings(config, plan, Style(sys.stdout))

    def trust(config: Configuration) -> EditResult:
        # Resolved again on the configuration the write starts from; with --reviewed, the
        # scripts it records must be the bytes that review showed.
        return trust_hooks(
            config,
            hooks_to_trust(config, args.ids) if args.ids else None,
            shown=shown if args.reviewed else None,
        )

    return _run_edit(args, trust)


def apply_fixes(args: argparse.Namespace) -> EditResult:
    """check --fix: apply the safe fixes, print them (human mode), return the result."""
    from hookdash.core import HookdashError, apply_safe_fixes

    config: Configuration = configuration(args)
    try:
        result = apply_safe_fixes(config)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    if not args.json:
        s = Style(sys.stdout)
        print_edit(result, config.env)
        if result.skipped:
            print(s.dim("not fixed automatically:"))
            for reason in result.skipped:
                print(s.dim(f"  {visible(reason)}"))
        print()
    return result


def add_edit_commands(sub: SubParsers, common: Parser, with_json: Parser, hosted: Parser) -> None:
    """The parsers of disable, enable and trust (called by parser.build_parser)."""
    keys = ("auto", "hooks", "hooksConfig")
    key_help = (
        "which disabled list: auto = hooksConfig.disabled, mirrored into an existing legacy "
        "hooks.disabled; hooks = only the legacy list (Gemini CLI < 0.26); hooksConfig = only "
        "the current one (default: auto)"
    )
    p = sub.add_parser(
        "disable",
        parents=[common, hosted, with_json],
        help="add a hook to a disabled list (Claude Code: park it, its text kept by hookdash)",
    )
    add_hook_id(p)
    add_scope(p, "user", verb="edit")
    p.add_argument("--disabled-key", choices=keys, default="auto", help=key_help)
    p.set_defaults(func=cmd_disable)
    p = sub.add_parser(
        "enable",
        parents=[common, hosted, with_json],
        help="remove a hook from the disabled lists (Claude Code: put a parked hook back)",
    )
    add_hook_id(p)
    p.add_argument("--disabled-key", choices=keys, default="auto", help=key_help)
    p.set_defaults(func=cmd_enable)
    p = sub.add_parser(
        "trust",
        parents=[common, hosted, with_json],
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
    add_yes(p)
    p.add_argument(
        "--reviewed",
        metavar="TOKEN",
        help="with --yes: the token `hookdash trust` printed with its review; refused "
        "(and the review shown again) when the project changed since",
    )
    p.set_defaults(func=cmd_trust)
