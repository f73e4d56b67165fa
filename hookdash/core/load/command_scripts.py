"""Which scripts a hook's command runs, found the way bash finds them.

Gemini CLI runs a hook's command as `bash -c <command>` in the project directory. What a
reviewer is shown, and what hookdash fingerprints, must be the files bash will run, not a
file whose name merely looks like the command: so the command is parsed with
tree-sitter-bash (the parser the risk flags use) and walked as bash would run it.

- Every simple command of every list, pipeline, subshell, `$(…)`, `<(…)`, `if`/`case`/
  loop body, function body and `trap` counts, in order.
- Words are expanded as bash does (core.load.bash_words): braces first, then tilde
  (`~`, `~+`, `~-`, `~user`), parameters, word splitting, globs (bash's defaults for
  `bash -c`: a pattern matching nothing stays as written; `*` skips dot files), quotes.
- `cd DIR` (and `pushd`) changes the directory for what follows, in that shell only (a
  subshell's or a pipeline stage's `cd` does not leak out); a directory changed on one
  path through the command but not another is unknown afterwards.
- `bash -c CODE`, `sh -c`, `eval`, `trap CODE`, heredocs and here-strings fed to a shell
  are walked in turn; `source`/`.` and `bash FILE`, `python3 FILE`, `node FILE`, … name a
  script; so do `bash < FILE` and `cat FILE | sh`.
- `npm run X`, `npm test`, `yarn X`, `pnpm X`, `make X` follow into the project's own
  definition of X (core.load.project_tasks), which is walked too; the makefiles make
  `include`s are recorded.
- Files a program reaches by its own rules (core.load.reached_files) are recorded too:
  `node DIR` (package.json's `main`), `python -m pkg`, `uv run NAME` / `poetry run NAME`
  (pyproject entry points), `go run ./dir`, `awk -f F`, `sed -f F`, `perl -x F`, the files
  `find … -exec` runs, the list `xargs` reads its arguments from (and what it then runs),
  and `$BASH_ENV`, which bash reads before a `bash -c` or a script. A file that decides
  what runs without being run itself (package.json, pyproject.toml, a makefile, an xargs
  list) is recorded as kind "reached": fingerprinted and shown, not read as a script.

Where bash decides at run time (a program or a script path built from `$(…)`, a
variable hookdash does not know, `cd "$X"` before a relative path, code piped into a
shell), the result says so in `unresolved`, and nothing is guessed.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Final

from hookdash.core.findings import Unknown
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load import bash_words as bw
from hookdash.core.load.script_head import read_head
from hookdash.core.scripts import AGENT_PLACE_VARIABLES, SHELL_BUILTINS, ScriptInfo

if TYPE_CHECKING:
    from tree_sitter import Node

    from hookdash.core.load import reached_files as rf
    from hookdash.core.load.project_tasks import Task

# reached_files (what find, xargs, node, python -m, go run reach) and project_tasks (npm
# scripts, make targets) are imported where a command uses them: most hooks run neither.

MAX_DEPTH = 6  # nested code walked: `bash -c`, eval, npm scripts, make recipes
MAX_SCRIPTS = 32  # scripts recorded for one command
MAX_REASONS = 4
PARSE_LIMIT = 256 * 1024  # a longer command is not parsed (as the risk flags)

SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "busybox", "fish"})
_PYTHON = lazy_compile(r"^python[0-9.]*$")
_NODE = frozenset({"node", "nodejs"})
# Interpreters: (flags whose next word is code, flags taking an argument).
_INTERPRETERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "python": (frozenset({"-c"}), frozenset({"-W", "-X", "-Q"})),
    "node": (
        frozenset({"-e", "--eval", "-p", "--print"}),
        frozenset({"--input-type", "--env-file", "-C", "--conditions", "--title"}),
    ),
    "perl": (frozenset({"-e", "-E"}), frozenset({"-I", "-M", "-m"})),
    "ruby": (frozenset({"-e"}), frozenset({"-I", "-r", "-C", "-E"})),
    "php": (frozenset({"-r"}), frozenset({"-c", "-d", "-z"})),
    "lua": (frozenset({"-e"}), frozenset({"-l"})),
    "Rscript": (frozenset({"-e"}), frozenset()),
    "osascript": (frozenset({"-e"}), frozenset({"-l"})),
    "pwsh": (frozenset({"-Command", "-c", "-command"}), frozenset({"-ExecutionPolicy"})),
    "deno": (frozenset({"eval"}), frozenset()),
    "tsx": (frozenset({"-e", "--eval", "-p", "--print"}), frozenset()),
    "ts-node": (frozenset({"-e", "--eval", "-p", "--print"}), frozenset({"-r", "--require"})),
}
_NODE_PRELOAD = frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader"})
_OTHER_INTERPRETERS = frozenset({"powershell", "bun"})
# Programs that run the rest of their words as a command: (flags taking an argument,
# positional words before the command).
_WRAPPERS: dict[str, tuple[frozenset[str], int]] = {
    "exec": (frozenset({"-a"}), 0),
    "command": (frozenset(), 0),
    "builtin": (frozenset(), 0),
    "time": (frozenset(), 0),
    "nohup": (frozenset(), 0),
    "setsid": (frozenset(), 0),
    "chronic": (frozenset(), 0),
    "unbuffer": (frozenset(), 0),
    "nice": (frozenset({"-n", "--adjustment"}), 0),
    "ionice": (frozenset({"-c", "-n", "-p"}), 0),
    "timeout": (frozenset({"-s", "--signal", "-k", "--kill-after"}), 1),
    "stdbuf": (frozenset({"-i", "-o", "-e"}), 0),
    "sudo": (frozenset({"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R"}), 0),
    "doas": (frozenset({"-u", "-C"}), 0),
    "caffeinate": (frozenset({"-t", "-w"}), 0),
}
# Programs whose arguments decide what runs.
_SPECIAL = (
    SHELLS
    | _NODE
    | frozenset(_INTERPRETERS)
    | _OTHER_INTERPRETERS
    | frozenset(_WRAPPERS)
    | frozenset({"env", "npm", "yarn", "pnpm", "make", "gmake", "command", "type", "hash"})
    | frozenset({"xargs", "find", "uv", "poetry", "go", "sed", "gsed"})
    | frozenset({"awk", "gawk", "mawk", "nawk"})
)
_AWK = frozenset({"awk", "gawk", "mawk", "nawk"})
# Programs that reach project files by their own rules (core.load.reached_files).
_REACHING = frozenset({"xargs", "find", "uv", "poetry", "go", "sed", "gsed"}) | _AWK
_GO_ARGUMENT = frozenset(
    {"-C", "-o", "-p", "-tags", "-ldflags", "-gcflags", "-asmflags", "-mod", "-modfile"}
    | {"-overlay", "-exec", "-toolexec", "-pkgdir", "-buildmode", "-compiler", "-pgo"}
)
# xargs' options that take an argument (as a word of its own, or attached).
_XARGS_ARGUMENT = frozenset(
    {"-I", "-L", "-n", "-P", "-d", "-E", "-e", "-s", "-a", "--arg-file", "--delimiter"}
    | {"--max-args", "--max-lines", "--max-procs", "--max-chars", "--eof", "--replace"}
)
# uv's and poetry's `run` options that take an argument.
_RUN_ARGUMENT = frozenset(
    {"--with", "--with-editable", "--with-requirements", "--python", "-p", "--package"}
    | {"--extra", "--group", "--only-group", "--env-file", "--index", "--default-index"}
    | {"--index-url", "--extra-index-url", "--find-links", "-f", "--config-file", "-C"}
    | {"--cache-dir", "--color", "--no-group", "--script", "-s"}
)
_YARN_BUILTINS_WORDS = (
    "add audit autoclean bin cache check config create dedupe dlx exec explain generate- "
    "lock-entry global help import info init install link list login logout node npm "
    "outdated owner pack patch plugin policies publish rebuild remove search set stage "
    "tag team unlink unplug up upgrade upgrade-interactive version versions why workspace "
    "workspaces"
)
_YARN_BUILTINS = frozenset(_YARN_BUILTINS_WORDS.split())
_PNPM_BUILTINS_WORDS = (
    "add audit bin config create deploy dlx doctor env exec fetch i import init install "
    "install-test it licenses link list ll ls outdated pack patch patch-commit prune "
    "publish rb rebuild recursive remove rm root server setup store un uninstall unlink "
    "up update why"
)
_PNPM_BUILTINS = frozenset(_PNPM_BUILTINS_WORDS.split())
# A command that is one simple command of plain words and $NAME / ${NAME} (most hooks).
# (A run of plain characters is taken whole, `++`: none of them starts a `$NAME`, so the
# same commands match, at a fourth of the cost of one alternation a character.)
_SIMPLE = lazy_compile(r"^(?:[\w\s./:@%+,=-]++|\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\})*$")
_NAME_REF = lazy_compile(r"\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))")
_PLAIN = lazy_compile(r"^[\w\s./:@%+,=-]*$")
_PLAIN_WORD = lazy_compile(r"^[^\\{}*?\[~'\"$`]*$")  # nothing bash expands or unquotes
_SAFE_VALUE = lazy_compile(r"^[^\s*?\[]+$")  # a value that neither splits, vanishes nor globs
_IDENTIFIER = lazy_compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_ASSIGNMENT = lazy_compile(r"^([A-Za-z_][A-Za-z0-9_]*)\+?=(.*)$", re.S)
_PARAMETER = lazy_compile(r"^([A-Za-z_][A-Za-z0-9_]*|[0-9])(?:(:?[-=?+])(.*))?$", re.S)
# The directory of the running script, as scripts say it: `$(dirname "$0")`,
# `$(dirname -- "${BASH_SOURCE[0]}")`, `$(cd "$(dirname "$0")" && pwd)`.
_SELF_DIR = lazy_compile(
    r'^\$\(\s*(?:cd\s+"?)?\$\(\s*dirname\s+(?:--\s+)?"?\$(?:0|\{0\}|\{BASH_SOURCE(?:\[0\])?\}|BASH_SOURCE)"?'
    r'\s*\)(?:"?\s*(?:&&|;)\s*pwd(?:\s+-P)?\s*)?\)$|'
    r'^\$\(\s*dirname\s+(?:--\s+)?"?\$(?:0|\{0\}|\{BASH_SOURCE(?:\[0\])?\}|BASH_SOURCE)"?\s*\)$'
)
SCRIPT_WALK_BYTES = 256 * 1024  # a shell script longer than this is not walked
_STATEMENTS = frozenset(
    {
        "command",
        "redirected_statement",
        "list",
        "pipeline",
        "subshell",
        "compound_statement",
        "negated_command",
        "variable_assignment",
        "variable_assignments",
        "declaration_command",
        "unset_command",
        "function_definition",
        "for_statement",
        "c_style_for_statement",
        "while_statement",
        "if_statement",
        "case_statement",
        "test_command",
        "ERROR",
        "do_group",
        "elif_clause",
        "else_clause",
        "case_item",
    }
)


class CommandScripts:
    """What a command runs: the project's scripts and code, in the order bash reaches
    them; the program of its first simple command when that is a tool on PATH; and why
    hookdash cannot tell all of it, if it cannot."""

    __slots__ = ("program", "scripts", "unknowns", "unresolved")
    scripts: Final[tuple[ScriptInfo, ...]]
    program: Final[ScriptInfo | None]
    unresolved: Final[str | None]
    # The parts it could not follow, each with why (`unresolved` is their reasons, joined).
    unknowns: Final[tuple[Unknown, ...]]

    def __init__(
        self,
        scripts: tuple[ScriptInfo, ...] = (),
        program: ScriptInfo | None = None,
        unresolved: str | None = None,
        unknowns: tuple[Unknown, ...] = (),
    ) -> None:
        self.scripts = scripts
        self.program = program
        self.unresolved = unresolved
        self.unknowns = unknowns

    @property
    def primary(self) -> ScriptInfo | None:
        """The script a one-script view shows: the first one, else the program."""
        return self.scripts[0] if self.scripts else self.program


class _Dynamic(Exception):
    """A word whose value bash decides only when it runs."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _NotRun(Exception):
    """The command does not run at all (failglob and a pattern matched nothing)."""


class _Dyn:
    """A field hookdash cannot tell."""

    __slots__ = ("reason",)
    reason: Final[str]

    def __init__(self, reason: str) -> None:
        self.reason = reason


Field = str | _Dyn


_Env = dict[str, str | None]  # what a command sets for the program it runs


class _Unset:
    """A variable the command unset."""


_UNSET = _Unset()
_ABSENT = _Unset()


class _Vars:
    """A shell's variables: the environment it started with (shared, never copied: a
    load walks thousands of commands) under what the command itself set. A value of
    None: set, to what only the run knows."""

    __slots__ = ("base", "local")

    def __init__(
        self, base: Mapping[str, str], local: dict[str, str | _Unset | None] | None = None
    ) -> None:
        self.base = base
        self.local: dict[str, str | _Unset | None] = local if local is not None else {}

    def __contains__(self, name: str) -> bool:
        value = self.local.get(name, _ABSENT)
        if value is _ABSENT:
            return name in self.base
        return value is not _UNSET

    def get(self, name: str, default: str | None = None) -> str | None:
        value = self.local.get(name, _ABSENT)
        if value is _ABSENT:
            return self.base.get(name, default)
        return default if isinstance(value, _Unset) else value

    def __getitem__(self, name: str) -> str | None:
        if name not in self:
            raise KeyError(name)
        return self.get(name)

    def __setitem__(self, name: str, value: str | None) -> None:
        self.local[name] = value

    def pop(self, name: str) -> None:
        self.local[name] = _UNSET

    def update(self, values: Mapping[str, str | _Unset | None]) -> None:
        self.local.update(values)

    def copy(self) -> _Vars:
        return _Vars(self.base, dict(self.local))

    def known(self) -> dict[str, str]:
        """Every variable with a value the walk knows."""
        out = dict(self.base)
        for name, value in self.local.items():
            if isinstance(value, str):
                out[name] = value
            else:
                out.pop(name, None)
        return out


class _State:
    """What a shell knows at one point: its directory and variables."""

    __slots__ = ("cwd", "cwd_why", "glob", "oldpwd", "vars")
    cwd: str | None
    cwd_why: str | None
    oldpwd: str | None
    vars: _Vars
    glob: bw.Globbing

    def __init__(
        self,
        cwd: str | None,
        cwd_why: str | None,
        oldpwd: str | None,
        vars: _Vars,
        glob: bw.Globbing | None = None,
    ) -> None:
        self.cwd = cwd
        self.cwd_why = cwd_why
        self.oldpwd = oldpwd
        self.vars = vars
        self.glob = bw.Globbing() if glob is None else glob

    def copy(self) -> _State:
        return _State(self.cwd, self.cwd_why, self.oldpwd, self.vars.copy(), self.glob)

    def join(self, other: _State) -> _State:
        """The state after one of two paths through the command."""
        out = self.copy()
        if other.cwd != self.cwd:
            out.cwd = None
            out.cwd_why = (
                self.cwd_why
                or other.cwd_why
                or "it changes directory on one path through the command and not on another"
            )
        for name in set(self.vars.local) | set(other.vars.local):
            if self.vars.local.get(name, _ABSENT) != other.vars.local.get(name, _ABSENT):
                out.vars[name] = None
        return out


class _Stdin:
    """Where a command's standard input comes from, when a shell may read code there."""

    __slots__ = ("dynamic", "file", "stage", "text")
    file: Field | None
    text: str | None
    dynamic: str | None
    stage: Node | None  # the pipeline stage before it

    def __init__(
        self,
        file: Field | None = None,
        text: str | None = None,
        dynamic: str | None = None,
        stage: Node | None = None,
    ) -> None:
        self.file = file
        self.text = text
        self.dynamic = dynamic
        self.stage = stage


class _Source:
    """The command text and the bytes the parser saw (same offsets)."""

    def __init__(self, text: str) -> None:
        self.data = text.encode("utf-8", "replace")

    def text(self, node: Node) -> str:
        return self.data[node.start_byte : node.end_byte].decode("utf-8", "replace")


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ScriptFinder:
    """The scripts of the many hooks of one configuration that share a working directory
    and variables: each command is walked once, each file looked up once."""

    def __init__(self, cwd: Path | str, variables: Mapping[str, str]):
        self.root = os.path.normpath(str(cwd))
        # bash does not take IFS from its environment
        self._variables = {k: v for k, v in variables.items() if k != "IFS"}
        self._variables.setdefault("HOME", str(Path.home()))
        self._found: dict[str, CommandScripts] = {}
        self._by_program: dict[str, CommandScripts] = {}
        self._files: dict[tuple[str, str, str], ScriptInfo] = {}
        self._which: dict[tuple[str, str, str | None], str | None] = {}

    def find(self, command: str) -> CommandScripts:
        found = self._found.get(command)
        if found is None:
            # `./hooks/x.sh --flag N` for many N: what runs depends on the program alone.
            key = _program_key(command, self._variables.get)
            if key is None:
                found, _args = self._walk(command)
            else:
                found = self._by_program.get(key)
                if found is None:
                    found, by_args = self._walk(command)
                    if not by_args:  # a dispatcher's `$1.sh`: the words decide
                        self._by_program[key] = found
            self._found[command] = found
        return found

    def _walk(self, command: str) -> tuple[CommandScripts, bool]:
        """What the command runs, and whether a script's `$1`… decided any of it."""
        walk = _Walk(self)
        state = _State(self.root, None, None, _Vars(self._variables))
        try:
            walk.text(command, state, 0)
        except RecursionError:
            walk.unresolved("it nests too deeply for hookdash to read")
        found = CommandScripts(
            tuple(walk.scripts),
            walk.program,
            "; ".join(walk.reasons) if walk.reasons else None,
            tuple(walk.unknowns),
        )
        return found, walk.by_args

    def file_info(self, path: str, program: str, kind: str) -> ScriptInfo:
        key = (path, program, kind)
        info = self._files.get(key)
        if info is None:
            is_file = os.path.isfile(path)
            if kind in ("interpreted", "reached"):  # it only needs to be read
                executable = is_file and os.access(path, os.R_OK)
            else:
                executable = is_file and os.access(path, os.X_OK)
            info = self._files[key] = ScriptInfo(
                path=path, program=program, kind=kind, exists=is_file, executable=executable
            )
        return info

    def which(self, program: str, search: str, cwd: str | None) -> str | None:
        """The file bash runs for a program name, through PATH (relative entries, and an
        empty one, are relative to the directory it runs in)."""
        key = (program, search, cwd)
        if key in self._which:
            return self._which[key]
        found = None
        for entry in search.split(":"):
            directory = entry or "."
            if not os.path.isabs(directory):
                if cwd is None:
                    continue
                directory = os.path.join(cwd, directory)
            candidate = os.path.normpath(os.path.join(directory, program))
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                found = candidate
                break
        self._which[key] = found
        return found

    def inside(self, path: str) -> bool:
        return path == self.root or path.startswith(self.root.rstrip("/") + "/")

    def walkable(self, path: str) -> bool:
        """Whether a script's text may be read for what it runs: it lies (links resolved)
        in the project or a folder the agent names for the hook (a plugin's), never
        elsewhere (a repository's hook must not make hookdash read the home directory)."""
        real = os.path.realpath(path)
        places = {self.root, *(self._variables.get(v) for v in AGENT_PLACE_VARIABLES)}
        for place in places:
            if place and os.path.isabs(place):
                top = os.path.realpath(place)
                if real == top or real.startswith(top.rstrip("/") + "/"):
                    return True
        return False


def _plain_command(code: str, value_of: Callable[[str], str | None]) -> str | None:
    """`code` with its $NAME values put in, when it is one simple command of plain words
    (the values known, and neither splitting nor globbing); else None."""
    if "\n" in code.strip():
        return None
    if _PLAIN.match(code):
        return code
    if "$" not in code or not _SIMPLE.match(code):
        return None
    unknown = False

    def value(m: re.Match[str]) -> str:
        nonlocal unknown
        name = m.group(1) or m.group(2)
        found = value_of(name) if name not in ("PWD", "OLDPWD") else None
        if found is None or not _SAFE_VALUE.match(found):
            unknown = True  # the parser's walk says why, or splits it right
            return ""
        return found

    code = _NAME_REF.sub(value, code)
    return None if unknown else code


def _program_key(command: str, value_of: Callable[[str], str | None]) -> str | None:
    """The program of a plain command whose arguments cannot change what runs (a script
    run by its path), or None."""
    plain = _plain_command(command, value_of)
    if plain is None:
        return None
    first = plain.split(None, 1)[0] if plain.strip() else ""
    if "/" not in first or "=" in first:
        return None
    if first.startswith("/") and posixpath.basename(first) in _SPECIAL:
        return None  # /bin/bash x.sh, /usr/bin/env …: the arguments matter
    if first.startswith("/") and _PYTHON.match(posixpath.basename(first)):
        return None
    return first


def _placed(word: str, name: Field) -> Field:
    """A `find -exec` word with `{}` replaced by the file's name (unknown: unknown)."""
    if "{}" not in word:
        return word
    return word.replace("{}", name) if isinstance(name, str) else name


def _runs_its_arguments(program: Field) -> bool:
    """Whether a program runs a file its arguments name (a shell, an interpreter,
    `source`): then which files it is given decides what runs."""
    if not isinstance(program, str):
        return True
    base = posixpath.basename(program)
    return (
        base in SHELLS
        or base in _NODE
        or bool(_PYTHON.match(base))
        or base in _INTERPRETERS
        or base in _OTHER_INTERPRETERS
        or base in ("source", ".", "env", "exec", "xargs")
    )


def reach_unknowns(command: str, cwd: Path | str, variables: Mapping[str, str]) -> list[Unknown]:
    """The parts of `command` whose files hookdash cannot follow (a file decided when it
    runs, a list piped into xargs, what find picks…), each with why: the `reached`
    unknowns of core.load.understood's `hook_unknowns`, for any host."""
    return list(find_scripts(command, cwd, variables).unknowns)


def find_scripts(command: str, cwd: Path | str, variables: Mapping[str, str]) -> CommandScripts:
    """What `command` runs, for one hook (`ScriptFinder` for many)."""
    return ScriptFinder(cwd, variables).find(command)


class _Walk:
    """One command's walk: the scripts found, in order, and what could not be told."""

    def __init__(self, finder: ScriptFinder) -> None:
        self.finder = finder
        self.scripts: list[ScriptInfo] = []
        self._keys: set[tuple[str | None, str, str | None]] = set()
        self.program: ScriptInfo | None = None
        self.reasons: list[str] = []
        self.unknowns: list[Unknown] = []
        self.part = ""  # the simple command being walked, as the unknowns name it
        self.functions: set[str] = set()
        self._walked: set[str] = set()  # shell scripts walked for what they run
        self.by_args = False  # a script's positional parameter ($1…) was read
        self._first = True  # the next simple command is the command's first
        self.succeeded = False  # the last simple command surely succeeded (cd, true)

    # ---------------------------------------------------------------- results

    def unresolved(self, why: str) -> None:
        if why not in self.reasons and len(self.reasons) < MAX_REASONS:
            self.reasons.append(why)
            self.unknowns.append(Unknown(text=self.part, why=why))

    def add(self, info: ScriptInfo) -> None:
        key = (info.path, info.kind, info.target)
        if key not in self._keys and len(self.scripts) < MAX_SCRIPTS:
            self._keys.add(key)
            self.scripts.append(info)

    # ---------------------------------------------------------------- text

    def text(self, code: str, st: _State, depth: int) -> _State:
        """Walk shell code (a command, `bash -c` code, a recipe) in state `st`."""
        if depth > MAX_DEPTH:
            self.unresolved("it nests code more deeply than hookdash follows")
            return st
        if len(code) > PARSE_LIMIT:
            self.unresolved("it is too long for hookdash to read")
            return st
        simple = self._simple(code, st)
        if simple is not None:
            words, env = simple
            return self.run(words, st, depth, None, env)
        from hookdash.core.load.risks.syntax import _parser, parser_input

        try:
            tree = _parser().parse(parser_input(code))
        except Exception:  # C code fed hostile input: say so, never fail a listing
            self.unresolved("hookdash's bash parser cannot read it")
            return st
        root = tree.root_node
        if root.has_error:
            self.unresolved("part of it is not valid bash, so what bash runs is unclear")
        return self.block(root, st, depth, _Source(code))

    def _simple(self, code: str, st: _State) -> tuple[list[Field], dict[str, str | None]] | None:
        """The words of a command that is one plain simple command (no quoting, no
        expansion, no operator): most hooks, read without the parser."""
        plain = _plain_command(code, st.vars.get)
        if plain is None:
            return None
        words: list[Field] = list(plain.split())
        env: dict[str, str | None] = {}
        while words and isinstance(words[0], str) and (m := _ASSIGNMENT.match(words[0])):
            env[m.group(1)] = m.group(2)
            words.pop(0)
        if words and words[0] in ("if", "then", "for", "while", "until", "case", "function"):
            return None
        return words, env

    # ---------------------------------------------------------------- the tree

    def block(self, node: Node, st: _State, depth: int, src: _Source) -> _State:
        kids = node.children
        for i, child in enumerate(kids):
            if not child.is_named or child.type in ("comment", "heredoc_body"):
                continue
            if child.type not in _STATEMENTS:
                self.substitutions(child, st, depth, src)
                continue
            if i + 1 < len(kids) and kids[i + 1].type == "&":  # in the background: a subshell
                self.statement(child, st.copy(), depth, src)
            else:
                st = self.statement(child, st, depth, src)
        return st

    def statement(
        self, node: Node, st: _State, depth: int, src: _Source, stdin: _Stdin | None = None
    ) -> _State:
        kind = node.type
        if kind == "command":
            return self.command(node, st, depth, src, stdin)
        if kind == "redirected_statement":
            redirects = node.children_by_field_name("redirect")
            for redirect in redirects:
                self.substitutions(redirect, st, depth, src)
            body = node.child_by_field_name("body")
            if body is None:
                return st
            return self.statement(body, st, depth, src, self.stdin_of(redirects, st, src) or stdin)
        if kind == "list":
            parts = node.named_children
            self.succeeded = False
            left = self.statement(parts[0], st, depth, src)
            if len(parts) < 2:
                return left
            surely = self.succeeded and parts[0].type == "command"
            operator = next((c.type for c in node.children if c.type in ("&&", "||")), "&&")
            right = self.statement(parts[-1], left.copy(), depth, src)
            if surely:  # `cd dir && …`: the right side runs (&&) or never does (||)
                return right if operator == "&&" else left
            return left.join(right)
        if kind == "pipeline":
            before: Node | None = None
            for stage in node.named_children:
                pipe = _Stdin(stage=before) if before is not None else None
                self.statement(stage, st.copy(), depth, src, pipe)
                before = stage
            return st
        if kind == "subshell":
            self.block(node, st.copy(), depth, src)
            return st
        if kind in ("compound_statement", "negated_command"):
            return self.block(node, st, depth, src)
        if kind in ("variable_assignment", "variable_assignments"):
            for assignment in [node] if kind == "variable_assignment" else node.named_children:
                self.substitutions(assignment, st, depth, src)
                self.assign(assignment, st, src)
            return st
        if kind == "declaration_command":
            self.substitutions(node, st, depth, src)
            for child in node.named_children:
                if child.type == "variable_assignment":
                    self.assign(child, st, src)
            return st
        if kind == "unset_command":
            for child in node.named_children:
                st.vars.pop(src.text(child))
            return st
        if kind == "function_definition":
            name = node.child_by_field_name("name")
            if name is not None:
                self.functions.add(src.text(name))
            body = node.child_by_field_name("body")
            if body is not None:  # walked where it is defined: what a call would run
                self.statement(body, st.copy(), depth, src)
            return st
        if kind == "for_statement":
            return self.for_loop(node, st, depth, src)
        if kind == "ERROR":
            return self.block(node, st, depth, src)
        # if / while / case / c-style for and their parts: each part may or may not run.
        inner = st.copy()
        for child in node.named_children:
            if child.type in _STATEMENTS:
                inner = self.statement(child, inner, depth, src)
            else:
                self.substitutions(child, inner, depth, src)
        return st.join(inner)

    def for_loop(self, node: Node, st: _State, depth: int, src: _Source) -> _State:
        variable = node.child_by_field_name("variable")
        body = node.child_by_field_name("body")
        values: list[Field] = []
        for value in node.children_by_field_name("value"):
            self.substitutions(value, st, depth, src)
            values.extend(self.fields(value, st, src))
        if body is None or variable is None:
            return st
        name = src.text(variable)
        end = st
        static = [v for v in values if isinstance(v, str)]
        if values and len(static) == len(values) and len(values) <= 8:
            for word in static:
                inner = st.copy()
                inner.vars[name] = word
                end = end.join(self.statement(body, inner, depth, src))
            return end
        inner = st.copy()
        inner.vars[name] = None
        return st.join(self.statement(body, inner, depth, src))

    def substitutions(self, node: Node, st: _State, depth: int, src: _Source) -> None:
        """Walk every `$(…)`, backtick and `<(…)` in `node`: they run too."""
        stack = [node]
        while stack:
            n = stack.pop()
            if n.type in ("command_substitution", "process_substitution"):
                self.block(n, st.copy(), depth, src)
                continue
            stack.extend(reversed(n.children))

    def stdin_of(self, redirects: list[Node], st: _State, src: _Source) -> _Stdin | None:
        found: _Stdin | None = None
        for redirect in redirects:
            if redirect.type == "file_redirect":
                op = next((c for c in redirect.children if not c.is_named), None)
                target = redirect.child_by_field_name("destination")
                descriptor = redirect.child_by_field_name("descriptor")
                if op is None or op.type != "<" or target is None:
                    continue
                if descriptor is not None and src.text(descriptor) != "0":
                    continue
                fields = self.fields(target, st, src)
                found = _Stdin(file=fields[0] if len(fields) == 1 else _Dyn("several words"))
            elif redirect.type == "heredoc_redirect":
                found = self.heredoc(redirect, src)
            elif redirect.type == "herestring_redirect":
                found = self.herestring(redirect, st, src)
        return found

    def heredoc(self, redirect: Node, src: _Source) -> _Stdin:
        start = next((c for c in redirect.children if c.type == "heredoc_start"), None)
        body = next((c for c in redirect.children if c.type == "heredoc_body"), None)
        text = src.text(body) if body is not None else ""
        quoted = start is not None and any(q in src.text(start) for q in "'\"\\")
        if not quoted and ("$" in text or "`" in text):
            return _Stdin(dynamic="a here-document expanded when it runs")
        return _Stdin(text=text)

    def herestring(self, redirect: Node, st: _State, src: _Source) -> _Stdin:
        words = [c for c in redirect.named_children]
        fields: list[Field] = []
        for word in words:
            try:
                pieces = self.pieces(word, st, src)
            except _Dynamic as exc:
                return _Stdin(dynamic=exc.reason)
            fields.append("".join(p.ch if isinstance(p, bw.Char) else p.text for p in pieces))
        return _Stdin(text=" ".join(f for f in fields if isinstance(f, str)))

    # ---------------------------------------------------------------- words

    def fields(self, node: Node, st: _State, src: _Source) -> list[Field]:
        """The fields a word expands to (`_Dyn` for what only the run can tell)."""
        quick = self.quick(node, st, src)
        if quick is not None:
            return [quick]
        try:
            pieces = self.pieces(node, st, src)
        except _Dynamic as exc:
            return [_Dyn(exc.reason)]
        return self.expand(pieces, st)

    def expand(self, pieces: list[bw.Piece], st: _State) -> list[Field]:
        out: list[Field] = []
        home = st.vars.get("HOME")
        ifs = st.vars.get("IFS", " \t\n")
        for word in bw.expand_braces(pieces):
            tilded = bw.expand_tilde(word, home, st.cwd, st.oldpwd)
            if isinstance(tilded, str):
                out.append(_Dyn(tilded))
                continue
            if ifs is None and any(isinstance(p, bw.Value) and not p.quoted for p in tilded):
                out.append(_Dyn("IFS is set when it runs, so how it splits is unknown"))
                continue
            for one in bw.split_fields(tilded, ifs or ""):
                try:
                    globbed = bw.glob_field(one, st.cwd, st.glob)
                except bw.GlobFailed:
                    raise _NotRun from None
                if globbed is None:
                    out.append(
                        _Dyn(
                            f"{bw.text_of(one)} is matched in a directory hookdash cannot "
                            f"tell ({st.cwd_why})"
                        )
                    )
                else:
                    out.extend(globbed)
        return out

    def quick(self, node: Node, st: _State, src: _Source) -> str | None:
        """The one field of a word that no expansion step changes (plain text, quotes,
        known $NAME values that neither split nor glob), or None: expand it fully."""
        kind = node.type
        if kind in ("word", "number"):
            text = src.text(node)
            return text if _PLAIN_WORD.match(text) else None
        if kind == "raw_string":
            return src.text(node)[1:-1]
        if kind in ("simple_expansion", "expansion"):
            value = self._known(node, st, src)
            return value if value is not None and _SAFE_VALUE.match(value) else None
        if kind == "string":
            out = []
            for child in node.children:
                if child.type == '"':
                    continue
                if child.type == "string_content" and "\\" not in src.text(child):
                    out.append(src.text(child))
                elif child.type in ("simple_expansion", "expansion"):
                    value = self._known(child, st, src)
                    if value is None:
                        return None
                    out.append(value)
                else:
                    return None
            return "".join(out)
        if kind in ("concatenation", "command_name"):
            parts = [self.quick(child, st, src) for child in node.children]
            if any(p is None for p in parts):
                return None
            joined = "".join(p for p in parts if p is not None)
            return joined or None
        return None

    def _known(self, node: Node, st: _State, src: _Source) -> str | None:
        """The value of a plain `$NAME` or `${NAME}` the walk knows, else None."""
        text = src.text(node)
        name = text[2:-1] if text.startswith("${") else text[1:]
        if not (_IDENTIFIER.match(name) or name.isdigit()) or name in ("PWD", "OLDPWD"):
            return None
        self.by_args = self.by_args or (name.isdigit() and name != "0")
        return st.vars.get(name)

    def pieces(self, node: Node, st: _State, src: _Source) -> list[bw.Piece]:
        kind = node.type
        text = src.text(node)
        if kind in ("command_name", "concatenation"):
            out: list[bw.Piece] = []
            for child in node.children:
                out.extend(self.pieces(child, st, src))
            return out
        if kind == "raw_string":
            return bw.chars(text[1:-1], True) or [bw.Value("", True)]
        if kind == "ansi_c_string":
            return [bw.Value(bw.ansi_c(text[2:-1]), True)]
        if kind in ("string", "translated_string"):
            return self.quoted(node, st, src)
        if kind in ("simple_expansion", "expansion"):
            return [bw.Value(self.parameter(node, st, src), False)]
        if kind in ("command_substitution", "process_substitution"):
            here = self.self_dir(text, st)
            if here is not None:
                return [bw.Value(here, False)]
            raise _Dynamic(f"the output of {_short(text)}, known only when it runs")
        if kind == "arithmetic_expansion":
            raise _Dynamic(f"{_short(text)} is computed when it runs")
        if node.named_child_count == 0:
            return bw.unquoted_chars(text)
        raise _Dynamic(f"hookdash cannot tell what {_short(text)} becomes")

    def quoted(self, node: Node, st: _State, src: _Source) -> list[bw.Piece]:
        out: list[bw.Piece] = []
        for child in node.children:
            kind = child.type
            if kind == '"' or kind == '$"':
                continue
            if kind == "string":
                out.extend(self.quoted(child, st, src))
            elif kind in ("simple_expansion", "expansion"):
                out.append(bw.Value(self.parameter(child, st, src), True))
            elif kind == "command_substitution" and (here := self.self_dir(src.text(child), st)):
                out.append(bw.Value(here, True))
            elif kind in ("command_substitution", "arithmetic_expansion"):
                raise _Dynamic(f"the output of {_short(src.text(child))}, known only when it runs")
            else:
                out.extend(bw.double_quoted_chars(src.text(child)))
        return out or [bw.Value("", True)]

    def parameter(self, node: Node, st: _State, src: _Source) -> str:
        text = src.text(node)
        inner = text[1:] if node.type == "simple_expansion" else text[2:-1]
        match = _PARAMETER.match(inner)
        if match is None:
            raise _Dynamic(f"{_short(text)} is decided when it runs")
        name, op, default = match.groups()
        if op is None:
            return self.lookup(name, st)
        known = name in st.vars and st.vars[name] is not None
        value = st.vars.get(name) if known else None
        if op in (":-", ":=") and known and value:
            return value
        if op in ("-", "=") and known and value is not None:
            return value
        if op in (":-", "-", ":=", "=") and known and not any(c in default for c in "$`\\'\""):
            return default
        raise _Dynamic(f"{_short(text)} depends on ${name}, known only when it runs")

    def lookup(self, name: str, st: _State) -> str:
        if name == "PWD":
            if st.cwd is None:
                raise _Dynamic(f"$PWD is unknown: {st.cwd_why}")
            return st.cwd
        if name == "OLDPWD" and st.oldpwd is not None:
            return st.oldpwd
        if not _IDENTIFIER.match(name) and not (name.isdigit() and name in st.vars):
            raise _Dynamic(f"${name} is given when it runs")
        self.by_args = self.by_args or (name.isdigit() and name != "0")
        if name in st.vars:
            value = st.vars[name]
            if value is None:
                raise _Dynamic(f"${name} is set when it runs")
            return value
        raise _Dynamic(f"${name} is not set where hookdash looks; it may be when Gemini runs it")

    def assign(self, node: Node, st: _State, src: _Source) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        name = src.text(name_node)
        value_node = node.child_by_field_name("value")
        if value_node is None:
            st.vars[name] = ""
            return
        if value_node.type == "array":
            st.vars[name] = None
            return
        try:
            pieces = self.pieces(value_node, st, src)
        except _Dynamic:
            st.vars[name] = None
            return
        tilded = bw.expand_tilde(pieces, st.vars.get("HOME"), st.cwd, st.oldpwd)
        if isinstance(tilded, str):
            st.vars[name] = None
            return
        value = "".join(p.ch if isinstance(p, bw.Char) else p.text for p in tilded)
        appends = "+=" in src.text(node)[: value_node.start_byte - node.start_byte]
        if appends:
            before = st.vars.get(name, "")
            st.vars[name] = None if before is None else before + value
        else:
            st.vars[name] = value

    # ---------------------------------------------------------------- commands

    def command(
        self, node: Node, st: _State, depth: int, src: _Source, stdin: _Stdin | None
    ) -> _State:
        self.substitutions(node, st, depth, src)
        env: dict[str, str | None] = {}
        for child in node.children:
            if child.type == "variable_assignment":
                probe = st.copy()
                self.assign(child, probe, src)
                env.update({k: v for k, v in probe.vars.local.items() if not isinstance(v, _Unset)})
        name = node.child_by_field_name("name")
        if name is None:  # assignments alone set shell variables
            st.vars.update(env)
            return st
        words: list[Field] = []
        try:
            for child in [name, *node.children_by_field_name("argument")]:
                words.extend(self.fields(child, st, src))
        except _NotRun:
            return st
        own = self.stdin_of(node.children_by_field_name("redirect"), st, src)
        return self.run(words, st, depth, own or stdin, env, src)

    def run(
        self,
        words: list[Field],
        st: _State,
        depth: int,
        stdin: _Stdin | None,
        env: dict[str, str | None],
        src: _Source | None = None,
    ) -> _State:
        """A simple command, its words expanded."""
        self.part = _short(" ".join(w if isinstance(w, str) else "…" for w in words), 80)
        first, self._first = self._first, False
        self.succeeded = False
        words = list(words)
        while words:
            program = words[0]
            if isinstance(program, _Dyn):
                self.unresolved(f"the program it runs is decided when it runs: {program.reason}")
                return st
            base = posixpath.basename(program) if program.startswith("/") else program
            if base == "env":
                unwrapped = self._env(words[1:], st, env)
                if unwrapped is None:
                    return st
                words, st = unwrapped
                continue
            if base in ("command", "type", "hash") and any(w in ("-v", "-V") for w in words[1:2]):
                return st
            wrapper = _WRAPPERS.get(base)
            if wrapper is None:
                break
            words = self._unwrap(words[1:], *wrapper)
        if not words:
            return st
        program = words[0]
        assert isinstance(program, str)
        args = words[1:]
        if program in self.functions:
            return st
        if "/" in program and not program.startswith("/"):
            self.bash_env(st, env)
            self.script_file(program, st, "script", args=args, depth=depth)
            return st
        base = posixpath.basename(program)
        if program in ("cd", "pushd"):
            before = st.cwd
            self.cd(args, st)
            self.succeeded = st.cwd is not None and (st.cwd != before or args == ["."])
            return st
        if program in ("true", ":"):
            self.succeeded = True
            return st
        if program == "popd":
            st.cwd, st.cwd_why = None, "popd returns to a directory hookdash does not follow"
            return st
        if program in ("source", "."):
            sourced = args[0] if args else None
            if isinstance(sourced, _Dyn):
                self.unresolved(f"{program} reads a file decided when it runs: {sourced.reason}")
            elif sourced is not None:
                self.script_file(sourced, st, "interpreted", search_path=True)
            return st
        if program == "eval":
            return self.code_argument(
                " ".join(a for a in args if isinstance(a, str)),
                args,
                st,
                depth,
                "eval",
                same_shell=True,
            )
        if program == "trap":
            if args and isinstance(args[0], str) and args[0] not in ("-l", "-p", "-", ""):
                self.text(args[0], st.copy(), depth + 1)
            elif args and isinstance(args[0], _Dyn):
                self.unresolved(f"trap runs code decided when it runs: {args[0].reason}")
            return st
        if program in ("export", "declare", "typeset", "local", "readonly"):
            for arg in args:
                if isinstance(arg, str) and (m := _ASSIGNMENT.match(arg)):
                    st.vars[m.group(1)] = m.group(2)
            return st
        if program in ("read", "mapfile", "readarray", "getopts"):
            for arg in args:
                if isinstance(arg, str) and _IDENTIFIER.match(arg):
                    st.vars[arg] = None
            return st
        if program == "unset":
            for arg in args:
                if isinstance(arg, str):
                    st.vars.pop(arg)
            return st
        if program in ("set", "shopt"):
            self.options(program, args, st)
            return st
        if program in SHELL_BUILTINS:
            return st
        if base in SHELLS:
            self.shell(base, args, st, depth, stdin, env, src)
        elif _PYTHON.match(base) or base in _INTERPRETERS or base in _NODE:
            self.interpreter(base, args, st, stdin, src)
        elif base in ("npm", "yarn", "pnpm", "bun"):
            self.package_manager(base, args, st, depth)
        elif base in ("make", "gmake"):
            self.make(args, st, depth)
        elif base in _REACHING:
            if base == "xargs":
                self.xargs(args, st, depth, stdin, env)
            elif base == "find":
                self.find(args, st, depth, env)
            elif base in ("uv", "poetry"):
                self.project_run(base, args, st, depth, env)
            elif base == "go":
                self.go(args, st)
            else:
                self.program_files(base, args, st)
            if first and self.program is None:
                self.path_program(program, st, env, first)
        elif program.startswith("/"):
            self.bash_env(st, env)
            self.script_file(program, st, "script", args=args, depth=depth)
        else:
            self.path_program(program, st, env, first)
        return st

    def _env(
        self, args: list[Field], st: _State, env: dict[str, str | None]
    ) -> tuple[list[Field], _State] | None:
        """`env [-i] [-u NAME] [-C DIR] [-S STRING] [NAME=VALUE…] COMMAND…`."""
        i = 0
        while i < len(args):
            arg = args[i]
            if isinstance(arg, _Dyn):
                self.unresolved(f"env is given words decided when it runs: {arg.reason}")
                return None
            if arg in ("-u", "--unset"):
                i += 2
            elif arg in ("-C", "--chdir") and i + 1 < len(args):
                st = st.copy()
                self.cd([args[i + 1]], st)
                i += 2
            elif arg in ("-S", "--split-string") and i + 1 < len(args):
                target = args[i + 1]
                if isinstance(target, _Dyn):
                    self.unresolved(f"env -S is given code decided when it runs: {target.reason}")
                    return None
                return [*target.split(), *args[i + 2 :]], st
            elif arg.startswith("-") and arg != "-":
                i += 1
            elif _ASSIGNMENT.match(arg):
                m = _ASSIGNMENT.match(arg)
                assert m is not None
                env[m.group(1)] = m.group(2)
                i += 1
            else:
                break
        return args[i:], st

    @staticmethod
    def _unwrap(args: list[Field], with_argument: frozenset[str], positional: int) -> list[Field]:
        i = 0
        while i < len(args):
            arg = args[i]
            if not isinstance(arg, str):
                break
            if arg == "--":
                i += 1
                break
            if arg in with_argument:
                i += 2
            elif arg.startswith("-") and len(arg) > 1:
                i += 1
            else:
                break
        return args[i + positional :]

    def options(self, program: str, args: list[Field], st: _State) -> None:
        flags = [a for a in args if isinstance(a, str)]
        g = st.glob
        if program == "set":
            for i, a in enumerate(flags):
                if a.startswith("-") and not a.startswith("--") and "f" in a[1:]:
                    g = bw.Globbing(True, g.nullglob, g.failglob, g.dotglob, g.nocaseglob)
                elif a.startswith("+") and "f" in a[1:]:
                    g = bw.Globbing(False, g.nullglob, g.failglob, g.dotglob, g.nocaseglob)
                elif a in ("-o", "+o") and i + 1 < len(flags) and flags[i + 1] == "noglob":
                    g = bw.Globbing(a == "-o", g.nullglob, g.failglob, g.dotglob, g.nocaseglob)
        else:
            on = "-s" in flags
            if not on and "-u" not in flags:
                return
            values = {
                "noglob": g.noglob,
                "nullglob": g.nullglob,
                "failglob": g.failglob,
                "dotglob": g.dotglob,
                "nocaseglob": g.nocaseglob,
            }
            for name in flags:
                if name in values:
                    values[name] = on
                elif name in ("extglob", "globstar") and on:
                    self.unresolved(f"it sets {name}, whose patterns hookdash does not expand")
            g = bw.Globbing(**values)
        st.glob = g

    def cd(self, args: list[Field], st: _State) -> None:
        words = [a for a in args if not (isinstance(a, str) and a in ("-L", "-P", "-e", "-@"))]
        target: Field | None = words[0] if words else st.vars.get("HOME")
        if target is None or isinstance(target, _Dyn):
            why = target.reason if isinstance(target, _Dyn) else "$HOME is unknown"
            st.oldpwd, st.cwd = st.cwd, None
            st.cwd_why = f"it changes to a directory decided when it runs ({why})"
            return
        if target == "-":
            target = st.oldpwd or ""
            if not target:
                st.cwd, st.cwd_why = None, "cd - returns to a directory hookdash cannot tell"
                return
        cdpath = st.vars.get("CDPATH", "")
        if cdpath != "" and not target.startswith(("/", "./", "../")) and target not in (".", ".."):
            st.oldpwd, st.cwd = st.cwd, None
            st.cwd_why = "cd looks the directory up in $CDPATH"
            return
        if st.cwd is None and not target.startswith("/"):
            return  # still unknown
        new = os.path.normpath(os.path.join(st.cwd or "/", target))
        if os.path.isdir(new):  # cd into a missing directory fails and changes nothing
            st.oldpwd, st.cwd, st.cwd_why = st.cwd, new, None

    def code_argument(
        self, code: str, args: list[Field], st: _State, depth: int, what: str, same_shell: bool
    ) -> _State:
        dynamic = next((a for a in args if isinstance(a, _Dyn)), None)
        if dynamic is not None:
            self.unresolved(f"{what} runs code decided when it runs: {dynamic.reason}")
            return st
        if same_shell:
            return self.text(code, st, depth + 1)
        self.text(code, st.copy(), depth + 1)
        return st

    def self_dir(self, text: str, st: _State) -> str | None:
        """The value of `$(dirname "$0")` and its kin in a script walked with its path as
        `$0` (None: not that idiom, or not in such a script)."""
        script = st.vars.get("0")
        if script is None or not script.startswith("/") or _SELF_DIR.match(text) is None:
            return None
        return posixpath.dirname(script)

    def script_body(self, path: str, args: list[Field], st: _State, depth: int) -> None:
        """Walk a shell script the hook runs, with its path as `$0` and the hook's words as
        `$1`…: what it runs in turn is recorded (a dispatcher's `"$(dirname "$0")/$1.sh"`).
        Only the files found count: what the script leaves to the run is for the reader
        of the script (the risk flags and `unknowns` read it whole)."""
        if depth >= MAX_DEPTH or path in self._walked or not self.finder.walkable(path):
            return
        self._walked.add(path)
        try:
            if os.path.getsize(path) > SCRIPT_WALK_BYTES:
                return
        except OSError:
            return
        head = read_head(path)  # the read the risk flags share
        if head.text is None or head.truncated or head.binary:
            return
        first = head.text.split("\n", 1)[0]
        if first.startswith("#!") and not any(
            posixpath.basename(w) in SHELLS for w in first[2:].split()[:2]
        ):
            return  # python, node, …: not shell
        inner = st.copy()
        inner.vars["0"] = path
        for number, arg in enumerate(args[:9], start=1):
            inner.vars[str(number)] = arg if isinstance(arg, str) else None
        reasons, unknowns, part = list(self.reasons), list(self.unknowns), self.part
        before, program = len(self.scripts), self.program
        self.text(head.text, inner, depth + 1)
        self.reasons, self.unknowns, self.part = reasons, unknowns, part
        # Only files that are there: a script's `[ -x ./local.sh ] && ./local.sh` must not
        # make its hook's script "missing". The tools it calls are not the hook's program.
        for info in self.scripts[before:]:
            if not (info.exists or info.is_task):
                self._keys.discard((info.path, info.kind, info.target))
        self.scripts[before:] = [i for i in self.scripts[before:] if i.exists or i.is_task]
        self.program = program

    def bash_env(self, st: _State, env: Mapping[str, str | None]) -> None:
        """The file in `$BASH_ENV`, which a non-interactive bash reads before anything
        else (a `bash -c`, a bash script)."""
        if "BASH_ENV" in env:
            value = env["BASH_ENV"]
        elif "BASH_ENV" in st.vars:
            value = st.vars.get("BASH_ENV")
        else:
            return
        if value is None or any(c in value for c in "$`"):
            self.unresolved("bash reads $BASH_ENV first, a file decided when it runs")
        elif value:
            self.script_file(value, st, "interpreted")

    def script_file(
        self,
        word: str,
        st: _State,
        kind: str,
        *,
        search_path: bool = False,
        args: list[Field] | None = None,
        depth: int = 0,
    ) -> None:
        """The file a word names, relative to the directory the shell is in."""
        if word.startswith("/"):
            path = os.path.normpath(word)
        elif st.cwd is None:
            self.unresolved(
                f"it runs {_short(word)} in a directory hookdash cannot tell: {st.cwd_why}"
            )
            return
        else:
            path = os.path.normpath(os.path.join(st.cwd, word))
        if search_path and "/" not in word and not os.path.isfile(path):
            found = self.finder.which(word, st.vars.get("PATH") or os.defpath, st.cwd)
            path = found or path
        info = self.finder.file_info(path, word, kind)
        self.add(info)
        if args is not None and info.exists:
            self.script_body(path, args, st, depth)

    def path_program(
        self, program: str, st: _State, env: dict[str, str | None], first: bool
    ) -> None:
        """A program looked up on PATH: a project script when PATH leads into the project;
        else a tool, recorded for the command's first simple command."""
        search = env.get("PATH", st.vars.get("PATH"))
        if search is None:
            search = os.defpath
        found = self.finder.which(program, search, st.cwd)
        if found is not None and self.finder.inside(found):
            self.add(self.finder.file_info(found, program, "script"))
        elif first and self.program is None:
            self.program = ScriptInfo(
                path=found,
                program=program,
                kind="command",
                exists=found is not None,
                executable=found is not None,
            )

    # ---------------------------------------------------------------- interpreters

    def shell(
        self,
        base: str,
        args: list[Field],
        st: _State,
        depth: int,
        stdin: _Stdin | None,
        env: dict[str, str | None],
        src: _Source | None,
    ) -> None:
        code_next = reads_stdin = False
        i = 0
        while i < len(args):
            arg = args[i]
            if isinstance(arg, _Dyn):
                break  # a word only the run can tell: read as the code or the script
            if arg == "--":
                i += 1
                break
            if arg == "-":
                reads_stdin = True
                i += 1
                break
            if arg in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file"):
                i += 2
                continue
            if arg.startswith("--"):
                i += 1
                continue
            if arg[:1] in ("-", "+") and len(arg) > 1:
                code_next = code_next or "c" in arg[1:]
                reads_stdin = reads_stdin or "s" in arg[1:]
                i += 1
                continue
            break
        rest = args[i:]
        if base == "busybox":
            return  # an applet, not a shell (busybox sh … is rare; read as a tool)
        if base == "bash":
            self.bash_env(st, env)
        if code_next:
            if not rest:
                return
            code = rest[0]
            if isinstance(code, _Dyn):
                self.unresolved(f"{base} -c runs code decided when it runs: {code.reason}")
                return
            inner = st.copy()
            inner.vars.update(env)
            self.text(code, inner, depth + 1)
            return
        if rest and not reads_stdin:
            script = rest[0]
            if isinstance(script, _Dyn):
                self.unresolved(f"{base} runs a script decided when it runs: {script.reason}")
                return
            self.script_file(
                script, st, "interpreted", search_path=True, args=rest[1:], depth=depth
            )
            return
        self.stdin_code(base, stdin, st, depth, src, shell=True)

    def stdin_code(
        self,
        base: str,
        stdin: _Stdin | None,
        st: _State,
        depth: int,
        src: _Source | None,
        *,
        shell: bool,
    ) -> None:
        """The program a shell or interpreter reads on its standard input."""
        if stdin is None:
            return  # the hook's input: Gemini's JSON payload
        if stdin.file is not None:
            if isinstance(stdin.file, _Dyn):
                self.unresolved(
                    f"{base} reads code from a file decided when it runs: {stdin.file.reason}"
                )
            else:
                self.script_file(stdin.file, st, "interpreted")
            return
        if stdin.dynamic is not None:
            self.unresolved(f"{base} reads its code from {stdin.dynamic}")
            return
        if stdin.text is not None:
            if shell:
                self.text(stdin.text, st.copy(), depth + 1)
            return
        if stdin.stage is not None and src is not None:
            self.piped(base, stdin.stage, st, depth, src, shell)

    def piped(
        self, base: str, stage: Node, st: _State, depth: int, src: _Source, shell: bool
    ) -> None:
        """`cat FILE | sh` runs FILE; `echo CODE | sh` runs CODE; anything else piped into
        a shell or an interpreter is code hookdash cannot read before it runs."""
        if stage.type == "command":
            name = stage.child_by_field_name("name")
            words: list[Field] = []
            try:
                for child in [name, *stage.children_by_field_name("argument")] if name else []:
                    words.extend(self.fields(child, st.copy(), src))
            except _NotRun:
                return
            read = words[1] if words[:1] == ["cat"] and len(words) == 2 else None
            if isinstance(read, str) and read != "-":
                self.script_file(read, st, "interpreted")
                return
            if words and words[0] in ("echo", "printf") and all(isinstance(w, str) for w in words):
                if shell:
                    self.text(
                        " ".join(w for w in words[1:] if isinstance(w, str)), st.copy(), depth + 1
                    )
                return
        self.unresolved(
            f"{base} runs code piped in from `{_short(src.text(stage))}`, which "
            "hookdash cannot read before it runs"
        )

    def interpreter(
        self, base: str, args: list[Field], st: _State, stdin: _Stdin | None, src: _Source | None
    ) -> None:
        family = "python" if _PYTHON.match(base) else "node" if base in _NODE else base
        code_flags, with_argument = _INTERPRETERS.get(family, (frozenset(), frozenset()))
        i = 0
        if family == "deno":
            first = args[0] if args else None
            if first != "run":
                return  # deno eval / test / fmt …: no file of its own here
            i = 1
        while i < len(args):
            arg = args[i]
            if isinstance(arg, _Dyn):
                self.unresolved(f"{base} is given words decided when it runs: {arg.reason}")
                return
            if arg == "--":
                i += 1
                break
            if arg == "-":
                self.stdin_code(base, stdin, st, 0, src, shell=False)
                return
            if arg in code_flags or any(
                arg.startswith(f) and len(f) == 2 for f in code_flags if f[:1] == "-"
            ):
                return  # the code is in the command itself (the risk flags read it)
            if family == "python" and arg.startswith("-m"):
                module = arg[2:] or (args[i + 1] if i + 1 < len(args) else "")
                if isinstance(module, str):
                    self.python_module(module, st)
                return
            if family == "node" and arg in _NODE_PRELOAD and i + 1 < len(args):
                preload = args[i + 1]
                if isinstance(preload, str) and preload.startswith(("./", "../", "/")):
                    self.script_file(preload, st, "interpreted")
                i += 2
                continue
            if arg in with_argument:
                i += 2
                continue
            if arg.startswith("-") and len(arg) > 1:
                i += 1
                continue
            break
        rest = args[i:]
        if not rest:
            self.stdin_code(base, stdin, st, 0, src, shell=False)
            return
        script = rest[0]
        if isinstance(script, _Dyn):
            self.unresolved(f"{base} runs a file decided when it runs: {script.reason}")
            return
        if family == "node" and st.cwd is not None:
            whole = os.path.normpath(os.path.join(st.cwd, script))
            if os.path.isdir(whole):  # `node .`: the package's main file
                from hookdash.core.load import reached_files as rf

                self.reached(rf.node_directory(whole), f"{base} {script}")
                return
            if not os.path.splitext(script)[1]:
                for suffix in ("", ".js", ".mjs", ".cjs"):
                    if os.path.isfile(os.path.join(st.cwd, script + suffix)):
                        script += suffix
                        break
        self.script_file(script, st, "interpreted")

    def python_module(self, module: str, st: _State) -> None:
        """`python -m X` runs the project's own X (its packages' `__init__.py`, then X.py
        or X/__main__.py) when there is one: the directory it runs in comes first on
        sys.path."""
        if st.cwd is None:
            return
        from hookdash.core.load import reached_files as rf

        self.reached(rf.python_module(st.cwd, module), "python -m " + module)

    def reached(self, found: rf.Reached, program: str) -> None:
        """Record what a program reaches by its own rules (core.load.reached_files)."""
        for path in found.read:
            self.add(self.finder.file_info(path, program, "reached"))
        for path in found.run:
            self.add(self.finder.file_info(path, program, "interpreted"))
        if found.why is not None:
            self.unresolved(found.why)

    # ---------------------------------------------------------------- project tasks

    def package_manager(self, base: str, args: list[Field], st: _State, depth: int) -> None:
        prefix: str | None = None
        positional: list[Field] = []
        i = 0
        while i < len(args):
            arg = args[i]
            if isinstance(arg, str) and arg in ("--prefix", "-C", "--cwd", "--dir"):
                nxt = args[i + 1] if i + 1 < len(args) else None
                if isinstance(nxt, _Dyn):
                    self.unresolved(f"{base} runs in a directory decided when it runs")
                    return
                prefix = nxt
                i += 2
                continue
            if isinstance(arg, str) and arg.startswith(("--prefix=", "--cwd=", "--dir=")):
                prefix = arg.split("=", 1)[1]
            elif isinstance(arg, str) and arg == "--":
                positional.extend(args[i + 1 :])
                break
            elif not (isinstance(arg, str) and arg.startswith("-")):
                positional.append(arg)
            i += 1
        if not positional:
            return
        sub = positional[0]
        if isinstance(sub, _Dyn):
            self.unresolved(f"{base} runs a command decided when it runs: {sub.reason}")
            return
        script: Field | None
        explicit = True
        if sub in ("run", "run-script", "rum", "urn"):
            script = positional[1] if len(positional) > 1 else None
        elif sub in ("test", "t", "tst"):
            script = "test"
        elif sub in ("start", "stop", "restart"):
            script = sub
        elif base == "npm":
            return  # install, exec, …: not one of the project's scripts
        elif (
            (base == "yarn" and sub not in _YARN_BUILTINS)
            or (base == "pnpm" and sub not in _PNPM_BUILTINS)
            or base == "bun"
        ):
            script, explicit = sub, False
        else:
            return
        if script is None:
            return
        if isinstance(script, _Dyn):
            self.unresolved(f"{base} runs a script decided when it runs: {script.reason}")
            return
        if base == "bun" and ("/" in script or os.path.splitext(script)[1]):
            self.script_file(script, st, "interpreted")
            return
        if st.cwd is None and not (prefix or "").startswith("/"):
            self.unresolved(f"{base} runs in a directory hookdash cannot tell: {st.cwd_why}")
            return
        directory = os.path.normpath(os.path.join(st.cwd or "/", prefix or "."))
        from hookdash.core.load.project_tasks import npm_scripts

        tasks = npm_scripts(directory, base, script, prepost=base in ("npm", "yarn"))
        if tasks.why is not None and (explicit or tasks.tasks):
            self.unresolved(tasks.why)
        for task in tasks.tasks:
            self.task(task, f"{base} run {script}", st, depth)

    def make(self, args: list[Field], st: _State, depth: int) -> None:
        directory = st.cwd
        makefile: str | None = None
        goals: list[str] = []
        overrides: dict[str, str] = {}
        i = 0
        while i < len(args):
            arg = args[i]
            if isinstance(arg, _Dyn):
                self.unresolved(f"make is given words decided when it runs: {arg.reason}")
                return
            nxt = args[i + 1] if i + 1 < len(args) else None
            if arg in ("-n", "--dry-run", "--just-print", "--recon", "-q", "--question"):
                return  # nothing is run
            if arg in ("-C", "--directory", "-f", "--file", "--makefile"):
                if not isinstance(nxt, str):
                    self.unresolved("make is given a directory or makefile decided when it runs")
                    return
                value, i = nxt, i + 2
            elif arg.startswith(("-C", "--directory=")) and len(arg) > 2:
                value, i = arg.split("=", 1)[1] if "=" in arg else arg[2:], i + 1
                arg = "-C"
            elif arg.startswith(("--file=", "--makefile=")) or (
                arg.startswith("-f") and len(arg) > 2
            ):
                value, i = arg.split("=", 1)[1] if "=" in arg else arg[2:], i + 1
                arg = "-f"
            else:
                if (
                    arg in ("-j", "-l", "-o", "-W", "-I", "--jobs")
                    and isinstance(nxt, str)
                    and (nxt.isdigit() or arg not in ("-j", "--jobs", "-l"))
                ):
                    i += 2
                elif arg.startswith("-"):
                    i += 1
                elif (m := _ASSIGNMENT.match(arg)) is not None:
                    overrides[m.group(1)] = m.group(2)
                    i += 1
                else:
                    goals.append(arg)
                    i += 1
                continue
            if arg in ("-C", "--directory"):
                if directory is None and not value.startswith("/"):
                    break
                directory = os.path.normpath(os.path.join(directory or "/", value))
            else:
                makefile = value
        if directory is None:
            self.unresolved(f"make runs in a directory hookdash cannot tell: {st.cwd_why}")
            return
        known = st.vars.known()
        from hookdash.core.load.project_tasks import make_targets

        tasks = make_targets(directory, makefile, goals, overrides, known)
        if tasks.why is not None:
            self.unresolved(tasks.why)
        for included in tasks.files:
            self.add(self.finder.file_info(included, "make", "reached"))
        for task in tasks.tasks:
            self.task(task, f"make {task.name}", st, depth)

    # ---------------------------------------------------------------- reached files

    def xargs(
        self, args: list[Field], st: _State, depth: int, stdin: _Stdin | None, env: _Env
    ) -> None:
        """`xargs [options] COMMAND…`: COMMAND runs with the items of its input list as
        more arguments (from `-a FILE`, or its standard input)."""
        listed: Field | None = None
        delimiter: str | None = None
        replace: str | None = None
        per_line = False
        per_call: int | None = None
        i = 0
        while i < len(args):
            arg = args[i]
            if not isinstance(arg, str) or not arg.startswith("-") or arg == "-":
                break
            if arg == "--":
                i += 1
                break
            name, _eq, attached = arg.partition("=")
            if not _eq and len(arg) > 2 and not arg.startswith("--") and arg[:2] in _XARGS_ARGUMENT:
                name, attached, _eq = arg[:2], arg[2:], "="
            value: Field | None = attached if _eq else None
            if name in _XARGS_ARGUMENT and not _eq:
                value = args[i + 1] if i + 1 < len(args) else None
                i += 1
            i += 1
            if name in ("-0", "--null"):
                delimiter = "\0"
            elif name in ("-a", "--arg-file"):
                listed = value
            elif name in ("-d", "--delimiter") and isinstance(value, str):
                delimiter = bw.ansi_c(value) if "\\" in value else value
            elif name in ("-I", "--replace", "-i"):
                replace, per_line = (value if isinstance(value, str) else "{}"), True
            elif name in ("-L", "--max-lines", "-n", "--max-args") and isinstance(value, str):
                per_call = int(value) if value.isdigit() and int(value) > 0 else None
                per_line = per_line or name in ("-L", "--max-lines")
        command = args[i:] or ["echo"]
        program = command[0]
        if not isinstance(program, str):
            self.unresolved(f"xargs runs a program decided when it runs: {program.reason}")
            return
        if listed is None and stdin is not None and stdin.file is not None:
            listed = stdin.file
        if listed is None:
            if _runs_its_arguments(program):
                source = "its standard input" if stdin is None else "what is piped into it"
                self.unresolved(
                    f"xargs runs {_short(program)} on the items of {source}, which hookdash "
                    "cannot read before it runs"
                )
            self.run(command, st.copy(), depth, None, dict(env))
            return
        if isinstance(listed, _Dyn):
            self.unresolved("xargs reads its arguments from a file decided when it runs")
            return
        path = listed if listed.startswith("/") else os.path.join(st.cwd or "", listed)
        if st.cwd is None and not listed.startswith("/"):
            self.unresolved(f"xargs reads {_short(listed)} in a directory hookdash cannot tell")
            return
        path = os.path.normpath(path)
        self.add(self.finder.file_info(path, "xargs", "reached"))
        from hookdash.core.load import reached_files as rf

        items, why = rf.xargs_items(path, delimiter, per_line)
        if items is None:
            self.unresolved(why)
            return
        calls: list[list[Field]]
        if replace is not None:
            calls = [
                [w.replace(replace, item) if isinstance(w, str) else w for w in command]
                for item in items
            ]
        elif per_call is not None:
            calls = [[*command, *items[k : k + per_call]] for k in range(0, len(items), per_call)]
        else:
            calls = [[*command, *items]]
        for call in calls[:MAX_SCRIPTS]:
            self.run(call, st.copy(), depth, None, dict(env))

    def find(self, args: list[Field], st: _State, depth: int, env: _Env) -> None:
        """`find … -exec COMMAND {} \\;`: COMMAND runs on every file find picks."""
        words = [a for a in args if isinstance(a, str)]
        if len(words) != len(args):
            if any(w in ("-exec", "-execdir", "-ok", "-okdir") for w in words):
                self.unresolved("find is given words decided when it runs")
            return
        from hookdash.core.load import reached_files as rf

        parsed = rf.parse_find(words)
        if not parsed.execs:
            return
        runs_found = any(
            "{}" in w and (k == 0 or _runs_its_arguments(ws[0]))
            for ws, _b in parsed.execs
            for k, w in enumerate(ws)
        )
        if st.cwd is None:
            if runs_found:
                self.unresolved(f"find runs in a directory hookdash cannot tell: {st.cwd_why}")
            return
        found = rf.find_files(st.cwd, parsed) if runs_found else rf.Reached()
        if found.why is not None:
            self.unresolved(found.why)
        elif runs_found:
            self.unresolved(
                "find picks the files it runs when it runs: a file added later is not in "
                "what hookdash recorded"
            )
        picked: list[Field] = list(found.run) or [_Dyn("a file find picks when it runs")]
        for exec_words, batched in parsed.execs:
            if not exec_words:
                continue
            calls: list[list[Field]]
            if batched:
                calls = [[x for w in exec_words for x in (picked if w == "{}" else [w])]]
            else:
                calls = [[_placed(w, name) for w in exec_words] for name in picked]
            for call in calls[:MAX_SCRIPTS]:
                self.run(call, st.copy(), depth, None, dict(env))

    def project_run(self, base: str, args: list[Field], st: _State, depth: int, env: _Env) -> None:
        """`uv run NAME` / `poetry run NAME`: a pyproject entry point, a `.py` file, or a
        program run in the project's environment."""
        if not args or args[0] != "run":
            return
        rest = list(args[1:])
        inner = st
        i = 0
        while i < len(rest):
            arg = rest[i]
            if not isinstance(arg, str) or not arg.startswith("-"):
                break
            if arg == "--":
                i += 1
                break
            if arg in ("--directory", "--project") and i + 1 < len(rest):
                inner = st.copy()
                self.cd([rest[i + 1]], inner)
                i += 2
                continue
            i += 2 if arg in _RUN_ARGUMENT else 1
        rest = rest[i:]
        if not rest:
            return
        name = rest[0]
        if isinstance(name, _Dyn):
            self.unresolved(f"{base} run runs a program decided when it runs: {name.reason}")
            return
        if inner.cwd is not None and "/" not in name and not name.endswith(".py"):
            from hookdash.core.load import reached_files as rf

            entry = rf.pyproject_entry(inner.cwd, name)
            if entry is not None:
                self.reached(entry, f"{base} run {name}")
                return
        if name.endswith(".py") or name.endswith(".pyw"):
            self.interpreter("python", rest, inner, None, None)
            return
        self.run(rest, inner.copy(), depth, None, dict(env))

    def go(self, args: list[Field], st: _State) -> None:
        """`go run PACKAGE|FILES…`: the project's Go files it compiles and runs."""
        if not args or args[0] != "run":
            return
        words: list[str] = []
        for arg in args[1:]:
            if not isinstance(arg, str):
                self.unresolved(f"go run is given words decided when it runs: {arg.reason}")
                return
            words.append(arg)
        while words and words[0].startswith("-"):
            flag = words.pop(0).split("=", 1)[0]
            if flag in ("-exec", "-toolexec", "-overlay", "-modfile"):
                self.unresolved(f"go run {flag} hands the build to a file hookdash does not follow")
            if "=" not in flag and flag in _GO_ARGUMENT:
                words = words[1:]
        if st.cwd is None:
            self.unresolved(f"go run runs in a directory hookdash cannot tell: {st.cwd_why}")
            return
        from hookdash.core.load import reached_files as rf

        found = rf.go_package(st.cwd, words)
        if found is not None:
            self.reached(found, "go run")

    def program_files(self, base: str, args: list[Field], st: _State) -> None:
        """`awk -f FILE`, `sed -f FILE`: a program read from a file (awk's can run
        commands with system(), GNU sed's with `e`)."""
        flags = (
            ("-f", "--file", "-E", "--exec", "-i", "--include")
            if base in _AWK
            else ("-f", "--file")
        )
        i = 0
        while i < len(args):
            arg = args[i]
            if not isinstance(arg, str):
                i += 1
                continue
            name, eq, attached = arg.partition("=")
            value: Field | None = None
            if name in flags and name.startswith("--") and eq:
                value = attached
            elif arg in flags:
                value = args[i + 1] if i + 1 < len(args) else None
                i += 1
            elif arg[:2] in ("-f",) and len(arg) > 2 and not arg.startswith("--"):
                value = arg[2:]
            i += 1
            if isinstance(value, _Dyn):
                self.unresolved(f"{base} reads its program from a file decided when it runs")
            elif value is not None and value != "-":
                self.script_file(value, st, "interpreted")

    def task(self, task: Task, program: str, st: _State, depth: int) -> None:
        """Record a piece of project code and walk what it runs, in its own directory."""
        self.add(
            ScriptInfo(
                path=task.file,
                program=program,
                kind=task.kind,
                exists=True,
                executable=True,
                target=task.name,
                code=task.code,
                line=task.line,
            )
        )
        for command in task.commands:  # make: each recipe line in a shell of its own
            inner = st.copy()
            inner.oldpwd, inner.cwd, inner.cwd_why = st.cwd, task.cwd, None
            self.text(command, inner, depth + 1)
