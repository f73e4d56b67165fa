"""`hookdash list` and `hookdash check`: the configuration and its problems."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from hookdash.cli.edits import apply_fixes
from hookdash.cli.output import (
    EXIT_FAILED,
    EXIT_OK,
    Style,
    pad,
    print_json,
    risk_mark,
    unknown_texts,
    visible_len,
)
from hookdash.cli.problem_report import print_problems, print_problems_of
from hookdash.cli.workspace import configuration
from hookdash.core import shorten, visible

# ---------------------------------------------------------------------------- list


_BADGE_STYLE = {
    "runs": "green",
    "duplicate": "yellow",
    "disabled": "dim",
    "not-running": "red",
    "new": "yellow",
    "changed": "yellow",
    "partly": "yellow",
    "legacy": "yellow",
    "hidden": "red",
}


def _state(hook: Any, s: Style, hidden: bool = False) -> str:
    """The dashboard's badges (core.present), coloured for a terminal."""
    from hookdash.core import hook_badges

    return " ".join(getattr(s, _BADGE_STYLE[b.kind])(b.label) for b in hook_badges(hook, hidden))


def cmd_list(args: argparse.Namespace) -> int:
    """`list`: this configuration's hooks and, without `--host`, every other host's that
    has a file here (each in its own part)."""
    config = configuration(args)
    snap = config.snapshot
    others = [] if args.host is not None else other_parts(config)
    if args.json:
        print_json(every_host_json(snap, others))
        return EXIT_OK
    s = Style(sys.stdout)
    _write_gemini_list(config, s, alone=not others)
    for other, other_snap in others:
        sys.stdout.write("\n" + s.bold(f"── {visible(other.label)} ──") + "\n")
        write_host_list(other, other_snap, s)
    return EXIT_OK


def other_parts(config: Any) -> list[tuple[Any, Any]]:
    """Every other registered host that has a file for the same workspace, with its
    snapshot (`list` and `check` without `--host` cover every host that has one)."""
    from pathlib import Path

    from hookdash.core import all_hosts

    env = config.env
    workspace = Path(env.workspace)
    return [
        (other, other.load(workspace, env.environ))
        for other in all_hosts()
        if other.name != config.snapshot.host and other.has_files(workspace, env.environ)
    ]


def write_host_list(other: Any, snap: Any, s: Style) -> None:
    """One host's part of `list`: its own words (`cli/hosts/<agent>`), else the protocol's."""
    from hookdash.cli.hosts import cli_host

    own = cli_host(other.name).write_list
    if own is not None:
        own(snap, s)
    else:
        from hookdash.cli.any_host import write_list

        write_list(other, snap, s)


def every_host_json(snap: Any, others: list[tuple[Any, Any]]) -> Any:
    """`list --json` for every host: the first host's snapshot object with every other
    host's hook records appended to `hooks` (each says its `host`), and the rest of each
    other host's snapshot under its name."""
    if not others:
        return snap
    data: dict[str, Any] = snap.model_dump(mode="json")
    for other, other_snap in others:
        data["hooks"].extend(h.model_dump(mode="json") for h in other_snap.hooks)
        data[other.name] = other_snap.model_dump(mode="json", exclude={"hooks"})
    return data


def _write_gemini_list(config: Any, s: Style, alone: bool) -> None:
    """Gemini CLI's part of `list` (`alone`: no other host follows it)."""
    snap = config.snapshot
    env = config.env
    out = sys.stdout
    out.write(_header(snap, env, s))
    for line in _banners(snap, env, s):
        out.write(line + "\n")
    from hookdash.cli.mcp_listing import write_mcp_servers  # imports pydantic

    write_mcp_servers(snap.mcp_servers, env.display, s)
    if not snap.hooks:
        out.write(
            f"\nNo {'' if alone else 'Gemini CLI '}hooks configured. Hooks go in the "
            f'"hooks" object of {env.display(env.user_settings_path)} (all projects) or '
            f"{env.display(env.workspace_settings_path)} (this project), or in an "
            "extension's hooks/hooks.json."
            + (" Try `hookdash demo` to see them in action." if alone else "")
            + "\n"
        )
        return
    from hookdash.core import EVENTS, hidden_refs

    groups: dict[str, dict[str, list[Any]]] = {}
    for hook in snap.hooks:
        groups.setdefault(hook.event, {}).setdefault(hook.layer_label, []).append(hook)
    hidden = hidden_refs(snap.hooks, snap.problems)
    id_width = min(28, max(len(shorten(h.shown.id, 28)) for h in snap.hooks))
    state_width = 1 + max(visible_len(_state(h, s, h.ref in hidden)) for h in snap.hooks)

    order = [e for e in EVENTS if e in groups] + [e for e in groups if e not in EVENTS]
    for event in order:
        layers = groups[event]
        out.write("\n" + s.bold(visible(event)) + "\n")
        for hooks in layers.values():
            first = hooks[0]
            out.write(f"  {s.cyan(first.shown.layer_label)} {s.dim(env.display(first.file))}\n")
            for hook in hooks:
                line = _hook_line(hook, s, id_width, state_width, hook.ref in hidden)
                out.write(line + "\n")
                for reason in _explanations(hook):
                    out.write(f"      {s.dim('↳ ' + reason)}\n")
                for text in unknown_texts(hook, env.display):
                    out.write(f"      {s.dim(text)}\n")
    counts = _counts(snap)
    out.write("\n" + s.dim(counts) + "\n")


def _hook_line(hook: Any, s: Style, id_width: int, state_width: int, hidden: bool = False) -> str:
    shown = hook.shown
    state = pad(_state(hook, s, hidden), state_width)
    ident = pad(s.cut(shown.id, id_width), id_width)
    matcher = f" [{s.cut(shown.matcher, 24)}]" if shown.matcher else ""
    line = f" L{hook.line}" if hook.line else ""
    command = ""
    if hook.name and hook.command:
        command = "  " + s.dim(s.cut(shown.command, 48))
    from hookdash.core import unknown_badge

    unknown = unknown_badge(hook)
    marks = s.dim(" " + unknown) if unknown else ""
    return f"    {state}{ident}{matcher}{s.dim(line)}{command}{risk_mark(hook.risks, s)}{marks}"


def _explanations(hook: Any) -> list[str]:
    from hookdash.core import hook_notes  # shared with the dashboard

    return hook_notes(hook)


def _counts(snap: Any) -> str:
    from hookdash.core import count_hooks

    return count_hooks(snap.hooks).text


def _header(snap: Any, env: Any, s: Style) -> str:
    from hookdash.core import describe, describe_gemini

    installed = snap.gemini.installed
    lines = [
        s.bold("workspace ") + env.display(snap.workspace),
        f"folder {visible(describe(snap.folder_trust))} · "
        f"hooks {'on' if snap.hooks_enabled else 'OFF'}",
        visible(describe_gemini(snap.gemini))
        + (s.dim(f" ({env.display(installed.path)})") if installed else ""),
    ]
    return "\n".join(lines) + "\n"


def _banners(snap: Any, env: Any, s: Style) -> list[str]:
    from hookdash.core import banner_problems, problem_location  # the dashboard's too

    lines = []
    for p in banner_problems(snap.problems):
        where = problem_location(p, env.display)
        where = f" ({where})" if where else ""
        mark = s.red("✖") if p.severity == "error" else s.yellow("!")
        lines.append(f"{mark} {p.shown.message}{s.dim(where)}")
    return lines


# --------------------------------------------------------------------------- check


def cmd_check(args: argparse.Namespace) -> int:
    fixes = apply_fixes(args) if args.fix else None
    config = configuration(args)
    snap = config.snapshot
    others = [] if args.host is not None else other_parts(config)
    problems = snap.problems
    every = problems + [p for _, other_snap in others for p in other_snap.problems]
    # Your own hooks (every agent's) and the known bad patterns: the check without --host.
    quiet = bool(args.json) or args.format != "text"  # machine output: no note beside it
    snaps = [snap, *(other_snap for _, other_snap in others)]
    machine = _machine_problems(snap.workspace, snaps, quiet) if args.host is None else []
    every = every + machine
    failed = EXIT_FAILED if any(p.severity == "error" for p in every) else EXIT_OK
    if not args.json and args.format != "text":
        from hookdash.cli.scanning import print_findings
        from hookdash.core import problem_findings

        if args.format == "json":
            args.json = True
        else:
            findings = [
                *problem_findings(problems, snap.workspace, snap.host),
                *(
                    f
                    for other, other_snap in others
                    for f in problem_findings(other_snap.problems, snap.workspace, other.name)
                ),
                *problem_findings(machine, snap.workspace, None),
            ]
            print_findings(args.format, findings, snap.workspace)
            return failed
    if args.json:
        records = [p.model_dump(mode="json") for p in problems]
        if args.host is None:  # every host's problems: each says whose it is
            records = (
                [{**r, "host": snap.host} for r in records]
                + [
                    {**p.model_dump(mode="json"), "host": other.name}
                    for other, other_snap in others
                    for p in other_snap.problems
                ]
                + [{**p.model_dump(mode="json"), "host": None} for p in machine]
            )
        print_json(
            {
                "workspace": snap.workspace,
                "errors": sum(p.severity == "error" for p in every),
                "warnings": sum(p.severity == "warning" for p in every),
                "problems": records,
                **({"fixes": fixes.model_dump(mode="json")} if fixes is not None else {}),
            }
        )
        return failed
    env = config.env
    mine: list[tuple[str | None, list[Any], Any]] = [("your machine", machine, env)]
    if not others:
        if machine:
            parts_of: list[tuple[str | None, list[Any], Any]] = [(None, problems, env), *mine]
            return print_problems_of(parts_of, f"the hooks of {env.display(snap.workspace)}")
        return print_problems(problems, env, f"the hooks of {env.display(snap.workspace)}")
    from hookdash.cli.any_host import Places
    from hookdash.core import host

    first = host(snap.host)
    parts: list[tuple[str | None, list[Any], Any]] = [(first.label, problems, env)]
    parts += [(o.label, o_snap.problems, Places(o_snap.home)) for o, o_snap in others]
    parts += mine
    names = [first.label, *(o.label for o, _ in others)]
    labels = ", ".join(names[:-1]) + " and " + names[-1]
    return print_problems_of(parts, f"the {labels} hooks of {env.display(snap.workspace)}")


def _machine_problems(workspace: str, snapshots: list[Any], quiet: bool) -> list[Any]:
    """The baseline's changes (recorded silently on the first look, said once on stderr
    unless `quiet`) and the known bad patterns of the repository (`snapshots`: every
    host's, whose hooks' scripts are not planted files)."""
    import os
    from pathlib import Path

    from hookdash.cli.baseline import first_look_note
    from hookdash.core import watch_problems

    scripts = [
        s.path
        for snapshot in snapshots
        for h in snapshot.hooks
        for s in getattr(h, "scripts", None) or []
        if s.path
    ]
    status, found = watch_problems(Path(workspace), dict(os.environ), scripts)
    note = first_look_note(status)
    if note is not None and not quiet:
        print(note, file=sys.stderr)
    return found
