"""`hookdash scan`: what every coding agent would run because of a repository's files,
for people (text) and for CI (JSON, SARIF, GitHub workflow commands); and the same
machine formats for `check`."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from hookdash.cli.output import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    Style,
    print_json,
    unknown_texts,
)

if TYPE_CHECKING:
    from hookdash.cli.options import Parser, SubParsers
    from hookdash.core import ScanReport

FORMATS = ("text", "json", "sarif", "github")
FAIL_ON = ("error", "warning", "note", "never")
_MARKS = {"error": "✖", "warning": "!", "note": "·"}


def add_scan_command(sub: SubParsers, common: Parser) -> None:
    p = sub.add_parser(
        "scan",
        parents=[common],
        help="every coding agent's hooks that a repository brings, and their risks",
        description=(
            "Read the project-level hook files of every coding agent (Gemini CLI, Claude "
            "Code, Qwen Code, Codex CLI, Cursor, Copilot CLI, Antigravity, Windsurf, Cline, "
            "Factory droid, OpenCode, Amp, Kiro, Goose, Tabnine, Devin Desktop) at the root "
            "of DIR, and nothing else: what would run if you opened it, and every agent "
            "that runs each hook."
        ),
    )
    p.add_argument("dir", nargs="?", metavar="DIR", help="the repository (default: the workspace)")
    p.add_argument(
        "--diff",
        metavar="BASE",
        help="only what the working tree adds or modifies since the git revision BASE",
    )
    add_format(p)
    p.add_argument(
        "--fail-on",
        choices=FAIL_ON,
        default="error",
        help="exit 1 when a finding at this level or worse exists (default: error)",
    )
    p.set_defaults(func=cmd_scan)


def add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (default), json, sarif (SARIF 2.1.0) or github (workflow commands)",
    )


def cmd_scan(args: argparse.Namespace) -> int:
    from hookdash.core import at_or_above, scan_repository

    root = args.dir or getattr(args, "workspace", None) or os.getcwd()
    if not os.path.isdir(root):
        raise CliError(f"{root!r} is not a directory", EXIT_USAGE)
    report: ScanReport
    if args.diff is not None:
        from hookdash.core import DiffError, scan_diff

        try:
            report = scan_diff(root, args.diff)
        except DiffError as exc:
            raise CliError(f"scan --diff: {exc}", EXIT_USAGE) from None
    else:
        report = scan_repository(root)
    fmt = "json" if getattr(args, "json", False) else args.format
    if fmt == "json":
        print_json(report)
    elif not print_findings(fmt, report.findings, report.root):
        _text(report)
    return EXIT_FAILED if at_or_above(report.findings, args.fail_on) else EXIT_OK


def print_findings(fmt: str, findings: list[Any], root: str) -> bool:
    """Print findings as SARIF or GitHub workflow commands; False for another format."""
    from hookdash import __version__
    from hookdash.core import github_commands, sarif_log

    if fmt == "sarif":
        print_json(sarif_log(findings, root=root, version=__version__))
        return True
    if fmt == "github":
        for line in github_commands(findings):
            print(line)
        return True
    return False


def _text(report: Any) -> None:
    from hookdash.core import AGENT_NAMES, shorten, visible

    s = Style(sys.stdout)
    out = sys.stdout
    out.write(s.bold("scan ") + visible(report.root) + "\n")
    base = getattr(report, "base", None)
    if base is not None:
        out.write(f"changes since {visible(base)}\n")
        if not report.hooks and not report.findings:
            out.write("\nThe change adds or modifies no hook of any agent.\n")
    elif not report.agents:
        out.write(
            "\nNo agent hook files here: no coding agent runs a command because of this "
            "repository's files.\n"
        )
    by_file: dict[tuple[str, str], list[Any]] = {}
    for hook in report.hooks:
        by_file.setdefault((hook.agent, hook.file), []).append(hook)
    for (agent, file), hooks in by_file.items():
        out.write(f"\n{s.bold(AGENT_NAMES[agent])}  {s.dim(visible(file))}\n")
        for hook in hooks:
            matcher = f" [{visible(shorten(hook.matcher, 40))}]" if hook.matcher else ""
            name = f" {visible(hook.name)}:" if hook.name else ""
            line = s.dim(f"  line {hook.line}") if hook.line else ""
            out.write(f"  {s.cyan(visible(hook.event))}{matcher}{name}{line}\n")
            out.write(f"    {visible(shorten(hook.command, 200))}\n")
            for flag in hook.risks:
                where = f" ({visible(flag.file)}:{flag.line})" if flag.file else ""
                out.write(
                    f"    {s.yellow('! ' + flag.kind)}: {visible(shorten(flag.span.text, 60))}"
                    f"{where} — {visible(flag.why)}\n"
                )
            for text in unknown_texts(hook):
                out.write(f"    {s.dim(text)}\n")
            out.write(f"    {s.dim(visible(hook.runs_when))}\n")
            if hook.also_run_by:
                runners = [
                    AGENT_NAMES[hook.agent],
                    *(AGENT_NAMES[a.agent] for a in hook.also_run_by),
                ]
                added = "this adds a hook that runs" if base is not None else "runs"
                out.write(
                    f"    {s.bold(f'{added} in {len(runners)} agents')}: {', '.join(runners)}\n"
                )
                for also in hook.also_run_by:
                    out.write(f"      {AGENT_NAMES[also.agent]}: {s.dim(visible(also.when))}\n")
    shown = ("repo-hook", "risky-command", "not-understood")  # shown with their hook above
    others = [f for f in report.findings if f.rule_id not in shown]
    if others:
        out.write("\n" + s.bold("findings") + "\n")
        for f in others:
            mark = s.red(_MARKS[f.level]) if f.level == "error" else s.yellow(_MARKS[f.level])
            where = f"{f.file}:{f.line}" if f.file and f.line else (f.file or "")
            out.write(f"  {mark} {s.bold(f.rule_id)}  {s.dim(visible(where))}\n")
            out.write(f"    {visible(f.message)}\n")
    counts = {level: sum(f.level == level for f in report.findings) for level in _MARKS}
    agents = len({h.agent for h in report.hooks})
    settings = sum(h.kind == "setting" for h in report.hooks)
    servers = sum(h.kind == "mcp-server" for h in report.hooks)
    more = f" and {settings} settings command(s)" if settings else ""
    more += f" and {servers} MCP server(s)" if servers else ""
    out.write(
        f"\n{len(report.hooks) - settings - servers} hook(s){more} from {agents} agent(s) · "
        f"{counts['error']} error(s), "
        f"{counts['warning']} warning(s), {counts['note']} note(s)\n"
    )
