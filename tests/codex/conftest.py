"""Fixtures of the Codex CLI harness: the pinned binary, the API stand-in, a World.

Opt-in: every test module here is marked `codex`, which the default `pytest` run
deselects (pyproject's addopts); `pytest -m codex tests/codex` runs them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.codex.api_stub import Stub, serving
from tests.codex.harness import TALLY, World
from tests.codex.install import Unavailable, install, requested_version


@pytest.fixture(scope="session")
def codex() -> Path:
    try:
        return install(requested_version())
    except Unavailable as exc:
        pytest.skip(f"Codex CLI not available: {exc}")


@pytest.fixture
def stub() -> Iterator[Stub]:
    with serving() as running:
        yield running


@pytest.fixture
def world(tmp_path: Path, codex: Path, stub: Stub) -> World:
    return World(tmp_path, codex, stub)


def pytest_assertion_pass(item: pytest.Item, lineno: int, orig: str, expl: str) -> None:
    if item.get_closest_marker("codex") is not None:
        TALLY.checks += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    sessions = TALLY.exec_runs + TALLY.app_servers + TALLY.tuis
    if not sessions:
        return
    passed = len(terminalreporter.stats.get("passed", []))
    checks = f", {TALLY.checks} checks" if TALLY.checks else ""
    terminalreporter.write_line(
        f"codex harness: {passed} scenarios passed, {sessions} Codex sessions "
        f"({TALLY.exec_runs} codex exec, {TALLY.app_servers} app-server, {TALLY.tuis} "
        f"terminal UI){checks} against Codex CLI {requested_version()}"
    )
