"""Where Gemini CLI's telemetry goes: its environment variables win over `telemetry.*`.

Shown on the dashboard because a telemetry outfile holds every prompt and tool call.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hookdash.core.hosts.gemini.environment import GeminiEnvironment
from hookdash.core.model import Telemetry


def read_telemetry(env: GeminiEnvironment, merged: dict[str, Any]) -> Telemetry:
    """The telemetry settings Gemini would use, from its environment and merged settings."""
    settings = merged.get("telemetry") if isinstance(merged.get("telemetry"), dict) else {}
    assert isinstance(settings, dict)

    def pick(env_name: str, key: str) -> tuple[Any, str | None]:
        if env.environ.get(env_name):
            return env.environ[env_name], env_name
        if key in settings:
            return settings[key], f"telemetry.{key}"
        return None, None

    enabled_raw, _ = pick("GEMINI_TELEMETRY_ENABLED", "enabled")
    outfile, source = pick("GEMINI_TELEMETRY_OUTFILE", "outfile")
    prompts_raw, _ = pick("GEMINI_TELEMETRY_LOG_PROMPTS", "logPrompts")
    path = None
    if isinstance(outfile, str) and outfile:
        path = str(Path(os.path.join(env.workspace, os.path.expanduser(outfile))))
    return Telemetry(
        enabled=_boolish(enabled_raw, False),
        outfile=path,
        log_prompts=_boolish(prompts_raw, True),
        configured_by=source,
    )


def _boolish(value: Any, default: bool) -> bool:
    if value is None:
        return default
    if isinstance(value, str):
        return value.lower() in ("true", "1")
    return bool(value)
