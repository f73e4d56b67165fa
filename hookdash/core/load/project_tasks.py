"""The project-defined code a command starts: `npm run X` runs package.json's `scripts.X`
(and `preX`/`postX`), `make X` runs the Makefile rule's recipe (after its prerequisites').

`npm run lint` is as harmless as the line `"lint": …` in package.json says, and that line
is the project's to change: hookdash reads it, shows it, fingerprints it and flags it like
a script. Each `Task` is one piece of such code: one npm script, or one make target's
recipe. Where it cannot be read (no package.json, not JSON, no such script or target),
`why` says so.

Modelled: npm looks for package.json upwards from the directory it runs in and runs
`preX`, `X`, `postX` there (yarn 1 the same; pnpm and bun without pre/post); make reads
`GNUmakefile`, `makefile` or `Makefile` (or `-f FILE`) in its directory (or `-C DIR`),
makes the prerequisites first, runs each recipe line in its own `/bin/sh -c`, and
expands its own variables (`$(X)`, `${X}`, `$@`, `$<`, `$^`; `$$` is `$`), and reads the
makefiles it `include`s (relative to the directory make runs in; `-include` of a missing
one is skipped). A make target's code, as shown and fingerprinted, is its recipe and then
the definitions of the variables the recipe uses (`# NAME = value` lines): a changed
variable changes the target. Not modelled: pattern rules, an include whose name only make
can tell (`include $(shell …)`), make functions (`$(shell …)`), and `.RECIPEPREFIX`: a
target they make says so.
"""

from __future__ import annotations

import os
import re
from typing import Final, Literal

from hookdash.core import jsonc, nesting
from hookdash.core.disk import files
from hookdash.core.lazy_regex import lazy_compile
from hookdash.core.load.reached_files import find_upwards

TaskKind = Literal["npm-script", "make-target"]
MAX_TARGETS = 32  # make targets followed for one goal (prerequisites included)
_MAX_DEPTH = 8  # levels of prerequisites
_MAX_READ = files.SCRIPT_HASH_BYTES  # a package.json or Makefile larger is not read
_MAX_UP = 64  # directories looked at on the way up for package.json
MAKEFILES = ("GNUmakefile", "makefile", "Makefile")


class Task:
    """One piece of project-defined code: `code` as written in `file` (from `line`),
    `commands` what the shell is given (make: one per recipe line, its variables
    expanded), run in `cwd`."""

    __slots__ = ("code", "commands", "cwd", "file", "kind", "line", "name")
    kind: Final[TaskKind]
    file: Final[str]
    name: Final[str]
    code: Final[str]
    line: Final[int | None]
    cwd: Final[str]
    commands: Final[tuple[str, ...]]

    def __init__(
        self,
        kind: TaskKind,
        file: str,
        name: str,
        code: str,
        line: int | None,
        cwd: str,
        commands: tuple[str, ...],
    ) -> None:
        self.kind = kind
        self.file = file
        self.name = name
        self.code = code
        self.line = line
        self.cwd = cwd
        self.commands = commands


class Tasks:
    """The tasks a command starts, the other project files that decide them (makefiles
    read through `include`), and why not all of them could be read."""

    __slots__ = ("files", "tasks", "why")
    tasks: list[Task]
    why: str | None
    files: list[str]

    def __init__(
        self,
        tasks: list[Task] | None = None,
        why: str | None = None,
        files: list[str] | None = None,
    ) -> None:
        self.tasks = [] if tasks is None else tasks
        self.why = why
        self.files = [] if files is None else files


def _read(path: str) -> tuple[str | None, str | None]:
    """(text, why not) of a project file."""
    try:
        return files.read_text(path, cap=_MAX_READ), None
    except files.FileTooLargeError as exc:
        return None, f"{os.path.basename(path)} is {exc.strerror}"
    except OSError as exc:
        return None, f"hookdash cannot read {os.path.basename(path)}: {exc.strerror or exc}"


# ------------------------------------------------------------------------ npm


def find_package_json(start: str) -> str | None:
    """The package.json npm uses from `start`: the nearest one upwards."""
    return find_upwards(start, "package.json", _MAX_UP)


def _package_scripts(path: str) -> tuple[dict[str, str], str, str | None]:
    """(scripts, text, why not) of one package.json."""
    text, why = _read(path)
    if text is None:
        return {}, "", why
    try:
        data = nesting.json_loads(text)
    except ValueError as exc:
        return {}, text, f"{path} is not valid JSON ({str(exc).splitlines()[0][:80]})"
    scripts = data.get("scripts") if isinstance(data, dict) else None
    if not isinstance(scripts, dict):
        return {}, text, None
    return {str(k): v for k, v in scripts.items() if isinstance(v, str)}, text, None


def npm_scripts(cwd: str, tool: str, script: str, prepost: bool) -> Tasks:
    """What `<tool> run <script>` runs from `cwd`."""
    path = find_package_json(cwd)
    if path is None:
        return Tasks(why=f"{tool} runs the script '{script}', but there is no package.json")
    scripts, text, why = _package_scripts(path)
    if why is not None:
        return Tasks(why=why)
    names = [f"pre{script}", script, f"post{script}"] if prepost else [script]
    lines = jsonc.LineFinder(text) if text else None
    found = Tasks()
    directory = os.path.dirname(path)
    for name in names:
        code = scripts.get(name)
        if code is None:
            continue
        line = lines.line(jsonc.pointer("scripts", name)) if lines is not None else None
        found.tasks.append(Task("npm-script", path, name, code, line, directory, (code,)))
    if script not in scripts:
        if script == "start" and os.path.isfile(os.path.join(directory, "server.js")):
            default = "node server.js"  # npm's default start
            found.tasks.append(
                Task("npm-script", path, script, default, None, directory, (default,))
            )
        else:
            found.why = f"{tool} runs the script '{script}', which {path} does not define"
    return found


def npm_script_code(path: str, name: str) -> str | None:
    """The code of one script of a package.json now (None: unreadable or gone)."""
    scripts, _text, why = _package_scripts(path)
    return None if why is not None else scripts.get(name)


# ------------------------------------------------------------------------ make

_ASSIGNMENT = lazy_compile(
    r"^(?:(?:export|override|private)\s+)*([^\s:#=!?+]+)\s*(::?=|:::=|\?=|\+=|!=|=)\s*(.*)$"
)
_RULE = lazy_compile(r"^([^:=#]+?)\s*(::?)(?!=)\s*(.*)$")
_MAKE_VAR = lazy_compile(r"\$(?:\(([^()$]*)\)|\{([^{}$]*)\}|(.))", re.S)


_MAX_INCLUDES = 16  # makefiles read through `include`, nested or not


class _Rule:
    __slots__ = ("file", "prereqs", "recipe")
    file: str  # the makefile that defines it (an included one, perhaps)
    prereqs: list[str]
    recipe: list[tuple[int, str]]  # (line, text without TAB)

    def __init__(
        self,
        file: str,
        prereqs: list[str] | None = None,
        recipe: list[tuple[int, str]] | None = None,
    ) -> None:
        self.file = file
        self.prereqs = [] if prereqs is None else prereqs
        self.recipe = [] if recipe is None else recipe


class Makefile:
    """The rules and variables of one makefile, as far as hookdash reads them."""

    __slots__ = (
        "default",
        "included",
        "includes",
        "path",
        "patterns",
        "rules",
        "unreadable",
        "variables",
    )
    path: str
    rules: dict[str, _Rule]
    variables: dict[str, str]
    default: str | None
    includes: bool  # it includes a makefile hookdash could not read
    included: list[str]  # the makefiles it includes, read
    patterns: bool
    unreadable: str | None  # what in it hookdash cannot follow

    def __init__(
        self,
        path: str,
        rules: dict[str, _Rule] | None = None,
        variables: dict[str, str] | None = None,
        default: str | None = None,
        includes: bool = False,
        included: list[str] | None = None,
        patterns: bool = False,
        unreadable: str | None = None,
    ) -> None:
        self.path = path
        self.rules = {} if rules is None else rules
        self.variables = {} if variables is None else variables
        self.default = default
        self.includes = includes
        self.included = [] if included is None else included
        self.patterns = patterns
        self.unreadable = unreadable


def find_makefile(directory: str, name: str | None) -> str | None:
    if name is not None:
        path = os.path.join(directory, name)
        return path if os.path.isfile(path) else None
    for candidate in MAKEFILES:
        path = os.path.join(directory, candidate)
        if os.path.isfile(path):
            return path
    return None


def parse_makefile(
    path: str, text: str, cwd: str | None = None, into: Makefile | None = None
) -> Makefile:
    """The rules and variables of a makefile and of those it includes (looked up in
    `cwd`, the directory make runs in; its own directory by default)."""
    mf = into if into is not None else Makefile(path)
    cwd = cwd if cwd is not None else os.path.dirname(path)
    lines = text.split("\n")
    current: list[_Rule] = []
    in_define = False
    i = 0
    while i < len(lines):
        number, raw = i + 1, lines[i]
        i += 1
        if in_define:
            in_define = raw.strip() != "endef"
            continue
        if raw.startswith("\t") and current:
            body = raw[1:]
            while body.endswith("\\") and i < len(lines):  # kept for the shell
                body += "\n" + lines[i].removeprefix("\t")
                i += 1
            for rule in current:
                rule.recipe.append((number, body))
            continue
        logical = raw
        while logical.endswith("\\") and i < len(lines):
            logical = logical[:-1] + " " + lines[i]
            i += 1
        stripped = logical.split("#", 1)[0].strip()
        if not stripped:
            continue
        word = stripped.split(None, 1)[0]
        if word == "define":
            in_define, current = True, []
            continue
        if word in ("include", "-include", "sinclude"):
            current = []
            _include(mf, stripped.split(None, 1)[1:], word != "include", cwd)
            continue
        if word in ("ifeq", "ifneq", "ifdef", "ifndef", "else", "endif"):
            continue  # every branch is read: what it may run
        assignment = _ASSIGNMENT.match(stripped)
        if assignment and ":" not in stripped.split("=", 1)[0].rstrip(":"):
            name, op, value = assignment.groups()
            if name == ".RECIPEPREFIX":
                mf.unreadable = "it sets .RECIPEPREFIX"
            elif name == ".DEFAULT_GOAL":
                mf.default = value.strip() or mf.default
            elif op == "+=":
                mf.variables[name] = (mf.variables.get(name, "") + " " + value).strip()
            elif op != "?=" or name not in mf.variables:
                mf.variables[name] = value
            current = []
            continue
        match = _RULE.match(stripped)
        if match is None:
            current = []
            continue
        targets, _colon, rest = match.groups()
        rest, _sep, inline = rest.partition(";")
        if _ASSIGNMENT.match(rest.strip()):  # a target-specific variable
            current = []
            continue
        current = []
        prereqs = [p for p in rest.replace("|", " ").split()]
        for target in targets.split():
            if "%" in target:
                mf.patterns = True
            entry = mf.rules.setdefault(target, _Rule(path))
            entry.prereqs.extend(p for p in prereqs if p not in entry.prereqs)
            current.append(entry)
            if (
                mf.default is None
                and "%" not in target
                and (not target.startswith(".") or "/" in target)
            ):
                mf.default = target
        if inline.strip():
            for entry in current:
                entry.recipe.append((number, inline.strip()))
    return mf


def _include(mf: Makefile, rest: list[str], optional: bool, cwd: str) -> None:
    """Read the makefiles an `include` line names, into `mf` (make reads them there)."""
    names = expand_make(rest[0], mf, {}, {}).split() if rest else []
    for name in names:
        if "$" in name or any(c in name for c in "*?["):
            mf.includes = True  # a name only make can tell
            continue
        path = os.path.normpath(os.path.join(cwd, name))
        if path in mf.included or path == mf.path:
            continue
        if len(mf.included) >= _MAX_INCLUDES or not os.path.isfile(path):
            mf.includes = mf.includes or not optional or os.path.exists(path)
            continue
        text, _why = _read(path)
        if text is None:
            mf.includes = True
            continue
        mf.included.append(path)
        parse_makefile(path, text, cwd, mf)


def variables_used(mf: Makefile, texts: list[str]) -> list[tuple[str, str]]:
    """The makefile's variables these texts use, and those their values use, in the order
    met: (name, value as written)."""
    found: dict[str, str] = {}
    pending = list(texts)
    while pending and len(found) < 64:
        for m in _MAKE_VAR.finditer(pending.pop(0)):
            name = m.group(1) if m.group(1) is not None else m.group(2)
            if name is None or name in found or name not in mf.variables:
                continue
            found[name] = mf.variables[name]
            pending.append(found[name])
    return list(found.items())


def _target_code(mf: Makefile, rule: _Rule) -> str:
    """A target's code as shown and fingerprinted: its recipe, then the variables it uses."""
    bodies = [body for _n, body in rule.recipe]
    used = variables_used(mf, bodies)
    return "\n".join([*bodies, *(f"# {name} = {value}" for name, value in used)])


def expand_make(text: str, mf: Makefile, env: dict[str, str], auto: dict[str, str]) -> str:
    """Make's own expansion of a recipe line: `$$` is `$`, variables are replaced (those
    hookdash cannot tell stay as written, for the shell to meet)."""

    def one(m: re.Match[str], depth: int = 0) -> str:
        name = m.group(1) if m.group(1) is not None else m.group(2)
        single = m.group(3)
        if single is not None:
            if single == "$":
                return "$"
            return auto.get(single, m.group(0))
        assert name is not None
        if " " in name or "," in name:
            return m.group(0)  # a make function
        value = mf.variables.get(name, env.get(name))
        if value is None:
            return m.group(0)
        if depth < 10 and "$" in value:
            return _MAKE_VAR.sub(lambda inner: one(inner, depth + 1), value)
        return value

    return _MAKE_VAR.sub(one, text)


def make_targets(
    directory: str,
    makefile: str | None,
    goals: list[str],
    overrides: dict[str, str],
    env: dict[str, str],
) -> Tasks:
    """What `make [-C directory] [-f makefile] goals…` runs: each target's recipe, after
    those of its prerequisites."""
    path = find_makefile(directory, makefile)
    if path is None:
        what = makefile or "Makefile"
        return Tasks(
            why=f"make runs {' '.join(goals) or 'its first target'}, but there is "
            f"no {what} in {directory}"
        )
    text, why = _read(path)
    if text is None:
        return Tasks(why=why)
    mf = parse_makefile(path, text, directory)
    mf.variables.update(overrides)
    found = Tasks(files=list(mf.included))
    if mf.unreadable:
        found.why = f"hookdash cannot follow {path}: {mf.unreadable}"
        return found
    wanted = goals or ([mf.default] if mf.default else [])
    if not wanted:
        found.why = f"{path} has no target for a bare `make`"
        return found
    seen: set[str] = set()
    directory_of = os.path.dirname(path)

    def visit(target: str, depth: int, goal: bool) -> None:
        if target in seen or len(seen) >= MAX_TARGETS or depth > _MAX_DEPTH:
            return
        seen.add(target)
        rule = mf.rules.get(target)
        if rule is None:
            if (
                goal
                and found.why is None
                and not os.path.exists(os.path.join(directory_of, target))
            ):
                if mf.patterns or mf.includes or "$" in target:
                    found.why = (
                        f"make {target}: {path} has no rule for it that hookdash reads (it "
                        "may come from a pattern rule or an included makefile)"
                    )
                else:
                    found.why = f"make {target}: {path} has no such target"
            return
        for prereq in rule.prereqs:
            visit(prereq, depth + 1, False)
        if not rule.recipe:
            return
        auto = {
            "@": target,
            "<": rule.prereqs[0] if rule.prereqs else "",
            "^": " ".join(rule.prereqs),
            "+": " ".join(rule.prereqs),
        }
        commands = tuple(
            _recipe_command(expand_make(body, mf, env, auto)) for _n, body in rule.recipe
        )
        line = rule.recipe[0][0] if rule.file == path else None
        found.tasks.append(
            Task("make-target", path, target, _target_code(mf, rule), line, directory_of, commands)
        )

    for goal in wanted:
        visit(goal, 0, True)
    return found


def shell_text(kind: str, code: str) -> str:
    """Project code as the shell reads it, line for line: a make recipe without make's
    line prefixes and with `$$` as `$` (an npm script is shell already)."""
    if kind != "make-target":
        return code
    return "\n".join(_recipe_command(line).replace("$$", "$") for line in code.split("\n"))


def _recipe_command(line: str) -> str:
    """A recipe line as the shell gets it: without make's `@`, `-` and `+` prefixes."""
    return line.lstrip().lstrip("@-+ \t")


def make_target_code(path: str, target: str) -> str | None:
    """The recipe of one target of a makefile now (None: unreadable or gone)."""
    text, _why = _read(path)
    if text is None:
        return None
    mf = parse_makefile(path, text)
    rule = mf.rules.get(target)
    if rule is None:
        return None
    return _target_code(mf, rule)


def task_code(kind: str, path: str, name: str) -> str | None:
    """The code of one recorded task now, for its fingerprint."""
    if kind == "npm-script":
        return npm_script_code(path, name)
    if kind == "make-target":
        return make_target_code(path, name)
    return None
