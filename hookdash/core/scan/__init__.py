"""`hookdash scan`: every coding agent's project-level hook files in a repository, each
hook with its risks and when its agent runs it, and the findings, in text, JSON, SARIF
2.1.0 or GitHub workflow commands (core.scan.formats).

Modules: reader (the protocol an agent's reader follows; each agent's reader is in its room,
core/hosts/<agent>/scan.py, found by core.hosts.scanned), shapes and hooks_object (the
hook shapes agents share), events (the kinds of moment), scan (the shared scan), also_run
and double_firing (who else runs a hook; one command run twice), places (an agent's
project variables), diff (`--diff BASE`), model (what it reports), formats (SARIF and
GitHub workflow commands, shared with `check`).
"""

from hookdash.core.scan.formats import github_commands, sarif_log
from hookdash.core.scan.model import (
    AGENT_NAMES,
    AgentFiles,
    Finding,
    ScannedHook,
    ScanReport,
    at_or_above,
    foreign_hooks,
    foreign_summary,
    problem_findings,
)
from hookdash.core.scan.scan import MAX_HOOK_FILE_BYTES, scan_repository

__all__ = [
    "AGENT_NAMES",
    "MAX_HOOK_FILE_BYTES",
    "AgentFiles",
    "Finding",
    "ScanReport",
    "ScannedHook",
    "at_or_above",
    "foreign_hooks",
    "foreign_summary",
    "github_commands",
    "managed_agents",
    "problem_findings",
    "sarif_log",
    "scan_repository",
]
