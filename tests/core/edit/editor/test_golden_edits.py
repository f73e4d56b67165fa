"""Golden files: settings files in every style, and the exact bytes a toggle leaves.

Inputs are `golden/<case>.json`; expected outputs `golden/expected/<case>.<op>.json`.
Regenerate with `HOOKDASH_UPDATE_GOLDEN=1 pytest tests/core/edit/test_golden_edits.py`, then
read every diff before committing: these files are the specification of the edit style.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from hookdash.core import jsonc
from hookdash.core.edit.editor.settings_file import FileEdit, SettingsFile
from hookdash.core.hosts.gemini.switching.disabled_text import add_entry, remove_entry

GOLDEN = Path(__file__).parents[1] / "golden"
CASES = sorted(p.stem for p in GOLDEN.glob("*.json"))
NEW = 'my "quoted" \\hook ✓'  # needs escaping, and is not ASCII
ENV: dict[str, str] = {}

Op = Callable[[str], FileEdit]
OPS: dict[str, Op] = {
    "disable": lambda t: add_entry(t, NEW, "auto", SettingsFile("user", "f", "f", ENV)),
    "disable-legacy": lambda t: add_entry(t, NEW, "hooks", SettingsFile("user", "f", "f", ENV)),
    "enable": lambda t: remove_entry(t, "x", "auto", SettingsFile("user", "f", "f", ENV)),
}


def _read(path: Path) -> str:
    return path.read_bytes().decode("utf-8")


def _expected_path(case: str, op: str) -> Path:
    return GOLDEN / "expected" / f"{case}.{op}.json"


@pytest.mark.parametrize("op", sorted(OPS))
@pytest.mark.parametrize("case", CASES)
def test_golden(case: str, op: str) -> None:
    text = _read(GOLDEN / f"{case}.json")
    edit = OPS[op](text)
    expected = _expected_path(case, op)
    if os.environ.get("HOOKDASH_UPDATE_GOLDEN"):
        expected.parent.mkdir(exist_ok=True)
        if edit.text is None:
            expected.unlink(missing_ok=True)
        else:
            expected.write_bytes(edit.text.encode("utf-8"))
    if edit.text is None:
        assert not expected.exists(), "the golden file expects a change"
        return
    assert expected.exists(), f"no golden file for {case}.{op}"
    assert edit.text == _read(expected)
    # Whatever the style, the result is what Gemini would parse, with the change made.
    value = jsonc.parse(edit.text)
    if op.startswith("disable"):
        key = "hooks" if op == "disable-legacy" else "hooksConfig"
        assert value[key]["disabled"][-1] == NEW
    else:
        assert "x" not in value.get("hooksConfig", {}).get("disabled", [])
        assert "x" not in value.get("hooks", {}).get("disabled", [])


def test_every_case_has_a_disable_golden_file() -> None:
    assert len(CASES) >= 12
    for case in CASES:
        assert _expected_path(case, "disable").exists(), case


def test_line_ends_are_kept() -> None:
    out = _read(_expected_path("crlf", "disable"))
    assert out.count("\n") == out.count("\r\n")  # every line still ends in CRLF
    lf = _read(_expected_path("tabs", "disable"))
    assert "\r" not in lf and "\n\t\t\t" not in lf  # `["x", "y"]` grows on its line
