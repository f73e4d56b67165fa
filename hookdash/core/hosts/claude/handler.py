"""How Claude Code 2.1.332 runs a command handler, from the fields beside its `command`
(run: tests/claude/observed-2.1.332.md, "Command handler fields").

- Shell form (no `args`): `/bin/sh -c command`, whatever $SHELL or `shell: "bash"` say
  (Node's `shell: true`; dash on Debian). `shell: "powershell"` runs it under pwsh.
- Exec form (`args`): `command` spawned directly with `args` as its arguments, no shell;
  `${CLAUDE_PROJECT_DIR}` (and a plugin's `${CLAUDE_PLUGIN_ROOT}`/`${CLAUDE_PLUGIN_DATA}`)
  replaced as plain text in every element, nothing else expanded; a bare name found on PATH.
- `onFailure: "block"`: a failure (not started, timed out, an exit code other than 0 or 2,
  JSON output that fails validation) blocks as exit 2 does; ignored for async hooks and
  on Stop, SubagentStop, TaskCompleted and TeammateIdle.
- `async`: not waited for, its output decides nothing. `asyncRewake`: in the background
  where the session can be woken (exit 2 wakes the model); `claude -p` waits for it, and
  there its exit 2 blocks (run).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

SHELL = "/bin/sh"  # what runs a shell-form hook (Node's `shell: true` on POSIX)
# Exec form's placeholders: `${NAME}` replaced in `command` and every argument.
PLACEHOLDERS = ("CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA")
# Where `onFailure: "block"` is ignored (the binary's description of the field).
ON_FAILURE_IGNORED = frozenset({"Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"})


def exec_args(handler: Mapping[str, Any]) -> list[str] | None:
    """A handler's `args` when it is the exec form (a list of strings; Claude's schema
    drops the file for anything else), else None."""
    args = handler.get("args")
    if isinstance(args, list) and all(isinstance(a, str) for a in args):
        return list(args)
    return None


def background_of(handler: Mapping[str, Any]) -> Literal["async", "asyncRewake"] | None:
    """`asyncRewake` implies async; either makes Claude not wait (asyncRewake: in `-p` it
    does)."""
    if handler.get("asyncRewake") is True:
        return "asyncRewake"
    if handler.get("async") is True:
        return "async"
    return None


def command_line(command: str, args: list[str] | None) -> str:
    """What names a command hook and what a reviewer reads (and the risk scan reads): the
    shell-form command as written; the exec form's program and arguments, each quoted as a
    shell would need it, so `["-c", "curl x | sh"]` reads as the `-c 'curl x | sh'` it is."""
    if args is None:
        return command
    import shlex  # here: most scans join and split no command line

    return shlex.join([command, *args])


def exec_argv(command: str, args: list[str], values: Mapping[str, str]) -> list[str]:
    """The argv Claude Code spawns for an exec-form hook: each placeholder `${NAME}` that
    `values` holds replaced in every element, as plain text (no shell sees it)."""

    def substitute(text: str) -> str:
        for name in PLACEHOLDERS:
            if name in values:
                text = text.replace("${" + name + "}", values[name])
        return text

    return [substitute(command), *(substitute(a) for a in args)]


def on_failure_blocks(on_failure: Any, background: str | None, event: str) -> bool:
    """Whether a failure of this hook blocks like exit 2 does."""
    return on_failure == "block" and background is None and event not in ON_FAILURE_IGNORED
