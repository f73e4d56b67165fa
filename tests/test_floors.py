"""The floors of the code point only down, and no import goes round in a circle (issue 25).

Every module of hookdash sits on one floor (`FLOORS`, top to bottom). A module may import
its own floor and the floors below it, never one above: the command line and the dashboard
stand on the front door, which stands on what spans every host, which stands on each
host's room, and so on down to the ground (the JSONC reader, the display rule, the records).

The imports are read with `ast`, as they run: an import inside a function counts (it runs
when called), one under `if TYPE_CHECKING:` does not (it never runs). Imports the code
makes today that break the order are listed in `KNOWN_UPWARD` and `KNOWN_CIRCLES`, each to
be removed as it is mended; a new one fails, and so does a listed one that is gone.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import hookdash

PACKAGE = Path(hookdash.__file__).parent

# Every agent's room: each package under core/hosts/ but the crosswalk (found by looking,
# as the registry finds them: a new agent's room needs no line here).
ROOMS = tuple(
    f"hookdash.core.hosts.{p.name}"
    for p in sorted((PACKAGE / "core" / "hosts").iterdir())
    if p.is_dir() and (p / "__init__.py").exists() and p.name != "crosswalk"
)

# Top to bottom. A module's floor is that of the longest prefix naming it.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("faces", ("hookdash.cli", "hookdash.tui", "hookdash.__main__", "hookdash")),
    ("front door", ("hookdash.core",)),
    (
        "spans hosts",
        (
            "hookdash.core.scan",
            "hookdash.core.any_hook",
            "hookdash.core.workspace",
            "hookdash.core.demo",
            "hookdash.core.present",
            "hookdash.core.watching",
            "hookdash.core.run.logfeed",
            # Your own hooks of every agent, watched (the rooms say what each reads).
            "hookdash.core.baseline",
            "hookdash.core.run.log_filter",
            # Translating one host's hooks into another's (`import claude`).
            "hookdash.core.hosts.crosswalk.importing",
        ),
    ),
    (
        "host rooms",
        (
            *ROOMS,
            # What every room reads MCP servers with.
            "hookdash.core.hosts.mcp",
            # Gemini's loader, checks and records, not yet moved into its room.
            "hookdash.core.load",
            "hookdash.core.model",
        ),
    ),
    (
        # What every room reads a repository's hook files with, and how it says that other
        # agents run a file: the shapes of hooks files, not one agent's rule.
        "reading hook files",
        (
            "hookdash.core.scan.reader",
            "hookdash.core.scan.events",
            "hookdash.core.scan.shapes",
            "hookdash.core.scan.hooks_object",
            "hookdash.core.scan.also_run",
            "hookdash.core.hosts.scanned",
            "hookdash.core.baseline.sources",
        ),
    ),
    (
        "host seam",
        (
            "hookdash.core.hosts",
            "hookdash.core.hosts.protocol",
            "hookdash.core.hosts.base",
            "hookdash.core.hosts.registry",
            "hookdash.core.hosts.finding",
            # hookdash's tables of one host's names in another's terms (data, no rule).
            "hookdash.core.hosts.crosswalk",
        ),
    ),
    (
        "judging a command",
        (
            "hookdash.core.load.risks",
            "hookdash.core.load.command_scripts",
            "hookdash.core.load.code_risks",
            "hookdash.core.load.fingerprints",
            "hookdash.core.load.script_copies",
            "hookdash.core.load.bash_words",
            "hookdash.core.load.project_tasks",
            "hookdash.core.load.script_head",
            "hookdash.core.load.reached_files",
        ),
    ),
    ("run and edit", ("hookdash.core.run", "hookdash.core.edit")),
    (
        "ground",
        (
            "hookdash.core.disk",
            # What a run asked the disk, and its output kept (on the disk floor alone).
            "hookdash.core.replay",
            "hookdash.core.jsonc",
            "hookdash.core.js_regex",
            "hookdash.core.regex_tokens",
            "hookdash.core.records",
            "hookdash.core.findings",
            "hookdash.core.mcp_server",
            "hookdash.core.lazy_regex",
            "hookdash.core.record_class",
            "hookdash.core.deferred_module",
            "hookdash.core.other_agents",
            "hookdash.core.problems",
            "hookdash.core.rules",
            "hookdash.core.display",
            "hookdash.core.not_understood",
            "hookdash.core.shown",
            "hookdash.core.scripts",
            "hookdash.core.nesting",
            "hookdash.core.spelling",
            "hookdash.core.errors",
            "hookdash.core.run.verdicts",
            "hookdash.core.run.runlog",
            "hookdash.core.run.process",
        ),
    ),
)

KNOWN_UPWARD: set[tuple[str, str]] = {
    # Gemini's settings writer lives in edit/ (it belongs in Gemini's room).
    ("hookdash.core.edit.editor.settings_file", "hookdash.core.hosts.gemini.confinement"),
    ("hookdash.core.edit.editor.settings_file", "hookdash.core.hosts.gemini.jsvalues"),
    ("hookdash.core.edit.editor.settings_file", "hookdash.core.hosts.gemini.layers"),
    # JavaScript's value rules, kept in Gemini's room though the JS regex reads them too.
    ("hookdash.core.js_regex", "hookdash.core.hosts.gemini.jsvalues"),
    # The script fingerprints are read with Gemini's environment and records.
    ("hookdash.core.load.fingerprints", "hookdash.core.hosts.gemini.environment"),
    ("hookdash.core.load.fingerprints", "hookdash.core.hosts.gemini.jsvalues"),
    ("hookdash.core.load.fingerprints", "hookdash.core.load.trust_shape"),
    ("hookdash.core.load.fingerprints", "hookdash.core.model"),
}
KNOWN_CIRCLES: list[set[str]] = []


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def floor_of(module: str) -> int:
    best, floor = -1, -1
    for index, (_, prefixes) in enumerate(FLOORS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, floor = len(prefix), index
    assert floor >= 0, f"{module} is on no floor: add it to FLOORS"
    return floor


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node that runs: the bodies of `if TYPE_CHECKING:` are left out."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            yield from (n for child in node.orelse for n in [child, *_runtime_nodes(child)])
            continue
        yield node
        yield from _runtime_nodes(node)


@cache
def modules() -> dict[str, Path]:
    return {_module_of(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(name: str) -> str | None:
    """The hookdash module an imported name is (a name imported from a package is the
    package, unless it is a module of it)."""
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


@cache
def imports() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in modules().items():
        found: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            for name in names:
                if name.startswith("hookdash"):
                    target = _resolve(name)
                    if target and target != module:
                        found.add(target)
        graph[module] = found
    return graph


def upward() -> set[tuple[str, str]]:
    return {
        (module, target)
        for module, targets in imports().items()
        for target in targets
        if floor_of(target) < floor_of(module) and not module.startswith(target + ".")
    }


def circles() -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    graph = imports()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    import sys

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_every_module_has_a_floor() -> None:
    for module in modules():
        floor_of(module)


def test_no_import_runs_up_a_floor() -> None:
    found = upward()
    new = sorted(found - KNOWN_UPWARD)
    gone = sorted(KNOWN_UPWARD - found)
    assert not new, "imports up a floor:\n" + "\n".join(f"  {a} -> {b}" for a, b in new)
    assert not gone, "mended: remove from KNOWN_UPWARD:\n" + "\n".join(
        f"  {a} -> {b}" for a, b in gone
    )


def test_no_import_circle() -> None:
    found = circles()
    new = [group for group in found if not any(group <= known for known in KNOWN_CIRCLES)]
    assert not new, "import circles:\n" + "\n".join(f"  {sorted(g)}" for g in new)
