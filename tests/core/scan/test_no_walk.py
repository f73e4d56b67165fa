"""`scan` never walks the tree: it lists only the folders an agent lists
itself (Copilot's `.github/hooks`, Cline's hook folders, plugin folders), and the same ones
whatever else the repository holds. Counted, not timed."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.scan import scan_repository
from tests.core.scan.every_agent import FILES, write_every_agent, write_unrelated


@contextmanager
def directory_reads(monkeypatch: pytest.MonkeyPatch, root: Path) -> Iterator[list[str]]:
    """Every folder under `root` listed while the block runs (os.scandir, os.listdir,
    os.walk, Path.iterdir, Path.glob and Path.rglob), relative to `root`."""
    seen: list[str] = []
    real_root = os.path.realpath(root)

    def record(path: Any) -> None:
        where = os.path.realpath(os.fspath(path) if path is not None else ".")
        if where == real_root or where.startswith(real_root + os.sep):
            seen.append(os.path.relpath(where, real_root))

    def wrap(name: str, owner: Any) -> None:
        original = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            record(args[0] if args else None)
            return original(*args, **kwargs)

        patch.setattr(owner, name, counted)

    with monkeypatch.context() as patch:
        for name in ("scandir", "listdir", "walk"):
            wrap(name, os)
        for name in ("iterdir", "glob", "rglob"):
            wrap(name, Path)
        yield seen


def test_the_same_few_folders_listed_with_or_without_100_more_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    write_every_agent(root)
    with directory_reads(monkeypatch, root) as few:
        small = scan_repository(root)
    # Every agent's file was found and read.
    assert {h.file for h in small.hooks} >= set(FILES) - {"guard.sh", ".mcp.json", "opencode.json"}
    write_unrelated(root, 2_000, per_dir=20)
    with directory_reads(monkeypatch, root) as many:
        large = scan_repository(root)
    assert sorted(many) == sorted(few)
    assert len(large.hooks) == len(small.hooks)
    # Only folders an agent lists: never the root, never a decoy.
    assert set(few) <= {
        ".claude/skills",
        ".claude/agents",
        ".github/hooks",
        ".clinerules/hooks",
        ".cline/hooks",
        ".opencode/plugin",
        ".opencode/plugins",
        ".amp/plugins",
        ".kiro/hooks",
        ".agents/plugins",
    }
    assert len(few) <= 10
