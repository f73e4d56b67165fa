"""Folder trust: would Gemini CLI trust the workspace folder, and why."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from hookdash.core import jsonc
from hookdash.core.disk import files
from hookdash.core.hosts.gemini.environment import GeminiEnvironment, normalize_path
from hookdash.core.problems import Problem

TrustHow = Literal["file", "env", "feature-off", "none"]
TRUST_LEVELS = ("TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST")


class FolderTrust(BaseModel):
    enabled: bool
    trusted: bool
    how: TrustHow
    rule: str | None = None  # the trustedFolders.json key that decided, if any
    variable: str | None = None  # the environment variable that decided, if any
    level: str | None = None


def _is_subpath(parent: str, child: str) -> bool:
    return child == parent or child.startswith(parent.rstrip("/") + "/")


def folder_trust_enabled(merged_without_workspace: Mapping[str, Any], default: bool = True) -> bool:
    """security.folderTrust.enabled; `default` is the schema's (true since Gemini 0.29)."""
    security = merged_without_workspace.get("security")
    folder = security.get("folderTrust") if isinstance(security, dict) else None
    value = folder.get("enabled") if isinstance(folder, dict) else None
    if value is None:
        return default
    if isinstance(value, str):
        return value.lower() != "false"
    return bool(value)


def decide_folder_trust(
    env: GeminiEnvironment, feature_enabled: bool
) -> tuple[FolderTrust, list[Problem]]:
    """checkPathTrust: env, then the feature switch, then trustedFolders.json.

    Which variables count depends on the version (env.gemini): GEMINI_RESTRICTED_MODE=true
    (0.59+) and GEMINI_CLI_TRUST_WORKSPACE=false (0.57+) make the folder untrusted, and
    win over GEMINI_CLI_TRUST_WORKSPACE=true, the only one older versions read.
    """
    problems: list[Problem] = []
    model = env.gemini
    value = env.environ.get("GEMINI_CLI_TRUST_WORKSPACE")
    decided_by: tuple[bool, str] | None = None
    if model.restricted_mode_env and env.environ.get("GEMINI_RESTRICTED_MODE") == "true":
        decided_by = (False, "GEMINI_RESTRICTED_MODE=true")
    elif model.trust_env_false and value == "false":
        decided_by = (False, "GEMINI_CLI_TRUST_WORKSPACE=false")
    elif value == "true":
        decided_by = (True, "GEMINI_CLI_TRUST_WORKSPACE=true")
    if decided_by is not None:
        trusted, variable = decided_by
        trust = FolderTrust(enabled=feature_enabled, trusted=trusted, how="env", variable=variable)
        return trust, problems
    if not feature_enabled:
        return FolderTrust(enabled=False, trusted=True, how="feature-off"), problems

    rules, error = read_trusted_folders(env.trusted_folders_path)
    if error is not None:
        problems.append(
            Problem(
                severity="error",
                code="trusted-folders-invalid",
                message=f"{error}; Gemini CLI refuses to start while folder trust is on.",
                fix="Fix or delete the trustedFolders.json file.",
                file=str(env.trusted_folders_path),
            )
        )
        return FolderTrust(enabled=True, trusted=False, how="none"), problems
    match = match_trust_rule(rules, str(env.workspace), env.platform)
    if match is None:
        return FolderTrust(enabled=True, trusted=False, how="none"), problems
    rule, level = match
    return (
        FolderTrust(
            enabled=True, trusted=level != "DO_NOT_TRUST", how="file", rule=rule, level=level
        ),
        problems,
    )


def read_trusted_folders(path: Path) -> tuple[list[tuple[str, str]], str | None]:
    """Rules in file order, or the error that makes Gemini refuse to start."""
    try:
        text = files.read_text(path)
    except FileNotFoundError:
        return [], None
    except OSError as exc:
        return [], f"cannot read {path.name}: {exc.strerror}"
    try:
        data = jsonc.parse(text)
    except jsonc.JsonParseError as exc:
        return [], f"{path.name} does not parse: {exc}"
    if not isinstance(data, dict):
        return [], f"{path.name} is not a JSON object"
    rules = []
    for key, level in data.items():
        if level not in TRUST_LEVELS:
            return [], (
                f'Invalid trust level "{level}" for path "{key}" in {path.name}. '
                f"Possible values are: {', '.join(TRUST_LEVELS)}"
            )
        rules.append((key, level))
    return rules, None


def match_trust_rule(
    rules: list[tuple[str, str]], location: str, platform: str
) -> tuple[str, str] | None:
    """isPathTrusted: the matching rule with the longest (normalized) key wins."""
    loc = normalize_path(_realpath(location), platform)
    best: tuple[str, str] | None = None
    best_len = -1
    for key, level in rules:
        rule_path = normalize_path(key, platform)
        effective = os.path.dirname(rule_path) if level == "TRUST_PARENT" else rule_path
        effective = normalize_path(_realpath(effective), platform)
        if _is_subpath(effective, loc) and len(rule_path) > best_len:
            best, best_len = (key, level), len(rule_path)
    return best


def _realpath(path: str) -> str:
    try:
        return os.path.realpath(path) if os.path.exists(path) else path
    except OSError:
        return path


def describe(trust: FolderTrust, display: Callable[[str], str] = str) -> str:
    """The folder's trust state and what decided it; `display` shortens the rule's path."""
    if trust.how == "env":
        state = "trusted" if trust.trusted else "not trusted"
        variable = trust.variable or (
            f"GEMINI_CLI_TRUST_WORKSPACE={'true' if trust.trusted else 'false'}"
        )
        return f"{state} ({variable})"
    if trust.how == "feature-off":
        return "trusted (folder trust is off: security.folderTrust.enabled is false)"
    if trust.how == "file":
        return (
            f"{'trusted' if trust.trusted else 'not trusted'} ({trust.level} rule for "
            f"{display(trust.rule or '')})"
        )
    return "not trusted (no rule in trustedFolders.json)"
