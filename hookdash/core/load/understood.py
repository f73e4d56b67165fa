"""Understood or flagged: whether hookdash knows everything a hook's command does.

No list of bad patterns catches every trick, so "quiet" means "understood": a hook shows no
mark only when it has no risk flag AND every part of it was understood. A command is
understood when
- every simple command's program is in hookdash's table of programs (programs.json, read on
  first use: each program's known options and subcommands, and the options that load a file
  hookdash does not follow), or is a project script hookdash read;
- every option given to such a program is one the table knows;
- every file it hands to an interpreter or a shell is one hookdash followed (read and
  checked), and a module run with `python -m` is the standard library's or a known tool's.
Anything else is an `Unknown(text, why)`: the part as written and one sentence ("hookdash
does not know what `foo --bar` does"). The risk rules (core.load.risks) judge what the known
parts do; this module only says what was not understood.

`hook_unknowns` is the one entry point every host calls where it computes a hook's risks.
Unknowns found by the script finder in files a hook reaches (`reached`, or a script's own
`unknowns`) are merged in.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final

from hookdash.core import jsonc
from hookdash.core.findings import Unknown
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.risks.commands import unwrap
from hookdash.core.load.risks.syntax import (
    _parser,
    _redirect_of,
    _Source,
    _Word,
    parser_input,
    word_of,
)
from hookdash.core.load.risks.vocabulary import (
    _PLACE_PROGRAM,
    AWKS,
    INTERPRETERS,
    PARSE_LIMIT,
    SHELLS,
)
from hookdash.core.load.script_head import read_head
from hookdash.core.scripts import ScriptInfo

if TYPE_CHECKING:
    from tree_sitter import Node

MAX_UNKNOWNS = 10  # per hook: enough to say what, not a wall of text
_MAX_DEPTH = 4  # nested `sh -c '…'` read in turn, as the risk rules do
_SHOWN = 60  # characters of a part shown in its `why`
_MAX_COMMANDS = 2000  # simple commands read in one text (a hook has a few; hostile text more)


class Spec:
    """One program's entry in the table (see programs.json's `_about`)."""

    __slots__ = (
        "any",
        "command",
        "does",
        "flags",
        "loads",
        "numeric",
        "plus",
        "prefixes",
        "sub",
        "values",
    )
    does: Final[str]
    flags: Final[frozenset[str]]
    values: Final[frozenset[str]]
    loads: Final[frozenset[str]]
    prefixes: Final[tuple[str, ...]]  # options known with anything after them (`sed -i.bak`)
    any: Final[bool]
    numeric: Final[bool]
    plus: Final[bool]
    sub: Final[Mapping[str, Spec] | None]
    command: Final[bool]  # its first operand and what follows are a command of their own

    def __init__(
        self,
        does: str,
        flags: frozenset[str],
        values: frozenset[str],
        loads: frozenset[str],
        prefixes: tuple[str, ...],
        any: bool,
        numeric: bool,
        plus: bool,
        sub: Mapping[str, Spec] | None,
        command: bool,
    ) -> None:
        self.does = does
        self.flags = flags
        self.values = values
        self.loads = loads
        self.prefixes = prefixes
        self.any = any
        self.numeric = numeric
        self.plus = plus
        self.sub = sub
        self.command = command


def _spec(entry: Mapping[str, Any]) -> Spec:
    sub = entry.get("sub")
    return Spec(
        does=str(entry.get("does", "")),
        flags=frozenset(str(entry.get("flags", "")).split()),
        values=frozenset(str(entry.get("values", "")).split()),
        loads=frozenset(f"{entry.get('loads', '')} {entry.get('files', '')}".split()),
        prefixes=tuple(str(entry.get("prefixes", "")).split()),
        any=bool(entry.get("any")),
        numeric=bool(entry.get("numeric")),
        plus=bool(entry.get("plus")),
        sub={k: _spec(v) for k, v in sub.items()} if isinstance(sub, dict) else None,
        command=bool(entry.get("command")),
    )


class Programs:
    """The table, each program's Spec made when it is first looked up: a scan asks for a
    handful of the 290 programs, and making them all was some 3 ms of its start."""

    __slots__ = ("_entries", "_made")

    def __init__(self, entries: dict[str, Any]) -> None:
        self._entries = entries
        self._made: dict[str, Spec] = {}

    def __getitem__(self, name: str) -> Spec:
        spec = self._made.get(name)
        if spec is None:
            spec = self._made[name] = _spec(self._entries[name])
        return spec

    def get(self, name: str) -> Spec | None:
        return self[name] if name in self._entries else None

    def __contains__(self, name: str) -> bool:
        return name in self._entries


@lru_cache(maxsize=1)
def programs() -> Programs:
    """The table of programs, read once, on first use (never at import: the dashboard's
    first paint does not pay for it). Read through this module's own loader, as
    pkgutil.get_data and importlib.resources would (from a zip too), without importing
    them: importlib.resources' zip and temporary-file machinery was some 8 ms of a scan,
    pkgutil half a millisecond more."""
    get_data = getattr(__spec__.loader, "get_data", None)
    if get_data is None:  # a loader that cannot read data files: not one Python ships
        raise FileNotFoundError("hookdash.core.load/programs.json")
    data = get_data(os.path.join(os.path.dirname(__file__), "programs.json"))
    return Programs(json.loads(data.decode("utf-8"))["programs"])


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _not_known(text: str) -> str:
    return f"hookdash does not know what `{_shown(text)}` does"


def _not_followed(text: str, what: str = "runs") -> str:
    return f"hookdash does not follow the file `{_shown(text)}` {what}"


# Modules `python -m` may run without a file hookdash would have to follow.
_PYTHON_TOOLS = frozenset({"pip", "pytest", "mypy", "black", "ruff", "isort", "flake8", "pylint"})
_PYTHON_TOOLS |= {"coverage", "tox", "nox", "build", "twine", "pre_commit", "pyright", "bandit"}
# Where a project's code files end: a string in inline code naming one may load it.
_CODE_FILE = lazy_compile(
    r"""['"]((?:\.{1,2}/)?[\w./-]+\.(?:pl|pm|rb|py|js|mjs|cjs|ts|sh|bash|lua|php|awk|tcl))['"]"""
)
_PLACES = lazy_compile(r"^\$\{?(?:CLAUDE_PROJECT_DIR|GEMINI_PROJECT_DIR|PWD|GEMINI_CWD)\}?(?=/|$)")
_HOME = lazy_compile(r"^(?:~|\$\{?HOME\}?)(?=/|$)")
_TOOL_FOLDERS = lazy_compile(r"(?:^|/)(?:node_modules/\.bin|\.venv/bin|venv/bin)/[^/]+$")
_SYSTEM = ("/usr/", "/bin/", "/sbin/", "/opt/homebrew/", "/usr/local/")


class _Reader:
    """The unknowns of one hook: its command, then the scripts it runs."""

    def __init__(self, workspace: str | None, home: str | None, followed: set[str]) -> None:
        self.workspace = workspace.rstrip("/") if workspace else None
        self.home = home.rstrip("/") if home else None
        self.followed = followed
        self.out: list[Unknown] = []
        self.file: str | None = None
        self.lines: jsonc.LineIndex | None = None
        self.line_base = 1

    # --- recording ---------------------------------------------------------------------

    @property
    def full(self) -> bool:
        """Enough unknowns to say the hook is not understood: reading on adds nothing."""
        return len(self.out) >= MAX_UNKNOWNS

    def unknown(self, text: str, why: str, at: int = 0) -> None:
        if self.full or any(u.text == text and u.file == self.file for u in self.out):
            return
        line = None
        if self.lines is not None:
            line = self.line_base + self.lines.line(at) - 1
        self.out.append(Unknown(text=text, why=why, file=self.file, line=line))

    # --- shell -------------------------------------------------------------------------

    def simple(self, words: list[_Word]) -> None:
        """A command of plain words (see `_plain_words`): one simple command, no tree."""
        self._words(words, None, None, 0, set(), 0)

    def shell(self, text: str, depth: int = 0, base: int = 0) -> None:
        if not text.strip() or depth > _MAX_DEPTH:
            return
        if len(text) > PARSE_LIMIT:
            self.unknown(_shown(text), "hookdash does not read shell code this long in full", base)
            return
        data = text.encode("utf-8", "replace")
        tree = _parser().parse(parser_input(text))
        src = _Source(text, data, base)
        functions = self._functions(tree.root_node, src)
        seen: set[bytes] = set()  # a command written many times is read once
        stack = [tree.root_node]
        while stack and not self.full:
            node = stack.pop()
            if node.type == "ERROR":
                self.unknown(_shown(src.node_text(node)), "the shell code does not parse", base)
                continue
            if node.type == "command":
                key = data[node.start_byte : node.end_byte]
                if key in seen:
                    continue
                if len(seen) >= _MAX_COMMANDS:
                    self.unknown(_shown(text), f"hookdash does not read more than {_MAX_COMMANDS}"
                                 " commands of one text", base)  # fmt: skip
                    return
                seen.add(key)
                self._command(node, src, depth, functions)
            elif node.type == "heredoc_body":
                continue  # read with the command it feeds (`bash <<EOF`), else only text
            stack.extend(reversed(node.children))

    @staticmethod
    def _functions(root: Node, src: _Source) -> set[str]:
        names: set[str] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type == "function_definition":
                name = node.child_by_field_name("name")
                if name is not None:
                    names.add(src.node_text(name))
            stack.extend(node.children)
        return names

    def _command(self, node: Node, src: _Source, depth: int, functions: set[str]) -> None:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return
        words = [word_of(name_node, src)] + [
            word_of(c, src) for c in node.children_by_field_name("argument")
        ]
        at = src.char(node.start_byte) - src.base
        self._words(words, node, src, depth, functions, at)

    def _words(
        self,
        words: list[_Word],
        node: Node | None,
        src: _Source | None,
        depth: int,
        functions: set[str],
        at: int,
    ) -> None:
        words = unwrap(words, lambda kind, why: None)
        if not words:
            return
        first = words[0]
        args = words[1:]
        if not first.static and _PLACE_PROGRAM.match(first.value):
            self._file(first.value, "runs", at)  # `"$CLAUDE_PROJECT_DIR"/hooks/x.sh`
            return
        if not first.static:
            self.unknown(_shown(first.value), "hookdash cannot tell which program this is: its"
                         " name is decided when the hook runs", at)  # fmt: skip
            return
        value = first.value
        if value in functions:
            return  # a function the same text defines: its body is read as part of it
        if "/" in value:
            name = posixpath.basename(value)
            if not self._system_or_tool(value, name):
                self._file(value, "runs", at)
                return
        else:
            name = value
        if name in ("source", ".") and args:
            if args[0].static:
                self._file(args[0].value, "runs", at)  # read like a script when followed
            return  # (a file named at run time or `<(…)`: flagged by the risk rules)
        spec = programs().get(name)
        if spec is None and name.startswith("python"):
            spec = programs().get("python3")
        if spec is None:
            said = " ".join([value, *(w.value for w in args[:2])])
            self.unknown(_shown(said), _not_known(said), at)
            return
        if name == "find":
            self._find(args, node, src, depth, functions, at)
            return
        operands, command = self._options(name, spec, args, at)
        if command is not None:
            if depth <= _MAX_DEPTH:
                self._words(command, node, src, depth + 1, functions, at)
            return
        if name in SHELLS:
            self._shell_operands(name, args, node, src, depth, at)
        elif name in INTERPRETERS or name.startswith("python"):
            self._interpreter(name, args, operands, at)

    @staticmethod
    def _system_or_tool(path: str, name: str) -> bool:
        """A program named by a path that is a system program (`/usr/bin/git`) or a tool the
        project installs (`node_modules/.bin/prettier`): judged by its name."""
        return name in programs() and (path.startswith(_SYSTEM) or bool(_TOOL_FOLDERS.search(path)))

    # --- options -----------------------------------------------------------------------

    def _options(
        self, name: str, spec: Spec, args: list[_Word], at: int
    ) -> tuple[list[_Word], list[_Word] | None]:
        """The operands of `name args` after checking every option against the table, and
        the command it runs in turn (`npx prettier …`, `uv run pytest …`), if any."""
        label = name
        operands: list[_Word] = []
        # A shell's or an interpreter's first operand is its script: what follows are the
        # script's own arguments, not options of the interpreter.
        script_first = name in SHELLS or name in INTERPRETERS or name.startswith("python")
        i = 0
        while i < len(args):
            w = args[i]
            v = w.value
            i += 1
            if v == "--":
                if spec.command:
                    return operands, args[i:]
                operands.extend(args[i:])
                break
            if not w.static or not v.startswith(("-", "+")) or v in ("-", "+"):
                if spec.sub is not None and not operands and w.static:
                    sub = spec.sub.get(v)
                    if sub is None:
                        self.unknown(f"{label} {_shown(v)}", _not_known(f"{label} {v}"), at)
                        return operands, None
                    spec, label = sub, f"{label} {v}"
                    continue
                if spec.command:
                    return operands, args[i - 1 :]
                operands.append(w)
                if script_first:
                    operands.extend(args[i:])
                    break
                continue
            if v.startswith("+"):
                if not (spec.plus or spec.any or v in spec.flags):
                    self.unknown(f"{label} {_shown(v)}", _not_known(f"{label} {v}"), at)
                continue
            option, eq, _ = v.partition("=")
            if option in spec.loads or (
                not option.startswith("--")
                and any(option.startswith(o) for o in spec.loads if len(o) == 2)
            ):
                target = (
                    v
                    if eq or (len(option) > 2 and not option.startswith("--"))
                    else (f"{v} {args[i].value}" if i < len(args) else v)
                )
                self.unknown(
                    f"{label} {_shown(target)}", _not_followed(f"{label} {target}", "loads"), at
                )
                if (
                    not eq
                    and option in spec.loads
                    and i < len(args)
                    and not args[i].value.startswith("-")
                ):
                    i += 1
                continue
            if option in spec.values:
                if not eq:
                    i += 1
                continue
            if option in spec.flags or (spec.numeric and v[1:].isdigit()):
                continue
            if option.startswith(spec.prefixes) and spec.prefixes:
                continue
            if not option.startswith("--") and len(option) > 2 and self._cluster(spec, option):
                if option[-1:] and f"-{option[-1]}" in spec.values and not eq:
                    i += 1
                continue
            if spec.any:
                continue
            self.unknown(f"{label} {_shown(v)}", _not_known(f"{label} {option}"), at)
        return operands, None

    @staticmethod
    def _cluster(spec: Spec, option: str) -> bool:
        """`-rf`: every letter a known flag (a letter taking a value ends the cluster)."""
        for k, letter in enumerate(option[1:]):
            short = f"-{letter}"
            if short in spec.values:
                return True  # the rest of the cluster (or the next word) is its value
            if short not in spec.flags:
                return option[1:].isdigit() and spec.numeric if k == 0 else False
        return True

    # --- what shells and interpreters run ----------------------------------------------

    def _shell_operands(
        self,
        name: str,
        args: list[_Word],
        node: Node | None,
        src: _Source | None,
        depth: int,
        at: int,
    ) -> None:
        values = [w.value for w in args]
        for i, w in enumerate(args):
            v = w.value
            if v == "-c" or (v.startswith("-") and not v.startswith("--") and v.endswith("c")):
                if i + 1 < len(args):
                    code = args[i + 1]
                    if code.static:
                        self._nested(code.value, depth)
                return
            if v in ("--rcfile", "--init-file") and i + 1 < len(args):
                self._file(args[i + 1].value, f"{name} {v} reads", at)
            if v == "-o" or v in ("--rcfile", "--init-file"):
                continue
            if not v.startswith("-") and (
                i == 0 or values[i - 1] not in ("-o", "--rcfile", "--init-file")
            ):
                if w.static:
                    self._file(v, "runs", at)
                return
        body = self._heredoc(node, src) if node is not None and src is not None else None
        if body is not None:
            self._nested(body, depth)

    @staticmethod
    def _heredoc(node: Node, src: _Source) -> str | None:
        redirect = _redirect_of(node, "heredoc_redirect")
        if redirect is None:
            return None
        body = next((c for c in redirect.children if c.type == "heredoc_body"), None)
        return src.node_text(body) if body is not None else None

    def _nested(self, code: str, depth: int) -> None:
        saved = self.lines
        self.lines = None  # offsets inside a string no longer line up with the file
        try:
            self.shell(code, depth + 1)
        finally:
            self.lines = saved

    def _interpreter(self, name: str, args: list[_Word], operands: list[_Word], at: int) -> None:
        values = [w.value for w in args]
        inline = self._inline(name, args)
        if inline is not None:
            for match in _CODE_FILE.finditer(inline):
                path = match.group(1)
                if self._project_file(path) is not None:
                    self._file(path, "its code may load", at)
            return
        if name.startswith("python") and "-m" in values:
            module = values[values.index("-m") + 1] if values.index("-m") + 1 < len(values) else ""
            top = module.split(".", 1)[0]
            if (
                top not in sys.stdlib_module_names
                and top not in _PYTHON_TOOLS
                and module not in programs()
            ):
                what = "runs (a module of the project or an installed package)"
                self.unknown(
                    f"{name} -m {_shown(module)}", _not_followed(f"{name} -m {module}", what), at
                )
            return
        if name in AWKS:
            return  # its program is an operand, read by the risk rules; -f is a `loads`
        script = operands[0] if operands else None
        if script is not None and name in ("bun", "deno") and not re.search(r"[./]", script.value):
            return  # `bun test`, `deno fmt`: a subcommand, not a file
        if script is not None and script.value != "-":
            self._file(script.value, "runs", at)

    @staticmethod
    def _inline(name: str, args: list[_Word]) -> str | None:
        flags = (
            {"-c"} if name.startswith("python") else {"-e", "-E", "-r", "-p", "--eval", "--print"}
        )
        for i, w in enumerate(args[:-1]):
            if w.value in flags or (w.value.startswith("-") and not w.value.startswith("--")
                                    and w.value[-1:] in {f[-1] for f in flags if len(f) == 2}
                                    and w.value[1:].isalpha()):  # fmt: skip
                return args[i + 1].value
        return None

    def _find(
        self,
        args: list[_Word],
        node: Node | None,
        src: _Source | None,
        depth: int,
        functions: set[str],
        at: int,
    ) -> None:
        """`find`: its tests and actions against the table; every `-exec` command read as
        a command of its own."""
        spec = programs()["find"]
        i = 0
        while i < len(args):
            v = args[i].value
            if v in ("-exec", "-execdir", "-ok", "-okdir"):
                j = i + 1
                while j < len(args) and args[j].value not in (";", "+"):
                    j += 1
                run = args[i + 1 : j]
                if run and depth <= _MAX_DEPTH:
                    self._words(run, node, src, depth + 1, functions, at)
                i = j + 1
                continue
            if v.startswith("-") and len(v) > 1 and v not in spec.flags and v not in spec.values:
                self.unknown(f"find {_shown(v)}", _not_known(f"find {v}"), at)
            i += 2 if v in spec.values else 1

    # --- files -------------------------------------------------------------------------

    def _project_file(self, path: str) -> str | None:
        """The absolute path a relative, `$CLAUDE_PROJECT_DIR/…` or `~/…` path names."""
        if self.workspace is None:
            return None
        place = _PLACES.match(path)
        if place:
            path = self.workspace + path[place.end() :]
        home = _HOME.match(path)
        if home:
            if self.home is None:
                return None
            path = self.home + path[home.end() :]
        if "$" in path or "`" in path:
            return None
        resolved = posixpath.normpath(posixpath.join(self.workspace, path))
        return resolved if os.path.exists(resolved) else None

    def _file(self, path: str, what: str, at: int) -> None:
        """A file the hook runs or loads: understood only when hookdash followed it."""
        resolved = self._project_file(path)
        if resolved is not None and os.path.realpath(resolved) in self.followed:
            return
        if "$" in path or "`" in path:
            self.unknown(_shown(path), f"hookdash cannot tell which file `{_shown(path)}` is: its"
                         " name is decided when the hook runs", at)  # fmt: skip
        elif resolved is not None and os.path.isdir(resolved):
            self.unknown(_shown(path), f"hookdash does not follow what the folder `{_shown(path)}`"
                         f" {what}", at)  # fmt: skip
        else:
            self.unknown(_shown(path), _not_followed(path, what), at)

    # --- scripts -----------------------------------------------------------------------

    def script(self, script: ScriptInfo, command: str | None = None) -> None:
        """A shell script the hook runs (or an npm script / make recipe): read like the
        command. Scripts in other languages are read by the risk rules as code."""
        for found in getattr(script, "unknowns", ()) or ():
            if isinstance(found, Unknown):
                self.out.append(found)
        if script.path is None:
            return
        if script.is_task and script.code is not None:
            from hookdash.core.load.project_tasks import shell_text  # a task's hook only

            text = shell_text(script.kind, script.code)
            self._in_file(text, script.path, script.line or 1)
            return
        if script.kind not in ("script", "interpreted") or not script.exists:
            return
        head = read_head(script.path)
        if head.text is None:
            self.unknown(_shown(script.path), f"hookdash could not read `{_shown(script.path)}`")
            return
        if _is_shell(head.text, script, command):
            self._in_file(head.text, script.path, 1)

    def _in_file(self, text: str, path: str, first_line: int) -> None:
        saved = (self.file, self.lines, self.line_base)
        self.file, self.lines, self.line_base = path, jsonc.LineIndex(text), first_line
        try:
            self.shell(text, 1)
        finally:
            self.file, self.lines, self.line_base = saved


def _is_shell(text: str, script: ScriptInfo, command: str | None) -> bool:
    """Whether a script is shell, read as the risk rules read it: by the interpreter the
    command names (`python3 x.py` runs Python whatever its shebang), else its shebang."""
    from hookdash.core.load.risks import script_language
    from hookdash.core.scripts import INTERPRETERS as ALL_INTERPRETERS, first_simple_command

    interpreter = None
    if script.kind == "interpreted" and command:
        words = first_simple_command(command) or []
        found = (w for w in words if posixpath.basename(w) in ALL_INTERPRETERS)
        interpreter = next(found, None)
    return script_language(text, script.path or "", interpreter) == "shell"


# A command of plain words only (no quotes, operators, expansions but `$NAME`/`${NAME}` at a
# word's start, globs, comments, backslashes or redirections): its words are what bash sees.
# (A run of plain characters is taken whole, `++`, not one alternation a character: the
# same commands match, in half the time.)
_PLAIN = lazy_compile(
    r"^[ \t]*(?:[\w./~@%+,:=-]++|\$\{?\w+\}?)+(?:[ \t]+(?:[\w./~@%+,:=-]++|\$\{?\w+\}?)+)*[ \t]*$"
)
_WORD_TEXT = lazy_compile(r"\S+")


def _plain_words(command: str) -> list[_Word] | None:
    if len(command) > 2000 or not _PLAIN.match(command):
        return None
    out: list[_Word] = []
    for match in _WORD_TEXT.finditer(command):
        value = match.group()
        if not out and "=" in value.split("/", 1)[0]:
            return None  # an assignment before the program: the parser reads those
        out.append(_Word(value, "$" not in value, match.start(), match.end()))
    return out or None


def _program_decides(words: list[_Word]) -> bool:
    """Whether `_Reader._words` reads nothing of a plain command but its first word: no
    wrapper to unwrap, and a program named at run time or by a path that is neither a
    system program nor a project's tool (see `_words`). Its unknowns are then those of
    the first word alone (found at the same offset, 0)."""
    if unwrap(words, lambda kind, why: None) is not words:
        return False  # a wrapper (`env`, `sudo`, `timeout` …): it runs its arguments
    value = words[0].value
    if not words[0].static:
        return True  # a file (`$HOME/x.sh`) or a program decided when the hook runs
    return "/" in value and not _Reader._system_or_tool(value, posixpath.basename(value))


@lru_cache(maxsize=4096)
def _command_unknowns(
    command: str, workspace: str | None, home: str | None, followed: frozenset[str]
) -> tuple[Unknown, ...]:
    """The command's own unknowns. Cached: the dashboard reloads on every change and most
    commands are read more than once (a parse each)."""
    reader = _Reader(workspace, home, set(followed))
    try:
        words = _plain_words(command)
        if words is not None and len(words) > 1 and _program_decides(words):
            # `$HOME/hooks/x.sh --flag N` for many N: the program alone is read (one
            # lookup of its file, shared by every hook that runs it with other words).
            return _command_unknowns(words[0].value, workspace, home, followed)
        if words is not None:  # no quoting, no operators: no parse needed
            reader.simple(words)
        else:
            reader.shell(command)
    except Exception:  # hostile input must not fail a listing; what was not read is not understood
        reader.unknown(_shown(command), "hookdash could not read this command in full")
    return tuple(reader.out)


def hook_unknowns(
    command: str | None,
    scripts: ScriptInfo | Sequence[ScriptInfo] | None = (),
    *,
    workspace: str | None = None,
    home: str | None = None,
    env: Mapping[str, str] | None = None,
    reached: Iterable[Unknown] = (),
) -> list[Unknown]:
    """What hookdash did not understand of a hook: its command, then every script it runs
    (each shell script read like the command), then what the script finder could not
    follow (`reached`, and each script's own `unknowns`). Empty: understood.

    `env` is the hook's own environment object: its variables are judged by the risk rules
    (startup-env), so it adds no unknown; it is taken so every host calls this the same
    way. Never raises: a part that cannot be read is an unknown."""
    del env
    listed = [scripts] if isinstance(scripts, ScriptInfo) else list(scripts or ())
    followed = {
        os.path.realpath(s.path)
        for s in listed
        if s.path is not None and s.exists and s.kind in ("script", "interpreted")
    }
    out = list(_command_unknowns(command, workspace, home, frozenset(followed))) if command else []
    reader = _Reader(workspace, home, followed)
    try:
        for script in listed:
            reader.script(script, command)
    except Exception:  # hostile input must not fail a listing; what was not read is not understood
        reader.unknown(_shown(command or ""), "hookdash could not read its scripts in full")
    out += [u for u in reader.out if u not in out]
    for found in reached:
        if found not in out:
            out.append(found)
    return out[:MAX_UNKNOWNS]


def unknowns_sentence(unknowns: Sequence[Unknown], limit: int = 3) -> str:
    """The first few unknowns' reasons in one sentence (without its full stop), for a
    finding's message: `why; why (and 2 more)`. Not escaped: the caller's view escapes."""
    parts = [u.why + (f" ({u.file}:{u.line})" if u.file else "") for u in unknowns[:limit]]
    more = len(unknowns) - limit
    return "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")
