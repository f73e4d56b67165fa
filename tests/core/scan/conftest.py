"""A repository in tmp_path to scan: write files by relative path, scan it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.scan import ScanReport, scan_repository


class Repo:
    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, rel: str, content: Any, mode: int | None = None) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            text = content if isinstance(content, str) else json.dumps(content, indent=2)
            path.write_text(text, encoding="utf-8")
        if mode is not None:
            path.chmod(mode)
        return path

    def scan(self) -> ScanReport:
        return scan_repository(self.root)


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    root = tmp_path / "repo"
    root.mkdir()
    return Repo(root)
