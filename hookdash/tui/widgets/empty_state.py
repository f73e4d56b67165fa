"""What the dashboard shows when there is no hook at all: where hooks go, and the demo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.containers import Center, Vertical
from textual.content import Content
from textual.widgets import Button, Static

if TYPE_CHECKING:
    from hookdash.core import GeminiEnvironment


class EmptyState(Vertical):
    # Its own look; whether it shows (only when there is no hook) is the screen's.
    DEFAULT_CSS = """
    EmptyState {
        padding: 1 2;
        border: round $border-blurred;

        #empty-text {
            height: auto;
        }
        Center {
            height: auto;
            margin-top: 1;
        }
    }
    """

    # Its content is made on first `show`, not in `compose`: most configurations have
    # hooks, and the button's stylesheet alone costs the first paint 10 ms.

    def show(self, env: GeminiEnvironment) -> None:
        user = env.display(env.user_settings_path)
        workspace = env.display(env.workspace_settings_path)
        extension = env.display(env.extensions_dir / "<name>" / "hooks" / "hooks.json")
        text = Content.assemble(
            ("No hooks configured.\n\n", "bold $text-primary"),
            'Gemini CLI reads hooks from the "hooks" object of\n',
            ("  " + user, "bold"),
            ("   for every project\n", "dim"),
            ("  " + workspace, "bold"),
            ("   for this project\n", "dim"),
            "and from each extension's hooks file\n",
            ("  " + extension, "bold"),
            "\n\nPress a to add one through a form (no JSON to write). The demo shows hooks "
            "of every kind in a temporary copy — nothing of yours is touched.",
        )
        if self.children:
            self.query_one("#empty-text", Static).update(text)
        else:
            button = Button("Open the demo (D)", id="open-demo", variant="primary")
            self.mount(Static(text, id="empty-text"), Center(button))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        # The button is a deliberate choice (and there are no hooks to lose sight of):
        # no question, unlike the D key.
        self.call_later(self.run_action, "app.open_demo")
