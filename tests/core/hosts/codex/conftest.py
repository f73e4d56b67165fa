"""A Codex CLI machine in tmp_path: a home with ~/.codex (CODEX_HOME), a git repository
with a subfolder to work in, a system folder (HOOKDASH_CODEX_SYSTEM_DIR, in place of
/etc/codex), hookdash's state directory, and the environment that points at them. Never
the real home, never the real /etc/codex."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hookdash.core.hosts.codex.model import CodexSnapshot
from hookdash.core.hosts.codex.registry import load_codex


def hook_group(command: str, matcher: str | None = None, **handler: Any) -> dict[str, Any]:
    group: dict[str, Any] = {} if matcher is None else {"matcher": matcher}
    group["hooks"] = [{"type": "command", "command": command, **handler}]
    return group


@dataclass
class CodexMachine:
    root: Path

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def codex(self) -> Path:
        return self.home / ".codex"

    @property
    def repo(self) -> Path:
        return self.home / "repo"

    @property
    def sub(self) -> Path:
        return self.repo / "sub"

    @property
    def system(self) -> Path:
        return self.root / "etc-codex"

    @property
    def user_json(self) -> Path:
        return self.codex / "hooks.json"

    @property
    def user_toml(self) -> Path:
        return self.codex / "config.toml"

    def environ(self) -> dict[str, str]:
        return {
            "HOME": str(self.home),
            "CODEX_HOME": str(self.codex),
            "HOOKDASH_CODEX_SYSTEM_DIR": str(self.system),
            "HOOKDASH_STATE_DIR": str(self.root / "state"),
            "PATH": "/usr/bin:/bin",
        }

    def write(self, path: Path, content: Any) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content, indent=2))
        return path

    def hooks_json(self, path: Path, hooks: dict[str, Any]) -> Path:
        return self.write(path, {"hooks": hooks})

    def trust_project(self, folder: Path | None = None, extra: str = "") -> None:
        folder = folder or self.repo
        self.write(self.user_toml, f'[projects."{folder}"]\ntrust_level = "trusted"\n' + extra)

    def load(self, cwd: Path | None = None) -> CodexSnapshot:
        return load_codex(cwd or self.repo, self.environ())


@pytest.fixture
def machine(tmp_path: Path) -> CodexMachine:
    m = CodexMachine(tmp_path)
    m.codex.mkdir(parents=True)
    (m.repo / ".git").mkdir(parents=True)
    m.sub.mkdir()
    return m
