"""Fire a test event at one hook of any host: an editable payload, then what it did.

What is the host's own (its payload for the hook's event and matcher, when hookdash asks
first, the firing and how its result reads) is the host's `Firing` (`tui.firing`). The
payload shows as JSON in a plain TextArea (no tree-sitter language: it crashes).
`ctrl+r` checks it — invalid JSON is pointed out with its line and column, and not run —
asks first where the host's rules say (an untrusted or unreviewed project hook), then runs
it in a worker on the event loop. While it runs, a spinner shows
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

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.containers import Container, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static, TextArea

from hookdash.core import (
    AnyHook,
    Configuration,
    SavedPayload,
    json_text,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.firing import Firing
from hookdash.tui.run_clock import EngineRun, ShowsEngineRun
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen, untrusted_run_question
from hookdash.tui.widgets.fire_result import runlog_shown
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.payload_editor import JsonError, PayloadEditor, parse_payload

NARROW_WIDTH = 110


class FireScreen(ShowsEngineRun[Any], HookdashScreen[None]):
    COMMAND_SCOPE = "fire"
    BINDINGS = bindings_for("fire")
    CONFIG_AT_MOUNT = False  # on_mount shows the hook and its payload itself

    def __init__(
        self,
        hook: AnyHook,
        firing: Firing,
        *,
        payload: dict[str, Any] | None = None,
        source: str | None = None,
    ) -> None:
        """`firing`: the hook's host's (`tui.firing.firing_for`); `payload`: start from this
        one (a recorded run's input) instead of the hook's draft or a fresh payload;
        `source`: where it came from, said under the editor."""
        super().__init__()
        self._hook = hook
        self._firing = firing
        self._initial = payload
        self._editor = PayloadEditor(hook, firing, source=source, id="fire-input")
        self._run: EngineRun[Any] = EngineRun(
            self, self._show_result, group="fire", finished=self._scroll_home
        )

    # ------------------------------------------------------------------ layout

    def compose(self) -> Any:
        yield Static(id="fire-title")
        with Container(id="fire-body"):
            yield self._editor
            with VerticalScroll(id="fire-result"):
                yield Static(id="result-body")
        yield Footer()

    @property
    def hook(self) -> AnyHook:
        return self._hook

    @property
    def owner(self) -> str:
        """Whose draft and saved payloads these are: the hook's event and id."""
        return f"{self._hook.event} · {self._hook.id}"  # raw-ok: a key, never shown

    def on_mount(self) -> None:
        self.query_one(
            "#fire-input"
        ).border_title = f"Payload: the JSON {self._firing.agent} sends on stdin"
        self.query_one("#fire-result").border_title = "Result"
        self._show_title()
        draft = self.hd_app.fire_drafts.get(self.owner)
        if self._initial is not None:
            self._editor.load(json_text(self._initial, indent=2))
        elif draft is not None:
            self._editor.source = (
                "your draft from earlier in this session · ctrl+n: a fresh payload"
            )
            self._editor.load(draft)
        else:
            self.action_reset_payload()
        self._show_result()
        self._editor.focus_editor()
        self._editor.read_saved()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    def theme_changed(self) -> None:
        self._show_title()
        self._show_result()

    def config_changed(self, config: Configuration) -> None:
        """Follow a reload: the hook may have changed (or gone)."""
        hook = self._firing.current(config, self._hook)
        if hook is not None:
            self._hook = self._editor.hook = hook
        self._show_title()
        self._editor.check()

    def _show_title(self) -> None:
        hook = self._hook
        shown = hook.shown
        layer = self._firing.layer_text(hook)
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
        payload = self._firing.payload(self.hd_app, config, self._hook)
        self._editor.fresh_text = json_text(payload, indent=2)
        self._editor.source = None
        self._editor.load(self._editor.fresh_text)

    @property
    def payload_text(self) -> str:
        return self._editor.text

    @property
    def draft(self) -> str | None:
        """The payload kept for this hook for the session (None: a fresh one shows)."""
        return self.hd_app.fire_drafts.get(self.owner)

    @on(TextArea.Changed, "#payload")
    def _payload_changed(self) -> None:
        text = self.payload_text
        # A payload that differs from the generated one is work to keep; the generated
        # one is not (the next visit makes a fresh one, with the time of then).
        if text != self._editor.fresh_text:
            self.hd_app.fire_drafts[self.owner] = text
        else:
            self.hd_app.fire_drafts.pop(self.owner, None)
        self._editor.check()

    @property
    def saved(self) -> list[SavedPayload] | None:
        """The hook's saved payloads as last read (None: not read yet)."""
        return self._editor.saved

    def action_save_payload(self) -> None:
        self._editor.save()

    def action_saved_payloads(self) -> None:
        self._editor.open_saved()

    @on(PayloadEditor.RunRequested)
    def _run_requested(self) -> None:
        self.action_run()

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
            self._editor.point_at(exc)
            self.notify(exc.refusal("Not run"), severity="error", timeout=6, markup=False)
            self._editor.check()
            return
        hook = self._hook
        if self._firing.current(config, hook) is None:
            self.notify("This hook is gone from the configuration.", severity="error")
            return
        needed = self._firing.confirmations(config, hook)
        if not needed:
            self._start(config, payload)
            return
        body = untrusted_run_question(hook.id, needed, config.env.display(config.env.workspace))

        def answered(yes: bool | None) -> None:
            if yes:
                self._start(config, payload)

        self.app.push_screen(ConfirmScreen("Run an untrusted hook?", body, "Run it"), answered)

    def _start(self, config: Configuration, payload: dict[str, Any]) -> None:
        hook = self._hook

        def cancelled(elapsed: float) -> str:
            return (
                f"Cancelled after {elapsed:.1f} s: hookdash killed the hook's process group. "
                "The run is in the log as cancelled. Your payload is still in the editor: "
                "ctrl+r runs it again, esc goes back."
            )

        run = self._firing.fire(config, hook, payload)
        self._run.start(run, cancelled, succeeded=lambda: self.query_one("#fire-result").focus())

    def _scroll_home(self) -> None:
        self.query_one("#fire-result", VerticalScroll).scroll_home(animate=False)

    def action_cancel_run(self) -> None:
        """esc while the hook runs: kill it, and stay (a second esc leaves)."""
        self._run.cancel()

    def action_close(self) -> None:
        self.dismiss()

    def action_show_output(self) -> None:
        result = self._run.result
        if result is None or not self._firing.has_output(result):
            return
        from hookdash.tui.screens.output import OutputScreen

        title = f"Output of {self._hook.shown.id} ({self._hook.shown.event})"
        sections = self._firing.output_sections(result)
        self.app.push_screen(OutputScreen(title, sections))

    # ------------------------------------------------------------------ result

    def _show_result(self) -> None:
        colors = colors_for(self.app)
        body: RenderableType
        clock = self._run.clock
        if clock.running:
            elapsed = clock.elapsed()
            frame = clock.frame
            text = Text()
            text.append(f"{frame} ", style=colors.heading)
            text.append(f"Running {self._hook.shown.id}… {elapsed:.1f} s", style="bold")
            limit = self._firing.timeout_note(self._hook)
            text.append(
                "\n\nesc cancels it (kills its process group) and keeps this screen. " + limit,
                style=colors.dim,
            )
            body = text
        elif self._run.result is not None:
            body = self._result_body(self._run.result, colors)
        elif self._run.outcome is not None:
            body = self._run.outcome
        else:
            body = Text(
                "Edit the payload if you like, then press ctrl+r to run the hook through "
                f"hookdash's engine, exactly as {self._firing.label}'s runner would: bash -c, "
                "the payload on stdin, its timeout and environment.\n\nThe run is added to the "
                "run log: l shows the live log. ctrl+s keeps the payload under a name; "
                "ctrl+o brings a saved one back.",
                style=colors.dim,
            )
        self.query_one("#result-body", Static).update(body)

    def _result_body(self, result: Any, colors: Colors) -> RenderableType:
        logged_to = runlog_shown(self.hd_app.config)
        return self._firing.result_body(result, colors, logged_to)

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
            result = self._run.result
            return True if result is not None and self._firing.has_output(result) else None
        return True
