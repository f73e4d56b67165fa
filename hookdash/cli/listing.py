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
    visible_len,
)
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
    "legacy": "yellow",
    "hidden": "red",
}


def _state(hook: Any, s: Style, hidden: bool = False) -> str:
    """The dashboard's badges (core.present), coloured for a terminal."""
    from hookdash.core import hook_badges

    return " ".join(getattr(s, _BADGE_STYLE[b.kind])(b.label) for b in hook_badges(hook, hidden))


def cmd_list(args: argparse.Namespace) -> int:
    if args.host == "claude":
        from hookdash.cli.claude_host import cmd_list_claude

        return cmd_list_claude(args)
    config = configuration(args)
    snap = config.snapshot
    claude = None if args.host == "gemini" else claude_part(config)
    if args.json:
        print_json(snap if claude is None else both_hosts_json(snap, claude))
        return EXIT_OK
    s = Style(sys.stdout)
    _write_gemini_list(config, s, alone=claude is None)
    if claude is not None:
        from hookdash.cli.claude_host import write_claude_list

        sys.stdout.write("\n" + s.bold("── Claude Code ──") + "\n")
        write_claude_list(claude, s)
    return EXIT_OK


def claude_part(config: Any) -> Any:
    """Claude Code's snapshot of the same workspace, when Claude Code has any file there
    (`list` and `check` without `--host` cover every host that has one), else None."""
    from hookdash.core import load_claude_if_any

    env = config.env
    return load_claude_if_any(env.workspace, env.environ)


def both_hosts_json(snap: Any, claude: Any) -> dict[str, Any]:
    """`list --json` for both hosts: Gemini's snapshot object with Claude's hook records
    appended to `hooks` (each says its `host`), and the rest of Claude's snapshot under
    `claude`."""
    data: dict[str, Any] = snap.model_dump(mode="json")
    data["hooks"].extend(h.model_dump(mode="json") for h in claude.hooks)
    data["claude"] = claude.model_dump(mode="json", exclude={"hooks"})
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
    counts = _counts(snap)
    out.write("\n" + s.dim(counts) + "\n")


def _hook_line(hook: Any, s: Style, id_width: int, state_width: int, hidden: bool = False) -> str:
    shown = hook.shown
    state = pad(_state(hook, s, hidden), state_width)
    ident = pad(shorten(shown.id, id_width), id_width)
    matcher = f" [{shorten(shown.matcher, 24)}]" if shown.matcher else ""
    line = f" L{hook.line}" if hook.line else ""
    command = ""
    if hook.name and hook.command:
        command = "  " + s.dim(shorten(shown.command, 48))
    return f"    {state}{ident}{matcher}{s.dim(line)}{command}{risk_mark(hook.risks, s)}"


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


def problem_lines(problem: Any, env: Any, s: Style, host: str | None = None) -> list[str]:
    """One problem as `check` prints it: severity, code (and `host`, when `check` covers
    more than one) and where; message; fix."""
    from hookdash.core import problem_location

    marks = {"error": s.red("error  "), "warning": s.yellow("warning"), "info": s.cyan("info   ")}
    shown = problem.shown
    where = problem_location(problem, env.display)
    tag = f"{s.cyan('[' + host + ']')} " if host else ""
    lines = [
        f"{marks[problem.severity]} {tag}{s.bold(shown.code)}"
        + (f"  {s.dim(where)}" if where else "")
    ]
    lines.append(f"        {shown.message}")
    if shown.fix:
        lines.append(f"        {s.dim('fix: ' + shown.fix)}")
    return lines


def cmd_check(args: argparse.Namespace) -> int:
    if args.host == "claude":
        from hookdash.cli.claude_host import cmd_check_claude

        return cmd_check_claude(args)
    fixes = apply_fixes(args) if args.fix else None
    config = configuration(args)
    snap = config.snapshot
    claude = None if args.host == "gemini" else claude_part(config)
    problems = snap.problems
    every = problems + (claude.problems if claude is not None else [])
    failed = EXIT_FAILED if any(p.severity == "error" for p in every) else EXIT_OK
    if not args.json and args.format != "text":
        from hookdash.cli.scanning import print_findings
        from hookdash.core import problem_findings

        if args.format == "json":
            args.json = True
        else:
            print_findings(args.format, problem_findings(every, snap.workspace), snap.workspace)
            return failed
    if args.json:
        records = [p.model_dump(mode="json") for p in problems]
        if args.host is None:  # both hosts' problems: each says whose it is
            records = [{**r, "host": "gemini"} for r in records] + [
                {**p.model_dump(mode="json"), "host": "claude"} for p in every[len(problems) :]
            ]
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
    if claude is None:
        return print_problems(problems, env, f"the hooks of {env.display(snap.workspace)}")
    from hookdash.cli.claude_host import Places

    parts: list[tuple[str | None, list[Any], Any]] = [
        ("Gemini CLI", problems, env),
        ("Claude Code", claude.problems, Places(claude.home)),
    ]
    return print_problems_of(
        parts, f"the Gemini CLI and Claude Code hooks of {env.display(snap.workspace)}"
    )


def print_problems(problems: list[Any], env: Any, what: str) -> int:
    """`check`'s text report (each problem, then the counts) and its exit code; `env`
    shows paths (its `display`), `what` names what was checked."""
    return print_problems_of([(None, problems, env)], what)


def print_problems_of(parts: list[tuple[str | None, list[Any], Any]], what: str) -> int:
    """`check`'s text report over one or more hosts: `parts` are (the host's name, shown
    beside each of its problems when there is more than one host; its problems; what
    shows its paths)."""
    s = Style(sys.stdout)
    every = [p for _, problems, _ in parts for p in problems]
    if not every:
        print(f"No problems found in {what}.")
        return EXIT_OK
    for host, problems, env in parts:
        for p in problems:
            for line in problem_lines(p, env, s, host):
                print(line)
    errors = sum(p.severity == "error" for p in every)
    warnings = sum(p.severity == "warning" for p in every)
    print(f"\n{errors} error(s), {warnings} warning(s), {len(every) - errors - warnings} note(s)")
    return EXIT_FAILED if errors else EXIT_OK
