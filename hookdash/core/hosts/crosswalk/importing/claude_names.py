"""Names for imported Claude Code hooks, and their commands in Gemini's terms.

Every imported hook gets a name — from the script it runs, else what a runner such as npx
runs, else its program — unique among the hooks already configured. `$CLAUDE_PROJECT_DIR`
becomes `$GEMINI_PROJECT_DIR` (Gemini sets both, but only expands its own in the command).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

from hookdash.core.scripts import INTERPRETERS, first_simple_command

_RUNNERS = frozenset({"npx", "uvx", "bunx", "pnpx"})
_SCRIPT_SUFFIXES = (".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".pl")


def gemini_command(command: str) -> str:
    """The command with Claude's project variable replaced by Gemini's."""
    command = re.sub(r"\$\{CLAUDE_PROJECT_DIR\}", "${GEMINI_PROJECT_DIR}", command)
    return re.sub(r"\$CLAUDE_PROJECT_DIR\b", "$GEMINI_PROJECT_DIR", command)


_RUN_TOOLS = frozenset({"uv", "poetry", "pipenv", "npm", "pnpm", "yarn", "bun", "deno", "pdm"})
_TASK_TOOLS = frozenset({"npm", "pnpm", "yarn", "bun", "make", "cargo", "go", "just", "git"})
_PREFIX_WORDS = frozenset({"exec", "command", "env", "time", "nohup", "xargs", "sudo"})
_SPLIT = re.compile(r"\|\||&&|[|;&\n]")


def _candidate(words: list[str]) -> tuple[int, str] | None:
    """(rank, name) one simple command suggests: 0 a script file, 1 what a runner runs,
    2 the program itself."""
    words = [w for w in words if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", w)]
    while words and (words[0] in _PREFIX_WORDS or words[0].startswith("-")):
        words = words[1:]
    if not words:
        return None
    program = os.path.basename(words[0])
    inline = any(w in ("-c", "-e", "--eval") for w in words[1:])  # `bash -c '…'`: no file
    if (program in INTERPRETERS or program in _RUNNERS) and not inline:
        rest = [w for w in words[1:] if not w.startswith("-")]
        if rest:
            return (0 if "/" in rest[0] or "." in rest[0] else 1), os.path.basename(rest[0])
    if "/" in words[0]:
        return 0, program
    rest = [w for w in words[1:] if not w.startswith("-")]
    if program in _RUN_TOOLS and len(rest) >= 2 and rest[0] in ("run", "exec", "x"):
        return 1, os.path.basename(rest[1])  # `uv run ruff`, `npm run lint`: what it runs
    if program in _TASK_TOOLS and rest:
        return 2, f"{program}-{rest[0]}"  # `npm test`, `make lint`
    return 2, program


def name_from_command(command: str) -> str:
    """A short name for a hook: the script it runs (file name without suffix), else what a
    runner such as npx runs, else its first program."""
    found: list[tuple[int, str]] = []
    for part in _SPLIT.split(command):
        words = first_simple_command(part.strip())
        candidate = _candidate(words) if words else None
        if candidate is not None:
            found.append(candidate)
    if not found:
        return "hook"
    chosen = min(found, key=lambda c: c[0])[1]  # the best rank, the first of its rank
    for suffix in _SCRIPT_SUFFIXES:
        if chosen.endswith(suffix) and len(chosen) > len(suffix):
            chosen = chosen[: -len(suffix)]
            break
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", chosen).strip("-.")
    return name or "hook"


class NameBook:
    """Hands out hook names that do not clash with hooks already configured with another
    command, or with names this import gave to other commands.

    A name is `base`, else `base-2`, `base-3`…: the first free one. Trying them from the
    start for every hook made 2,000 hooks running `echo …` (all "echo") take 2 million
    tries; a name once taken stays taken for every other command, so each base remembers
    where its search ended, and only a name a command itself holds can be free to it
    below that point.
    """

    def __init__(self, existing: Iterable[tuple[str, str | None]]):
        self._existing: dict[str, list[str | None]] = {}
        for identifier, command in existing:
            self._existing.setdefault(identifier, []).append(command)
        self._given: dict[str, str] = {}  # name -> command
        self._named: dict[tuple[str, str], str] = {}  # (base, command) -> the name it got
        self._searched: dict[str, int] = {}  # base -> the suffix its next search starts at
        # command -> names free to it alone: given to it, or held only by hooks running it
        self._held: dict[str, list[str]] = {}
        for identifier, commands in self._existing.items():
            first = commands[0]
            if first is not None and all(c == first for c in commands):
                self._held.setdefault(first, []).append(identifier)

    def _free(self, name: str, command: str) -> bool:
        # A name already used for the same command is the same hook (imported before).
        if name in self._given:
            return self._given[name] == command
        return all(c == command for c in self._existing.get(name, []))

    def name(self, base: str, command: str) -> str:
        """The first of `base`, `base-2`, `base-3`… free for `command`."""
        chosen = self._named.get((base, command))
        if chosen is None:
            chosen = self._first_free(base, command)
            self._named[(base, command)] = chosen
            self._held.setdefault(command, []).append(chosen)
        self._given[chosen] = command
        return chosen

    def _first_free(self, base: str, command: str) -> str:
        start = self._searched.get(base, 1)
        below = [
            n
            for n in (_suffix(base, held) for held in self._held.get(command, ()))
            if n is not None and n < start and self._free(_numbered(base, n), command)
        ]
        if below:
            return _numbered(base, min(below))
        n = start
        while not self._free(_numbered(base, n), command):
            n += 1
        self._searched[base] = n + 1  # taken by `command` now: no other's from here on
        return _numbered(base, n)


def _numbered(base: str, n: int) -> str:
    return base if n == 1 else f"{base}-{n}"


def _suffix(base: str, name: str) -> int | None:
    """n where `name` is `_numbered(base, n)`, or None."""
    if name == base:
        return 1
    digits = name[len(base) + 1 :] if name.startswith(base + "-") else ""
    if digits.isascii() and digits.isdigit() and not digits.startswith("0") and int(digits) >= 2:
        return int(digits)
    return None
