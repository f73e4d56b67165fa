#!/usr/bin/env python3
"""AfterTool hook for write_file|replace: check the Python file the agent just wrote.

Findings go back to the model as additionalContext, so it can fix them in its next step.
"""

import json
import sys
from pathlib import Path

MAX_LINE = 100


def findings(path: Path) -> list[str]:
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line != line.rstrip():
            out.append(f"{path.name}:{number}: trailing whitespace")
        if "\t" in line:
            out.append(f"{path.name}:{number}: tab character")
        if len(line) > MAX_LINE:
            out.append(f"{path.name}:{number}: line longer than {MAX_LINE} characters")
    return out


def main() -> int:
    event = json.load(sys.stdin)
    target = event.get("tool_input", {}).get("file_path", "")
    path = Path(event.get("cwd", ".")) / target
    if not target.endswith(".py") or not path.is_file():
        print("{}")
        return 0
    found = findings(path)
    if not found:
        print("{}")
        return 0
    print(
        json.dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": "AfterTool",
                    "additionalContext": "lint-on-write found:\n" + "\n".join(found[:20]),
                }
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
