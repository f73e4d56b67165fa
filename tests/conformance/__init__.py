"""Gemini CLI's language-neutral conformance vectors, run through hookdash's real code."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

# The vectors live beside the project in ../shared/conformance; HOOKDASH_CONFORMANCE_DIR
# points elsewhere (a copy is vendored in tests/conformance/vectors for a clean clone).
_HERE = Path(__file__).parent


def vectors(name: str) -> list[dict[str, Any]]:
    candidates = [
        Path(os.environ.get("HOOKDASH_CONFORMANCE_DIR", "")) / f"{name}.json",
        _HERE / "vectors" / f"{name}.json",
    ]
    for path in candidates:
        if path.is_file():
            data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
            return data
    raise FileNotFoundError(f"conformance vectors {name}.json not found")
