"""Build real registry `Hook`s from vector entries (the same path the planner test uses)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hookdash.core.hosts.gemini.registry import Candidate, VerdictContext, make_hook
from hookdash.core.load.command_scripts import CommandScripts
from hookdash.core.model import Hook


def verdict_context(disabled: list[str] | None = None) -> VerdictContext:
    return VerdictContext(
        fatal=None,
        hooks_enabled=True,
        hooks_off_where="",
        folder_trusted=True,
        disabled=disabled or [],
        disabled_by_scope={"user": disabled or []},
        legacy_by_scope={},
        trust_store={},
        project_root="/project",
        script_of=lambda command, env: CommandScripts(),
    )


def make_command_hook(
    event: str,
    command: str,
    *,
    index: int = 0,
    source: str = "extensions",
    env: dict[str, str] | None = None,
    timeout_ms: float | None = None,
    name: str | None = None,
    definition: dict[str, Any] | None = None,
) -> Hook:
    """A command hook as the registry makes it, from `source` (project or extensions)."""
    config: dict[str, Any] = {"type": "command", "command": command}
    if name is not None:
        config["name"] = name
    if env is not None:
        config["env"] = env
    if timeout_ms is not None:
        config["timeout"] = timeout_ms
    settings = source != "extensions"
    candidate = Candidate(
        event=event,
        scope="user" if settings else "extension",
        extension=None if settings else "ext",
        file=Path("/settings.json"),
        pointer=f"/hooks/{event}/{index}/hooks/0",
        definition={**(definition or {}), "hooks": [config]},
        config=config,
        source="project" if settings else "extensions",
        registered=True,
    )
    return make_hook(candidate, verdict_context())
