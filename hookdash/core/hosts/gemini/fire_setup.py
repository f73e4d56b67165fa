"""What a firing starts from: the event checked, the payload Gemini would send, the plan,
the runner's settings, and the hooks that need the user's say-so first.

The CLI and the dashboard show these before they fire (`plan`, the fire screen's form);
`fire` (this package's fire.py) builds on the same pieces, so what is shown is what runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from hookdash.core.errors import UnknownEvent
from hookdash.core.hosts.gemini.env_sanitize import Sanitization, sanitize_environment
from hookdash.core.hosts.gemini.events import EVENTS, match_kind, suggest_event
from hookdash.core.hosts.gemini.payloads import (
    build_payload as _build_event_payload,
    tool_for_matcher,
    trigger_for_matcher,
)
from hookdash.core.hosts.gemini.planner import Plan, context_for, plan_event
from hookdash.core.hosts.gemini.runner import RunSettings
from hookdash.core.hosts.gemini.storage import PlansDirError, plans_dir
from hookdash.core.model import Configuration, Hook

# ------------------------------------------------------------------ arguments


def check_event(name: str) -> str:
    if name not in EVENTS:
        raise UnknownEvent(name, hint=suggest_event(name), events=EVENTS)
    return name


# ------------------------------------------------------------------ confirmation


class Confirmation(BaseModel):
    """A hook Gemini would not run without the user's say-so, and why."""

    id: str
    ref: str
    reason: str


def confirmations_needed(config: Configuration, hooks: Sequence[Hook]) -> list[Confirmation]:
    """Hooks that need `--yes`: untrusted project hooks, settings hooks of an untrusted folder."""
    trusted_folder = config.snapshot.folder_trust.trusted
    needed = []
    for hook in hooks:
        if hook.gemini_source == "project" and not trusted_folder:
            reason = (
                "the folder is not trusted, and Gemini CLI never runs a settings hook there "
                "(its runner refuses it, so hookdash will not start it either)"
            )
        elif hook.trust == "new":
            reason = (
                "a project hook not yet in trusted_hooks.json: Gemini CLI warns once when a "
                "session starts, then runs it"
            )
        elif hook.trust == "changed":
            reason = (
                f"a project hook that changed since it was trusted ({hook.trust_detail}); "
                "review it before it runs"
            )
        else:
            continue
        needed.append(Confirmation(id=hook.id, ref=hook.ref, reason=reason))
    return needed


# ------------------------------------------------------------------ payloads


def default_match_values(
    config: Configuration, event: str, hook: Hook | None = None
) -> tuple[str | None, str | None]:
    """(tool name, trigger) for a test firing: from the hook's matcher, else from the
    first running hook of the event that has one."""
    kind = match_kind(event)
    if kind == "none":
        return None, None
    matcher: object = None
    if hook is not None:
        matcher = hook.matcher
    else:
        for candidate in sorted(
            (h for h in config.hooks if h.event == event and h.runs),
            key=lambda h: h.order if h.order is not None else 0,
        ):
            if candidate.matcher:
                matcher = candidate.matcher
                break
    if kind == "tool":
        return tool_for_matcher(matcher), None
    return None, trigger_for_matcher(event, matcher)


def build_payload(
    config: Configuration,
    event: str,
    *,
    hook: Hook | None = None,
    tool_name: str | None = None,
    trigger: str | None = None,
    session_id: str | None = None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The stdin Gemini would send for `event` here; tool/trigger default to what the
    hook's (or the event's first) matcher names."""
    check_event(event)
    default_tool, default_trigger = default_match_values(config, event, hook)
    return _build_event_payload(
        config.env,
        event,
        tool_name=tool_name or default_tool,
        trigger=trigger or default_trigger,
        session_id=session_id,
        now=now,
    )


def plan(
    config: Configuration, event: str, tool_name: str | None = None, trigger: str | None = None
) -> Plan:
    """`hookdash plan`: the plan for the context Gemini would pass with these values."""
    check_event(event)
    return plan_event(config.hooks, event, context_for(event, tool_name, trigger))


def run_settings(config: Configuration, payload: Mapping[str, Any]) -> RunSettings:
    """What Gemini's runner takes from its config: sanitized env, plans dir, folder trust."""
    env = config.env
    environ = sanitize_environment(env.environ, Sanitization.from_settings(config.merged))
    session = payload.get("session_id")
    try:
        plans = plans_dir(
            env.gemini_dir,
            env.project_root,
            session if isinstance(session, str) else "",
            config.merged,
        )
        error = None
    except PlansDirError as exc:
        plans, error = "", str(exc)
    return RunSettings(
        environ=environ,
        plans_dir=plans,
        plans_dir_error=error,
        folder_trusted=config.snapshot.folder_trust.trusted,
    )
