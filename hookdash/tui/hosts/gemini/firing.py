"""Firing a Gemini CLI hook from the dashboard: core's engine, Gemini's payloads and plan."""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from typing import TYPE_CHECKING, Any, cast

from rich.console import RenderableType

from hookdash.core import fire as engine_fire, visible

if TYPE_CHECKING:
    from hookdash.core import AnyHook, Configuration, FireResult, Hook
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.colors import Colors


def _gemini(hook: AnyHook) -> Hook:
    return cast("Hook", hook)  # (registered for Gemini's hooks only)


class GeminiFiring:
    label = "Gemini CLI"
    agent = "Gemini"

    def refusal(self, hook: AnyHook) -> str | None:
        from hookdash.core import EVENTS

        if hook.event in EVENTS:
            return None
        return (
            f"'{hook.shown.event}' is not a Gemini CLI event: Gemini never fires it, so there is "
            "no payload to test this hook with."
        )

    def current(self, config: Configuration, hook: AnyHook) -> AnyHook | None:
        return next((h for h in config.hooks if h.ref == hook.ref), None)

    def hooks(self, config: Configuration) -> Sequence[AnyHook]:
        return config.hooks

    def payload(self, app: HookdashApp, config: Configuration, hook: AnyHook) -> dict[str, Any]:
        from hookdash.core import build_payload

        clock = app.clock
        return build_payload(
            config,
            hook.event,
            hook=_gemini(hook),
            session_id=app.session_id,
            now=clock() if clock is not None else None,
        )

    def payload_problems(self, hook: AnyHook, payload: dict[str, Any]) -> list[str]:
        from hookdash.core import payload_problems

        return payload_problems(hook.event, payload)

    def would_run(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> str | None:
        from hookdash.core import context_of, plan_event

        plan = plan_event(config.hooks, hook.event, context_of(hook.event, payload))
        if any(h.ref == hook.ref for h in plan.hooks):
            return None
        return next(
            (s.detail or s.reason for s in plan.skipped if s.ref == hook.ref),
            "it is not in the plan",
        )

    def confirmations(self, config: Configuration, hook: AnyHook) -> list[str]:
        from hookdash.core import confirmations_needed

        return [c.reason for c in confirmations_needed(config, [_gemini(hook)])]

    def fire(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> Coroutine[Any, Any, FireResult]:
        return engine_fire(config, hook.event, hook=_gemini(hook), payload=payload)

    def result_body(self, result: Any, colors: Colors, logged_to: str | None) -> RenderableType:
        from hookdash.tui.widgets.fire_result import fire_result_body

        return fire_result_body(result, colors, logged_to=logged_to)

    def output_sections(self, result: Any) -> list[tuple[str, str]]:
        from hookdash.tui.widgets.run_view import output_sections

        return output_sections(result.results, result.aggregate)

    def has_output(self, result: Any) -> bool:
        return bool(result.results)

    def layer_text(self, hook: AnyHook) -> str:
        gemini = _gemini(hook)
        return (
            f"extension {gemini.shown.extension}"
            if gemini.extension
            else f"{gemini.scope} settings"
        )

    def timeout_note(self, hook: AnyHook) -> str:
        from hookdash.core import killed_at_once

        gemini = _gemini(hook)
        at_once = killed_at_once(gemini.timeout_raw)
        if at_once is None:
            return f"Its timeout is {gemini.timeout_ms / 1000:g} s."
        return visible(at_once[0].upper() + at_once[1:]) + "."


FIRING = GeminiFiring()
