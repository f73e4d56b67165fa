"""GitHub Copilot CLI: every `.github/hooks/*.json` (`{"version": 1, "hooks": {event:
[{"type": "command", "bash", "powershell", "cwd"?, "env"?, "timeoutSec"?}]}}`, camelCase
events: sessionStart, preToolUse…), and the inline `hooks` of the repository's
`.github/copilot/settings.json` and `settings.local.json` (same schema).

Confirmed: docs.github.com (Copilot CLI hooks reference: "Hook configuration files are
loaded automatically from .github/hooks/*.json"); the shipped @github/copilot 1.0.102
binary's `copilot help config` ("`hooks`: inline hook definitions, keyed by event name
(same schema as .github/hooks/*.json) … in repo settings.json they act as repo-level
hooks"; repo settings are `.github/copilot/settings.json` or `settings.local.json`) and
`copilot help environment` (trusting the working directory "loads that directory's
skills, plugins, MCP servers, and hooks, including hooks that run shell commands";
`--trust-folder` and `COPILOT_ALLOW_ALL=true` trust it without the prompt). Both `bash`
and `powershell` are reported: which one runs depends on the machine.

Claude Code's files: observed by running the shipped 1.0.102 (linux-x64) with
`--trust-folder -p` against a loopback model: it ran the SessionStart, UserPromptSubmit and
SessionEnd hooks of a repository's `.claude/settings.json` and `.claude/settings.local.json`
beside its own `.github/hooks/*.json`, and none of the Claude files' hooks when the
repository root was the home folder (its own files' hooks still ran). Its runtime expands
`${COPILOT_PROJECT_DIR}` and `${CLAUDE_PROJECT_DIR}` in a hook's command, and knows the
events named below (its hook processors: session start and end, prompt submitted, pre and
post tool use, agent and subagent stop, pre-compact, error, permission request,
notification); "Ignoring unknown hook event(s)" for the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import BaseReader, Document, Entry, Skipped, listing
from hookdash.core.scan.shapes import hooks_object

_DIR = ".github/hooks"
_SETTINGS = (".github/copilot/settings.json", ".github/copilot/settings.local.json")
_FIELDS = ("bash", "powershell", "command")
_WHEN = (
    "Copilot CLI runs it once you trust this folder at its prompt (or with --trust-folder "
    "or COPILOT_ALLOW_ALL=true), with no review of each hook."
)
_CLAUDE_FILES = (".claude/settings.json", ".claude/settings.local.json")
# The kinds of moment (core.scan.events) Copilot CLI 1.0.102 fires hooks at.
_MOMENTS = frozenset(
    {
        "session-start",
        "session-end",
        "prompt",
        "before-tool",
        "after-tool",
        "stop",
        "subagent-stop",
        "before-compact",
        "error",
        "permission",
        "notification",
    }
)
_ALSO_CLAUDE = (
    "GitHub Copilot CLI (1.0.102, observed) runs it too, once you trust this folder, "
    "unless the repository root is your home folder."
)


class CopilotReader(BaseReader):
    agent = "copilot"
    label = "GitHub Copilot CLI"
    rank = 50
    variables = ("COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR")
    listed = (_DIR,)

    def paths(self, root: Path) -> list[str]:
        names = [n for n in listing(root, _DIR) if n.endswith(".json")]
        return [f"{_DIR}/{n}" for n in names] + list(_SETTINGS)

    def watched(self) -> tuple[str, ...]:
        return (_DIR, *_SETTINGS)

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        return hooks_object(doc.value, _FIELDS)

    def runs_when(self, rel: str) -> str:
        return _WHEN

    def also_runs(self, agent: str, rel: str, kind: str, event: str) -> str | None:
        if kind != "hook" or rel not in _CLAUDE_FILES or self.event_kind(event) not in _MOMENTS:
            return None
        return _ALSO_CLAUDE


READER = CopilotReader()
