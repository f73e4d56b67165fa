"""A Claude Code machine in tmp_path: a home with ~/.claude, a project, a managed directory
(through HOOKDASH_CLAUDE_MANAGED_DIR), and the environment that points at them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest


@dataclass
class Machine:
    root: Path

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def project(self) -> Path:
        return self.home / "project"

    @property
    def managed(self) -> Path:
        return self.root / "etc" / "claude-code"

    @property
    def user(self) -> Path:
        return self.home / ".claude" / "settings.json"

    @property
    def project_file(self) -> Path:
        return self.project / ".claude" / "settings.json"

    @property
    def local_file(self) -> Path:
        return self.project / ".claude" / "settings.local.json"

    def environ(self) -> dict[str, str]:
        return {"HOME": str(self.home), "HOOKDASH_CLAUDE_MANAGED_DIR": str(self.managed)}

    def write(self, path: Path, content: Any) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content, indent=2))
        return path


def hooks_on(
    event: str, *commands: str, matcher: str | None = None, **fields: Any
) -> dict[str, Any]:
    group: dict[str, Any] = {
        "hooks": [{"type": "command", "command": c, **fields} for c in commands]
    }
    if matcher is not None:
        group["matcher"] = matcher
    return {"hooks": {event: [group]}}


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    m = Machine(tmp_path)
    m.project.mkdir(parents=True)
    return m
