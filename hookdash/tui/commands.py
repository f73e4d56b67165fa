"""Every dashboard action, once: its key, its Footer label, its palette entry and its help.

The key bindings of the app and of each screen, the command palette and the help screen
are all built from `COMMANDS`, so a key cannot be bound without being documented, and
every action is reachable from the palette.

To add an action (phase 2: fire, plan, live log, toggle, trust review): add a `Command`
with the scope of the screen that handles it, and an `action_<name>` method on that
screen (or on the app, for scope "app"). Nothing else needs to change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider

# Where an action lives: the app (everywhere), or one screen (its COMMAND_SCOPE).
Scope = Literal["app", "hooks", "problems", "help"]


@dataclass(frozen=True)
class Command:
    scope: Scope
    key: str  # Textual key names, comma-separated for alternatives
    action: str  # the action method's name without "action_"
    label: str  # short, for the Footer
    title: str  # for the command palette
    help: str  # one sentence, for the palette and the help screen
    show: bool = True  # in the Footer
    palette: bool = True  # offered in the command palette
    key_display: str | None = None


COMMANDS: tuple[Command, ...] = (
    # --- everywhere -----------------------------------------------------------------
    Command("app", "question_mark", "help", "Help", "Help",
            "Keys, what the badges mean, and Gemini CLI's surprises.", key_display="?"),
    Command("app", "c", "show_problems", "Problems", "Show problems",
            "The problems `hookdash check` finds: severity, code, file:line, message, fix."),
    Command("app", "t", "toggle_theme", "Theme", "Toggle light/dark theme",
            "Switch between the light and the dark theme."),
    Command("app", "r", "reload", "Reload", "Reload configuration",
            "Read every settings file again (the view also follows changes on its own).",
            show=False),
    Command("app", "q", "quit", "Quit", "Quit", "Leave hookdash."),
    # --- the hook list --------------------------------------------------------------
    Command("hooks", "slash", "focus_filter", "Filter", "Filter hooks",
            "Type words that must all occur in a hook's id, command, event, layer, matcher "
            "or badges.", key_display="/"),
    Command("hooks", "escape", "clear_filter", "Clear", "Clear the filter",
            "Empty the filter box and go back to the hook list.", show=False,
            key_display="esc"),
    Command("hooks", "d", "toggle_details", "Details", "Show/hide the details pane",
            "Hide the details pane to give the list the whole width, or show it again."),
    Command("hooks", "z", "zoom_details", "Zoom", "Zoom the details",
            "Show the selected hook's details full screen (again to return)."),
    Command("hooks", "e", "toggle_expand", "Fold", "Fold/unfold all groups",
            "Collapse every event and layer group, or expand them all.", show=False),
    Command("hooks", "D", "open_demo", "Demo", "Open the demo",
            "Switch to the bundled demo configuration (a temporary copy; nothing of yours "
            "is touched).", show=False, key_display="D"),
    # --- the problem list -----------------------------------------------------------
    Command("problems", "enter", "go_to_hook", "Show hook", "Show the problem's hook",
            "Go back to the hook list with the hook this problem is about selected."),
    Command("problems", "escape", "close", "Back", "Back to the hooks",
            "Return to the hook list.", key_display="esc"),
    # --- help -----------------------------------------------------------------------
    Command("help", "escape", "close", "Close", "Close help", "Close the help screen.",
            palette=False, key_display="esc"),
)  # fmt: skip


def bindings_for(scope: Scope) -> list[BindingType]:
    """The Textual key bindings of one scope."""
    return [
        Binding(c.key, c.action, c.label, show=c.show, key_display=c.key_display)
        for c in COMMANDS
        if c.scope == scope
    ]


def commands_for(scopes: Iterable[str]) -> list[Command]:
    wanted = set(scopes)
    return [c for c in COMMANDS if c.scope in wanted]


def screen_scope(screen: object) -> str | None:
    return getattr(screen, "COMMAND_SCOPE", None)


class DashboardCommands(Provider):
    """The command palette's entries: the app's actions and the current screen's."""

    def _available(self) -> list[Command]:
        scopes = ["app"]
        scope = screen_scope(self.screen)
        if scope is not None:
            scopes.append(scope)
        commands = [c for c in commands_for(scopes) if c.palette]
        # Hide what the screen says cannot run now (e.g. the demo while in the demo).
        return [
            c
            for c in commands
            if c.scope == "app" or self.screen.check_action(c.action, ()) is not False
        ]

    def _runner(self, command: Command) -> Callable[[], object]:
        target = self.app if command.scope == "app" else self.screen
        return partial(self.app.run_action, command.action, target)

    async def discover(self) -> Hits:
        for command in self._available():
            yield DiscoveryHit(command.title, self._runner(command), help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self._available():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(command.title),
                    self._runner(command),
                    help=command.help,
                )


class HookJumpCommands(Provider):
    """“Go to hook …”: every hook of the configuration, by id, event and layer."""

    def _hooks(self) -> list[tuple[str, str, str]]:
        config = getattr(self.app, "config", None)
        if config is None:
            return []
        return [(f"Go to hook {h.id}", f"{h.event} · {h.layer_label}", h.ref) for h in config.hooks]

    def _runner(self, ref: str) -> Callable[[], object]:
        go_to_hook = getattr(self.app, "go_to_hook")  # noqa: B009 (HookdashApp, not App)
        return partial(self.app.call_later, go_to_hook, ref)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, where, ref in self._hooks():
            score = matcher.match(f"{title} {where}")
            if score > 0:
                yield Hit(score, matcher.highlight(title), self._runner(ref), help=where)
