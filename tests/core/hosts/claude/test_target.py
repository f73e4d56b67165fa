"""Naming one Claude hook on the command line: by ref, by a unique ID, else a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hookdash.core.errors import AmbiguousHook, HookNotFound
from hookdash.core.hosts.claude.registry import load_claude
from hookdash.core.hosts.claude.target import find_claude_hook


def _snapshot(tmp_path: Path):  # type: ignore[no-untyped-def]
    workspace = tmp_path / "project"
    (workspace / ".claude").mkdir(parents=True)
    handlers = [{"type": "command", "command": c} for c in ("echo a", "echo b")]
    (workspace / ".claude" / "settings.json").write_text(
        json.dumps(
            {
                "hooks": {
                    "PreToolUse": [{"matcher": "Bash", "hooks": handlers}],
                    "Stop": [{"hooks": [{"type": "command", "command": "echo a"}]}],
                }
            }
        )
    )
    environ = {
        "HOME": str(tmp_path / "home"),
        "CLAUDE_CONFIG_DIR": str(tmp_path / "home" / ".claude"),
        "HOOKDASH_CLAUDE_MANAGED_DIR": str(tmp_path / "managed"),
    }
    return load_claude(workspace, environ)


def test_by_unique_id_and_by_ref(tmp_path: Path) -> None:
    snapshot = _snapshot(tmp_path)
    assert find_claude_hook(snapshot, "echo b").command == "echo b"
    stop = next(h for h in snapshot.hooks if h.event == "Stop")
    assert find_claude_hook(snapshot, stop.ref) is stop


def test_shared_id_is_ambiguous_and_lists_refs(tmp_path: Path) -> None:
    snapshot = _snapshot(tmp_path)
    with pytest.raises(AmbiguousHook) as caught:
        find_claude_hook(snapshot, "echo a")
    assert len({c.ref for c in caught.value.candidates}) == 2


def test_unknown_suggests(tmp_path: Path) -> None:
    with pytest.raises(HookNotFound) as caught:
        find_claude_hook(_snapshot(tmp_path), "echo c")
    assert "echo a" in caught.value.candidates or "echo b" in caught.value.candidates
