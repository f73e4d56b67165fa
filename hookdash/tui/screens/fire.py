"""Fire a test event at one hook: an editable payload, then what the hook did.

The payload is the engine's (`build_payload` for the hook's event and matcher), shown
as JSON in a plain TextArea (no tree-sitter language: it crashes). `ctrl+r` checks it —
invalid JSON is pointed out with its line and column, and not run — asks first when
Gemini would not run the hook without asking (`confirmations_needed`), then runs it
through `core.engine.fire` in a worker on the event loop. While it runs, a spinner shows
the elapsed time and `esc` cancels the worker, which makes the engine kill the hook's
process group and log it as cancelled; the screen stays (a second `esc` leaves). The
result, verdict first (`widgets.fire_result`): the one-sentence effect, each run's
outcome, exit code and duration, the aggregate; then stdout, stderr and the parsed
output, long ones folded (`o` shows them whole). The engine appends the run to the run
log, which the live log shows.

Nothing typed is lost: the editor's payload, once it differs from a generated one, is
the hook's draft for the rest of the session (`HookdashApp.fire_drafts`), shown again
the next time fire opens on the hook; `ctrl+s` keeps it by name in hookdash's state
(`core.run.saved_payloads`) and `ctrl+o` brings a saved one back. The live log opens
fire on a recorded run's input (`payload`, `source`): "replay this run".
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.containers import Container, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static, TextArea
from textual.worker import Worker

from hookdash.core import (
    RUNLOG_NAME,
    Configuration,
    FireResult,
    Hook,
    HookdashError,
    SavedPayload,
    build_payload,
    confirmations_needed,
    context_of,
    delete_payload,
    fire as engine_fire,
    json_loads,
    json_text,
    payload_problems,
    plan_event,
    save_payload,
    saved_payloads,
    state_dir,
    visible,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain
from hookdash.tui.run_clock import RunClock
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_run_question
from hookdash.tui.widgets.fire_result import fire_result_body
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.run_view import output_sections

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
    CONFIG_AT_MOUNT = False  # on_mount shows the hook and its payload itself

    def __init__(
        self, hook: Hook, *, payload: dict[str, Any] | None = None, source: str | None = None
    ) -> None:
        """`payload`: start from this one (a recorded run's input) instead of the hook's
        draft or a fresh payload; `source`: where it came from, said under the editor."""
        super().__init__()
        self._hook = hook
        self._initial = payload
        self._source = source
        self._fresh_text: str | None = None  # the last generated payload, as shown
        self._saved: list[SavedPayload] | None = None  # None: not read yet
        self._saved_error: str | None = None
        self._worker: Worker[FireResult | None] | None = None
        self._clock = RunClock(self, self._show_result)
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

    @property
    def owner(self) -> str:
        """Whose draft and saved payloads these are: the hook's event and id."""
        return f"{self._hook.event} · {self._hook.id}"  # raw-ok: a key, never shown

    def on_mount(self) -> None:
        self.query_one("#fire-input").border_title = "Payload: the JSON Gemini sends on stdin"
        self.query_one("#fire-result").border_title = "Result"
        self._show_title()
        draft = self.hd_app.fire_drafts.get(self.owner)
        if self._initial is not None:
            self._load(json_text(self._initial, indent=2))
        elif draft is not None:
            self._source = "your draft from earlier in this session · ctrl+n: a fresh payload"
            self._load(draft)
        else:
            self.action_reset_payload()
        self._show_result()
        self.query_one("#payload", TextArea).focus()
        self._read_saved()

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

    def _load(self, text: str) -> None:
        editor = self.query_one("#payload", TextArea)
        editor.load_text(text)
        editor.move_cursor((0, 0))
        self._check_payload()

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
        self._fresh_text = json_text(payload, indent=2)
        self._source = None
        self._load(self._fresh_text)

    @property
    def payload_text(self) -> str:
        return self.query_one("#payload", TextArea).text

    @property
    def draft(self) -> str | None:
        """The payload kept for this hook for the session (None: a fresh one shows)."""
        return self.hd_app.fire_drafts.get(self.owner)

    @on(TextArea.Changed, "#payload")
    def _payload_changed(self) -> None:
        text = self.payload_text
        # A payload that differs from the generated one is work to keep; the generated
        # one is not (the next visit makes a fresh one, with the time of then).
        if text != self._fresh_text:
            self.hd_app.fire_drafts[self.owner] = text
        else:
            self.hd_app.fire_drafts.pop(self.owner, None)
        self._check_payload()

    def _check_payload(self) -> dict[str, Any] | None:
        """Show whether the editor holds a payload, and what Gemini would make of it."""
        status = self.query_one("#payload-status", Static)
        lines: list[Content] = []
        payload: dict[str, Any] | None = None
        try:
            payload = parse_payload(self.payload_text)
        except JsonError as exc:
            lines.append(
                Content.assemble(
                    (f"✖ invalid JSON at line {exc.line}, column {exc.column}: ", "bold $error"),
                    exc.message,  # raw-ok: the json module's own words
                    (" — ctrl+r will not run it", "$text-muted"),
                )
            )
        config = self.hd_app.config
        if payload is not None:
            lines.append(Content.styled("✔ valid JSON", "$text-success"))
            if config is not None:
                hook = self._hook
                plan = plan_event(config.hooks, hook.event, context_of(hook.event, payload))
                if any(h.ref == hook.ref for h in plan.hooks):
                    lines[0] += Content.styled(
                        " · Gemini would run this hook for it", "$text-success"
                    )
                else:
                    why = next(
                        (s.detail or s.reason for s in plan.skipped if s.ref == hook.ref),
                        "it is not in the plan",
                    )
                    lines[0] += Content.styled(
                        f" · Gemini would not run it: {visible(why)}", "$text-warning"
                    )
        about = self._about_line()
        if about is not None:
            lines.append(about)
        if payload is not None:
            for problem in payload_problems(self._hook.event, payload)[:2]:
                lines.append(Content.styled(f"! {visible(problem)}", "$text-warning"))
        status.update(Content("\n").join(lines))
        return payload

    def _about_line(self) -> Content | None:
        """Where the payload came from, and the saved ones (dim)."""
        parts: list[str] = []
        if self._source:
            parts.append(self._source)
        if self._saved_error:
            parts.append(self._saved_error)
        elif self._saved:
            n = len(self._saved)
            parts.append(f"{n} saved payload{'s' if n != 1 else ''}: ctrl+o")
        if not parts:
            return None
        return Content.styled(" · ".join(visible(p) for p in parts), "$text-muted")

    # ------------------------------------------------------------------ saved payloads

    def _read_saved(self) -> None:
        config = self.hd_app.config
        if config is None:
            return
        state = state_dir(config.env.environ)
        hook = self._hook

        async def read() -> None:
            try:
                found = await asyncio.to_thread(saved_payloads, state, hook.event, hook.id)
            except HookdashError as exc:
                self._saved, self._saved_error = [], exc.message
            else:
                self._saved, self._saved_error = found, None
            self._check_payload()

        self.run_worker(read(), group="fire-saved", exclusive=True)

    @property
    def saved(self) -> list[SavedPayload] | None:
        """The hook's saved payloads as last read (None: not read yet)."""
        return self._saved

    def action_save_payload(self) -> None:
        config = self.hd_app.config
        if config is None:
            return
        try:
            payload = parse_payload(self.payload_text)
        except JsonError as exc:
            self.notify(
                f"Not saved: the payload is not valid JSON (line {exc.line}, column "
                f"{exc.column}: {exc.message}).",  # raw-ok: the json module's own words
                severity="error",
                timeout=6,
                markup=False,
            )
            return
        from hookdash.tui.screens.saved_payloads import PayloadNameScreen, suggested_name

        hook = self._hook
        existing = [p.name for p in self._saved or []]
        state = state_dir(config.env.environ)

        async def save(name: str) -> None:
            try:
                saved, replaced = await asyncio.to_thread(
                    save_payload, state, hook.event, hook.id, name, payload
                )
            except HookdashError as exc:
                self.notify(visible(exc.message), title="Not saved", severity="error", markup=False)
                return
            verb = "Replaced" if replaced else "Saved"
            self.notify(
                f"{verb} “{visible(saved.name)}” for {visible(hook.id)}: ctrl+o brings it back.",
                timeout=4,
                markup=False,
            )
            self._source = f"saved payload “{visible(saved.name)}”"
            self._read_saved()

        def named(name: str | None) -> None:
            if name:
                self.run_worker(save(name), group="fire-save")

        self.app.push_screen(PayloadNameScreen(hook.id, suggested_name(payload), existing), named)

    def action_saved_payloads(self) -> None:
        config = self.hd_app.config
        if config is None:
            return
        from hookdash.tui.screens.saved_payloads import Choice, SavedPayloadsScreen

        hook = self._hook
        state = state_dir(config.env.environ)

        def chosen(choice: Choice | None) -> None:
            if choice is None:
                return
            what, entry = choice
            if what == "delete":
                self._forget(state, entry)
                return
            self._source = f"saved payload “{visible(entry.name)}”"
            self._load(json_text(entry.payload, indent=2))
            if what == "run":
                self.action_run()

        async def open_list() -> None:
            try:
                found = await asyncio.to_thread(saved_payloads, state, hook.event, hook.id)
            except HookdashError as exc:
                self.notify(visible(exc.message), severity="error", timeout=8, markup=False)
                return
            self._saved, self._saved_error = found, None
            if not found:
                self.notify(
                    f"No saved payloads for {visible(hook.id)} yet: ctrl+s saves the one in "
                    "the editor.",
                    timeout=4,
                    markup=False,
                )
                return
            self.app.push_screen(SavedPayloadsScreen(hook.id, found), chosen)

        self.run_worker(open_list(), group="fire-saved", exclusive=True)

    def _forget(self, state: Path, entry: SavedPayload) -> None:
        hook = self._hook
        body = Text()
        body.append("Forget the saved payload ")
        body.append(visible(entry.name), "bold")
        body.append(f" of {visible(hook.id)}? It is deleted from hookdash's state.")

        async def forget() -> None:
            try:
                await asyncio.to_thread(delete_payload, state, hook.event, hook.id, entry.name)
            except HookdashError as exc:
                self.notify(
                    visible(exc.message), title="Not deleted", severity="error", markup=False
                )
                return
            self.notify(f"Forgot “{visible(entry.name)}”.", timeout=3, markup=False)
            self._read_saved()

        def answered(yes: bool | None) -> None:
            if yes:
                self.run_worker(forget(), group="fire-save")

        self.app.push_screen(ConfirmScreen("Forget a saved payload?", body, "Forget it"), answered)

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
        self._clock.start()
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
            elapsed = self._clock.elapsed()
            self._outcome = Text(
                f"Cancelled after {elapsed:.1f} s: hookdash killed the hook's process group. "
                "The run is in the log as cancelled. Your payload is still in the editor: "
                "ctrl+r runs it again, esc goes back.",
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
        self._clock.stop()
        self._show_result()
        self.query_one("#fire-result", VerticalScroll).scroll_home(animate=False)
        self.refresh_bindings()

    def action_cancel_run(self) -> None:
        """esc while the hook runs: kill it, and stay (a second esc leaves)."""
        if self._worker is not None and self._worker.is_running:
            self._worker.cancel()
            self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss()

    def action_show_output(self) -> None:
        result = self._result
        if result is None or not result.results:
            return
        from hookdash.tui.screens.output import OutputScreen

        title = f"Output of {self._hook.shown.id} ({self._hook.shown.event})"
        sections = output_sections(result.results, result.aggregate)
        self.app.push_screen(OutputScreen(title, sections))

    # ------------------------------------------------------------------ result

    def _show_result(self) -> None:
        colors = colors_for(self.app)
        body: RenderableType
        if self._clock.running:
            elapsed = self._clock.elapsed()
            frame = self._clock.frame
            text = Text()
            text.append(f"{frame} ", style=colors.heading)
            text.append(f"Running {self._hook.shown.id}… {elapsed:.1f} s", style="bold")
            text.append(
                f"\n\nesc cancels it (kills its process group) and keeps this screen. Its "
                f"timeout is {self._hook.timeout_ms / 1000:g} s.",
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
                "run log: l shows the live log. ctrl+s keeps the payload under a name; "
                "ctrl+o brings a saved one back.",
                style=colors.dim,
            )
        self.query_one("#result-body", Static).update(body)

    def _result_body(self, result: FireResult, colors: Colors) -> RenderableType:
        config = self.hd_app.config
        logged_to = None
        if config is not None:
            logged_to = config.env.display(str(state_dir(config.env.environ) / RUNLOG_NAME))
        return fire_result_body(result, colors, logged_to=logged_to)

    # ------------------------------------------------------------------ bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        running = self.running
        if action in ("run", "reset_payload", "save_payload", "saved_payloads") and running:
            return None  # shown, greyed out
        if action == "cancel_run":
            return running  # esc reads "Cancel" while the hook runs…
        if action == "close":
            return not running  # …and "Back" otherwise
        if action == "show_output":  # greyed out until there is a result
            return True if self._result is not None and self._result.results else None
        return True
