"""Import hooks from Claude Code (`I`): the dashboard's `hookdash import claude`.

    from ─ Claude Code's own files (core.claude_sources: the project's
           .claude/settings.local.json and .claude/settings.json, ~/.claude/settings.json),
           all of them (as Claude runs them, and as the CLI imports by default) or one;
           or a path typed
    into ─ the workspace settings (this project only; the CLI's default) or the user's
    ─▶ core.import_claude(dry_run=True) (thread worker, after every change) ─▶ the preview:
       each hook as it would be imported, what of it Gemini reads otherwise, what does
       not carry over, the notes, the diff
    ctrl+s ─▶ app.write(core.import_claude) (recorded for `u`) ─▶ dismiss(the result);
       the hook list announces it and reloads

Nothing is written before ctrl+s, and ctrl+s writes exactly what the preview shows for
the choices on screen (it refuses while the preview is not theirs yet).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.widgets import Button, Input, Label, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from hookdash.core import (
    ClaudeSource,
    Configuration,
    HookdashError,
    ImportResult,
    claude_sources,
    import_claude,
    visible,
)
from hookdash.tui.colors import colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import PlainInput, plain
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.switch import ChoiceSet
from hookdash.tui.widgets import toggles
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.import_preview import import_preview

NARROW_WIDTH = 110
ALL = "all"  # the option for every Claude file found (the CLI's default)
SCOPES = ("workspace", "user")  # the scope buttons, in order
# (file, scope): what a preview was made for; None as the file: all of Claude's files.
Choice = tuple[Path | None, str]


class ClaudeImportScreen(HookdashScreen[ImportResult | None]):
    """Dismisses with what the import wrote, or None. See the module docstring."""

    COMMAND_SCOPE = "import"
    CONFIG_AT_MOUNT = False  # on_mount starts the first preview itself
    BINDINGS = bindings_for("import")

    def __init__(self) -> None:
        super().__init__()
        self._sources: list[ClaudeSource] = []
        self._preview: ImportResult | None = None
        self._refusal: str | None = None  # why the preview's choice cannot be imported
        self._previewed: Choice | None = None  # what the preview (or refusal) is about
        self._writing = False

    # ------------------------------------------------------------------ layout

    def compose(self) -> Any:
        yield Static(id="import-title")
        with Horizontal(id="import-columns"):
            with VerticalScroll(id="import-choices"):
                yield Label("From", classes="import-heading")
                yield OptionList(
                    Option("All of Claude Code's files (looking for them…)", id=ALL),
                    id="import-source",
                    markup=False,
                )
                yield PlainInput(
                    id="import-path",
                    compact=True,
                    select_on_focus=False,
                    placeholder="or type the path of a Claude settings file",
                )
                yield Label("Into", classes="import-heading")
                with ChoiceSet(id="import-scope", compact=True):
                    yield toggles.RadioButton("workspace settings — this project only", value=True)
                    yield toggles.RadioButton("user settings — every project")
                yield Static(id="import-writes", classes="import-hint")
                with Horizontal(id="import-buttons"):
                    yield Button("Import (^s)", id="import", variant="primary", compact=True)
                    yield Button("Cancel (esc)", id="cancel", compact=True)
            with VerticalScroll(id="import-preview"):
                yield Static(Text("Reading Claude Code's files…"), id="import-body")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#import-choices").border_title = "From where, into which file"
        self.query_one("#import-preview").border_title = "What the import does"
        self.query_one("#import-title", Static).update(
            Content.assemble(
                ("Import hooks from Claude Code", "bold"),
                " · nothing is written until ",
                ("ctrl+s", "bold"),
                Content.styled(" · esc leaves", "$text-muted"),
            )
        )
        config = self.hd_app.config
        env = config.env if config is not None else self.hd_app.env
        if env.workspace_is_home:  # Gemini reads the home's settings as the user's
            buttons = list(self.query_one("#import-scope", ChoiceSet).query(RadioButton))
            buttons[0].disabled = True
            buttons[1].value = True
        self._find_sources(env.workspace, dict(env.environ))
        self._choice_changed()
        self.query_one("#import-source", OptionList).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")

    def theme_changed(self) -> None:
        self._show_preview()

    def config_changed(self, config: Configuration) -> None:
        """A reload (a settings file changed): the preview against the files as they are."""
        self._schedule_preview()

    # ------------------------------------------------------------------ the choices

    @work(thread=True, group="import-sources", exit_on_error=False)
    def _find_sources(self, workspace: Path, environ: dict[str, str]) -> None:
        sources = claude_sources(workspace, environ)
        self.app.call_from_thread(self._sources_found, sources)

    def _sources_found(self, sources: list[ClaudeSource]) -> None:
        self._sources = sources
        config = self.hd_app.config
        display = config.env.display if config is not None else str
        found = [s for s in sources if s.exists]
        total = sum(s.hooks for s in found)
        if found:
            first = f"All of Claude Code's files below ({total} hook{'s' * (total != 1)})"
        else:
            first = "All of Claude Code's files: none found"
        options = [Option(first, id=ALL)]
        colors = colors_for(self.app)
        dim, red = colors.dim, colors.error
        for i, source in enumerate(sources):
            # What it holds first: a long path wraps.
            prompt = Text(f"{source.kind:<8} ", style="bold")
            if not source.exists:
                prompt.append("not found  ", style=dim)
            elif source.error:
                why = visible(source.error)
                prompt.append(f"{why}  ", style=red)
            else:
                prompt.append(f"{source.hooks} hook{'s' * (source.hooks != 1)}  ")
            prompt.append_text(plain(display(source.path)))
            options.append(Option(prompt, id=str(i), disabled=not source.exists))
        listing = self.query_one("#import-source", OptionList)
        chosen = listing.highlighted_option.id if listing.highlighted_option else ALL
        listing.set_options(options)
        ids = [o.id for o in options]
        listing.highlighted = ids.index(chosen) if chosen in ids else 0

    def choice(self) -> Choice:
        """The file (None: all of Claude's files) and the scope, as chosen on screen."""
        config = self.hd_app.config
        env = config.env if config is not None else self.hd_app.env
        typed = self.query_one("#import-path", Input).value.strip()
        file: Path | None = None
        if typed:
            home = env.environ.get("HOME")
            if home and (typed == "~" or typed.startswith("~/")):
                typed = home + typed[1:]
            file = Path(typed) if os.path.isabs(typed) else env.workspace / typed
        else:
            option = self.query_one("#import-source", OptionList).highlighted_option
            if option is not None and option.id not in (None, ALL):
                file = Path(self._sources[int(option.id)].path)
        scope = SCOPES[max(self.query_one("#import-scope", ChoiceSet).pressed_index, 0)]
        return file, scope

    @on(OptionList.OptionHighlighted, "#import-source")
    @on(Input.Changed, "#import-path")
    @on(RadioSet.Changed, "#import-scope")
    def _choice_changed(self) -> None:
        config = self.hd_app.config
        if config is not None:
            env = config.env
            scope = self.choice()[1]
            path = env.workspace_settings_path if scope == "workspace" else env.user_settings_path
            reach = "this project only" if scope == "workspace" else "every project"
            self.query_one("#import-writes", Static).update(
                Content.styled(f"writes {visible(env.display(path))} — {reach}", "$text-muted")
            )
        self._schedule_preview()

    # ------------------------------------------------------------------ the preview

    def _schedule_preview(self) -> None:
        config = self.hd_app.config
        if config is not None:
            self._make_preview(config, self.choice())

    @work(thread=True, exclusive=True, group="import-preview", exit_on_error=False)
    def _make_preview(self, config: Configuration, choice: Choice) -> None:
        file, scope = choice
        result: ImportResult | None = None
        refusal: str | None = None
        try:
            result = import_claude(config, file, scope, dry_run=True)
        except HookdashError as exc:
            refusal = visible(exc.message, multiline=True)
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self._preview_made, choice, result, refusal)

    def _preview_made(
        self, choice: Choice, result: ImportResult | None, refusal: str | None
    ) -> None:
        if choice != self.choice():
            return  # the choices changed meanwhile: a newer preview is on its way
        self._previewed, self._preview, self._refusal = choice, result, refusal
        self._show_preview()

    @property
    def preview(self) -> ImportResult | None:
        """The latest dry run (None before the first, or when the choice is refused)."""
        return self._preview

    def _show_preview(self) -> None:
        body = self.query_one("#import-body", Static)
        colors = colors_for(self.app)
        if self._refusal is not None:
            text = Text("✖ Nothing can be imported: ", style=f"bold {colors.error}")
            text.append(self._refusal)
            body.update(text)
        elif self._preview is not None:
            body.update(import_preview(self._preview, colors))

    # ------------------------------------------------------------------ import, leave

    @on(Button.Pressed, "#import")
    def _import_pressed(self) -> None:
        self.action_import()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_close()

    def action_import(self) -> None:
        config = self.hd_app.config
        choice = self.choice()
        if config is None or self._writing:
            return
        if self._previewed != choice:
            self.notify("Still reading what the import would do…", timeout=3)
            return
        if self._refusal is not None:
            self.refuse(self._refusal, "Nothing imported")
            return
        preview = self._preview
        if preview is None or not preview.changes:
            message = visible(preview.message) if preview is not None else ""
            self.notify(message, title="Nothing to import", timeout=6, markup=False)
            return
        self._writing = True
        self._import(config, choice)

    @work(group="import-write", exclusive=True, exit_on_error=False)
    async def _import(self, config: Configuration, choice: Choice) -> None:
        file, scope = choice
        try:
            label = f"import Claude Code hooks into {scope} settings"
            result = await self.hd_app.write(label, import_claude, config, file, scope)
        except HookdashError as exc:
            self.refuse(visible(exc.message, multiline=True), "Nothing imported")
            return
        finally:
            self._writing = False
        self.dismiss(result)

    def action_close(self) -> None:
        self.dismiss(None)
