"""Golden files are compared byte for byte (several hold CRLF): git must never convert
their line endings, wherever a `golden` folder lives in the tests."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_every_golden_file_is_protected_from_line_ending_conversion() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a checkout: the attribute is git's")
    golden = sorted(
        str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("golden/**/*") if p.is_file()
    )
    assert len(golden) > 100  # the folders moved before; an empty glob must not pass
    out = subprocess.run(
        ["git", "check-attr", "--stdin", "text"],
        input="\n".join(golden),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    ).stdout
    unprotected = [line for line in out.splitlines() if not line.endswith(": text: unset")]
    assert not unprotected
