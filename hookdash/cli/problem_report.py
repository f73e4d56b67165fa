"""`check`'s report of problems, one host's or several hosts': each problem (severity, code,
whose, where; message; fix), then the counts, and the exit code."""

from __future__ import annotations

import sys
from typing import Any

from hookdash.cli.output import EXIT_FAILED, EXIT_OK, Style


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
