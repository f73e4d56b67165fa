#!/usr/bin/env python3
"""BeforeTool hook for run_shell_command: make force pushes safe.

`git push --force` (or -f) overwrites whatever is on the remote. This hook rewrites it
to `--force-with-lease`, which refuses when someone else pushed in the meantime.
Gemini CLI replaces the tool's arguments with hookSpecificOutput.tool_input, so the
hook returns all of them, not only the changed command.
"""

import json
import re
import sys

FORCE = re.compile(r"(\bgit\s+push\b[^;&|]*?)\s(--force|-f)(?=\s|$)")


def main() -> int:
    event = json.load(sys.stdin)
    tool_input = dict(event.get("tool_input", {}))
    command = tool_input.get("command", "")
    safer = FORCE.sub(r"\1 --force-with-lease", command)
    if safer == command:
        print("{}")
        return 0
    tool_input["command"] = safer
    print(
        json.dumps(
            {
                "systemMessage": "safe-git-push: using --force-with-lease instead of --force",
                "hookSpecificOutput": {"hookEventName": "BeforeTool", "tool_input": tool_input},
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
