"""`hookdash list|check|plan|fire|trust --host claude`: Claude Code's hooks, read as Claude
Code 2.1.332 reads them (core.hosts.claude); registered by `cli.hosts.claude`."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from hookdash.cli.any_host import Places, also_planned, version_words
from hookdash.cli.output import (
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Style,
    print_json,
    risk_mark,
    unknown_texts,
)
from hookdash.core import NO_MATCHER, UNKNOWN_MARK, shorten, visible

_BADGES = {
    "claude-refuses-to-start": "not-running",
    "hooks-disabled": "OFF",
    "ignored-layer": "not-running",
    "invalid": "not-running",
    "unknown-event": "ignored",
    "duplicate": "duplicate",
    "parked": "parked",
    "plugin-off": "OFF",
}


def _snapshot(args: argparse.Namespace) -> Any:
    from hookdash.core import load_claude

    workspace = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise CliError(f"workspace {workspace!r} is not a directory")
    return load_claude(workspace)


def _badge(hook: Any, s: Style) -> str:
    if hook.runs:
        return s.green("runs")
    label = _BADGES.get(hook.inactive_reason or "", "not-running")
    return s.yellow(label) if label in ("duplicate", "ignored") else s.red(label)


def _header(snap: Any, places: Places, s: Style) -> list[str]:
    from hookdash.core import host

    project_hooks = any(h.scope in ("project", "local") for h in snap.hooks)
    trust = visible(snap.folder_trust.sentence)
    if snap.folder_trust.state != "trusted" and project_hooks:
        trust = s.red(trust)
    switch = "on" if snap.hooks_enabled else s.red("OFF (only managed hooks, if any, run)")
    if not snap.claude_starts:
        switch = s.red("Claude Code does not start (a managed settings file does not parse)")
    return [
        s.bold("workspace ")
        + places.display(snap.workspace)
        + s.dim(f" · {version_words(host('claude'), snap)}"),
        f"hooks {switch}",
        f"trust {trust}",
    ]


def cmd_list_claude(args: argparse.Namespace) -> int:
    snap = _snapshot(args)
    if args.json:
        print_json(snap)
        return EXIT_OK
    write_claude_list(snap, Style(sys.stdout))
    return EXIT_OK


def write_claude_list(snap: Any, s: Style) -> None:
    """`list`'s text for Claude Code's hooks: the header (switch, folder trust), the
    findings that change everything, each event's hooks by file, the counts. Also the
    "Claude Code" part of `list` without `--host`."""
    places = Places(snap.home)
    out = sys.stdout
    out.write("\n".join(_header(snap, places, s)) + "\n")
    for p in snap.problems:
        if p.severity == "error" and p.code != "hidden-characters" and p.code != "risky-command":
            where = f" ({places.display(p.file)}{f':{p.line}' if p.line else ''})" if p.file else ""
            out.write(f"{s.red('✖')} {p.shown.message}{s.dim(where)}\n")
    _write_settings_commands(snap, places, s)
    from hookdash.cli.mcp_listing import write_mcp_servers  # imports pydantic

    write_mcp_servers(snap.mcp_servers, places.display, s)
    _write_mods(snap, places, s)
    if not snap.hooks:
        out.write(
            '\nNo Claude Code hooks. They go in the "hooks" object of '
            f"{places.display(snap.config_dir + '/settings.json')} (you), "
            ".claude/settings.json (the project) or .claude/settings.local.json (you, here).\n"
        )
        return
    from hookdash.core import CLAUDE_EVENTS, claude_handling

    groups: dict[str, dict[str, list[Any]]] = {}
    for hook in snap.hooks:
        groups.setdefault(hook.event, {}).setdefault(hook.file, []).append(hook)
    order = [e for e in CLAUDE_EVENTS if e in groups] + [
        e for e in groups if e not in CLAUDE_EVENTS
    ]
    for event in order:
        out.write("\n" + s.bold(visible(event)) + "\n")
        for file, hooks in groups[event].items():
            plugin = f" {visible(hooks[0].plugin)}" if hooks[0].plugin else ""
            out.write(f"  {s.cyan(hooks[0].scope + plugin)} {s.dim(places.display(file))}\n")
            for hook in hooks:
                out.write(_hook_line(hook, s) + "\n")
                for how in claude_handling(hook):
                    out.write(f"      {s.dim('· ' + how)}\n")
                for reason in hook.not_running_because:
                    out.write(f"      {s.dim('↳ ' + visible(reason))}\n")
                if hook.review_detail:
                    out.write(f"      {s.red('↳ ' + visible(hook.review_detail))}\n")
                for text in unknown_texts(hook, places.display):
                    out.write(f"      {s.dim(text)}\n")
    running = sum(h.runs for h in snap.hooks)
    out.write("\n" + s.dim(f"{len(snap.hooks)} hooks, {running} run") + "\n")


def _write_settings_commands(snap: Any, places: Places, s: Style) -> None:
    """The commands of the settings files that are not hooks (apiKeyHelper, statusLine,
    …): each with its file, whether Claude uses it, when it runs it, and hookdash's review
    of a repository's (NEW, CHANGED) as a hook's."""
    if not snap.settings_commands:
        return
    out = sys.stdout
    out.write("\n" + s.bold("Settings commands (not hooks)") + "\n")
    for c in snap.settings_commands:
        badge = (s.green("used") if c.in_effect else s.yellow("unused")) + _review_badge(c, s)
        plain = ("used" if c.in_effect else "unused") + _REVIEW_WORDS.get(c.review, "")
        pad = " " * max(1, 16 - len(plain))
        where = f"{c.scope} {places.display(c.file)}" + (f":{c.line}" if c.line else "")
        risks = s.red(" ⚠ " + ",".join(sorted({r.kind for r in c.risks}))) if c.risks else ""
        out.write(
            f"    {badge}{pad}{s.cyan(visible(c.key))} {visible(s.cut(c.command, 60))}"
            f"{risks} {s.dim(where)}\n"
        )
        why = c.runs if c.in_effect else c.not_in_effect_because or ""
        out.write(f"      {s.dim('↳ ' + visible(why))}\n")
        if c.review_detail:
            out.write(f"      {s.red('↳ ' + visible(c.review_detail))}\n")


def _write_mods(snap: Any, places: Places, s: Style) -> None:
    """The hooks modules Claude Code imports into its own process: never quiet (each is an
    unknown: hookdash does not read JavaScript)."""
    if not snap.mods:
        return
    out = sys.stdout
    out.write("\n" + s.bold("Mods (code run inside Claude Code)") + "\n")
    for mod in snap.mods:
        badge = s.red("loads") if mod.loads else s.dim("not loaded")
        pad = " " * max(1, 16 - len("loads" if mod.loads else "not loaded"))
        where = places.display(mod.file) + (f":{mod.line}" if mod.line else "")
        out.write(
            f"    {badge}{pad}{s.cyan(visible(mod.owner))} {visible(shorten(mod.module, 60))} "
            f"{s.red('? unknown')} {s.dim(where)}\n"
        )
        out.write(f"      {s.dim('↳ ' + visible(mod.why))}\n")


_REVIEW_WORDS = {"new": " NEW", "changed": " CHANGED"}


def _review_words(hook: Any) -> str:
    if hook.review == "reviewed" and getattr(hook, "script_unresolved", None):
        return " PARTLY"
    return _REVIEW_WORDS.get(hook.review, "")


def _review_badge(hook: Any, s: Style) -> str:
    """hookdash's review of a repository's hook or settings command: NEW (never reviewed)
    or CHANGED."""
    if hook.review == "new":
        return " " + s.yellow("NEW")
    if hook.review == "changed":
        return " " + s.red("CHANGED")
    if hook.review == "reviewed" and getattr(hook, "script_unresolved", None):
        return " " + s.yellow("PARTLY")  # never plainly reviewed: part of it is not followed
    return ""


def _hook_line(hook: Any, s: Style) -> str:
    badge = _badge(hook, s) + _review_badge(hook, s)
    plain = _plain_badge(hook) + _review_words(hook)
    pad = " " * max(1, 16 - len(plain))
    matcher = f" [{visible(s.cut(str(hook.matcher), 24))}]" if hook.matcher is not None else ""
    kind = "" if hook.type == "command" else s.dim(f" ({visible(str(hook.type))})")
    line = s.dim(f" L{hook.line}") if hook.line else ""
    risks = risk_mark(hook.risks, s)
    unknown = s.dim(f" {UNKNOWN_MARK} not understood") if not hook.understood else ""
    return f"    {badge}{pad}{visible(s.cut(hook.id, 60))}{kind}{matcher}{line}{risks}{unknown}"


def _plain_badge(hook: Any) -> str:
    return "runs" if hook.runs else _BADGES.get(hook.inactive_reason or "", "not-running")


def cmd_plan_claude(args: argparse.Namespace) -> int:
    from hookdash.cli.running import skipped_lines
    from hookdash.core import claude_event_problem, claude_handling, claude_plan

    problem = claude_event_problem(args.event)
    if problem is not None:
        raise CliError(problem, EXIT_USAGE)
    snap = _snapshot(args)
    plan = claude_plan(snap, args.event, args.tool, args.trigger)
    if args.json:
        print_json(plan)
        return EXIT_OK
    s = Style(sys.stdout)
    places = Places(snap.home)
    out = sys.stdout
    context = f"{plan.match_field} {visible(repr(plan.value))}" if plan.value else "any value"
    if plan.match_field is None:
        context = NO_MATCHER
    count = len(plan.hooks)
    runs = (
        f"Claude Code runs {count} hook{'s' if count != 1 else ''}"
        if count
        else "Claude Code runs no hook"
    )
    out.write(
        f"{s.bold(visible(plan.event))} · {context}: {runs}{' in parallel' if count > 1 else ''}\n"
    )
    for i, hook in enumerate(plan.hooks, 1):
        where = f"{places.display(hook.file)}{f':{hook.line}' if hook.line else ''}"
        kind = (
            ""
            if hook.hookdash_fires
            else s.dim(f" ({visible(str(hook.type))}: hookdash does not fire it)")
        )
        name = s.green(visible(shorten(hook.id, 70)))
        scope = hook.scope + (f" {visible(hook.plugin)}" if hook.plugin else "")
        out.write(f"  {i}. {name} {s.cyan(scope)}{kind}  {s.dim(where)}\n")
        for how in claude_handling(hook):
            out.write(f"     {s.dim('· ' + how)}\n")
    if plan.skipped:
        out.write("Not run:\n" + "\n".join(skipped_lines(plan.skipped, s)) + "\n")
    for note in plan.notes:
        out.write(s.dim(f"note: {visible(note)}") + "\n")
    for note in also_planned(args, "claude", args.event):  # raw-ok: this room's own host
        out.write(s.dim(f"note: {note}") + "\n")
    return EXIT_OK


def _claude_hook_arg(snap: Any, ident: str, event: str) -> Any:
    from hookdash.core import HookdashError, find_claude_hook

    try:
        hook = find_claude_hook(snap, ident)
    except HookdashError as exc:
        from hookdash.cli.edits import edit_failed

        raise edit_failed(exc, False) from None
    if hook.event != event:
        raise CliError(
            f"'{visible(shorten(hook.id, 60))}' is a {visible(hook.event)} hook, not a "
            f"{visible(event)} one."
        )
    return hook


def cmd_fire_claude(args: argparse.Namespace) -> int:
    from hookdash.cli.output import EXIT_NEEDS_CONFIRMATION
    from hookdash.cli.running import _read_input, write_fire_outcome
    from hookdash.core import (
        FireInterrupted,
        build_claude_payload,
        claude_confirmations,
        claude_event_problem,
        fire_claude_sync,
        hooks_to_fire,
        merge_input,
    )

    problem = claude_event_problem(args.event)
    if problem is not None:
        raise CliError(problem, EXIT_USAGE)
    override = _read_input(args.input)
    snap = _snapshot(args)
    hook = _claude_hook_arg(snap, args.hook, args.event) if args.hook else None
    payload = build_claude_payload(
        snap, args.event, hook=hook, tool=args.tool, trigger=args.trigger
    )
    to_run, _plan = hooks_to_fire(snap, args.event, merge_input(payload, override), hook)
    needed = claude_confirmations(to_run)
    if needed and not args.yes:
        lines = "\n".join(
            f"  {visible(c.id)} ({visible(c.ref)}): {visible(c.reason)}" for c in needed
        )
        raise CliError(
            "hookdash asks before running these Claude Code hooks:\n"
            f"{lines}\nReview them (`hookdash list --host claude`, `hookdash trust --host "
            "claude`), then pass --yes to run anyway.",
            EXIT_NEEDS_CONFIRMATION,
        )
    try:
        result = fire_claude_sync(
            snap, args.event, hook=hook, payload=payload, input_override=override
        )
    except FireInterrupted as exc:
        raise CliError(f"fire {exc}", 128 + exc.signum) from None
    if args.json:
        print_json(result)
        return EXIT_OK
    write_fire_outcome(
        result,
        "Claude Code",
        Style(sys.stdout),
        would_run=result.claude_would_run,
        why_not=result.claude_would_not_run_because,
        not_fired=[(nf.id, nf.why) for nf in result.not_fired],
    )
    return EXIT_OK


def _print_claude_review(snap: Any, hooks: list[Any], token: str, args: argparse.Namespace) -> None:
    """What `trust --host claude` would record, for a person to read before `--yes`: the
    repository's new and changed hooks and settings commands (`kind` in --json)."""
    import shlex

    from hookdash.cli.edits import colour_diff_line
    from hookdash.core import ClaudeHook, claude_review_label, claude_script_diff

    if args.json:
        print_json(
            {
                "host": "claude",
                "needs_confirmation": True,
                "reviewed": token,
                "trust": [
                    {
                        "kind": "hook" if isinstance(hook, ClaudeHook) else "setting",
                        **hook.model_dump(mode="json"),
                        "script_diff": (
                            d.model_dump(mode="json")
                            if (d := claude_script_diff(snap, hook)) is not None
                            else None
                        ),
                    }
                    for hook in hooks
                ],
            }
        )
        return
    s = Style(sys.stdout)
    places = Places(snap.home)
    print(visible(snap.folder_trust.sentence))
    print(
        "hookdash would record these Claude Code hooks and settings commands of "
        f"{places.display(snap.workspace)} as reviewed (their command and the scripts they run):"
    )
    indent = " " * 10
    for hook in hooks:
        badge = s.yellow("NEW    ") if hook.review == "new" else s.red("CHANGED")
        where = (
            f"{places.display(hook.file)}:{hook.line}" if hook.line else places.display(hook.file)
        )
        label = s.bold(visible(claude_review_label(hook)))
        print(f"  {badge} {label} {s.cyan(hook.scope)}  {s.dim(where)}")
        print(f"{indent}{s.dim('command:')} {visible(hook.id)}")
        if hook.review_detail:
            print(f"{indent}{s.red(visible(hook.review_detail))}")
        for script in hook.scripts:
            if script.path and script.kind != "command":
                print(f"{indent}{s.dim('script: ' + places.display(script.label))}")
        for risk in hook.risks:
            span = visible(shorten(risk.span.text, 80))
            print(f"{indent}{s.red('! ' + visible(risk.kind))}: {span}")
        for text in unknown_texts(hook, places.display):
            print(f"{indent}{s.dim(text)}")
        diff = claude_script_diff(snap, hook)
        if diff is not None and diff.unavailable:
            print(f"{indent}{s.dim('no diff: ' + visible(diff.unavailable))}")
        elif diff is not None:
            for line in diff.lines:
                print(indent + colour_diff_line(line, s))
    again = ["hookdash", "trust", "--host", "claude", *args.ids, "--yes", "--reviewed", token]
    print(f"Review them, then run `{visible(shlex.join(again))}`.")


def cmd_trust_claude(args: argparse.Namespace) -> int:
    from hookdash.cli.edits import edit_failed, unseen_risks
    from hookdash.cli.output import EXIT_NEEDS_CONFIRMATION
    from hookdash.core import (
        HookdashError,
        claude_hooks_to_review,
        claude_review_token,
        trust_claude_hooks,
    )

    if args.reviewed and not args.yes:
        raise CliError("--reviewed goes with --yes (it names the review you agree to).", EXIT_USAGE)
    snap = _snapshot(args)
    try:
        hooks = claude_hooks_to_review(snap, args.ids)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    token = claude_review_token(hooks)
    unseen = unseen_risks(args, hooks)
    if hooks and (not args.yes or unseen or (args.reviewed and args.reviewed != token)):
        if args.yes and not unseen:
            print(
                "hookdash: nothing recorded: the hooks or settings commands changed since the "
                f"review {visible(args.reviewed)} (now {token}); review them again.",
                file=sys.stderr,
            )
        _print_claude_review(snap, hooks, token, args)
        return EXIT_NEEDS_CONFIRMATION
    try:
        result = trust_claude_hooks(snap, hooks, reviewed=args.reviewed or None)
    except HookdashError as exc:
        raise edit_failed(exc, args.json) from None
    if args.json:
        print_json(result)
        return EXIT_OK
    print(visible(result.message))
    for note in result.notes:
        print(Style(sys.stdout).dim("note: ") + visible(note))
    return EXIT_OK
