"""`hookdash disable`, `enable`, `trust` and `check --fix`: every message comes from the
core's EditResult, so the dashboard shows the same words."""

from __future__ import annotations

import argparse
import shlex
import sys
from typing import Any

from hookdash.cli.output import (
    EXIT_NEEDS_CONFIRMATION,
    EXIT_OK,
    CliError,
    Style,
    print_json,
)
from hookdash.cli.workspace import configuration
from hookdash.core import json_text, visible

# --------------------------------------------- disable, enable, trust, check --fix (edits)
# Thin wrappers over hookdash.core.edit.disabled_list / trust_store / fixes: every message comes
# from the core's EditResult, so the dashboard shows the same words.


def edit_failed(exc: Any, as_json: bool) -> CliError:
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


def change_line(change: Any, env: Any, s: Style) -> str:
    mark = {"add": s.green("+"), "remove": s.red("-"), "replace": s.yellow("~")}.get(
        change.action, s.cyan("*")
    )
    if change.action == "replace":
        old, new = (json_text(change.value[k]) for k in ("from", "to"))
        what = f"{old} → {new}"
    elif isinstance(change.value, list):
        what = ", ".join(json_text(v) for v in change.value) or "(none)"
    else:
        what = json_text(change.value)
    note = s.dim(f"  ({visible(change.note)})") if change.note else ""
    return f"  {mark} {env.display(change.file)}  {s.bold(visible(change.key))}  {what}{note}"


def print_edit(result: Any, env: Any) -> None:
    s = Style(sys.stdout)
    print(visible(result.message))
    for change in result.changes:
        print(change_line(change, env, s))
    for warning in getattr(result, "warnings", []):  # the writing commands' results have them
        print(s.yellow("warning: ") + visible(warning))
    for note in result.notes:
        print(s.dim("note: ") + visible(note))


def _run_edit(args: argparse.Namespace, operation: Any) -> int:
    from hookdash.core import HookdashError

    config = configuration(args)
    try:
        result = operation(config)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    if args.json:
        print_json(result.model_dump(mode="json"))
    else:
        print_edit(result, config.env)
    return EXIT_OK


def cmd_disable(args: argparse.Namespace) -> int:
    from hookdash.core import disable_hook

    return _run_edit(args, lambda c: disable_hook(c, args.id, args.scope, args.disabled_key))


def cmd_enable(args: argparse.Namespace) -> int:
    from hookdash.core import enable_hook

    return _run_edit(args, lambda c: enable_hook(c, args.id, args.disabled_key))


def _plan_hook(config: Any, hook: Any) -> dict[str, Any]:
    from hookdash.core import changed_script, trusted_commands

    diff = changed_script(config, hook)
    return {
        "id": hook.id,
        "key": hook.key,
        "ref": hook.ref,
        "event": hook.event,
        "line": hook.line,
        "command": hook.command,
        "script": hook.script.path if hook.script else None,
        "trust": hook.trust,
        "trust_detail": hook.trust_detail,
        # What a CHANGED hook ran when it was trusted: its command(s), or its script's diff.
        "trusted_commands": trusted_commands(config, hook),
        "script_diff": diff.model_dump(mode="json") if diff is not None else None,
    }


def _print_review(config: Any, hook: Any, s: Style, hidden: bool = False) -> None:
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
    if hook.script and hook.script.path:
        print(f"{indent}{s.dim('script: ' + env.display(hook.script.path))}")
    if shown.trust_detail:
        print(f"{indent}{s.dim(shown.trust_detail)}")
    for risk in risk_lines(hook, env.display):
        where = "" if risk.where == "command" else f" (in {risk.where})"
        print(f"{indent}{s.red('! ' + risk.label)}{where}: {risk.span}")
        print(f"{indent}  {s.dim(risk.why)}")
    diff = changed_script(config, hook)
    if diff is None:
        return
    if diff.unavailable:
        print(f"{indent}{s.dim('no diff: ' + visible(diff.unavailable))}")
        return
    for line in (visible(line) for line in diff.lines):
        if line.startswith(("---", "+++")):
            line = s.bold(line)
        elif line.startswith("@@"):
            line = s.cyan(line)
        elif line.startswith("-"):
            line = s.red(line)
        elif line.startswith("+"):
            line = s.green(line)
        print(indent + line)
    if diff.more:
        print(f"{indent}{s.dim(f'… {diff.more} more line(s) of the diff')}")


def cmd_trust(args: argparse.Namespace) -> int:
    from hookdash.core import HookdashError, hooks_to_trust, plan_trust, trust_hooks

    config = configuration(args)
    env = config.env
    try:
        selected = hooks_to_trust(config, args.ids) if args.ids else None
        plan = plan_trust(config, selected)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    if not plan.empty and not args.yes:
        from hookdash.core import hidden_refs

        hidden = hidden_refs(plan.trust, config.snapshot.problems)
        if args.json:
            print_json(
                {
                    "needs_confirmation": True,
                    "project_root": plan.project_root,
                    "trust": [_plan_hook(config, h) for h in plan.trust],
                    "watch": [_plan_hook(config, h) for h in plan.watch],
                }
            )
            return EXIT_NEEDS_CONFIRMATION
        s = Style(sys.stdout)
        if plan.trust:
            print(
                f"hookdash would trust these project hooks of {env.display(plan.project_root)}, "
                f"in {env.display(env.trusted_hooks_path)} and by fingerprinting their scripts:"
            )
            for hook in plan.trust:
                _print_review(config, hook, s, hook.ref in hidden)
        if plan.watch:
            print(
                "and remember the scripts of these hooks (already trusted by Gemini CLI) "
                "to notice later changes:"
            )
            for hook in plan.watch:
                assert hook.script is not None and hook.script.path is not None
                print(f"  {hook.shown.id}  {s.dim(env.display(hook.script.path))}")
        again = visible(shlex.join(["hookdash", "trust", *args.ids, "--yes"]))
        print(f"Review them, then run `{again}`.")
        return EXIT_NEEDS_CONFIRMATION

    def trust(config: Any) -> Any:
        # Resolved again on the configuration the write starts from.
        return trust_hooks(config, hooks_to_trust(config, args.ids) if args.ids else None)

    return _run_edit(args, trust)


def apply_fixes(args: argparse.Namespace) -> Any:
    """check --fix: apply the safe fixes, print them (human mode), return the result."""
    from hookdash.core import HookdashError, apply_safe_fixes

    config = configuration(args)
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
