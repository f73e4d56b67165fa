"""Known bad patterns of a repository (and of your own ~/.claude), each its own finding:

- an executable file in `.claude/` that no hook runs (`claude-dir-executable`): the
  repository's `.claude/` three levels down, and the top of your own `~/.claude/`;
- a hook that runs `node .github/….js` (`github-script-hook`), in any agent's file
  (`hookdash scan`'s hooks);
- a `.vscode/tasks.json` task whose `runOptions.runOn` is `folderOpen`
  (`vscode-folder-open-task`).
Every listing is capped and every read is the safe one (`core.disk.files`).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

from hookdash.core import jsonc
from hookdash.core.baseline.sources import agents_home
from hookdash.core.disk import files
from hookdash.core.display import shorten, visible
from hookdash.core.problems import Problem

MAX_ENTRIES = 2000
MAX_DEPTH = 3
_NODE_GITHUB = re.compile(r"\bnode(?:js)?\b[^|;&\n]*?\.github/[^\s'\"|;&]*\.[cm]?js\b")


def _executables(folder: Path, depth: int, budget: list[int]) -> list[Path]:
    out: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            found = sorted(entries, key=lambda e: e.name)
    except OSError:
        return out
    for entry in found:
        if budget[0] <= 0:
            break
        budget[0] -= 1
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISDIR(st.st_mode):
            if depth > 1:
                out += _executables(Path(entry.path), depth - 1, budget)
        elif stat.S_ISREG(st.st_mode) and st.st_mode & 0o111:
            out.append(Path(entry.path))
    return out


def executable_problems(
    workspace: Path, environ: Mapping[str, str], run_by_hooks: Iterable[str]
) -> list[Problem]:
    """Executables in the repository's `.claude/` and at the top of `~/.claude/` that no
    hook runs (`run_by_hooks`: the script paths the hooks run)."""
    known = {os.path.realpath(p) for p in run_by_hooks}
    home = agents_home(environ)
    places = [(workspace / ".claude", MAX_DEPTH), (home / ".claude", 1)]
    seen: set[str] = set()
    out: list[Problem] = []
    for folder, depth in places:
        for path in _executables(folder, depth, [MAX_ENTRIES]):
            real = os.path.realpath(path)
            if real in known or real in seen:
                continue
            seen.add(real)
            out.append(
                Problem(
                    severity="warning",
                    code="claude-dir-executable",
                    message=f"{visible(str(path))} is executable and no hook runs it.",
                    fix="Read it; remove it if you do not know why it is there.",
                    file=str(path),
                )
            )
    return out


def github_script_problems(hooks: Iterable[tuple[str, str, int | None, str]]) -> list[Problem]:
    """`hooks`: (agent, file, line, command) of every hook in the repository."""
    out: list[Problem] = []
    for agent, file, line, command in hooks:
        match = _NODE_GITHUB.search(command)
        if match is None:
            continue
        out.append(
            Problem(
                severity="warning",
                code="github-script-hook",
                message=f"A {visible(agent)} hook runs "
                f"`{visible(shorten(match.group(0), 80))}`: JavaScript kept beside the CI "
                "workflows, run at every event.",
                fix="Read the script; keep the hook only if you know it.",
                file=file,
                line=line,
            )
        )
    return out


def vscode_task_problems(workspace: Path) -> list[Problem]:
    path = workspace / ".vscode" / "tasks.json"
    try:
        text = files.read_text(path, cap=4 * 1024 * 1024)
    except OSError:
        return []
    try:
        value = jsonc.parse(text.removeprefix("\ufeff"), comments=True)
    except jsonc.JsonParseError:
        return []
    tasks = value.get("tasks") if isinstance(value, dict) else None
    lines = jsonc.LineFinder(text)
    out: list[Problem] = []
    for i, task in enumerate(tasks if isinstance(tasks, list) else []):
        if not isinstance(task, dict):
            continue
        options = task.get("runOptions")
        if not isinstance(options, dict) or options.get("runOn") != "folderOpen":
            continue
        command = task.get("command")
        args = task.get("args")
        words = [command] if isinstance(command, str) else []
        words += [a for a in args if isinstance(a, str)] if isinstance(args, list) else []
        label = task.get("label")
        name = f" '{visible(shorten(label, 40))}'" if isinstance(label, str) else ""
        pointer = f"/tasks/{i}/runOptions/runOn"
        out.append(
            Problem(
                severity="warning",
                code="vscode-folder-open-task",
                message=f"The VS Code task{name} runs when the folder opens: "
                f"`{visible(shorten(' '.join(words), 80))}`.",
                fix="Read the task; remove its runOptions.runOn if you do not want it to run "
                "on its own.",
                file=str(path),
                pointer=pointer,
                line=lines.line(pointer),
            )
        )
    return out
