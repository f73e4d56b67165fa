"""`hookdash … --host codex`: Codex CLI's hooks, read and run as Codex CLI 0.171.0 does
(core.hosts.codex), through the host protocol. Registered in `COMMANDS`; the generic
dispatcher (cli.main) runs them for `--host codex`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from hookdash.cli.any_host import Places, also_planned, version_words
from hookdash.cli.hosts import CliHost, Command, register_cli
from hookdash.cli.output import (
    EXIT_NEEDS_CONFIRMATION,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Style,
    print_json,
)
from hookdash.core import NO_MATCHER, shorten, visible

HOST = "codex"
_BADGES = {
    "codex-refuses-to-start": "not-running",
    "hooks-disabled": "OFF",
    "ignored-layer": "not-running",
    "invalid": "not-running",
    "untrusted": "UNTRUSTED",
    "modified": "MODIFIED",
    "disabled": "disabled",
    "matcher": "not-running",
}
_TRUST_WORDS = {
    "trusted": "trusted",
    "untrusted": "never trusted",
    "modified": "changed since trusted",
    "disabled": "switched off",
    "managed": "managed (no trust needed)",
    "project-untrusted": "project not trusted",
}


def _host() -> Any:
    from hookdash.core import host

    return host(HOST)


def _workspace(args: argparse.Namespace) -> Path:
    import os

    workspace = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise CliError(f"workspace {workspace!r} is not a directory")
    return Path(os.path.abspath(workspace or os.getcwd()))


def snapshot(args: argparse.Namespace) -> Any:
    import os

    return _host().load(_workspace(args), dict(os.environ))


def _find(snap: Any, ident: str, as_json: bool = False) -> Any:
    from hookdash.cli.edits import edit_failed
    from hookdash.core import HookdashError

    try:
        return _host().find(snap, ident)
    except HookdashError as exc:
        raise edit_failed(exc, as_json) from None


# ------------------------------------------------------------------ list / check


def _badge(hook: Any, s: Style) -> tuple[str, str]:
    """(coloured, plain) badge of a hook: runs, or why not."""
    if hook.runs:
        return s.green("runs"), "runs"
    label = _BADGES.get(hook.inactive_reason or "", "not-running")
    colour = s.yellow if label in ("UNTRUSTED", "disabled") else s.red
    return colour(label), label


def hook_line(hook: Any, s: Style) -> str:
    badge, plain = _badge(hook, s)
    pad = " " * max(1, 12 - len(plain))
    matcher = f" [{visible(s.cut(str(hook.matcher), 24))}]" if hook.matcher is not None else ""
    line = s.dim(f" L{hook.line}") if hook.line else ""
    timeout = s.dim(f" {hook.timeout:g}s")
    risks = s.red(" ⚠ " + ",".join(sorted({r.kind for r in hook.risks}))) if hook.risks else ""
    trust = s.dim(f" ({_TRUST_WORDS.get(hook.trust, hook.trust)})")
    return f"    {badge}{pad}{visible(s.cut(hook.id, 60))}{matcher}{timeout}{trust}{line}{risks}"


def write_list(snap: Any, s: Style) -> None:
    """`list`'s text for Codex's hooks: the switches, the files Codex cannot use, each
    event's hooks by file (with the sentence where Codex is silent), the counts."""
    events = _host().events()
    places = Places(snap.home)
    out = sys.stdout
    out.write(
        s.bold("workspace ")
        + places.display(snap.workspace)
        + s.dim(f" · {version_words(_host(), snap)}\n")
    )
    switch = (
        "on"
        if snap.hooks_enabled
        else s.red(
            f"OFF ([features] hooks = false in {places.display(snap.hooks_switched_off_by)})"
        )
    )
    if not snap.codex_starts:
        switch = s.red("Codex cannot load its configuration: no hook runs")
    out.write(f"hooks {switch}\n")
    trust = (
        "trusted"
        if snap.project_trusted
        else s.yellow("not trusted: Codex does not load this project's .codex hooks")
    )
    out.write(f"project {trust}\n")
    if snap.managed_only:
        out.write(s.yellow("allow_managed_hooks_only: only system and managed hooks run") + "\n")
    for p in snap.problems:
        if p.severity == "error" and p.code not in ("hidden-characters", "risky-command"):
            where = f" ({places.display(p.file)}{f':{p.line}' if p.line else ''})" if p.file else ""
            out.write(f"{s.red('✖')} {p.shown.message}{s.dim(where)}\n")
    if not snap.hooks:
        out.write(
            "\nNo Codex CLI hooks. They go in "
            f"{places.display(snap.codex_home + '/hooks.json')} or the [hooks] of "
            f"{places.display(snap.codex_home + '/config.toml')} (you), or a trusted "
            "project's .codex/hooks.json.\n"
        )
        return
    groups: dict[str, dict[str, list[Any]]] = {}
    for hook in snap.hooks:
        groups.setdefault(hook.event, {}).setdefault(hook.file, []).append(hook)
    for event in [e for e in events if e in groups]:
        out.write("\n" + s.bold(visible(event)) + "\n")
        for file, hooks in groups[event].items():
            out.write(f"  {s.cyan(hooks[0].scope)} {s.dim(places.display(file))}\n")
            for hook in hooks:
                out.write(hook_line(hook, s) + "\n")
                for reason in hook.not_running_because:
                    out.write(f"      {s.dim('↳ ' + visible(reason))}\n")
                if hook.review_detail:
                    out.write(f"      {s.red('↳ ' + visible(hook.review_detail))}\n")
    running = sum(h.runs for h in snap.hooks)
    silent = sum(h.trust in ("untrusted", "modified") for h in snap.hooks)
    tail = f", {silent} skipped by Codex without a word" if silent else ""
    out.write("\n" + s.dim(f"{len(snap.hooks)} hooks, {running} run{tail}") + "\n")


def cmd_list(args: argparse.Namespace) -> int:
    snap = snapshot(args)
    if args.json:
        print_json(snap)
        return EXIT_OK
    write_list(snap, Style(sys.stdout))
    return EXIT_OK


# ------------------------------------------------------------------ plan / fire / log


def _event(args: argparse.Namespace) -> str:
    events = _host().events()
    if args.event not in events:
        raise CliError(
            f"Codex CLI 0.171.0 has no event {visible(repr(args.event))}; its events: "
            + ", ".join(events),
            EXIT_USAGE,
        )
    value: str = args.event
    return value


def _value(args: argparse.Namespace, event: str) -> str | None:
    """The value the event's matcher is tested against: --tool for a tool event."""
    value: str | None = args.tool if _host().match_field(event) == "tool_name" else args.trigger
    return value


def cmd_plan(args: argparse.Namespace) -> int:
    event = _event(args)
    snap = snapshot(args)
    plan = _host().plan(snap, event, _value(args, event))
    if args.json:
        print_json(plan)
        return EXIT_OK
    from hookdash.cli.running import skipped_lines

    s = Style(sys.stdout)
    places = Places(snap.home)
    out = sys.stdout
    context = f"{plan.match_field} {visible(repr(plan.value))}" if plan.value else "any value"
    if plan.match_field is None:
        context = NO_MATCHER
    count = len(plan.hooks)
    runs = f"Codex runs {count} hook{'s' if count != 1 else ''}" if count else "Codex runs no hook"
    out.write(f"{s.bold(visible(plan.event))} · {context}: {runs}")
    out.write(" all at once\n" if count > 1 else "\n")
    for i, hook in enumerate(plan.hooks, 1):
        where = f"{places.display(hook.file)}{f':{hook.line}' if hook.line else ''}"
        name = s.green(visible(shorten(hook.id, 70)))
        out.write(f"  {i}. {name} {s.cyan(hook.scope)} {hook.timeout:g}s  {s.dim(where)}\n")
    if plan.skipped:
        out.write("Not run:\n")
        out.write("\n".join(skipped_lines(plan.skipped, s)) + "\n")
    for note in plan.notes:
        out.write(s.dim(f"note: {visible(note)}") + "\n")
    for note in also_planned(args, _host().name, event):
        out.write(s.dim(f"note: {note}") + "\n")
    return EXIT_OK


def cmd_fire(args: argparse.Namespace) -> int:
    from hookdash.cli.running import _read_input, write_fire_outcome
    from hookdash.core import (
        FireInterrupted,
        build_codex_payload,
        codex_confirmations,
        fire_codex_sync,
        merge_input,
    )

    event = _event(args)
    override = _read_input(args.input)
    snap = snapshot(args)
    hook = _find(snap, args.hook, args.json) if args.hook else None
    if hook is not None and hook.event != event:
        raise CliError(
            f"'{visible(shorten(hook.id, 60))}' is a {visible(hook.event)} hook, not a "
            f"{visible(event)} one."
        )
    payload = build_codex_payload(snap, event, hook=hook, tool=args.tool, trigger=args.trigger)
    field = _host().match_field(event)
    value = merge_input(payload, override).get(field) if field is not None else None
    value = value if isinstance(value, str) else None
    to_run = [hook] if hook is not None else list(_host().plan(snap, event, value).hooks)
    needed = codex_confirmations(to_run)
    if needed and not args.yes:
        lines = "\n".join(
            f"  {visible(c.id)} ({visible(c.key)}): {visible(c.reason)}" for c in needed
        )
        raise CliError(
            "hookdash asks before running these Codex CLI hooks (Codex itself would skip "
            f"them):\n{lines}\nReview them (`hookdash trust --host codex`), then pass --yes "
            "to run anyway.",
            EXIT_NEEDS_CONFIRMATION,
        )
    try:
        result = fire_codex_sync(snap, event, hook=hook, payload=payload, input_override=override)
    except FireInterrupted as exc:
        raise CliError(f"fire {exc}", 128 + exc.signum) from None
    if args.json:
        print_json(result)
        return EXIT_OK
    write_fire_outcome(
        result,
        _host().label,
        Style(sys.stdout),
        would_run=result.codex_would_run,
        why_not=result.codex_would_not_run_because,
    )
    return EXIT_OK


def cmd_log(args: argparse.Namespace) -> int:
    from hookdash.cli.running import cmd_log as log_every_host

    if args.source == "gemini":
        raise CliError(
            "--source gemini is Gemini CLI's telemetry file: it holds no Codex CLI runs",
            EXIT_USAGE,
        )
    return log_every_host(args)


# ------------------------------------------------------------------ writes


def _print_result(result: Any, places: Places) -> None:
    from hookdash.cli.edits import colour_diff_line

    s = Style(sys.stdout)
    print(visible(result.message))
    for change in getattr(result, "changes", []):
        print(f"  {change.mark} {places.display(change.file)}  {visible(change.key)}")
    for line in (getattr(result, "diff", "") or "").splitlines():
        print(colour_diff_line(line, s))
    for warning in getattr(result, "warnings", []):
        print(s.yellow("warning: ") + visible(warning))
    for note in result.notes:
        print(s.dim("note: ") + visible(note))


def _write(args: argparse.Namespace, act: Any) -> int:
    from hookdash.cli.edits import edit_failed
    from hookdash.core import HookdashError

    try:
        result = act()
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    if args.json:
        print_json(result)
    else:
        _print_result(result, Places(str(Path.home())))
    return EXIT_OK


def cmd_disable(args: argparse.Namespace) -> int:
    snap = snapshot(args)
    hook = _find(snap, args.id, args.json)
    return _write(args, lambda: _host().switch(snap, hook, False))


def cmd_enable(args: argparse.Namespace) -> int:
    snap = snapshot(args)
    hook = _find(snap, args.id, args.json)
    return _write(args, lambda: _host().switch(snap, hook, True))


def _print_review(snap: Any, hooks: list[Any], token: str) -> None:
    s = Style(sys.stdout)
    places = Places(snap.home)
    print(s.bold(f"Codex CLI hooks to trust ({len(hooks)}):"))
    for hook in hooks:
        print(
            f"\n  {s.bold(visible(hook.event))} {s.cyan(hook.scope)} "
            f"{s.dim(places.display(hook.file) + (f':{hook.line}' if hook.line else ''))}"
        )
        print(f"    key      {visible(hook.key)}")
        print(f"    command  {hook.shown.command_lines}")
        if hook.match_field is not None:
            matcher = "(every value)" if hook.matcher in (None, "", "*") else repr(hook.matcher)
            print(f"    matcher  {visible(matcher)} against {hook.match_field}")
        print(f"    timeout  {hook.timeout:g} s")
        if hook.status_message is not None:
            print(f"    status   {visible(hook.status_message)}")
        print(f"    state    {_TRUST_WORDS.get(hook.trust, hook.trust)}")
        for why in ([hook.trust_detail] if hook.trust == "modified" else []) + (
            [hook.review_detail] if hook.review_detail else []
        ):
            print(s.red(f"    ↳ {visible(why or '')}"))
        for script in hook.scripts:
            print(f"    script   {places.display(script.label)}")
        for risk in hook.risks:
            print(s.red(f"    ⚠ {risk.kind}: {visible(risk.why)}"))
    print(f"\nTo trust exactly these: hookdash trust --host codex --yes --reviewed {token}")


def cmd_trust(args: argparse.Namespace) -> int:
    from hookdash.cli.edits import edit_failed, unseen_risks
    from hookdash.core import HookdashError, codex_review_token, trust_codex_hooks

    snap = snapshot(args)
    host = _host()
    hooks = (
        [_find(snap, i, args.json) for i in args.ids] if args.ids else list(host.to_review(snap))
    )
    token = codex_review_token(hooks)
    if not hooks:
        message = "No Codex CLI hook waits for trust: none is untrusted or changed."
        print_json({"changed": False, "message": message}) if args.json else print(message)
        return EXIT_OK
    if not args.yes or unseen_risks(args, hooks):
        if args.json:
            print_json(
                {
                    "host": HOST,
                    "changed": False,
                    "reviewed": token,
                    "hooks": [h.model_dump(mode="json") for h in hooks],
                }
            )
        else:
            _print_review(snap, hooks, token)
        return EXIT_NEEDS_CONFIRMATION
    try:
        result = trust_codex_hooks(snap, hooks, snap.environ, reviewed=args.reviewed)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    if args.json:
        print_json(result)
    else:
        print(visible(result.message))
    return EXIT_OK


def _scope(args: argparse.Namespace) -> str:
    scope = getattr(args, "scope", "user") or "user"
    if scope == "workspace":
        return "project"  # Gemini's word for the project's files
    if scope not in ("user", "project"):
        raise CliError(
            f"--scope {scope}: Codex CLI's writable files are user and project", EXIT_USAGE
        )
    return str(scope)


def _refuse_other_fields(args: argparse.Namespace, command: str) -> None:
    for name, flag in (("name", "--name"), ("description", "--description")):
        if getattr(args, name, None):
            raise CliError(f"{flag}: a Codex CLI hook has no such field", EXIT_USAGE)
    if getattr(args, "sequential", None):
        raise CliError(
            f"--sequential: Codex runs an event's hooks all at once ({command})", EXIT_USAGE
        )


def _trust_after(snap_args: argparse.Namespace, key: str | None) -> list[str]:
    """Trust the hook just written (the person typed it): a note of what happened."""
    from hookdash.core import HookdashError, trust_codex_hooks

    snap = snapshot(snap_args)
    hook = next((h for h in snap.hooks if h.key == key), None)
    if hook is None or hook.trust not in ("untrusted", "modified"):
        return []
    try:
        result = trust_codex_hooks(snap, [hook], snap.environ)
    except HookdashError as exc:
        return [f"not trusted: {visible(exc.message)}"]
    return [result.message]


def cmd_add(args: argparse.Namespace) -> int:
    from hookdash.core import NewHook

    _refuse_other_fields(args, "add")
    snap = snapshot(args)
    new = NewHook(
        event=args.event, command=args.command_line, matcher=args.matcher, timeout=args.timeout
    )

    def act() -> Any:
        result = _host().add(snap, new, _scope(args))
        if args.trust and result.changed:
            result.notes += _trust_after(args, result.identifier)
        return result

    return _write(args, act)


def cmd_edit(args: argparse.Namespace) -> int:
    from hookdash.core import HookChange

    _refuse_other_fields(args, "edit")
    snap = snapshot(args)
    hook = _find(snap, args.id, args.json)
    change = HookChange(command=args.command_line, matcher=args.matcher, timeout=args.timeout)

    def act() -> Any:
        result = _host().edit(snap, hook, change)
        if args.trust and result.changed:
            result.notes += _trust_after(args, hook.key)
        return result

    return _write(args, act)


def cmd_remove(args: argparse.Namespace) -> int:
    snap = snapshot(args)
    hook = _find(snap, args.id, args.json)
    if not args.yes:
        _write(args, lambda: _host().remove(snap, hook, dry_run=True))
        if not args.json:
            print("Pass --yes to remove it.")
        return EXIT_NEEDS_CONFIRMATION
    return _write(args, lambda: _host().remove(snap, hook))


COMMANDS: dict[str, Command] = {
    "list": cmd_list,
    "plan": cmd_plan,
    "fire": cmd_fire,
    "log": cmd_log,
    "disable": cmd_disable,
    "enable": cmd_enable,
    "trust": cmd_trust,
    "add": cmd_add,
    "edit": cmd_edit,
    "remove": cmd_remove,
}

register_cli(CliHost(HOST, commands=COMMANDS, write_list=write_list))
