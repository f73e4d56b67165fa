"""Switching a hook off: which settings file gets the entry, and which disabled list.

The choices and their one-line explanations follow hookdash's write rules: user settings by
default, workspace settings unless the workspace is the home directory; the `auto`
disabled key by default, `hooksConfig` or the legacy `hooks` on request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual import on
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Label, RadioButton, RadioSet, Static

from hookdash.core import visible  # (no pydantic, no I/O)
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain_content
from hookdash.tui.widgets import toggles
from hookdash.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from hookdash.core import Configuration, DisabledKey, Hook

KEY_CHOICES: tuple[tuple[DisabledKey, str], ...] = (
    ("auto", "hooksConfig.disabled, and hooks.disabled if present"),
    ("hooksConfig", "only hooksConfig.disabled (read by Gemini CLI 0.26+)"),
    ("hooks", "only legacy hooks.disabled (Gemini < 0.26; 0.26+ runs it)"),
)


@dataclass(frozen=True)
class SwitchChoice:
    scope: str  # "user" | "workspace"
    disabled_key: DisabledKey


class ChoiceSet(RadioSet):
    """A RadioSet whose arrow keys choose (not only highlight), so that `enter` — bound by
    the dialog — always confirms what is shown as chosen."""

    def action_next_button(self) -> None:
        super().action_next_button()
        self._press_selected()

    def action_previous_button(self) -> None:
        super().action_previous_button()
        self._press_selected()

    def _press_selected(self) -> None:
        if self._selected is not None:
            button = self._nodes[self._selected]
            if isinstance(button, RadioButton) and not button.disabled:
                button.value = True


class SwitchScreen(ModalScreen[SwitchChoice | None]):
    """Asks where to disable `hook`; dismisses with the choice, or None."""

    COMMAND_SCOPE = "switch"
    BINDINGS = bindings_for("switch", dialog=True)

    def __init__(self, hook: Hook, config: Configuration) -> None:
        super().__init__()
        self._hook = hook
        self._config = config
        env = config.env
        self._files = {
            "user": env.display(env.user_settings_path),
            "workspace": env.display(env.workspace_settings_path),
        }
        self._workspace_ok = not env.workspace_is_home
        self._broken = {scope: why for scope in self._files if (why := self._parse_error(scope))}

    def _parse_error(self, scope: str) -> str | None:
        """Why the settings file of `scope` cannot be written (it does not parse), or None."""
        layer = next((v for k, v in self._config.layers.items() if k == scope), None)
        if layer is None or not layer.exists or layer.parsed:
            return None
        error = layer.error
        where = ""
        if error is not None and error.line:
            where = f" at line {error.line}" + (f", column {error.column}" if error.column else "")
        detail = f": {visible(error.message)}" if error is not None and error.message else ""
        return f"does not parse{where}{detail}"

    def compose(self) -> Any:
        hook = self._hook
        env = self._config.env
        sharing = [h for h in self._config.hooks if h.id == hook.id and h.ref != hook.ref]
        intro = Content.assemble(
            "hookdash adds ",
            (visible(repr(hook.id)), "bold"),
            " to a disabled list: Gemini CLI then registers the hook but never runs it.",
        )
        if sharing:
            others = "other hook with it is" if len(sharing) == 1 else f"{len(sharing)} others are"
            intro += Content(f"\nThe list is keyed by that ID: the {others} switched off too.")
        with Vertical(id="switch-box", classes="dialog"):
            yield Static(intro, id="switch-intro")
            yield Label("Which settings file", classes="dialog-heading")
            with ChoiceSet(id="switch-scope"):
                yield toggles.RadioButton(self._scope_label("user", "every project"), value=True)
                yield toggles.RadioButton(
                    self._scope_label("workspace", "this project only"),
                    disabled=not self._workspace_ok,
                )
            for scope, why in self._broken.items():
                if scope == "workspace" and not self._workspace_ok:
                    continue
                yield Static(
                    Content.assemble(
                        (f"{self._files[scope]} {visible(why)}", "bold $text-error"),
                        ": hookdash will not write it until it is fixed (Gemini CLI would "
                        "not start with it either).",
                    ),
                    classes="dialog-note switch-broken",
                )
            if not self._workspace_ok:
                yield Static(
                    plain_content(
                        "The workspace is your home directory: Gemini CLI reads "
                        f"{env.display(env.user_settings_path)} there as user settings only, "
                        "so there is no workspace file to write."
                    ),
                    classes="dialog-note",
                )
            elif not self._config.snapshot.folder_trust.trusted:
                yield Static(
                    "The folder is not trusted: Gemini CLI ignores its workspace settings "
                    "(and runs no settings hook at all) until you trust it.",
                    classes="dialog-note",
                )
            yield Static(id="switch-file", classes="dialog-note")
            yield Label("Which disabled list", classes="dialog-heading")
            with ChoiceSet(id="switch-key"):
                for i, (key, text) in enumerate(KEY_CHOICES):
                    label = Content.assemble((f"{key:<12}", "bold"), text)
                    yield toggles.RadioButton(label, value=i == 0)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Disable (enter)", id="disable", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#switch-box")
        box.border_title = Content(f"Switch off {' '.join(self._hook.shown.id.split())}")
        self._show_file()
        self.query_one("#switch-scope", ChoiceSet).focus()

    @property
    def choice(self) -> SwitchChoice:
        scope_index = self.query_one("#switch-scope", ChoiceSet).pressed_index
        key_index = self.query_one("#switch-key", ChoiceSet).pressed_index
        scope = "workspace" if scope_index == 1 else "user"
        return SwitchChoice(scope, KEY_CHOICES[max(key_index, 0)][0])

    def _show_file(self) -> None:
        scope = self.choice.scope
        self.query_one("#switch-file", Static).update(
            Content.assemble("writes ", (self._files[scope], "bold"))
        )

    @on(RadioSet.Changed, "#switch-scope")
    def _scope_changed(self) -> None:
        self._show_file()

    @on(Button.Pressed, "#disable")
    def _disable_pressed(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#cancel")
    def _cancel_pressed(self) -> None:
        self.action_cancel()

    def action_scope(self, scope: str) -> None:
        if scope == "workspace" and not self._workspace_ok:
            self.notify("The workspace is your home directory: use user settings.", timeout=4)
            return
        buttons = list(self.query_one("#switch-scope", ChoiceSet).query(RadioButton))
        buttons[1 if scope == "workspace" else 0].value = True

    def _scope_label(self, scope: str, reach: str) -> Content:
        label = Content(f"{scope} settings — {reach}")
        if scope in self._broken:
            label += Content.styled("  (does not parse)", "$text-error")
        return label

    def action_confirm(self) -> None:
        choice = self.choice
        if choice.scope in self._broken:
            # Say it here, where the other file can still be chosen.
            self.notify(
                f"{self._files[choice.scope]} {visible(self._broken[choice.scope])}: fix it "
                "first, or choose the other settings file.",
                title="Cannot write this file",
                severity="error",
                timeout=8,
                markup=False,
            )
            return
        self.dismiss(choice)

    def action_cancel(self) -> None:
        self.dismiss(None)
