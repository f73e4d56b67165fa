"""GitHub Copilot CLI: every `.github/hooks/*.json` (`{"version": 1, "hooks": {event:
[{"type": "command", "bash", "powershell", "cwd"?, "env"?, "timeoutSec"?}]}}`, camelCase
events: sessionStart, preToolUse…), and the `hooks` of the repository's
`.github/copilot/settings.json` and `settings.local.json`.

Confirmed: docs.github.com (Copilot CLI hooks reference: "Hook configuration files are
loaded automatically from .github/hooks/*.json"); the shipped @github/copilot 1.0.102
binary's `copilot help config` ("`hooks`: inline hook definitions, keyed by event name
(same schema as .github/hooks/*.json) … in repo settings.json they act as repo-level
hooks"; repo settings are `.github/copilot/settings.json` or `settings.local.json`) and
`copilot help environment` (trusting the working directory "loads that directory's
skills, plugins, MCP servers, and hooks, including hooks that run shell commands";
`--trust-folder` and `COPILOT_ALLOW_ALL=true` trust it without the prompt). Both `bash`
and `powershell` are reported: which one runs depends on the machine.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from hookdash.core.scan.reader import Document, Entry, Skipped, listing
from hookdash.core.scan.shapes import hooks_object

_DIR = ".github/hooks"
_SETTINGS = (".github/copilot/settings.json", ".github/copilot/settings.local.json")
_FIELDS = ("bash", "powershell", "command")
_WHEN = (
    "Copilot CLI runs it once you trust this folder at its prompt (or with --trust-folder "
    "or COPILOT_ALLOW_ALL=true), with no review of each hook."
)


class CopilotReader:
    agent = "copilot"

    def paths(self, root: Path) -> list[str]:
        names = [n for n in listing(root, _DIR) if n.endswith(".json")]
        return [f"{_DIR}/{n}" for n in names] + list(_SETTINGS)

    def entries(self, doc: Document) -> Iterator[Entry | Skipped]:
        return hooks_object(doc.value, _FIELDS)

    def runs_when(self, rel: str) -> str:
        return _WHEN


READER = CopilotReader()
