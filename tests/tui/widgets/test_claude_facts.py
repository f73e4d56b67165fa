"""The details rows of a Claude Code hook: how it runs (exec form, onFailure, async, once)
beside its command."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from hookdash.core.hosts.claude import load_claude
from hookdash.tui.hosts.claude.facts import claude_facts
from tests.core.hosts.claude.conftest import Machine
from tests.tui.helpers import COLORS


def _text(table: object) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(table)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return " ".join(out.split())


def test_an_exec_form_hooks_details(tmp_path: Path) -> None:
    machine = Machine(tmp_path)
    handler = {"type": "command", "command": "python3", "args": ["g.py", "a b"],
               "onFailure": "block", "async": True, "once": True}  # fmt: skip
    machine.write(machine.user, {"hooks": {"PreToolUse": [{"hooks": [handler]}]}})
    (hook,) = load_claude(machine.project, machine.environ()).hooks
    text = _text(claude_facts(hook, "settings.json:1", None, str, COLORS))
    assert "exec form: python3 g.py 'a b'" in text
    assert "onFailure block: ignored, the hook runs in the background" in text
    assert "async: runs in the background" in text and "once: Claude Code runs it once" in text
