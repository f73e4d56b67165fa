"""The commands over the host protocol alone: what serves a host that registered no
command of its own in `cli/hosts/` (a new agent's first day, a test's toy host). Every line
is built from the host-neutral records (`HookRecord`, `HostPlan`, `WriteResult`) and the
host's descriptors; an operation the host lacks raises `UnsupportedOperation`, which the
command line prints like every other expected failure."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from hookdash.cli.output import (
    EXIT_FAILED,
    EXIT_NEEDS_CONFIRMATION,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Style,
    print_json,
)
from hookdash.core import NO_MATCHER, shorten, visible

if TYPE_CHECKING:
    from hookdash.core import AuthoringResult, HookRecord, Host, HostSnapshot, WriteResult


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


Command = Callable[[argparse.Namespace], int]


def host_of_event(event: str) -> str:
    """The host a `plan` or `fire` without `--host` is for: the first host (in `list`'s
    order) that has the event, else the first host."""
    from hookdash.core import all_hosts

    every = all_hosts()
    return next((h.name for h in every if event in h.events()), every[0].name)


def chosen_host(args: argparse.Namespace) -> Host:
    from hookdash.core import host

    name = args.host or host_of_event(args.event)
    return host(name)


def also_planned(args: argparse.Namespace, chosen: str, event: str) -> list[str]:
    """For `plan EVENT` without `--host`: each other host that has hooks for the same event
    here, and the command that shows them (the plan is only the chosen host's)."""
    if getattr(args, "host", None) is not None:
        return []
    from hookdash.core import HookdashError, all_hosts

    notes = []
    for h in all_hosts():
        if h.name == chosen or event not in h.events():
            continue
        try:
            count = sum(1 for hook in loaded(args, h).hooks if hook.event == event)
        except (HookdashError, OSError):
            continue  # a host that cannot be read here says so in its own plan
        if count:
            hooks = f"{count} {visible(event)} hook{'s' if count != 1 else ''}"
            notes.append(
                f"{visible(h.label)} has {hooks} here too: "
                f"`hookdash plan --host {h.name} {visible(event)}` shows "  # raw-ok: registered
                f"{'them' if count != 1 else 'it'}."
            )
    return notes


def loaded(args: argparse.Namespace, h: Host) -> HostSnapshot:
    """The host's snapshot of `--workspace` (else the current directory)."""
    workspace = getattr(args, "workspace", None)
    if workspace is not None and not os.path.isdir(workspace):
        raise CliError(f"workspace {workspace!r} is not a directory")
    return h.load(Path(os.path.abspath(workspace or os.getcwd())), os.environ)


# ---------------------------------------------------------------------------- list


def hook_line(hook: HookRecord, s: Style) -> str:
    """One hook as `list` shows it: whether it runs, its ID, matcher, line and risk flags."""
    badge = s.green("runs") if hook.runs else s.red("off" if hook.switched_off else "not-running")
    plain = "runs" if hook.runs else ("off" if hook.switched_off else "not-running")
    pad = " " * max(1, 16 - len(plain))
    shown = hook.shown
    matcher = f" [{s.cut(shown.matcher, 24)}]" if shown.matcher else ""
    line = s.dim(f" L{hook.line}") if hook.line else ""
    risks = s.red(" ⚠ " + ",".join(sorted({r.kind for r in hook.risks}))) if hook.risks else ""
    return f"    {badge}{pad}{s.cut(shown.id, 60)}{matcher}{line}{risks}"


def version_words(h: Host, snap: HostSnapshot) -> str:
    """Which release of the agent the verdicts are for, and whether it is the one installed:
    "Claude Code not found: verdicts as for 2.1.332" (said as for Gemini CLI)."""
    label, modelled = visible(h.label), visible(h.modelled_version)
    installed = h.installed_version(snap.environ)
    if installed is None:
        return f"{label} not found: verdicts as for {modelled}"
    if installed == h.modelled_version:
        return f"{label} {modelled}"
    return f"{label} {visible(installed)}: verdicts as for {modelled}"


def write_list(h: Host, snap: HostSnapshot, s: Style) -> None:
    """`list`'s text for one host: each event's hooks by file, why each that does not run
    does not, the counts."""
    places = Places(snap.home)
    out = sys.stdout
    switch = "on" if snap.hooks_enabled else s.red("OFF")
    out.write(s.bold("workspace ") + places.display(snap.workspace))
    out.write(s.dim(f" · {version_words(h, snap)}") + f"\nhooks {switch}\n")
    if not snap.hooks:
        out.write(f"\nNo {visible(h.label)} hooks.\n")
        return
    groups: dict[str, dict[str, list[HookRecord]]] = {}
    for hook in snap.hooks:
        groups.setdefault(hook.event, {}).setdefault(hook.file, []).append(hook)
    events = h.events()
    order = [e for e in events if e in groups] + [e for e in groups if e not in events]
    for event in order:
        out.write("\n" + s.bold(visible(event)) + "\n")
        for file, hooks in groups[event].items():
            out.write(f"  {s.cyan(visible(hooks[0].layer_label))} {s.dim(places.display(file))}\n")
            for hook in hooks:
                out.write(hook_line(hook, s) + "\n")
                for reason in hook.not_running_because:
                    out.write(f"      {s.dim('↳ ' + visible(reason))}\n")
    running = sum(hook.runs for hook in snap.hooks)
    out.write("\n" + s.dim(f"{len(snap.hooks)} hooks, {running} run") + "\n")


def cmd_list(args: argparse.Namespace) -> int:
    h = chosen_host(args)
    snap = loaded(args, h)
    if args.json:
        print_json(snap)
        return EXIT_OK
    write_list(h, snap, Style(sys.stdout))
    return EXIT_OK


# ---------------------------------------------------------------------------- check


def cmd_check(args: argparse.Namespace) -> int:
    """`check --host NAME`: the host's problems, in text, JSON, or one of scan's formats
    (`--format github`, `sarif`)."""
    from hookdash.cli.problem_report import print_problems

    h = chosen_host(args)
    if getattr(args, "fix", False):
        raise CliError(f"--fix has no safe fixes for {h.label} files", EXIT_USAGE)
    snap = loaded(args, h)
    failed = EXIT_FAILED if snap.has_errors else EXIT_OK
    fmt = getattr(args, "format", "text")
    if not args.json and fmt not in ("text", "json"):
        from hookdash.cli.scanning import print_findings
        from hookdash.core import problem_findings

        print_findings(fmt, problem_findings(snap.problems, snap.workspace, h.name), snap.workspace)
        return failed
    if args.json or fmt == "json":
        print_json(
            {
                "host": h.name,
                "workspace": snap.workspace,
                "errors": sum(p.severity == "error" for p in snap.problems),
                "warnings": sum(p.severity == "warning" for p in snap.problems),
                "problems": [p.model_dump(mode="json") for p in snap.problems],
            }
        )
        return failed
    places = Places(snap.home)
    return print_problems(
        snap.problems, places, f"the {h.label} hooks of {places.display(snap.workspace)}"
    )


# ---------------------------------------------------------------------------- plan


def cmd_plan(args: argparse.Namespace) -> int:
    h = chosen_host(args)
    if args.event not in h.events():
        raise CliError(f"{h.label} has no event {visible(repr(args.event))}", 2)
    snap = loaded(args, h)
    value = args.tool if args.tool is not None else args.trigger
    plan = h.plan(snap, args.event, value)
    if args.json:
        print_json(plan)
        return EXIT_OK
    s = Style(sys.stdout)
    places = Places(snap.home)
    field = h.match_field(args.event)
    context = NO_MATCHER if field is None else f"{field} {visible(repr(value))}"
    count = len(plan.hooks)
    runs = f"{visible(h.label)} runs {count} hook{'s' if count != 1 else ''}"
    sys.stdout.write(f"{s.bold(visible(plan.event))} · {context}: {runs}\n")
    for i, hook in enumerate(plan.hooks, 1):
        where = f"{places.display(hook.file)}{f':{hook.line}' if hook.line else ''}"
        sys.stdout.write(
            f"  {i}. {s.green(shorten(hook.shown.id, 70))} {s.cyan(visible(hook.scope))}"
            f"  {s.dim(where)}\n"
        )
    if plan.skipped:
        sys.stdout.write("Not run:\n")
        for skipped in plan.skipped:
            sys.stdout.write(
                f"  {s.dim('-')} {visible(shorten(skipped.id, 50))} "
                f"{s.cyan(visible(skipped.scope))}: {s.yellow(visible(skipped.reason))}\n"
            )
    for note in also_planned(args, h.name, args.event):
        sys.stdout.write(s.dim(f"note: {note}") + "\n")
    return EXIT_OK


# ---------------------------------------------------------------------------- the rest


def _write_result(args: argparse.Namespace, result: WriteResult) -> int:
    if args.json:
        print_json(result)
    else:
        print(visible(result.message))
        for note in result.notes:
            print(f"note: {visible(note)}")
    return EXIT_OK


def _confirmed(args: argparse.Namespace, result: AuthoringResult) -> int:
    """A write asked as a dry run without `--yes`: its diff and exit 3 (needs confirmation)."""
    if result.dry_run and result.changes:
        if args.json:
            print_json({**result.model_dump(mode="json"), "needs_confirmation": True})
        else:
            print(visible(result.message))
            print(visible(result.diff, multiline=True))
            print("Nothing was written. Review the change, then run again with --yes.")
        return EXIT_NEEDS_CONFIRMATION
    return _write_result(args, result)


def cmd_fire(args: argparse.Namespace) -> int:
    h = chosen_host(args)
    snap = loaded(args, h)
    hook = h.find(snap, args.hook) if getattr(args, "hook", None) else None
    value = args.tool if args.tool is not None else args.trigger
    result = asyncio.run(h.fire(snap, args.event, hook=hook, value=value))
    if args.json:
        print_json(result)
        return EXIT_OK
    for run in result.results:
        print(f"{visible(h.verdict(run))}  {shorten(run.shown.id, 60)}")
    print(visible(result.effect))
    return EXIT_OK


def _switch(on: bool) -> Command:
    def run(args: argparse.Namespace) -> int:
        h = chosen_host(args)
        snap = loaded(args, h)
        return _write_result(args, h.switch(snap, h.find(snap, args.id), on))

    return run


def cmd_hooks(args: argparse.Namespace) -> int:
    h = chosen_host(args)
    result = h.switch_all(loaded(args, h), args.state == "on", getattr(args, "scope", None))
    return _write_result(args, result)


def cmd_trust(args: argparse.Namespace) -> int:
    h = chosen_host(args)
    snap = loaded(args, h)
    chosen = [h.find(snap, arg) for arg in args.ids] if args.ids else list(h.to_review(snap))
    return _write_result(args, h.trust(snap, chosen))


def cmd_remove(args: argparse.Namespace) -> int:
    h = chosen_host(args)
    snap = loaded(args, h)
    result = h.remove(snap, h.find(snap, args.id), dry_run=not args.yes)
    return _confirmed(args, result)


def cmd_add(args: argparse.Namespace) -> int:
    from hookdash.core import NewHook

    h = chosen_host(args)
    snap = loaded(args, h)
    new = NewHook(
        event=args.event,
        command=args.command_line,
        matcher=args.matcher,
        timeout=args.timeout,
        name=args.name,
        description=args.description,
        sequential=bool(getattr(args, "sequential", False)),
    )
    scope = getattr(args, "scope", None) or (h.write_scopes or h.scopes)[0]
    return _write_result(args, h.add(snap, new, scope))


def cmd_edit(args: argparse.Namespace) -> int:
    from hookdash.core import HookChange

    h = chosen_host(args)
    snap = loaded(args, h)
    changes = HookChange(
        command=args.command_line,
        matcher=args.matcher,
        timeout=args.timeout,
        name=args.name,
        description=args.description,
    )
    return _write_result(args, h.edit(snap, h.find(snap, args.id), changes))


COMMANDS: dict[str, Command] = {
    "list": cmd_list,
    "check": cmd_check,
    "plan": cmd_plan,
    "fire": cmd_fire,
    "disable": _switch(False),
    "enable": _switch(True),
    "hooks": cmd_hooks,
    "trust": cmd_trust,
    "add": cmd_add,
    "edit": cmd_edit,
    "remove": cmd_remove,
}
