"""Fixtures of the Claude Code harness: the pinned binary, the API stand-in, a World.

Opt-in: every test module here is marked `claude`, which the default `pytest` run
deselects (pyproject's addopts); `pytest -m claude tests/claude` runs them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.claude.api_stub import Stub, serving
from tests.claude.harness import World
from tests.claude.install import Unavailable, install, requested_version


@pytest.fixture(scope="session")
def claude() -> Path:
    try:
        return install(requested_version())
    except Unavailable as exc:
        pytest.skip(f"Claude Code not available: {exc}")


@pytest.fixture
def stub() -> Iterator[Stub]:
    with serving() as running:
        yield running


@pytest.fixture
def world(tmp_path: Path, claude: Path, stub: Stub) -> World:
    return World(tmp_path, claude, stub)
