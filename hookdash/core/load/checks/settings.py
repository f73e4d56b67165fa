"""What stops every hook at once: an untrusted folder, hooks switched off."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.core.hosts.gemini.events import (
    EVENTS,
)
from hookdash.core.hosts.gemini.merge import js_truthy
from hookdash.core.problems import Problem

if TYPE_CHECKING:
    from hookdash.core.model import Configuration


def _check_global(config: Configuration) -> list[Problem]:
    out: list[Problem] = []
    snap = config.snapshot
    env = config.env
    settings_hooks = [h for h in snap.hooks if h.gemini_source == "project" and h.event in EVENTS]
    if not snap.folder_trust.trusted and settings_hooks:
        how = snap.folder_trust.how
        variable = snap.folder_trust.variable or "GEMINI_CLI_TRUST_WORKSPACE=false"
        fix = (
            f"Unset {variable.split('=')[0]}"
            + (" or set it to true." if variable.startswith("GEMINI_CLI_TRUST") else ".")
            if how == "env"
            else "Trust the folder when Gemini CLI asks, or add it to trustedFolders.json."
        )
        out.append(
            Problem(
                severity="warning",
                code="folder-untrusted",
                message=f"The folder is not trusted: Gemini CLI skips all {len(settings_hooks)} "
                "settings hooks — user and system ones too, not only the project's — and runs "
                "only extension hooks.",
                fix=fix,
                file=str(env.trusted_folders_path) if how in ("file", "none") else None,
            )
        )
    if not snap.hooks_enabled:
        merged_config = config.merged.get("hooksConfig")
        enabled = merged_config.get("enabled", True) if isinstance(merged_config, dict) else True
        # Only a Gemini CLI before 0.28 also reads tools.enableHooks.
        switch = "hooksConfig.enabled" if not js_truthy(enabled) else "tools.enableHooks"
        out.append(
            Problem(
                severity="warning",
                code="hooks-switched-off",
                message=f"{switch} is false: Gemini CLI runs no hook at all, "
                "extension hooks included.",
                fix=f"Set {switch} to true (or remove it).",
            )
        )
    return out
