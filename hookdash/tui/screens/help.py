"""Help: every key, what the badges and banners mean, Gemini CLI's quirks in one line each."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import COMMANDS, bindings_for, key_shown
from hookdash.tui.screens.base import HookdashModalScreen
from hookdash.tui.widgets.footer import Footer

_SCOPE_TITLES = (
    ("app", "Everywhere"),
    ("hooks", "Hook list"),
    ("switch", "Switching a hook off (space)"),
    ("hook_form", "Adding and editing a hook (a, e)"),
    ("claude_form", "Adding and editing a Claude Code hook (a, A, e on a Claude hook)"),
    ("import", "Importing hooks from Claude Code (I)"),
    ("fire", "Fire (f)"),
    ("saved_payloads", "Fire: saved payloads (ctrl+o)"),
    ("plan", "Plan (p)"),
    ("trust", "Trust review (T)"),
    ("log", "Live log (l)"),
    ("output", "Whole output (o)"),
    ("problems", "Problem list"),
    ("confirm", "Questions"),
)

NAVIGATION = (
    ("↑ ↓ ← →", "move; ← → fold and unfold a group"),
    ("j k", "down and up in every list, as ↓ ↑ (lazygit, k9s, vim)"),
    ("g G", "first and last row of a list (not on the hook list: g groups it); home, end"),
    ("enter, space", "on a group: fold or unfold it (space on a hook switches the hook)"),
    (
        "tab",
        "next pane: filter, list, details (fire: payload, result); in a form, the "
        "next field, its text selected (typing replaces it)",
    ),
    (
        "ctrl+a ctrl+e",
        "in a text field: its start and its end (as home, end; Textual's "
        "keys, readline's); ctrl+u and ctrl+k delete to the start and to the end",
    ),
    ("ctrl+p", "command palette: every action, and “Go to hook …”"),
    ("mouse", "click a hook, a group, a banner, a button or a key below; scroll the panes"),
)

SWITCHING = (
    "space on a hook switches it. Disabling asks which settings file gets the entry — your "
    "user settings (every project; the default) or the workspace settings (this project "
    "only; not offered when the workspace is your home directory) — and which list: auto "
    "(hooksConfig.disabled, and hooks.disabled too when the file has that list), "
    "hooksConfig, or the legacy hooks (only Gemini CLI before 0.26 reads it). Enabling "
    "removes the entry from every list hookdash may write, and says when a system file "
    "still disables the hook. The list changes at once; a file that changed on disk, does "
    "not parse or cannot be written is left exactly as it was, and the message says why."
)

WRITING = (
    "a adds a hook through a form, e edits the selected one in it: the event (each says "
    "when it fires and what its hook can do), the matcher (what it matches, live: built-in "
    "tools and tools seen in the logs, or trigger values), name, command (a missing or "
    "non-executable script is flagged), timeout in milliseconds, description, scope. Checks "
    "shows what Save would refuse or warn about and the diff it would write; ctrl+r tests "
    "the draft through the engine before it is saved; ctrl+s saves. d removes the selected "
    "hook after showing the diff, E opens $VISUAL or $EDITOR at its file and line, H "
    "switches all hooks on or off. u undoes the last write of this session — exactly the "
    "bytes before — and refuses when a file changed since hookdash wrote it."
)

LIVE_LOG = (
    "l shows every hook run as it happens: hookdash's own (fire, `hookdash fire`) from "
    "its run log, and real Gemini CLI sessions' from Gemini's telemetry file when "
    "telemetry.outfile is set. The last 2,000 runs are kept in memory. b, s and e narrow "
    "the list by outcome, source and event, / by words, h to the highlighted run's hook; "
    "x shows every run again. enter opens a run's full record, o its whole output, and f "
    "replays it: fire on its hook, with its input."
)

BANNERS = (
    ("folder not trusted", "Gemini CLI skips every settings hook — user and system ones "
     "too — and runs only extension hooks."),
    ("hooks switched off", "hooksConfig.enabled is false: no hook runs, extension hooks "
     "included."),
    ("does not parse", "a settings file has a syntax error (line and column shown): "
     "Gemini CLI refuses to start."),
    ("system file ignored", "Gemini CLI 0.61 loads system settings only from root-owned, "
     "not group/other-writable files and directories."),
    ("legacy keys", "hooks.disabled and hooks.enabled are ignored since Gemini CLI 0.26: "
     "the hooks listed there still run."),
)  # fmt: skip

LIVE_RELOAD = (
    "The view follows every settings file, extension and trust file: an edit by you, by "
    "Gemini CLI or by git shows within a second, and the selected hook stays selected."
)


def _table(rows: list[tuple[str, str]], key_style: str) -> Table:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True, style=key_style)
    table.add_column(ratio=1)
    for key, text in rows:
        table.add_row(key, text)
    return table


def help_renderable(colors: Colors) -> RenderableType:
    from hookdash.core import BADGE_MEANINGS, QUIRKS

    heading = colors.heading
    key_style = f"bold {colors.accent}"
    parts: list[RenderableType] = [Text("hookdash — help", style=heading), Text("")]
    for scope, title in _SCOPE_TITLES:
        parts.append(Text(title, style="bold"))
        rows = [(key_shown(c), f"{c.title} — {c.help}") for c in COMMANDS if c.scope == scope]
        parts += [_table(rows, key_style), Text("")]
    parts += [Text("Moving around", style="bold"), _table(list(NAVIGATION), key_style), Text("")]
    parts += [Text("Badges", style=heading)]
    parts += [_table(list(BADGE_MEANINGS), f"bold {colors.warning}"), Text("")]
    parts += [Text("Banners", style=heading), _table(list(BANNERS), "bold"), Text("")]
    parts += [Text("Gemini CLI quirks hookdash reproduces", style=heading)]
    parts += [Text("• " + quirk) for quirk in QUIRKS]
    parts += [Text(""), Text("Switching hooks off and on", style=heading), Text(SWITCHING)]
    parts += [Text(""), Text("Writing hooks", style=heading), Text(WRITING)]
    parts += [Text(""), Text("Live log", style=heading), Text(LIVE_LOG)]
    parts += [Text(""), Text("Live reload", style=heading), Text(LIVE_RELOAD)]
    return Group(*parts)


class HelpScreen(HookdashModalScreen[None]):
    COMMAND_SCOPE = "help"
    BINDINGS: ClassVar[list[BindingType]] = [*bindings_for("help"), ("question_mark", "close")]

    def compose(self) -> Any:
        with VerticalScroll(id="help-body"):
            yield Static(id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-body").border_title = "Help — esc to close"
        self.theme_changed()
        self.query_one("#help-body").focus()

    def theme_changed(self) -> None:
        self.query_one("#help-text", Static).update(help_renderable(colors_for(self.app)))

    def action_close(self) -> None:
        self.dismiss()
