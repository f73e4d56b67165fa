"""hookdash starts in a blink (issue 28): each command imports only what it touches.

Held structurally, never by timing (the figures are tests/bench/bench_startup.py's): a
fresh process runs a command and reports what it imported.
"""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from hookdash.cli import parser as cli_parser
from tests.conftest import Sandbox

# Every command module of the command line (what `--version` must not import).
COMMAND_MODULES = (
    "hookdash.cli.listing",
    "hookdash.cli.scanning",
    "hookdash.cli.baseline",
    "hookdash.cli.running",
    "hookdash.cli.edits",
    "hookdash.cli.authoring",
    "hookdash.cli.dashboard",
    "hookdash.cli.hosts",
    "hookdash.cli.any_host",
)


def _imported(sandbox: Sandbox, argv: list[str], *watched: str) -> list[str]:
    """Which of the `watched` modules a fresh process imports running `hookdash argv`."""
    code = (
        "import sys\n"
        "from hookdash import cli\n"
        "try:\n"
        f"    cli.main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print('LOADED', sorted(m for m in {watched!r} if m in sys.modules), file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=sandbox.workspace,
        env=sandbox.environ,
        capture_output=True,
        text=True,
        check=False,
    )
    line = next((x for x in result.stderr.splitlines() if x.startswith("LOADED ")), None)
    assert line is not None, result.stdout[-500:] + result.stderr[-800:]
    loaded: list[str] = ast.literal_eval(line.removeprefix("LOADED "))
    return loaded


def test_version_imports_no_command_nor_pydantic(sandbox: Sandbox) -> None:
    assert _imported(sandbox, ["--version"], *COMMAND_MODULES, "pydantic", "textual") == []


def test_a_command_imports_its_own_module_only(sandbox: Sandbox) -> None:
    others = [m for m in COMMAND_MODULES if m not in ("hookdash.cli.scanning",)]
    assert _imported(sandbox, ["scan", "--help"], *others) == []


def test_scan_imports_no_textual(sandbox: Sandbox) -> None:
    assert _imported(sandbox, ["scan", str(sandbox.workspace)], "textual") == []


@pytest.mark.parametrize("group", range(len(cli_parser._GROUPS)))
def test_each_group_declares_the_commands_it_is_listed_for(group: int) -> None:
    """`_GROUPS` names the commands each declaring function adds: a command added to a
    group but not to the table would be unreachable (and one listed but not declared, an
    error when chosen)."""
    names, _, _ = cli_parser._GROUPS[group]
    sub = next(
        a for a in cli_parser.build_parser()._actions if isinstance(a, cli_parser.LazyCommands)
    )
    sub._load(names[0])
    assert sorted(dict.keys(sub.choices)) == sorted(names)


def test_help_lists_every_command_in_the_declared_order() -> None:
    text = cli_parser.build_parser().format_help()
    listed = [name for names, _, _ in cli_parser._GROUPS for name in names]
    assert [
        line.split()[0]
        for line in text.splitlines()
        if line[4:5].isalpha() and line.startswith("    ")
    ] == listed
