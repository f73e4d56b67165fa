"""`hookdash list|check|plan --host claude`: Claude Code's hooks, read as Claude Code
2.1.332 reads them (core.hosts.claude). Without `--host`, the commands are Gemini CLI's."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from hookdash.cli.output import EXIT_FAILED, EXIT_OK, EXIT_USAGE, CliError, Style, print_json
from hookdash.core import shorten, visible

_BADGES = {
    "claude-refuses-to-start": "not-running",
    "hooks-disabled": "OFF",
    "ignored-layer": "not-running",
    "invalid": "not-running",
    "unknown-event": "ignored",
    "duplicate": "duplicate",
}


class Places:
    """How paths are shown: the home directory as `~`."""

    def __init__(self, home: str) -> None:
        self.home = home.rstrip("/")

    def display(self, path: str | None) -> str:
        if not path:
            return ""
        if self.home and (path == self.home or path.startswith(self.home + "/")):
            path = "~" + path[len(self.home) :]
        return visible(path)


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
    project_hooks = any(h.scope in ("project", "local") for h in snap.hooks)
    trust = visible(snap.folder_trust.sentence)
    if snap.folder_trust.state != "trusted" and project_hooks:
        trust = s.red(trust)
    switch = "on" if snap.hooks_enabled else s.red("OFF (only managed hooks, if any, run)")
    if not snap.claude_starts:
        switch = s.red("Claude Code does not start (a managed settings file does not parse)")
    return [
        s.bold("workspace ") + places.display(snap.workspace) + s.dim(" · Claude Code 2.1.332"),
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
    if not snap.hooks:
        out.write(
            '\nNo Claude Code hooks. They go in the "hooks" object of '
            f"{places.display(snap.config_dir + '/settings.json')} (you), "
            ".claude/settings.json (the project) or .claude/settings.local.json (you, here).\n"
        )
        return
    from hookdash.core import CLAUDE_EVENTS

    groups: dict[str, dict[str, list[Any]]] = {}
    for hook in snap.hooks:
        groups.setdefault(hook.event, {}).setdefault(hook.file, []).append(hook)
    order = [e for e in CLAUDE_EVENTS if e in groups] + [
        e for e in groups if e not in CLAUDE_EVENTS
    ]
    for event in order:
        out.write("\n" + s.bold(visible(event)) + "\n")
        for file, hooks in groups[event].items():
            out.write(f"  {s.cyan(hooks[0].scope)} {s.dim(places.display(file))}\n")
            for hook in hooks:
                out.write(_hook_line(hook, s) + "\n")
                for reason in hook.not_running_because:
                    out.write(f"      {s.dim('↳ ' + visible(reason))}\n")
    running = sum(h.runs for h in snap.hooks)
    out.write("\n" + s.dim(f"{len(snap.hooks)} hooks, {running} run") + "\n")


def _hook_line(hook: Any, s: Style) -> str:
    badge = _badge(hook, s)
    pad = " " * max(1, 12 - len(_plain_badge(hook)))
    matcher = f" [{visible(shorten(str(hook.matcher), 24))}]" if hook.matcher is not None else ""
    kind = "" if hook.type == "command" else s.dim(f" ({visible(str(hook.type))})")
    line = s.dim(f" L{hook.line}") if hook.line else ""
    risks = s.red(" ⚠ " + ",".join(sorted({r.kind for r in hook.risks}))) if hook.risks else ""
    return f"    {badge}{pad}{visible(shorten(hook.id, 60))}{kind}{matcher}{line}{risks}"


def _plain_badge(hook: Any) -> str:
    return "runs" if hook.runs else _BADGES.get(hook.inactive_reason or "", "not-running")


def cmd_check_claude(args: argparse.Namespace) -> int:
    if args.fix:
        raise CliError("--fix has no safe fixes for Claude Code files yet", EXIT_USAGE)
    snap = _snapshot(args)
    problems = snap.problems
    if not args.json and args.format not in ("text", "json"):
        from hookdash.cli.scanning import print_findings
        from hookdash.core import problem_findings

        print_findings(args.format, problem_findings(problems, snap.workspace), snap.workspace)
        return EXIT_FAILED if snap.has_errors else EXIT_OK
    if args.json or args.format == "json":
        print_json(
            {
                "host": "claude",
                "workspace": snap.workspace,
                "errors": sum(p.severity == "error" for p in problems),
                "warnings": sum(p.severity == "warning" for p in problems),
                "problems": [p.model_dump(mode="json") for p in problems],
            }
        )
        return EXIT_FAILED if snap.has_errors else EXIT_OK
    from hookdash.cli.listing import print_problems

    places = Places(snap.home)
    return print_problems(
        problems, places, f"the Claude Code hooks of {places.display(snap.workspace)}"
    )


def cmd_plan_claude(args: argparse.Namespace) -> int:
    from hookdash.core import claude_event_problem, claude_plan

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
        context = "no match query"
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
        out.write(f"  {i}. {name} {s.cyan(hook.scope)}{kind}  {s.dim(where)}\n")
    if plan.skipped:
        out.write("Not run:\n")
        for skipped in plan.skipped:
            out.write(
                f"  {s.dim('-')} {visible(shorten(skipped.id, 50))} {s.cyan(skipped.scope)}: "
                f"{s.yellow(visible(skipped.reason))} — {visible(skipped.why)}\n"
            )
    for note in plan.notes:
        out.write(s.dim(f"note: {visible(note)}") + "\n")
    return EXIT_OK
