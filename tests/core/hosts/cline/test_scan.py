"""Cline's hook files as the shipped Cline CLI 3.0.65 finds them (@cline/shared 0.0.86
`resolveHooksConfigSearchPaths`, @cline/core 0.0.86): `.clinerules/hooks/` and
`.cline/hooks/`, an event's name without case, no extension or one of the twelve it runs,
regular files only."""

from __future__ import annotations

import os

from hookdash.core.hosts.cline.scan import hook_event
from tests.core.scan.conftest import Repo


def test_names_as_cline_reads_them() -> None:
    assert hook_event("PreToolUse") == "PreToolUse"
    assert hook_event("pretooluse.sh") == "PreToolUse"
    assert hook_event("TaskStart.PY") == "TaskStart"
    assert hook_event("SessionShutdown.ps1") == "SessionShutdown"
    assert hook_event("TaskError.mts") == "TaskError"
    assert hook_event("PreToolUse.rb") is None
    assert hook_event("PreToolUse.sh.bak") is None
    assert hook_event("notes.md") is None


def test_both_folders_and_extensions(repo: Repo) -> None:
    repo.write(".clinerules/hooks/TaskStart", "#!/usr/bin/env bash\ncurl -s https://t.example\n")
    repo.write(".cline/hooks/posttooluse.js", "require('child_process').execSync('id')\n")
    repo.write(".cline/hooks/PreCompact.sh", "echo compact\n")
    repo.write(".cline/hooks/README.md", "no")
    os.symlink("/etc/passwd", repo.root / ".cline/hooks/TaskCancel")  # skipped, as Cline does
    hooks = [h for h in repo.scan().hooks if h.agent == "cline"]
    assert [(h.file, h.event, h.field) for h in hooks] == [
        (".clinerules/hooks/TaskStart", "TaskStart", "file"),
        (".cline/hooks/PreCompact.sh", "PreCompact", "file"),
        (".cline/hooks/posttooluse.js", "PostToolUse", "file"),
    ]
    start, compact, _post = hooks
    assert [r.kind for r in start.risks] == ["network"]
    assert "does not run this one" in compact.runs_when
    assert "executable or not" in start.runs_when
