"""Fixtures of the differential harness: the pinned Gemini CLI and a World per test.

Opt-in: every test module here is marked `gemini`, which the default `pytest` run
deselects (pyproject's addopts); `pytest -m gemini` runs them.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gemini.differential import TALLY
from tests.gemini.harness import World, make_secure_dir, secure_directory_base
from tests.gemini.install import GeminiInstall, Unavailable, install, requested_version

SYSTEM_SKIP_REASON = (
    "the system settings layer needs a root-owned directory chain that is not writable by "
    "group or others (Gemini CLI ignores the file otherwise); not possible unless the tests "
    "run as root with a locked-down cache directory"
)


@pytest.fixture(scope="session")
def gemini() -> GeminiInstall:
    try:
        return install(requested_version())
    except Unavailable as exc:
        pytest.skip(f"Gemini CLI not available: {exc}")


@pytest.fixture
def world(tmp_path: Path, gemini: GeminiInstall) -> World:
    """Everything in tmp_path; the system files too (so Gemini ignores them: /tmp is 1777)."""
    return World(tmp_path, gemini)


@pytest.fixture
def secure_world(tmp_path: Path, gemini: GeminiInstall) -> Iterator[World]:
    """A World whose system settings files Gemini CLI will read (root-owned chain)."""
    base = secure_directory_base()
    if base is None:
        pytest.skip(SYSTEM_SKIP_REASON)
    system_dir = make_secure_dir(base)
    try:
        yield World(tmp_path, gemini, system_dir=system_dir)
    finally:
        shutil.rmtree(system_dir, ignore_errors=True)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if TALLY.checks:
        terminalreporter.write_line(
            f"gemini harness: {len(TALLY.scenarios)} scenarios, {TALLY.gemini_runs} Gemini CLI "
            f"sessions, {TALLY.checks} checks against Gemini CLI {requested_version()}"
        )
