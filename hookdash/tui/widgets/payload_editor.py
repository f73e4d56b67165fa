"""Fire's payload pane: the JSON editor, the line under it saying whether it holds a
payload (and whether the hook's host would run it for it), and the hook's saved payloads.

The payload is shown in a plain TextArea (no tree-sitter language: it crashes). The saved
ones live in hookdash's state (`core.run.saved_payloads`): `save()` keeps the editor's
under a name, `open_saved()` lists them to load, run or forget. Choosing "run" posts
`RunRequested`: running is the screen's.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from rich.text import Text
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Static, TextArea

from hookdash.core import (
    AnyHook,
    HookdashError,
    SavedPayload,
    delete_payload,
    json_loads,
    json_text,
    save_payload,
    saved_payloads,
    state_dir,
    visible,
)
from hookdash.tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from textual.widgets.text_area import Location

    from hookdash.core import Configuration
    from hookdash.tui.app import HookdashApp
    from hookdash.tui.firing import Firing


class JsonError(ValueError):
    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def refusal(self, verb: str) -> str:
        """`Not run: …` / `Not saved: …`, saying where the JSON breaks."""
        return (
            f"{verb}: the payload is not valid JSON (line {self.line}, column "
            f"{self.column}: {self.message})."  # raw-ok: the json module's own words
        )


def parse_payload(text: str) -> dict[str, Any]:
    """The editor's JSON object, or JsonError saying where it breaks (1-based)."""
    try:
        value = json_loads(text)
    except json.JSONDecodeError as exc:
        raise JsonError(exc.msg, exc.lineno, exc.colno) from None
    if not isinstance(value, dict):
        raise JsonError("the payload must be a JSON object ({…})", 1, 1)
    return value


class PayloadArea(TextArea):
    """The payload's TextArea: long values wrap, but the cursor keys move by the JSON's
    lines, not by the wrapped rows on screen (a path or a message wraps over three rows:
    going down to the value under it was a key per row). Home and End go to the JSON
    line's start and end."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, show_line_numbers=True, soft_wrap=True, tab_behavior="focus")
        self._goal = 0  # the column up and down keep to, across shorter lines
        self._moved_to: Location | None = None  # where the last up or down move went

    def _line_below_or_above(self, step: int) -> Location:
        row, column = self.cursor_location
        if self.cursor_location != self._moved_to:  # moved some other way since
            self._goal = column
        target_row = row + step
        if target_row < 0:
            target: Location = (0, 0)
        elif target_row >= self.document.line_count:
            target = (row, len(self.document[row]))
        else:
            target = (target_row, min(self._goal, len(self.document[target_row])))
        self._moved_to = target
        return target

    def get_cursor_down_location(self) -> Location:
        return self._line_below_or_above(1)

    def get_cursor_up_location(self) -> Location:
        return self._line_below_or_above(-1)

    def get_cursor_line_end_location(self) -> Location:
        row, _ = self.cursor_location
        return row, len(self.document[row])

    def get_cursor_line_start_location(self, smart_home: bool = False) -> Location:
        row, column = self.cursor_location
        line = self.document[row]
        indent = len(line) - len(line.lstrip())
        # Smart home: the first character after the indent, then the line's start.
        return (row, 0) if not smart_home or column == indent else (row, indent)


class PayloadEditor(Vertical):
    """The editor and its status line, for `hook` (the screen keeps it current)."""

    class RunRequested(Message):
        """A saved payload was chosen to run: it is in the editor now."""

    def __init__(
        self, hook: AnyHook, firing: Firing, *, source: str | None = None, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.hook = hook
        self._firing = firing  # the hook's host's: its plan and payload checks
        self.source = source  # where the payload came from, said under the editor
        self.fresh_text: str | None = None  # the last generated payload, as shown
        self.saved: list[SavedPayload] | None = None  # None: not read yet
        self._saved_error: str | None = None
        # What load() was given before the editor was mounted (the screen's on_mount can
        # come first): the editor takes it, and the focus, once it is there.
        self._pending: str | None = None
        self._focus_pending = False

    def compose(self) -> Any:
        yield PayloadArea(id="payload")
        yield Static(id="payload-status")

    def on_mount(self) -> None:
        if self._pending is not None:
            text, self._pending = self._pending, None
            self.load(text)
        if self._focus_pending:
            self.focus_editor()

    def _area(self) -> PayloadArea | None:
        """The TextArea, None until the editor is mounted."""
        found = self.query("#payload").results(PayloadArea)
        return next(found, None)

    def focus_editor(self) -> None:
        """Give the payload the focus (once it is there)."""
        area = self._area()
        self._focus_pending = area is None
        if area is not None:
            area.focus()

    @property
    def _hd_app(self) -> HookdashApp:
        return cast("HookdashApp", self.app)

    @property
    def text(self) -> str:
        area = self._area()
        if area is None:
            return self._pending or ""
        return area.text

    def load(self, text: str) -> None:
        area = self._area()
        if area is None:
            self._pending = text
            return
        area.load_text(text)
        area.move_cursor((0, 0))
        self.check()

    def point_at(self, error: JsonError) -> None:
        """Focus the editor with the cursor where the JSON breaks."""
        editor = self._area()
        if editor is None:
            return
        editor.focus()
        editor.move_cursor((error.line - 1, max(error.column - 1, 0)))

    def check(self) -> dict[str, Any] | None:
        """Show whether the editor holds a payload, and what the host would make of it."""
        statuses = self.query("#payload-status").results(Static)
        status = next(statuses, None)
        if status is None:  # not mounted yet: load() checks once it is
            return None
        lines: list[Content] = []
        payload: dict[str, Any] | None = None
        try:
            payload = parse_payload(self.text)
        except JsonError as exc:
            lines.append(
                Content.assemble(
                    (f"✖ invalid JSON at line {exc.line}, column {exc.column}: ", "bold $error"),
                    exc.message,  # raw-ok: the json module's own words
                    (" — ctrl+r will not run it", "$text-muted"),
                )
            )
        config = self._hd_app.config
        if payload is not None:
            lines.append(Content.styled("✔ valid JSON", "$text-success"))
            if config is not None:
                lines[0] += self._verdict(config, payload)
        about = self._about_line()
        if about is not None:
            lines.append(about)
        if payload is not None:
            for problem in self._firing.payload_problems(self.hook, payload)[:2]:
                lines.append(Content.styled(f"! {visible(problem)}", "$text-warning"))
        status.update(Content("\n").join(lines))
        return payload

    def _verdict(self, config: Configuration, payload: dict[str, Any]) -> Content:
        """Whether the host would run the hook for this payload, and if not, why."""
        agent = self._firing.agent
        why = self._firing.would_run(config, self.hook, payload)
        if why is None:
            return Content.styled(f" · {agent} would run this hook for it", "$text-success")
        return Content.styled(f" · {agent} would not run it: {visible(why)}", "$text-warning")

    def _about_line(self) -> Content | None:
        """Where the payload came from, and the saved ones (dim)."""
        parts: list[str] = []
        if self.source:
            parts.append(self.source)
        if self._saved_error:
            parts.append(self._saved_error)
        elif self.saved:
            n = len(self.saved)
            parts.append(f"{n} saved payload{'s' if n != 1 else ''}: ctrl+o")
        if not parts:
            return None
        return Content.styled(" · ".join(visible(p) for p in parts), "$text-muted")

    # ------------------------------------------------------------------ saved payloads

    def _state(self) -> Path | None:
        config = self._hd_app.config
        return None if config is None else state_dir(config.env.environ)

    def read_saved(self) -> None:
        state, hook = self._state(), self.hook
        if state is None:
            return

        async def read() -> None:
            try:
                found = await asyncio.to_thread(saved_payloads, state, hook.event, hook.id)
            except HookdashError as exc:
                self.saved, self._saved_error = [], exc.message
            else:
                self.saved, self._saved_error = found, None
            self.check()

        self.run_worker(read(), group="fire-saved", exclusive=True)

    def save(self) -> None:
        """Ask for a name, then keep the editor's payload under it."""
        state, hook = self._state(), self.hook
        if state is None:
            return
        try:
            payload = parse_payload(self.text)
        except JsonError as exc:
            self.notify(exc.refusal("Not saved"), severity="error", timeout=6, markup=False)
            return
        from hookdash.tui.screens.saved_payloads import PayloadNameScreen, suggested_name

        existing = [p.name for p in self.saved or []]

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
            self.source = f"saved payload “{visible(saved.name)}”"
            self.read_saved()

        def named(name: str | None) -> None:
            if name:
                self.run_worker(save(name), group="fire-save")

        self.app.push_screen(PayloadNameScreen(hook.id, suggested_name(payload), existing), named)

    def open_saved(self) -> None:
        """List the hook's saved payloads: load one, run one or forget one."""
        state, hook = self._state(), self.hook
        if state is None:
            return
        from hookdash.tui.screens.saved_payloads import Choice, SavedPayloadsScreen

        def chosen(choice: Choice | None) -> None:
            if choice is None:
                return
            what, entry = choice
            if what == "delete":
                self._forget(state, entry)
                return
            self.source = f"saved payload “{visible(entry.name)}”"
            self.load(json_text(entry.payload, indent=2))
            if what == "run":
                self.post_message(self.RunRequested())

        async def open_list() -> None:
            try:
                found = await asyncio.to_thread(saved_payloads, state, hook.event, hook.id)
            except HookdashError as exc:
                self.notify(visible(exc.message), severity="error", timeout=8, markup=False)
                return
            self.saved, self._saved_error = found, None
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
        hook = self.hook
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
            self.read_saved()

        def answered(yes: bool | None) -> None:
            if yes:
                self.run_worker(forget(), group="fire-save")

        self.app.push_screen(ConfirmScreen("Forget a saved payload?", body, "Forget it"), answered)
