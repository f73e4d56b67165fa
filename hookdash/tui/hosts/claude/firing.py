"""Firing a Claude Code hook from the dashboard: Claude's payload, its plan for the
payload's match query, hookdash's question before a project hook it has not reviewed,
and core's Claude firing (the shared engine, the run log)."""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any, cast

from rich.console import RenderableType

from hookdash.core import visible

if TYPE_CHECKING:
    from hookdash.core import AnyHook, ClaudeFireResult, ClaudeHook, Configuration
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.colors import Colors


def _claude(hook: AnyHook) -> ClaudeHook:
    return cast("ClaudeHook", hook)  # (registered for Claude's hooks only)


class ClaudeFiring:
    label = "Claude Code"
    agent = "Claude Code"

    def refusal(self, hook: AnyHook) -> str | None:
        claude = _claude(hook)
        if claude.type == "command" and claude.command is not None:
            return None
        kind = visible(claude.type if isinstance(claude.type, str) else repr(claude.type))
        return (
            f"This is a {kind} hook: Claude Code runs it itself; hookdash fires only command hooks."
        )

    def current(self, config: Configuration, hook: AnyHook) -> AnyHook | None:
        return next((h for h in self.hooks(config) if h.ref == hook.ref), None)

    def hooks(self, config: Configuration) -> Sequence[AnyHook]:
        return config.claude.hooks if config.claude is not None else []

    def payload(self, app: HookdashApp, config: Configuration, hook: AnyHook) -> dict[str, Any]:
        from hookdash.core import build_claude_payload

        if config.claude is None:
            return {}
        return build_claude_payload(config.claude, hook.event, hook=_claude(hook))

    def payload_problems(self, hook: AnyHook, payload: dict[str, Any]) -> list[str]:
        return []  # (Claude Code sends its own fields; hookdash checks Gemini's only)

    def would_run(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> str | None:
        from hookdash.core import hooks_to_fire

        if config.claude is None:
            return "Claude Code's settings are not loaded"
        _, plan = hooks_to_fire(config.claude, hook.event, payload, None)
        if any(h.ref == hook.ref for h in plan.hooks):
            return None
        return next(
            (s.why for s in plan.skipped if s.ref == hook.ref),
            f"it is not among the hooks Claude Code runs for {hook.shown.event}",
        )

    def confirmations(self, config: Configuration, hook: AnyHook) -> list[str]:
        from hookdash.core import claude_confirmations

        return [c.reason for c in claude_confirmations([_claude(hook)])]

    def fire(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> Coroutine[Any, Any, ClaudeFireResult]:
        from hookdash.core import fire_claude

        claude = config.claude
        assert claude is not None  # (a Claude hook comes from a loaded Claude snapshot)
        return fire_claude(
            claude, hook.event, hook=_claude(hook), payload=payload, environ=config.env.environ
        )

    def result_body(self, result: Any, colors: Colors, logged_to: str | None) -> RenderableType:
        from hookdash.tui.hosts.claude.fire_result import claude_fire_result_body

        return claude_fire_result_body(result, colors, logged_to=logged_to)

    def output_sections(self, result: Any) -> list[tuple[str, str]]:
        from hookdash.tui.hosts.claude.fire_result import claude_result_sections

        return claude_result_sections(result)

    def has_output(self, result: Any) -> bool:
        return bool(result.results)

    def layer_text(self, hook: AnyHook) -> str:
        return f"{hook.shown.layer_label} settings"

    def timeout_note(self, hook: AnyHook) -> str:
        from hookdash.core import CLAUDE_COMMAND_TIMEOUT_S

        timeout = _claude(hook).timeout
        seconds = timeout if isinstance(timeout, int | float) else CLAUDE_COMMAND_TIMEOUT_S
        return f"Its timeout is {seconds:g} s."


FIRING = ClaudeFiring()
