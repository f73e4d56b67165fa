"""The command line that opens a person's own editor at a file and line (`E`).

`$VISUAL` wins over `$EDITOR` (the Unix convention: VISUAL is the full-screen editor);
either may hold options (`code --wait`), split as the shell would. Editors known to take a
line as `+LINE` before the file (vi and its kin, nano, emacs and other emacs-likes) get
it, the VS Code family gets `--goto FILE:LINE`, Sublime Text, Helix and Zed `FILE:LINE`;
any other editor just gets the file. `run_editor` hands it the terminal.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import subprocess
from collections.abc import Mapping
from typing import Any

from textual.app import App, SuspendNotSupported

PLUS_LINE = frozenset(
    {
        "vi", "vim", "nvim", "gvim", "mvim", "view", "ex", "vis",
        "nano", "pico", "rnano",
        "emacs", "emacsclient", "mg", "jed", "joe", "jmacs", "jstar", "jpico",
        "kak", "micro", "ne",
    }
)  # fmt: skip
GOTO = frozenset({"code", "code-insiders", "codium", "cursor", "windsurf"})
COLON = frozenset({"subl", "sublime_text", "hx", "helix", "zed"})


def editor_name(environ: Mapping[str, str]) -> str | None:
    """The variable that names the editor (`VISUAL`, else `EDITOR`), or None."""
    for name in ("VISUAL", "EDITOR"):
        if environ.get(name, "").strip():
            return name
    return None


def editor_command(environ: Mapping[str, str], path: str, line: int | None) -> list[str] | None:
    """argv that opens `path` (at `line` where the editor takes one), or None when
    neither $VISUAL nor $EDITOR is set (or they do not split as shell words)."""
    variable = editor_name(environ)
    if variable is None:
        return None
    try:
        words = shlex.split(environ[variable])
    except ValueError:  # an unclosed quote
        return None
    if not words:
        return None
    program = os.path.basename(words[0]).removesuffix(".exe").lower()
    if line is None or line < 1:
        return [*words, path]
    if program in PLUS_LINE:
        return [*words, f"+{line}", path]
    if program in GOTO:
        return [*words, "--goto", f"{path}:{line}"]
    if program in COLON:
        return [*words, f"{path}:{line}"]
    return [*words, path]


async def run_editor(app: App[Any], argv: list[str]) -> int:
    """Run the editor with the terminal handed over; its exit code. OSError: no start."""
    try:
        with app.suspend():
            return subprocess.run(argv, check=False).returncode
    except SuspendNotSupported:
        # No terminal to hand over (e.g. a web or headless driver): a GUI editor
        # (or a script) can still run; it gets no terminal input.
        completed = await asyncio.to_thread(
            subprocess.run, argv, check=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        return completed.returncode
