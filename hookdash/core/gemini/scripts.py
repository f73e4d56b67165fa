"""Which file a hook command runs, so it can be checked, previewed and fingerprinted."""

from __future__ import annotations

import os
import re
import shlex
import shutil
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel

INTERPRETERS = frozenset(
    {
        "bash",
        "sh",
        "zsh",
        "dash",
        "ksh",
        "fish",
        "python",
        "python3",
        "node",
        "ruby",
        "perl",
        "php",
        "deno",
        "bun",
        "tsx",
        "ts-node",
        "pwsh",
        "powershell",
        "lua",
        "Rscript",
        "osascript",
    }
)
_PREFIXES = frozenset({"exec", "command", "time", "nohup", "env"})
_BUILTIN_WORDS = (
    "alias bg bind break builtin caller cd command compgen complete continue declare dirs "
    "disown echo enable eval exec exit export false fc fg getopts hash help history jobs "
    "kill let local logout mapfile popd printf pushd pwd read readarray readonly return set "
    "shift shopt source suspend test times trap true type typeset ulimit umask unalias "
    "unset wait if then else elif fi case esac for while until do done function select "
    "[ [[ { ! ."
)
_SHELL_BUILTINS = frozenset(_BUILTIN_WORDS.split())
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_VAR = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")
_CONTROL = re.compile(r"\|\||&&|[|;&\n]")


class ScriptInfo(BaseModel):
    """The program a hook's command starts: a script file, or a command on PATH."""

    path: str | None  # None: a command that is not on PATH
    program: str  # as written in the command
    kind: str  # "script" (run directly), "interpreted" (via bash/python/…), "command"
    exists: bool
    executable: bool


def _expand(token: str, variables: Mapping[str, str]) -> str | None:
    missing = False

    def repl(m: re.Match[str]) -> str:
        nonlocal missing
        name = m.group(1) or m.group(2)
        if name in variables:
            return variables[name]
        missing = True
        return m.group(0)

    out = _VAR.sub(repl, token)
    if out.startswith("~/") and "HOME" in variables:
        out = variables["HOME"] + out[1:]
    return None if missing else out


def first_simple_command(command: str) -> list[str] | None:
    """Words of the command's first simple command (before any | ; && ||), or None."""
    head = _CONTROL.split(command, maxsplit=1)[0]
    if not any(c in head for c in "'\"\\`"):
        # No quoting: plain word splitting is what shlex would do, only faster.
        words = head.split()
        for i, word in enumerate(words):
            if word.startswith("#"):
                return words[:i]
        return words
    try:
        return shlex.split(head, comments=True)
    except ValueError:
        return None


def find_script(command: str, cwd: Path, variables: Mapping[str, str]) -> ScriptInfo | None:
    """The file or command a hook runs, or None when it cannot be told statically."""
    return ScriptFinder(cwd, variables).find(command)


class ScriptFinder:
    """`find_script` for the many hooks of one configuration that share a working directory
    and variables: each program is resolved and looked up on disk once (2,000 hooks often
    run a few dozen scripts), and hooks that run the same one share its ScriptInfo."""

    def __init__(self, cwd: Path, variables: Mapping[str, str]):
        self._cwd = str(cwd)
        self._variables = variables
        self._found: dict[tuple[str, str], ScriptInfo | None] = {}

    def find(self, command: str) -> ScriptInfo | None:
        words = first_simple_command(command)
        if not words:
            return None
        i = 0
        while i < len(words) and (_ASSIGNMENT.match(words[i]) or words[i] in _PREFIXES):
            i += 1
        if i >= len(words):
            return None
        program = words[i]
        name = os.path.basename(program)
        if name in INTERPRETERS:
            rest = words[i + 1 :]
            if any(w in ("-c", "-e", "--eval", "-Command") for w in rest):
                return None  # inline code, no file
            target = next((w for w in rest if not w.startswith("-")), None)
            if target is None:
                return None
            key = ("interpreted", target)
        elif "/" in program:
            key = ("script", program)
        elif program in _SHELL_BUILTINS or "$" in program or "(" in program:
            return None
        else:
            key = ("command", program)
        try:
            return self._found[key]
        except KeyError:
            found = self._found[key] = self._look_up(*key)
            return found

    def _look_up(self, kind: str, program: str) -> ScriptInfo | None:
        if kind == "command":
            found = shutil.which(program, path=self._variables.get("PATH", os.defpath))
            return ScriptInfo(
                path=found,
                program=program,
                kind="command",
                exists=found is not None,
                executable=found is not None,
            )
        path = _resolve(program, self._cwd, self._variables)
        if path is None:
            return None
        is_file = os.path.isfile(path)
        if kind == "interpreted":  # the interpreter only needs to read it
            executable = os.access(path, os.R_OK)
        else:
            executable = is_file and os.access(path, os.X_OK)
        return ScriptInfo(
            path=path, program=program, kind=kind, exists=is_file, executable=executable
        )


def _resolve(token: str, cwd: str, variables: Mapping[str, str]) -> str | None:
    expanded = _expand(token, variables)
    if expanded is None or "*" in expanded or "?" in expanded:
        return None
    # os.path rather than pathlib: this runs once per script and pathlib parsing dominated.
    return os.path.normpath(os.path.join(cwd, expanded))
