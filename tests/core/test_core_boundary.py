"""hookdash.core is the pure domain: it must not import Textual (or the UI floors)."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import hookdash.core


def test_core_imports_no_textual() -> None:
    root = Path(hookdash.core.__file__).parent
    modules = sorted(
        "hookdash.core." + ".".join(p.relative_to(root).with_suffix("").parts)
        for p in root.rglob("*.py")
        if p.stem != "__init__"
    )
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual' "
        "or m.startswith(('hookdash.tui', 'hookdash.cli')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
    assert len(modules) > 10


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, at any depth (function-level imports included)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def test_cli_and_tui_enter_core_only_by_its_front_door() -> None:
    package = Path(hookdash.core.__file__).parent.parent
    offenders = [
        f"{path.relative_to(package.parent)}:{line}: {module}"
        for floor in ("cli", "tui")
        for path in sorted((package / floor).rglob("*.py"))
        for line, module in _imports(path)
        if module.startswith("hookdash.core.")
    ]
    assert offenders == [], "import from `hookdash.core` instead:\n" + "\n".join(offenders)


def test_disk_is_the_floor_below_load_run_and_edit() -> None:
    """`core/disk` (file opening, atomic writes, state, memory) imports nothing of hookdash
    but itself and the errors: load, run, edit and every host stand on it."""
    package = Path(hookdash.__file__).parent / "core" / "disk"
    offenders = [
        f"{path.name}:{line}: {module}"
        for path in sorted(package.rglob("*.py"))
        for line, module in _imports(path)
        if module.startswith("hookdash.")
        and not module.startswith(("hookdash.core.disk", "hookdash.core.errors"))
    ]
    assert offenders == []


@pytest.mark.parametrize(("host", "other"), [("claude", "gemini"), ("gemini", "claude")])
def test_a_host_imports_nothing_of_the_other(host: str, other: str) -> None:
    """Each agent's rules live in core/hosts/<host>/ and stand alone: what two hosts share
    (process handling, the run log, confinement, JSONC, undo) is in shared core, written
    once, never borrowed from the other host's package."""
    package = Path(hookdash.__file__).parent / "core" / "hosts" / host
    offenders = [
        f"{path.relative_to(package)}:{line}: {module}"
        for path in sorted(package.rglob("*.py"))
        for line, module in _imports(path)
        if module == f"hookdash.core.hosts.{other}"
        or module.startswith(f"hookdash.core.hosts.{other}.")
    ]
    assert offenders == [], "move the shared part to core, out of the host:\n" + "\n".join(
        offenders
    )


def test_front_door_is_declared_once_and_every_name_resolves() -> None:
    """The TYPE_CHECKING block is the one declaration: what runs is read from it, so each
    name it declares is the object its module defines."""
    tree = ast.parse(Path(hookdash.core.__file__).read_text(encoding="utf-8"))
    typed = {
        alias.asname or alias.name: node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("hookdash.")
        for alias in node.names
    }
    assert typed and sorted(typed) == hookdash.core.__all__
    for name, module in typed.items():
        assert getattr(hookdash.core, name) is getattr(importlib.import_module(str(module)), name)


def test_front_door_exports_what_cli_and_tui_use() -> None:
    """No dead names: each export is imported by the CLI or the dashboard."""
    package = Path(hookdash.__file__).parent
    used: set[str] = set()
    for floor in ("cli", "tui"):
        for path in (package / floor).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module == "hookdash.core":
                    used.update(alias.name for alias in node.names)
                elif isinstance(node, ast.Attribute) and getattr(node.value, "id", "") == "core":
                    used.add(node.attr)
    assert sorted(set(hookdash.core.__all__) - used) == []


def test_front_door_is_lazy() -> None:
    """Importing the front door loads no submodule: a headless command pays for what it uses."""
    code = (
        "import sys, hookdash.core\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('hookdash.core.'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_no_front_door_name_is_also_a_submodule() -> None:
    """Importing `hookdash.core.x` sets the package attribute `x` to the module, which would
    shadow an exported `x` (a function `visible` in a module `visible.py` broke this once)."""
    root = Path(hookdash.core.__file__).parent
    submodules = {p.stem for p in root.glob("*.py")} | {
        p.name for p in root.iterdir() if p.is_dir()
    }
    assert set(hookdash.core.__all__) & submodules == set()
