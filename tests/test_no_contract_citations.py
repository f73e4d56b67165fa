"""The code and the docs say their rules themselves: the product contract the project was
built from is not in the repository, so a line citing its sections ("CONTRACT §5") tells a
reader nothing."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_CITATION = re.compile(r"\bcontract\W{0,3}§", re.IGNORECASE)


def test_no_code_cites_the_contracts_sections() -> None:
    here = Path(__file__).resolve()
    cited = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in [
            ROOT / "README.md",
            *(ROOT / "docs").rglob("*.md"),
            *(
                p
                for folder in ("hookdash", "tests", "screenshots")
                for p in (ROOT / folder).rglob("*.py")
            ),
        ]
        if path.resolve() != here
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _CITATION.search(line)
    ]
    assert cited == []
