"""Everything `check` says about your own hooks and the known bad patterns, in one call."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from hookdash.core.baseline.compare import BaselineStatus, baseline_problems, baseline_status
from hookdash.core.baseline.patterns import (
    executable_problems,
    github_script_problems,
    vscode_task_problems,
)
from hookdash.core.problems import Problem


def pattern_problems(
    workspace: Path, environ: Mapping[str, str], run_by_hooks: Iterable[str] = ()
) -> list[Problem]:
    """The known bad patterns of the repository at `workspace` (and of ~/.claude)."""
    from hookdash.core.scan.scan import scan_repository

    report = scan_repository(workspace)
    names = [(h.agent, os.path.join(report.root, h.file), h.line, h.command) for h in report.hooks]
    return (
        executable_problems(workspace, environ, run_by_hooks)
        + github_script_problems(names)
        + vscode_task_problems(workspace)
    )


def watch_problems(
    workspace: Path, environ: Mapping[str, str], run_by_hooks: Iterable[str] = ()
) -> tuple[BaselineStatus, list[Problem]]:
    """The baseline's changes (recording it on the first look) and the patterns."""
    status = baseline_status(environ)
    problems = baseline_problems(status, environ)
    return status, problems + pattern_problems(workspace, environ, run_by_hooks)
