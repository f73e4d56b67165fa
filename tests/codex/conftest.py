"""Fixtures of the Codex CLI harness: the pinned binary, the API stand-in, a World.

Opt-in: every test module here is marked `codex`, which the default `pytest` run
deselects (pyproject's addopts); `pytest -m codex tests/codex` runs them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.codex.api_stub import Stub, serving
from tests.codex.harness import World
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
