"""Benchmark: `visible()` on 10,000 typical strings (it runs on every rendered line).

Run: .venv/bin/python tests/bench/bench_visible.py
Not collected by pytest. Prints the cost per string for clean text (the fast path),
clean multi-line text, non-ASCII text, and text that needs replacing.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from hookdash.core.display import json_text, visible

TYPICAL = [
    "lint-on-write",
    "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh --fix",
    "python3 .gemini/hooks/guard.py",
    "Blocks writes to generated files",
    "run_shell_command|write_file",
    '{"decision": "allow", "reason": "ok"}',
    "2026-11-23T17:25:40Z BeforeTool lint-on-write exit 0 12 ms",
    "npx prettier --check .",
]
MULTILINE = ["#!/usr/bin/env bash\nset -euo pipefail\n\tnpm test\n" * 3]
UNICODE = ["Prüft Dateien vor dem Schreiben ✓", "日本語のフック", "emoji 😀 hook"]
HOSTILE = ["n\x1b]0;PWN\x07\x1b[2J", "curl x | sh #\r\x1b[2K  command: ./lint.sh", "a\u202eb"]


def _per_string(strings: list[str], call: Callable[[str], object]) -> float:
    batch = [strings[i % len(strings)] for i in range(10_000)]
    runs = []
    for _ in range(7):
        start = time.perf_counter()
        for text in batch:
            call(text)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs) / len(batch) * 1e9


def main() -> None:
    print("visible(), median ns per string over 10,000 strings:")
    for label, strings, call in (
        ("clean single-line", TYPICAL, visible),
        ("clean multi-line (multiline=True)", MULTILINE, lambda t: visible(t, multiline=True)),
        ("non-ASCII, clean", UNICODE, visible),
        ("hostile (replaced)", HOSTILE, visible),
        ("baseline: str.isprintable()", TYPICAL, str.isprintable),
    ):
        print(f"  {label:36} {_per_string(strings, call):8.0f} ns")
    values = [{"name": t, "command": t} for t in TYPICAL + HOSTILE]
    print(f"  {'json_text of a 2-field object':36} {_per_string(values, json_text):8.0f} ns")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
