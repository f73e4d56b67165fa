#!/usr/bin/env python3
"""BeforeTool hook for run_shell_command: deny shell commands that destroy things.

Gemini CLI sends the tool call as JSON on stdin. Printing {"decision": "deny", ...}
makes Gemini refuse the call and show the reason to the model; printing {} lets it run.
"""

import json
import re
import sys

DANGEROUS = [
    (
        r"\brm\s+(-[a-zA-Z]*r[a-zA-Z]*f|-[a-zA-Z]*f[a-zA-Z]*r|--recursive\s+--force)\b",
        "rm -rf deletes without asking",
    ),
    (r"\b(curl|wget)\b[^|]*\|\s*(sudo\s+)?(ba|z)?sh\b", "piping a download into a shell"),
    (r"\bmkfs(\.\w+)?\b", "formatting a file system"),
    (r"\bdd\b.*\bof=/dev/", "writing to a raw device"),
    (r":\(\)\s*\{\s*:\|:&\s*\};:", "a fork bomb"),
    (r"\bchmod\s+-R\s+777\s+/", "making the whole disk world-writable"),
    (r"\bgit\s+clean\s+-[a-zA-Z]*f[a-zA-Z]*d", "git clean -fd deletes untracked work"),
]


def main() -> int:
    event = json.load(sys.stdin)
    command = event.get("tool_input", {}).get("command", "")
    for pattern, why in DANGEROUS:
        if re.search(pattern, command):
            print(
                json.dumps(
                    {
                        "decision": "deny",
                        "reason": f"Blocked by block-dangerous-shell: {why}. "
                        "Ask the user to run it themselves if it is really needed.",
                        "systemMessage": f"🛑 blocked: {command}",
                    }
                )
            )
            return 0
    print("{}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
