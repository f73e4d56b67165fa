"""Golden files: settings files with hooks in every style, and the exact bytes add, edit,
remove and `hooks off` leave in them.

Inputs are `golden/hooks/<case>.json` (CRLF, tabs, comments, minified, four spaces);
expected outputs `golden/hooks/expected/<case>.<op>.json`. Regenerate with
`HOOKDASH_UPDATE_GOLDEN=1 pytest tests/core/hosts/gemini/authoring/test_golden_authoring.py`,
then read every diff before committing: these files are the specification of how hookdash
writes hooks.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hookdash.core import jsonc
from hookdash.core.hosts.gemini.authoring.hook_draft import HookDraft
from hookdash.core.hosts.gemini.authoring.hook_edit import HookChanges
from hookdash.core.hosts.gemini.authoring.writing import add_hook, edit_hook, remove_hook
from hookdash.core.hosts.gemini.switching.hooks_switch import switch_hooks
from hookdash.core.model import Configuration
from tests.conftest import Sandbox

GOLDEN = Path(__file__).parent / "golden" / "hooks"
CASES = sorted(p.stem for p in GOLDEN.glob("*.json"))

Op = Callable[[Configuration], Any]
OPS: dict[str, Op] = {
    "add": lambda c: add_hook(
        c,
        HookDraft(
            event="BeforeTool",
            command="./hooks/lint.sh",
            name="lint",
            matcher="write_file",
            timeout_ms=30000,
        ),
    ),
    "add-join": lambda c: add_hook(
        c,
        HookDraft(
            event="BeforeTool",
            command="./hooks/audit.sh",
            name="audit ✓",
            matcher="run_shell_command",
        ),
    ),
    "add-event": lambda c: add_hook(
        c, HookDraft(event="SessionStart", command='echo "hello"', name="hello")
    ),
    "edit": lambda c: edit_hook(
        c, "guard", HookChanges(command="./hooks/guard2.sh", timeout_ms=10000, name="shield")
    ),
    "remove": lambda c: remove_hook(c, "guard"),
    "hooks-off": lambda c: switch_hooks(c, False),
}


def _comments(text: str) -> list[str]:
    return [text[a:b].rstrip("\r") for a, b in jsonc.comment_spans(text)]


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("case", CASES)
def test_golden(sandbox: Sandbox, case: str, op: str) -> None:
    shutil.copy(GOLDEN / f"{case}.json", sandbox.user_settings)
    before = sandbox.user_settings.read_bytes().decode()
    OPS[op](sandbox.load())
    after = sandbox.user_settings.read_bytes().decode()
    expected = GOLDEN / "expected" / f"{case}.{op}.json"
    if os.environ.get("HOOKDASH_UPDATE_GOLDEN"):
        expected.write_bytes(after.encode())
    assert after == expected.read_bytes().decode()
    # The file's own style is kept: its line ends, and every comment outside the hook a
    # removal takes out (a comment inside the removed hook goes with it).
    if "\r\n" in before:
        assert after.count("\n") == after.count("\r\n")
    kept = _comments(after)
    gone = [c for c in _comments(before) if c not in kept]
    if op == "remove" and case == "comments":
        assert gone == ["// shell only", "// blocks rm -rf", "/* five seconds */"]
    else:
        assert gone == []


def test_the_results_are_what_the_loader_reads(sandbox: Sandbox) -> None:
    for op in ("add", "add-join", "add-event", "edit"):
        shutil.copy(GOLDEN / "expected" / f"comments.{op}.json", sandbox.user_settings)
        hooks = {h.id: h for h in sandbox.load().hooks}
        assert {"add": "lint", "add-join": "audit ✓", "add-event": "hello", "edit": "shield"}[
            op
        ] in hooks
    shutil.copy(GOLDEN / "expected" / "comments.edit.json", sandbox.user_settings)
    shield = sandbox.load().hooks[0]
    assert (shield.command, shield.timeout_ms, shield.disabled) == (
        "./hooks/guard2.sh",
        10000,
        True,
    )
