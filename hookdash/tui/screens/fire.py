"""Fire a test event at one hook: an editable payload, then what the hook did.

The payload is the engine's (`build_payload` for the hook's event and matcher), shown
as JSON in a plain TextArea (no tree-sitter language: it crashes). `ctrl+r` checks it —
invalid JSON is pointed out with its line and column, and not run — asks first when
Gemini would not run the hook without asking (`confirmations_needed`), then runs it
through `core.engine.fire` in a worker on the event loop. While it runs, a spinner shows
the elapsed time and `esc` cancels the worker, which makes the engine kill the hook's
process group and log it as cancelled. The result: the one-sentence effect, exit code,
duration, stdout, stderr, the parsed output, the aggregate, and whether Gemini would have
run the hook at all. The engine appends the run to the run log, which the live log shows.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import on
from textual.containers import Container, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.timer import Timer
from textual.widgets import Footer, Static, TextArea
from textual.worker import Worker

from hookdash.core import (
    RUNLOG_NAME,
    Configuration,
    FireResult,
    Hook,
    build_payload,
    confirmations_needed,
    context_of,
    fire as engine_fire,
    json_loads,
    json_text,
    payload_problems,
    plan_event,
    state_dir,
    visible,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_run_question
from hookdash.tui.widgets.run_view import heading, json_block, run_heading, run_sections

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
NARROW_WIDTH = 110


class JsonError(ValueError):
    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


def parse_payload(text: str) -> dict[str, Any]:
    """The editor's JSON object, or JsonError saying where it breaks (1-based)."""
    try:
        value = json_loads(text)
    except json.JSONDecodeError as exc:
        raise JsonError(exc.msg, exc.lineno, exc.colno) from None
    if not isinstance(value, dict):
        raise JsonError("the payload must be a JSON object ({…})", 1, 1)
    return value


class FireScreen(HookdashScreen[None]):
    COMMAND_SCOPE = "fire"
    BINDINGS = bindings_for("fire")
    CONFIG_AT_MOUNT = False  # on_mount shows the hook and a fresh payload itself

    def __init__(self, hook: Hook) -> None:
        super().__init__()
        self._hook = hook
        self._worker: Worker[FireResult | None] | None = None
        self._started: float | None = None
        self._timer: Timer | None = None
        self._frame = 0
        self._result: FireResult | None = None
        self._outcome: RenderableType | None = None  # cancelled / failed message

    # ------------------------------------------------------------------ layout

    def compose(self) -> Any:
        yield Static(id="fire-title")
        with Container(id="fire-body"):
            with Vertical(id="fire-input"):
                yield TextArea(
                    id="payload",
                    show_line_numbers=True,
                    soft_wrap=True,
                    tab_behavior="focus",
                )
                yield Static(id="payload-status")
            with VerticalScroll(id="fire-result"):
                yield Static(id="result-body")
        yield Footer()

    @property
    def hook(self) -> Hook:
        return self._hook

    @property
    def running(self) -> bool:
        return self._worker is not None and self._worker.is_running

    @property
    def result(self) -> FireResult | None:
        return self._result

    def on_mount(self) -> None:
        self.query_one("#fire-input").border_title = "Payload: the JSON Gemini sends on stdin"
        self.query_one("#fire-result").border_title = "Result"
        self._show_title()
        self.action_reset_payload()
        self._show_result()
        self.query_one("#payload", TextArea).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    def theme_changed(self) -> None:
        self._show_title()
        self._show_result()

    def config_changed(self, config: Configuration) -> None:
        """Follow a reload: the hook may have changed (or gone)."""
        for hook in config.hooks:
            if hook.ref == self._hook.ref:
                self._hook = hook
                break
        self._show_title()
        self._check_payload()

    def _show_title(self) -> None:
        hook = self._hook
        shown = hook.shown
        layer = f"extension {shown.extension}" if hook.extension else f"{hook.scope} settings"
        parts = [
            Content.assemble("Fire ", (shown.event, "bold"), " at ", (shown.id, "bold $accent")),
            Content(layer),
        ]
        if isinstance(hook.matcher, str) and hook.matcher:
            parts.append(Content(f"matcher {shown.matcher}"))
        parts.append(Content.styled("ctrl+r runs it · esc goes back", "$text-muted"))
        self.query_one("#fire-title", Static).update(Content(" · ").join(parts))

    # ------------------------------------------------------------------ payload

    def action_reset_payload(self) -> None:
        """A fresh payload for the hook's event and matcher, from the engine."""
        config = self.hd_app.config
        if config is None:
            return
        clock = self.hd_app.clock
        payload = build_payload(
            config,
            self._hook.event,
            hook=self._hook,
            session_id=self.hd_app.session_id,
            now=clock() if clock is not None else None,
        )
        editor = self.query_one("#payload", TextArea)
        # Exact JSON with every hidden character escaped (`\u001b`): the editor shows what
        # the hook will get, and no raw control reaches the terminal.
        editor.load_text(json_text(payload, indent=2))
        editor.move_cursor((0, 0))
        self._check_payload()

    @property
    def payload_text(self) -> str:
        return self.query_one("#payload", TextArea).text

    @on(TextArea.Changed, "#payload")
    def _payload_changed(self) -> None:
        self._check_payload()

    def _check_payload(self) -> dict[str, Any] | None:
        """Show whether the editor holds a payload, and what Gemini would make of it."""
        status = self.query_one("#payload-status", Static)
        try:
            payload = parse_payload(self.payload_text)
        except JsonError as exc:
            status.update(
                Content.assemble(
                    (f"✖ invalid JSON at line {exc.line}, column {exc.column}: ", "bold $error"),
                    exc.message,  # raw-ok: the json module's own words
                    (" — ctrl+r will not run it", "$text-muted"),
                )
            )
            return None
        config = self.hd_app.config
        lines: list[Content] = [Content.styled("✔ valid JSON", "$text-success")]
        if config is not None:
            hook = self._hook
            plan = plan_event(config.hooks, hook.event, context_of(hook.event, payload))
            if any(h.ref == hook.ref for h in plan.hooks):
                lines[0] += Content.styled(" · Gemini would run this hook for it", "$text-success")
            else:
                why = visible(
                    next(
                        (s.detail or s.reason for s in plan.skipped if s.ref == hook.ref),
                        "it is not in the plan",
                    )
                )
                lines[0] += Content.styled(f" · Gemini would not run it: {why}", "$text-warning")
        for problem in payload_problems(self._hook.event, payload)[:3]:
            lines.append(Content.styled(f"! {visible(problem)}", "$text-warning"))
        status.update(Content("\n").join(lines))
        return payload

    # ------------------------------------------------------------------ running

    def action_run(self) -> None:
        if self.running:
            self.notify("The hook is still running (esc cancels it).", timeout=3)
            return
        config = self.hd_app.config
        if config is None:
            return
        try:
            payload = parse_payload(self.payload_text)
        except JsonError as exc:
            editor = self.query_one("#payload", TextArea)
            editor.focus()
            editor.move_cursor((exc.line - 1, max(exc.column - 1, 0)))
            self.notify(
                f"Not run: the payload is not valid JSON (line {exc.line}, column "
                f"{exc.column}: {exc.message}).",  # raw-ok: the json module's own words
                severity="error",
                timeout=6,
                markup=False,
            )
            self._check_payload()
            return
        hook = self._hook
        if not any(h.ref == hook.ref for h in config.hooks):
            self.notify("This hook is gone from the configuration.", severity="error")
            return
        needed = confirmations_needed(config, [hook])
        if not needed:
            self._start(config, payload)
            return
        body = untrusted_run_question(
            hook.id, [c.reason for c in needed], config.env.display(config.env.workspace)
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._start(config, payload)

        self.app.push_screen(ConfirmScreen("Run an untrusted hook?", body, "Run it"), answered)

    def _start(self, config: Configuration, payload: dict[str, Any]) -> None:
        self._result = None
        self._outcome = None
        self._started = time.monotonic()
        self._timer = self.set_interval(0.1, self._tick)
        self._worker = self.run_worker(
            self._fire(config, payload), group="fire", exclusive=True, exit_on_error=False
        )
        self._show_result()
        self.refresh_bindings()

    async def _fire(self, config: Configuration, payload: dict[str, Any]) -> FireResult | None:
        hook = self._hook
        try:
            result = await engine_fire(config, hook.event, hook=hook, payload=payload)
        except asyncio.CancelledError:
            elapsed = time.monotonic() - (self._started or time.monotonic())
            self._outcome = Text(
                f"Cancelled after {elapsed:.1f} s: hookdash killed the hook's process group. "
                "The run is in the log as cancelled.",
                style="bold",
            )
            self._finish()
            raise
        except Exception as exc:  # an engine bug must not take the dashboard down
            self._outcome = plain(f"The engine failed: {exc}", "bold red")
            self._finish()
            return None
        self._result = result
        self._finish()
        self.query_one("#fire-result").focus()
        return result

    def _finish(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._started = None
        self._show_result()
        self.query_one("#fire-result", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def _tick(self) -> None:
        self._frame += 1
        self._show_result()

    def action_cancel_or_close(self) -> None:
        if self.running and self._worker is not None:
            self._worker.cancel()
            return
        self.dismiss()

    # ------------------------------------------------------------------ result

    def _show_result(self) -> None:
        colors = colors_for(self.app)
        body: RenderableType
        if self._started is not None:
            elapsed = time.monotonic() - self._started
            frame = SPINNER[self._frame % len(SPINNER)]
            text = Text()
            text.append(f"{frame} ", style=colors.heading)
            text.append(f"Running {self._hook.shown.id}… {elapsed:.1f} s", style="bold")
            text.append(
                f"\n\nesc cancels it (kills its process group). Its timeout is "
                f"{self._hook.timeout_ms / 1000:g} s.",
                style=colors.dim,
            )
            body = text
        elif self._result is not None:
            body = self._result_body(self._result, colors)
        elif self._outcome is not None:
            body = self._outcome
        else:
            body = Text(
                "Edit the payload if you like, then press ctrl+r to run the hook through "
                "hookdash's engine, exactly as Gemini CLI's runner would: bash -c, the "
                "payload on stdin, its timeout and environment.\n\nThe run is added to the "
                "run log: l shows the live log.",
                style=colors.dim,
            )
        self.query_one("#result-body", Static).update(body)

    def _result_body(self, result: FireResult, colors: Colors) -> RenderableType:
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        parts: list[RenderableType] = []
        if not result.gemini_would_run:
            why = "; ".join(result.gemini_would_not_run_because)
            parts.append(plain(f"! Gemini CLI would not have run this hook: {why}", colors.warning))
        for warning in result.warnings:
            parts.append(plain(f"! payload: {warning}", colors.warning))
        what = heading("What Gemini would do", colors, first=not parts)
        parts += [what, Padding(plain(result.effect, "bold"), (0, 2))]
        for run in result.results:
            parts += [Text(""), run_heading(run, colors)]
            parts += run_sections(run, colors, with_input=False)
        if result.run_error:
            parts.append(plain(f"! {result.run_error}", colors.error))
        if result.aggregate is not None:
            parts += [
                heading("aggregate", colors, "(what Gemini merges from the event's outputs)"),
                json_block(result.aggregate, colors),
            ]
        if config is not None and result.results:
            log = display(str(state_dir(config.env.environ) / RUNLOG_NAME))
            parts.append(Text(f"\nLogged to {log} · l shows the live log", style=colors.dim))
        return Group(*parts)

    # ------------------------------------------------------------------ bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("run", "reset_payload") and self.running:
            return None  # shown, greyed out
        return True
