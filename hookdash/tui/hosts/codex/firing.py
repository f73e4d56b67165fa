"""Firing a Codex CLI hook from the dashboard (`f`, and replay from the live log): the
payload Codex sends for its event, Codex's plan for the payload's tool or source, the
question before a hook Codex skips for want of trust (where `fire --host codex` asks for
--yes), and core's Codex firing (the shared engine, the run log)."""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rich.console import RenderableType

from hookdash.tui.widgets.host_fire_result import host_fire_result_body, host_result_sections

if TYPE_CHECKING:
    from hookdash.core import (
        AnyHook,
        CodexFireResult,
        CodexHook,
        CodexPlan,
        CodexSnapshot,
        Configuration,
        HookRecord,
    )
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.colors import Colors

NAME = "codex"
LABEL = "Codex CLI"


def codex_snapshot(config: Configuration) -> CodexSnapshot | None:
    """Codex's snapshot among the other hosts' the dashboard loaded (None: no Codex file)."""
    found = next((s for s in config.more_hosts if s.host == NAME), None)
    return cast("CodexSnapshot | None", found)


def _codex(hook: AnyHook | HookRecord) -> CodexHook:
    return cast("CodexHook", hook)  # (registered for Codex's hooks only)


class CodexFiring:
    label = LABEL
    agent = LABEL

    def refusal(self, hook: AnyHook) -> str | None:
        return None  # every Codex hook is a command hook: hookdash runs it as Codex does

    def current(self, config: Configuration, hook: AnyHook) -> AnyHook | None:
        return next((h for h in self.hooks(config) if h.ref == hook.ref), None)

    def hooks(self, config: Configuration) -> Sequence[AnyHook]:
        snapshot = codex_snapshot(config)
        return cast("Sequence[AnyHook]", snapshot.hooks) if snapshot is not None else []

    def payload(self, app: HookdashApp, config: Configuration, hook: AnyHook) -> dict[str, Any]:
        from hookdash.core import build_codex_payload

        snapshot = codex_snapshot(config)
        if snapshot is None:
            return {}
        return build_codex_payload(snapshot, hook.event, hook=_codex(hook))

    def payload_problems(self, hook: AnyHook, payload: dict[str, Any]) -> list[str]:
        return []  # (Codex sends its own fields; hookdash checks Gemini's only)

    def would_run(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> str | None:
        from hookdash.core import host

        snapshot = codex_snapshot(config)
        if snapshot is None:
            return "Codex CLI's files are not loaded"
        codex = host(NAME)
        field = codex.match_field(hook.event)
        value = payload.get(field) if field is not None else None
        planned = codex.plan(snapshot, hook.event, value if isinstance(value, str) else None)
        plan = cast("CodexPlan", planned)
        if any(h.ref == hook.ref for h in plan.hooks):
            return None
        return next(
            (s.why for s in plan.skipped if s.ref == hook.ref),
            f"it is not among the hooks Codex CLI runs for {hook.shown.event}",
        )

    def confirmations(self, config: Configuration, hook: AnyHook) -> list[str]:
        from hookdash.core import codex_confirmations, visible

        needed = codex_confirmations([_codex(hook)])
        return [f"{visible(c.reason)}: Codex would skip it" for c in needed]

    def fire(
        self, config: Configuration, hook: AnyHook, payload: dict[str, Any]
    ) -> Coroutine[Any, Any, CodexFireResult]:
        from hookdash.core import fire_codex

        snapshot = codex_snapshot(config)
        assert snapshot is not None  # (a Codex hook comes from a loaded Codex snapshot)
        return fire_codex(
            snapshot, hook.event, hook=_codex(hook), payload=payload, environ=config.env.environ
        )

    def result_body(self, result: Any, colors: Colors, logged_to: str | None) -> RenderableType:
        fired: CodexFireResult = result
        not_fired = [(s.id, s.why) for s in fired.skipped]
        return host_fire_result_body(
            fired, colors, label=LABEL, not_fired=not_fired, logged_to=logged_to
        )

    def output_sections(self, result: Any) -> list[tuple[str, str]]:
        fired: CodexFireResult = result
        return host_result_sections(
            fired, label=LABEL, would_not_run=fired.codex_would_not_run_because
        )

    def has_output(self, result: Any) -> bool:
        return bool(result.results)

    def layer_text(self, hook: AnyHook) -> str:
        from hookdash.core import visible

        return f"{hook.shown.layer_label} {visible(Path(hook.file).name)}"  # user hooks.json

    def timeout_note(self, hook: AnyHook) -> str:
        return f"Its timeout is {_codex(hook).timeout:g} s."


FIRING = CodexFiring()
