"""Record the stdin JSON, the environment and the working directory Claude Code 2.1.332
gives a command hook, for every event a headless `claude -p` session fires, into
`payloads-observed-2.1.332.json` beside this file (`python -m tests.claude.record_payloads`).

Three sessions: a Bash call that succeeds, one that fails (PostToolUseFailure), and one
the `--allowedTools` list does not cover (PermissionRequest). Paths are written as
<HOME>, <PROJECT> and <CONFIG>; ids are kept as recorded (only their type is compared).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hookdash.core.hosts.claude.events import EVENTS
from tests.claude.api_stub import serving
from tests.claude.harness import World
from tests.claude.install import install, requested_version

OBSERVED = Path(__file__).with_name("payloads-observed-2.1.332.json")
RECORDER = """#!/bin/bash
# Keep stdin, the CLAUDE_* variables and the working directory under this hook's label.
label="$1"
stdin="$(cat)"
env_json="$(env | grep -E '^CLAUDE_(PROJECT_DIR|PLUGIN_ROOT|ENV_FILE|CODE_ENTRYPOINT)=' \
  | python3 -c 'import json,sys
print(json.dumps(dict(l.rstrip("\\n").split("=",1) for l in sys.stdin)))')"
printf '{"stdin": %s, "hook_env": %s, "hook_cwd": "%s"}' "$stdin" "$env_json" "$PWD" \
  > "$HOOKDASH_TRACE_DIR/$label.$$.$RANDOM.json"
"""
SESSIONS: dict[str, tuple[dict[str, Any], str]] = {
    "bash-ok": (
        {"name": "Bash", "input": {"command": "echo hookdash", "description": "m"}},
        "Bash",
    ),
    "bash-fails": ({"name": "Bash", "input": {"command": "false", "description": "f"}}, "Bash"),
    "not-allowed": (
        {"name": "Bash", "input": {"command": "touch marker-file", "description": "t"}},
        "Read",
    ),
}


def _placeholders(world: World) -> list[tuple[str, str]]:
    return [
        (str(world.config_dir), "<CONFIG>"),
        (str(world.project), "<PROJECT>"),
        (str(world.home), "<HOME>"),
    ]


def _replace(value: Any, pairs: list[tuple[str, str]]) -> Any:
    if isinstance(value, str):
        for old, new in pairs:
            value = value.replace(old, new)
        return value
    if isinstance(value, list):
        return [_replace(v, pairs) for v in value]
    if isinstance(value, dict):
        return {k: _replace(v, pairs) for k, v in value.items()}
    return value


def record() -> list[dict[str, Any]]:
    claude = install(requested_version())
    seen: dict[str, dict[str, Any]] = {}
    for name, (tool, allowed) in SESSIONS.items():
        root = Path(tempfile.mkdtemp(prefix="hookdash-payloads-"))
        try:
            with serving() as stub:
                stub.tool = tool
                world = World(root, claude, stub)
                world.tracer.write_text(RECORDER)
                hooks = {e: [{"hooks": [world.hook(e)]}] for e in EVENTS}
                world.write(world.user_settings, {"hooks": hooks})
                ran = world.run(allowed=allowed)
                for event, traces in ran.traces.items():
                    if event not in seen:
                        entry = _replace(traces[0], _placeholders(world))
                        seen[event] = {"event": event, "session": name, **entry}
        finally:
            shutil.rmtree(root, ignore_errors=True)
    return [seen[e] for e in EVENTS if e in seen]


if __name__ == "__main__":
    OBSERVED.write_text(json.dumps(record(), indent=2) + "\n")
    print(f"wrote {OBSERVED}")
