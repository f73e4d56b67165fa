"""The project files a program reaches by its own rules, not by a path in the command.

`node .` runs the file package.json's `main` names; `uv run fmt` runs the function
pyproject.toml's `[project.scripts]` names; `python -m pkg` runs `pkg/__init__.py` and
`pkg/__main__.py`; `go run ./cmd` compiles every `.go` file of `cmd`; `find hooks -name
'*.sh' -exec sh {} \\;` runs every file find picks; `xargs sh < list` runs what `list`
says. Each helper here answers, from the files as they are now, which files those are,
or why hookdash cannot tell (`Reached.why`). core.load.command_scripts walks the result
and records every file, so the hook's fingerprint covers it: a change to any of them
marks the hook CHANGED.

Each reader follows the program's documented rules as far as they decide a project file
and stops (saying why) where the program would consult something hookdash does not model
(an installed package, a loader hook, a find predicate other than names, types and depth).
"""

from __future__ import annotations

import fnmatch
import os

from hookdash.core import nesting
from hookdash.core.disk import files
from hookdash.core.lazy_regex import lazy_compile

MAX_FILES = 32  # files one program reaches that are recorded
MAX_WALK = 5000  # directory entries `find` is followed through
_MAX_LIST = 64 * 1024  # an xargs input list read


class Reached:
    """What a program reaches: `run` the files it runs as code, `read` the files that
    decide which (package.json, pyproject.toml, an input list), `why` what hookdash cannot
    tell."""

    __slots__ = ("read", "run", "why")
    run: list[str]
    read: list[str]
    why: str | None

    def __init__(
        self, run: list[str] | None = None, read: list[str] | None = None, why: str | None = None
    ) -> None:
        self.run = [] if run is None else run
        self.read = [] if read is None else read
        self.why = why


def _read_text(path: str, cap: int = files.SCRIPT_HASH_BYTES) -> str | None:
    try:
        return files.read_text(path, cap=cap)
    except (OSError, files.FileTooLargeError):
        return None


# ------------------------------------------------------------------------ node


_NODE_SUFFIXES = ("", ".js", ".json", ".node", ".mjs", ".cjs")


def _node_file(path: str) -> str | None:
    for suffix in _NODE_SUFFIXES:
        if os.path.isfile(path + suffix):
            return path + suffix
    return None


def node_directory(directory: str) -> Reached:
    """What `node DIR` runs: package.json's `main` (as a file, with Node's suffixes, or as
    a directory's index), else `index.js`."""
    out = Reached()
    manifest = os.path.join(directory, "package.json")
    main: str | None = None
    if os.path.isfile(manifest):
        out.read.append(manifest)
        text = _read_text(manifest)
        if text is None:
            out.why = f"hookdash cannot read {manifest}, which names what node runs"
            return out
        try:
            data = nesting.json_loads(text)
        except ValueError:
            data = None  # node ignores a package.json it cannot parse here: index.js runs
        value = data.get("main") if isinstance(data, dict) else None
        main = value if isinstance(value, str) and value else None
    if main is not None:
        target = os.path.normpath(os.path.join(directory, main))
        found = _node_file(target) or _node_file(os.path.join(target, "index"))
        if found is not None:
            out.run.append(found)
            return out
    index = _node_file(os.path.join(directory, "index"))
    if index is not None:
        out.run.append(index)
    else:
        out.why = f"node finds no file to run in {directory}"
    return out


# ------------------------------------------------------------------------ python


def python_module(cwd: str, module: str, roots: tuple[str, ...] = ("",)) -> Reached:
    """The project files `python -m module` runs from `cwd` (its directory comes first on
    sys.path): every package's `__init__.py` on the way, then the module (or the
    package's `__main__.py`). Empty when the module is not the project's."""
    out = Reached()
    parts = [p for p in module.split(".") if p]
    if not parts or any(not p.isidentifier() for p in parts):
        return out
    for root in roots:
        base = os.path.join(cwd, root) if root else cwd
        found: list[str] = []
        directory = base
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            package = os.path.join(directory, part)
            init = os.path.join(package, "__init__.py")
            if last and os.path.isfile(package + ".py"):
                found.append(package + ".py")
                out.run = found
                return out
            if not os.path.isdir(package):
                break
            if os.path.isfile(init):
                found.append(init)
            if last:
                main = os.path.join(package, "__main__.py")
                if os.path.isfile(main):
                    found.append(main)
                out.run = found
                return out
            directory = package
    return out


def find_upwards(start: str, name: str, limit: int = 64) -> str | None:
    directory = os.path.abspath(start)
    for _ in range(limit):
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate):
            return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent
    return None


def _table(data: dict[str, object], key: str) -> dict[str, object]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def pyproject_entry(cwd: str, name: str) -> Reached | None:
    """What `uv run NAME` / `poetry run NAME` runs when NAME is one of the project's own
    entry points (`[project.scripts]`, `[project.gui-scripts]`,
    `[tool.poetry.scripts]`): the module's files; None when it is not one."""
    manifest = find_upwards(cwd, "pyproject.toml")
    if manifest is None:
        return None
    text = _read_text(manifest)
    if text is None:
        return Reached(read=[manifest], why=f"hookdash cannot read {manifest}")
    import tomllib  # here: only a command that runs a pyproject entry point pays for it

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return Reached(read=[manifest], why=f"{manifest} is not valid TOML")
    project = _table(data, "project")
    poetry = _table(_table(data, "tool"), "poetry")
    tables = [project.get("scripts"), project.get("gui-scripts"), poetry.get("scripts")]
    entry: str | None = None
    for table in tables:
        if isinstance(table, dict) and isinstance(table.get(name), str):
            entry = table[name]
            break
    if entry is None:
        return None
    out = Reached(read=[manifest])
    module = entry.split(":", 1)[0].strip()
    directory = os.path.dirname(manifest)
    found = python_module(directory, module, ("", "src"))
    if not found.run:
        out.why = f"{manifest} runs {entry} for `{name}`, which hookdash cannot find"
    out.run = found.run
    return out


# ------------------------------------------------------------------------ go


def go_package(cwd: str, words: list[str]) -> Reached | None:
    """The files `go run` compiles: the `.go` files it is given, or every non-test `.go`
    file of a package directory given by path. None: a package by import path (a module's
    or a registry's), not a project path."""
    if words and words[0].endswith(".go"):
        listed = [w for w in words if w.endswith(".go")]
        return Reached(run=[os.path.normpath(os.path.join(cwd, w)) for w in listed])
    if not words:
        return None
    target = words[0]
    if not target.startswith((".", "/")) or "@" in target:
        return None
    directory = os.path.normpath(os.path.join(cwd, target))
    if target.endswith("/..."):
        return Reached(why=f"go run {target} names packages hookdash does not list")
    try:
        names = sorted(
            e.name
            for e in os.scandir(directory)
            if e.name.endswith(".go") and not e.name.endswith("_test.go") and e.is_file()
        )
    except OSError:
        return Reached(why=f"go run {target}: hookdash cannot read {directory}")
    out = Reached(run=[os.path.join(directory, n) for n in names[:MAX_FILES]])
    module = find_upwards(directory, "go.mod")
    if module is not None:
        out.read.append(module)  # `replace` lines in it decide what code is compiled
    if len(names) > MAX_FILES:
        out.why = f"go run {target} compiles more files than hookdash records"
    return out


# ------------------------------------------------------------------------ find


_FIND_NAME = frozenset({"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename"})
_FIND_KNOWN = frozenset(
    {"-type", "-maxdepth", "-mindepth", "-print", "-print0", "-follow", "-L", "-H", "-P"}
)


class FindRun:
    """A `find` command's parts: where it starts, its tests, its `-exec` commands."""

    __slots__ = ("execs", "starts", "tests", "unknown")
    starts: list[str]
    tests: list[tuple[str, str]]  # (test, argument)
    execs: list[tuple[list[str], bool]]  # (words with `{}`, batched with `+`)
    unknown: str | None  # a test hookdash does not evaluate

    def __init__(
        self,
        starts: list[str],
        tests: list[tuple[str, str]],
        execs: list[tuple[list[str], bool]],
        unknown: str | None = None,
    ) -> None:
        self.starts = starts
        self.tests = tests
        self.execs = execs
        self.unknown = unknown


def parse_find(words: list[str]) -> FindRun:
    """Split `find`'s words (after `find`)."""
    i = 0
    starts: list[str] = []
    while i < len(words) and words[i] in ("-L", "-H", "-P"):
        i += 1
    while i < len(words) and not words[i].startswith(("-", "(", "!", ",")):
        starts.append(words[i])
        i += 1
    run = FindRun(starts or ["."], [], [])
    while i < len(words):
        word = words[i]
        if word in ("-exec", "-execdir", "-ok", "-okdir"):
            j = i + 1
            while j < len(words) and words[j] not in (";", "+"):
                j += 1
            batched = j < len(words) and words[j] == "+"
            run.execs.append((words[i + 1 : j], batched))
            if word.endswith("dir"):
                run.unknown = run.unknown or f"find {word} runs the command in each file's folder"
            i = j + 1
            continue
        if word in _FIND_NAME or word in ("-type", "-maxdepth", "-mindepth"):
            run.tests.append((word, words[i + 1] if i + 1 < len(words) else ""))
            i += 2
            continue
        if word not in _FIND_KNOWN and run.unknown is None:
            run.unknown = f"find {word} decides which files it picks when it runs"
        i += 1
    return run


def find_files(cwd: str, run: FindRun) -> Reached:
    """The regular files `find` picks now, when its tests are only names, types and
    depths; why not otherwise."""
    if run.unknown is not None:
        return Reached(why=run.unknown)
    found: list[str] = []
    seen = 0
    low = int(next((a for t, a in run.tests if t == "-mindepth" and a.isdigit()), "0"))
    high_text = next((a for t, a in run.tests if t == "-maxdepth" and a.isdigit()), None)
    high = int(high_text) if high_text is not None else 64
    types = {a for t, a in run.tests if t == "-type"}
    if types - {"f", "d", "f,d", "d,f"}:
        return Reached(why="find picks files by a type hookdash does not evaluate")
    for start in run.starts:
        top = os.path.normpath(os.path.join(cwd, start))
        for directory, dirs, names in os.walk(top):
            depth = 0 if directory == top else directory[len(top) :].count(os.sep)
            dirs.sort()
            if depth >= high:
                dirs[:] = []
            seen += len(names) + len(dirs)
            if seen > MAX_WALK:
                return Reached(why=f"find walks {start}, more files than hookdash follows")
            if depth + 1 < low or ("d" in "".join(types) and "f" not in "".join(types)):
                continue
            for name in sorted(names):
                path = os.path.join(directory, name)
                shown = os.path.join(start, os.path.relpath(path, top))
                if not all(_find_test(t, a, name, shown) for t, a in run.tests):
                    continue
                if os.path.isfile(path) and not os.path.islink(path):
                    found.append(path)
                if len(found) > MAX_FILES:
                    return Reached(why=f"find picks more files than hookdash records in {start}")
    return Reached(run=found)


def _find_test(test: str, argument: str, name: str, path: str) -> bool:
    if test not in _FIND_NAME:
        return True
    subject = name if test in ("-name", "-iname") else path
    if test.startswith("-i"):  # -iname, -ipath, -iwholename: case folded
        subject, argument = subject.lower(), argument.lower()
    return fnmatch.fnmatchcase(subject, argument)


# ------------------------------------------------------------------------ xargs


_XARGS_QUOTED = lazy_compile(r"""['"\\]""")


def xargs_items(path: str, delimiter: str | None, lines: bool) -> tuple[list[str] | None, str]:
    """The arguments xargs reads from a list file: (items, why not). `delimiter` for
    `-0`/`-d`; `lines` for `-I`/`-L` (one item per line)."""
    text = _read_text(path, cap=_MAX_LIST)
    if text is None:
        return None, f"hookdash cannot read {path}, the list xargs takes its arguments from"
    if delimiter is not None:
        return [w for w in text.split(delimiter) if w], ""
    if lines:
        return [line.strip() for line in text.splitlines() if line.strip()], ""
    if _XARGS_QUOTED.search(text):
        return None, f"{path} quotes its items, which hookdash does not split as xargs does"
    return text.split(), ""
