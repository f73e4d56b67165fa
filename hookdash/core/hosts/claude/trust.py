"""The folder trust Claude Code records, and what it means for a project's hooks.

Claude Code 2.1.332 keeps it in its global config, `$CLAUDE_CONFIG_DIR/.claude.json`
(else `~/.claude.json`): `projects[<folder>].hasTrustDialogAccepted` (the key is read from
the binary). A folder counts as trusted when it, or a folder above it (up to the root of
its git repository, when it is in one), has the key set to true; `CLAUDE_CODE_SANDBOXED`
trusts every folder. An interactive session shows the trust dialog before it runs a
project's hooks; `claude -p` asks nothing: in a folder never trusted, every project and
local hook fired (tests/claude).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookdash.core.disk import files
from hookdash.core.hosts.claude.layers import git_root, home_of
from hookdash.core.hosts.claude.model import ClaudeFolderTrust

TRUST_KEY = "hasTrustDialogAccepted"
_UNTRUSTED = (
    "Claude Code has no trust recorded for this folder: an interactive session asks "
    "before it runs the project's hooks, but `claude -p` asks nothing and runs them all."
)


def global_config_path(environ: Mapping[str, str]) -> Path:
    configured = environ.get("CLAUDE_CONFIG_DIR")
    base = Path(os.path.expanduser(configured)) if configured else home_of(environ)
    return base / ".claude.json"


def _candidates(workspace: Path) -> list[str]:
    """The folders whose trust covers `workspace`: it and those above it, up to its git
    repository's root when it is in one."""
    root = git_root(workspace)
    chain = [workspace, *workspace.parents]
    if root is not None:
        chain = chain[: chain.index(root) + 1]
    out: list[str] = []
    for folder in chain:
        for spelling in (str(folder), os.path.realpath(folder)):
            if spelling not in out:
                out.append(spelling)
    return out


def folder_trust(workspace: Path, environ: Mapping[str, str]) -> ClaudeFolderTrust:
    config = global_config_path(environ)
    if environ.get("CLAUDE_CODE_SANDBOXED"):
        return ClaudeFolderTrust(
            state="trusted",
            config_file=str(config),
            sentence="CLAUDE_CODE_SANDBOXED is set: Claude Code trusts every folder and runs "
            "the project's hooks without asking.",
        )
    try:
        data: Any = json.loads(files.read_text(config))
    except FileNotFoundError:
        data = {}
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        return ClaudeFolderTrust(
            state="unknown",
            config_file=str(config),
            sentence=f"hookdash cannot read {config} ({why}), where Claude Code records "
            "folder trust; `claude -p` asks nothing and runs the project's hooks either way.",
        )
    projects = data.get("projects") if isinstance(data, dict) else None
    projects = projects if isinstance(projects, dict) else {}
    for folder in _candidates(workspace):
        entry = projects.get(folder)
        if isinstance(entry, dict) and entry.get(TRUST_KEY) is True:
            return ClaudeFolderTrust(
                state="trusted",
                config_file=str(config),
                trusted_path=folder,
                sentence=f"You accepted Claude Code's trust dialog for {folder}: a session "
                "runs this project's hooks without asking (and `claude -p` never asks).",
            )
    return ClaudeFolderTrust(state="untrusted", config_file=str(config), sentence=_UNTRUSTED)
