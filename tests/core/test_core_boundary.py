"""hookdash.core is the pure domain: it must not import Textual (or the UI floors)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import hookdash.core


def test_core_imports_no_textual() -> None:
    root = Path(hookdash.core.__file__).parent
    modules = sorted(
        "hookdash.core." + ".".join(p.relative_to(root).with_suffix("").parts)
        for p in root.rglob("*.py")
        if p.stem != "__init__"
    )
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual' "
        "or m.startswith(('hookdash.tui', 'hookdash.cli')))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
    assert len(modules) > 10
