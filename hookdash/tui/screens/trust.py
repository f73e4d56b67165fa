"""Review trust: the workspace's NEW and CHANGED project hooks, then trust them.

The list comes from `core.trust_store.plan_trust`; beside it, the highlighted hook's
command, why it is CHANGED (and what it ran when it was trusted), and its script. `y`
trusts the checked hooks through `core.trust_store.trust_hooks`, which writes Gemini's
own `trusted_hooks.json` (and hookdash's script fingerprints); all of them checked is
Gemini's own "trust this project's hooks". The view then reloads: the badges clear.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on, work
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.theme import Theme
from textual.widgets import Button, Footer, SelectionList, Static
from textual.widgets.selection_list import Selection
from textual.worker import WorkerCancelled, WorkerFailed

from hookdash.core import (
    Configuration,
    EditError,
    EditResult,
    Hook,
    TrustPlan,
    describe_matcher,
    describe_trust,
    plan_trust,
    script_preview,
    trust_hooks,
    trusted_commands,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.widgets.hook_details import preview_body

if TYPE_CHECKING:
    from hookdash.tui.app import HookdashApp

NARROW_WIDTH = 100


class TrustScreen(Screen[None]):
    COMMAND_SCOPE = "trust"
    BINDINGS = bindings_for("trust")

    def __init__(self) -> None:
        super().__init__()
        self._plan: TrustPlan | None = None
        self._error: str | None = None
        self._unchecked: set[str] = set()  # refs the user unchecked (kept across reloads)
        self._writing = False

    def compose(self) -> Any:
        yield Static(id="trust-title")
        with Horizontal(id="trust-body"):
            yield SelectionList[str](id="trust-list")
            with VerticalScroll(id="trust-detail"):
                yield Static(id="trust-preview")
        yield Static(id="trust-note")
        with Horizontal(id="trust-buttons"):
            yield Button("Trust checked hooks (y)", id="trust", variant="warning", compact=True)
            yield Button("Back (esc)", id="back", compact=True)
        yield Footer()

    @property
    def hd_app(self) -> HookdashApp:
        return cast("HookdashApp", self.app)

    @property
    def plan(self) -> TrustPlan | None:
        return self._plan

    @property
    def checked(self) -> list[Hook]:
        if self._plan is None:
            return []
        selected = set(self.query_one("#trust-list", SelectionList).selected)
        return [h for h in self._plan.trust if h.ref in selected]

    def on_mount(self) -> None:
        self.query_one("#trust-list").border_title = "To review"
        self.query_one("#trust-detail").border_title = "Command and script"
        self.watch(self.app, "config", self._config_changed)
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.query_one("#trust-list").focus()

    def _theme_changed(self, theme: Theme) -> None:
        self._config_changed(self.hd_app.config)

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    # ------------------------------------------------------------------ content

    def _config_changed(self, config: Configuration | None) -> None:
        if config is None:
            return
        try:
            self._plan = plan_trust(config)
            self._error = None
        except EditError as exc:
            self._plan = None
            self._error = exc.message
        colors = colors_for(self.app)
        listing = self.query_one("#trust-list", SelectionList)
        keep = listing.highlighted
        listing.clear_options()
        hooks = self._plan.trust if self._plan is not None else []
        width = max((len(h.id) for h in hooks), default=0)
        listing.add_options(
            [
                Selection(self._prompt(h, width, colors), h.ref, h.ref not in self._unchecked)
                for h in hooks
            ]
        )
        if hooks:
            listing.highlighted = min(keep or 0, len(hooks) - 1)
        self._show_title(config, colors)
        self._show_hook()
        self._show_note(config)
        self.query_one("#trust", Button).disabled = self._plan is None or self._plan.empty

    def _prompt(self, hook: Hook, width: int, colors: Colors) -> Text:
        badge = " NEW " if hook.trust == "new" else " CHANGED "
        text = Text()
        text.append(badge, style=colors.badge("new" if hook.trust == "new" else "changed"))
        text.append(" " * (10 - len(badge)))
        text.append(hook.id.ljust(width), style="bold")
        text.append(f"  {hook.event}", style=colors.dim)
        return text

    def _show_title(self, config: Configuration, colors: Colors) -> None:
        env = config.env
        title = self.query_one("#trust-title", Static)
        if self._error is not None:
            title.update(Text(self._error, style=colors.error))
            return
        plan = self._plan
        assert plan is not None
        root = env.display(plan.project_root)
        if plan.trust:
            new = sum(h.trust == "new" for h in plan.trust)
            changed = len(plan.trust) - new
            text = Text()
            text.append("Review the project hooks of ", style="bold")
            text.append(root, style=f"bold {colors.accent}")
            text.append(f": {new} NEW, {changed} CHANGED", style="bold")
            text.append(
                " — Gemini CLI warns about them at start, then runs them.", style=colors.dim
            )
        else:
            text = Text(f"Every project hook of {root} is trusted: nothing to review.")
        title.update(text)

    def _show_note(self, config: Configuration) -> None:
        env = config.env
        note = self.query_one("#trust-note", Static)
        plan = self._plan
        if plan is None:
            note.update("")
            return
        parts = [
            f"Trusting writes {env.display(env.trusted_hooks_path)} as Gemini does after its "
            "warning, and fingerprints the scripts: a later edit of one shows as CHANGED."
        ]
        if plan.watch:
            names = ", ".join(h.id for h in plan.watch)
            parts.append(
                f"Trusting all also fingerprints the scripts of {names} (trusted by Gemini "
                "already)."
            )
        if not config.snapshot.folder_trust.trusted:
            parts.append(
                "The folder itself is not trusted: Gemini CLI ignores these hooks until you "
                "trust it (hookdash does not change folder trust)."
            )
        note.update("\n".join(parts))

    @on(SelectionList.SelectionHighlighted, "#trust-list")
    def _highlighted(self) -> None:
        self._show_hook()

    def _highlighted_hook(self) -> Hook | None:
        if self._plan is None:
            return None
        index = self.query_one("#trust-list", SelectionList).highlighted
        if index is None or not 0 <= index < len(self._plan.trust):
            return None
        return self._plan.trust[index]

    def _show_hook(self) -> None:
        config = self.hd_app.config
        colors = colors_for(self.app)
        preview = self.query_one("#trust-preview", Static)
        hook = self._highlighted_hook()
        if config is None or hook is None:
            if self._plan is not None and not self._plan.trust:
                message = "Nothing to review: Gemini CLI will not warn about any project hook."
                if self._plan.watch:
                    message += (
                        "\n\ny fingerprints the scripts of the hooks Gemini trusted by itself, "
                        "so that hookdash notices a later edit."
                    )
                message += "\n\nesc goes back to the hook list."
                preview.update(Text(message))
            else:
                preview.update(Text(""))
            return
        preview.update(self._hook_body(config, hook, colors))
        self.query_one("#trust-detail", VerticalScroll).scroll_home(animate=False)

    def _hook_body(self, config: Configuration, hook: Hook, colors: Colors) -> RenderableType:
        display = config.env.display
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, style=colors.dim, min_width=10)
        grid.add_column(ratio=1, overflow="fold")
        grid.add_row("why", Text(describe_trust(hook), style=colors.warning))
        grid.add_row("command", Text(hook.command or "(none)", style="bold"))
        for old in trusted_commands(config, hook):
            grid.add_row("trusted", Text(old, style=colors.dim))
        if hook.command_raw and hook.command_raw != hook.command:
            grid.add_row("as written", hook.command_raw)
        grid.add_row("event", hook.event)
        grid.add_row("matches", describe_matcher(hook.matcher, hook.event))
        grid.add_row("file", display(hook.file) + (f":{hook.line}" if hook.line else ""))
        if hook.description:
            grid.add_row("about", hook.description)
        title = Text(hook.id, style="bold")
        parts: list[RenderableType] = [title, grid]
        script = script_preview(hook.script)
        if script is not None:
            parts += preview_body(script, colors, display)
        elif hook.script is not None and hook.script.kind == "command":
            program = hook.script.path or hook.script.program
            parts.append(Text(f"\nRuns the program {program} (no script to show).", colors.dim))
        else:
            parts.append(Text("\nAn inline shell command: the command above is all it runs.",
                              style=colors.dim))  # fmt: skip
        return Group(*parts)

    # ------------------------------------------------------------------ actions

    @on(SelectionList.SelectedChanged, "#trust-list")
    def _checks_changed(self) -> None:
        if self._plan is None:
            return
        selected = set(self.query_one("#trust-list", SelectionList).selected)
        self._unchecked = {h.ref for h in self._plan.trust if h.ref not in selected}

    def action_toggle_all(self) -> None:
        listing = self.query_one("#trust-list", SelectionList)
        if listing.selected:
            listing.deselect_all()
        else:
            listing.select_all()

    @on(Button.Pressed, "#trust")
    def _trust_pressed(self) -> None:
        self.action_trust()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_close()

    def action_trust(self) -> None:
        config = self.hd_app.config
        plan = self._plan
        if config is None or plan is None or self._writing:
            return
        if plan.empty:
            self.notify("Nothing to trust: every project hook is trusted.", timeout=4)
            return
        checked = self.checked
        if plan.trust and not checked:
            self.notify("Check at least one hook (space), or a for all.", timeout=4)
            return
        everything = len(checked) == len(plan.trust)
        self._trust(config, None if everything else checked)

    @work(group="trust")
    async def _trust(self, config: Configuration, hooks: list[Hook] | None) -> None:
        self._writing = True
        try:
            try:
                result = await asyncio.to_thread(trust_hooks, config, hooks)
            except EditError as exc:
                self.notify(
                    exc.message, title="Nothing trusted", severity="error", timeout=12, markup=False
                )
                return
            self._announce(result)
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await self.hd_app.reload("trusted hooks").wait()
        finally:
            self._writing = False

    def _announce(self, result: EditResult) -> None:
        lines = [result.message, *("• " + note for note in result.notes)]
        self.notify(
            "\n".join(lines),
            title="Trusted" if result.changed else "Nothing changed",
            timeout=10,
            markup=False,
        )

    def action_close(self) -> None:
        self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "trust":
            return None if self._plan is None or self._plan.empty else True
        if action == "toggle_all":
            return bool(self._plan and self._plan.trust)
        return True
