"""Every dashboard action, once: its key, its Footer label, its palette entry and its help.

The key bindings of the app and of each screen, the command palette and the help screen
are all built from `COMMANDS`, so a key cannot be bound without being documented, and
every action is reachable from the palette.

To add an action: add a `Command` with the scope of the screen that handles it, and an
`action_<name>` method on that screen (or on the app, for scope "app"). Nothing else
needs to change. A key that the focused widget would swallow (Textual's Tree binds
`space`) names that widget in `widget`: the widget then binds it too, as
`screen.<action>`, so it reaches the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Literal

from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher
from textual.markup import escape

# Where an action lives: the app (everywhere), or one screen (its COMMAND_SCOPE).
Scope = Literal[
    "app",
    "hooks",
    "problems",
    "help",
    "switch",
    "confirm",
    "trust",
    "fire",
    "plan",
    "log",
    "output",
    "payload_name",
    "saved_payloads",
    "hook_form",
    "claude_form",
    "host_form",
    "import",
    "other_agents",
]


# How much the Footer needs a key. A terminal too narrow for every key drops the highest
# rank first, and within a rank the rightmost key (widgets/footer.py); ALWAYS is never
# dropped. What is dropped is in the help screen and the command palette.
ALWAYS = 0  # help: how to find everything else
TASK = 1  # the keys of the screen's task (the default for a screen's command)
PALETTE = 2  # the command palette's key, ^p (the way to every dropped key)
MORE = 3  # a screen's secondary keys
ELSEWHERE = 4  # the keys of every screen: the log, the problems, quit (the app's default)
WIDE = 5  # shown only when everything else fits


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
    widget: str | None = None  # also bound on this widget class (it would eat the key)
    priority: bool = False  # checked before the focused widget (e.g. over a text editor)
    footer: int | None = None  # its rank in the Footer (None: TASK, or ELSEWHERE for "app")

    @property
    def footer_rank(self) -> int:
        if self.footer is not None:
            return self.footer
        return ELSEWHERE if self.scope == "app" else TASK

    @property
    def binding_id(self) -> str:
        """Its bindings' id: how the Footer finds the command of a binding."""
        return f"{self.scope}.{self.action}"


COMMANDS: tuple[Command, ...] = (
    # --- everywhere -----------------------------------------------------------------
    Command("app", "question_mark", "help", "Help", "Help",
            "Keys, what the badges mean, and Gemini CLI's surprises.", key_display="?",
            footer=ALWAYS),
    Command("app", "f1", "help", "Help", "Help",
            "Help from a text field too (where ? is typed).", palette=False, footer=ALWAYS),
    Command("app", "l", "live_log", "Log", "Live log",
            "Every hook run — from hookdash and from real Gemini CLI sessions — as it "
            "happens; select one for its input, output, stdout and stderr."),
    Command("app", "c", "show_problems", "Problems", "Show problems",
            "The problems `hookdash check` finds: severity, code, file:line, message, fix."),
    Command("app", "S", "show_other_agents", "Agents", "Show other agents' hooks",
            "The hooks this workspace brings for other coding agents (Cursor, Codex, Qwen "
            "Code…), with their risks and when each agent runs them; read-only.",
            show=False, key_display="S"),
    Command("app", "B", "accept_baseline", "Baseline", "Accept changes to your own hooks",
            "Every change to your own hooks (any agent's user-level hooks, the scripts they "
            "run) since you last looked, with its diff; accept them if you made them.",
            show=False, key_display="B"),
    Command("app", "t", "toggle_theme", "Theme", "Toggle light/dark theme",
            "Switch between the light and the dark theme.", footer=WIDE),
    Command("app", "r", "reload", "Reload", "Reload configuration",
            "Read every settings file again (the view also follows changes on its own).",
            footer=WIDE),
    Command("app", "m", "messages", "Messages", "Show this session's messages",
            "Every message shown this session, whole and newest last (a toast shows the "
            "first lines of a long one).", footer=WIDE),
    Command("app", "q", "quit", "Quit", "Quit", "Leave hookdash.", footer=MORE),
    # --- the hook list --------------------------------------------------------------
    Command("hooks", "space", "toggle_hook", "Switch", "Switch the hook off/on",
            "Disable the selected hook (asks which settings file and list) or enable it "
            "again (removes it from every disabled list hookdash may write).",
            key_display="space", widget="HookTree"),
    Command("hooks", "f", "fire", "Fire", "Fire a test event at the hook",
            "Run the selected hook on a realistic, editable payload through the engine, "
            "and see its output and what Gemini would do with it."),
    Command("hooks", "p", "plan", "Plan", "Plan an event",
            "Pick an event and its tool or trigger: the hooks Gemini CLI (or, on a Claude "
            "hook, Claude Code) would run, in order, and why every other hook would not.",
            footer=MORE),
    Command("hooks", "T", "review_trust", "Trust", "Review and trust project hooks",
            "The workspace's NEW and CHANGED project hooks with their commands and "
            "scripts; trusting records them in Gemini's trusted_hooks.json.",
            key_display="T", footer=MORE),
    Command("hooks", "a", "add_hook", "Add", "Add a hook",
            "A form for a new hook of the host under the cursor (Claude Code's on a Claude "
            "hook or with the host filter on Claude): the event (each says when it fires "
            "and what its hook can do), matcher (what it matches, live), command, timeout, "
            "scope (Gemini: also name, description; test it before saving)."),
    Command("hooks", "A", "add_claude_hook", "Add Claude", "Add a Claude Code hook",
            "The Claude Code form wherever the cursor is: event, matcher, command, timeout "
            "in seconds, and user, project or local settings.", show=False,
            key_display="A"),
    Command("hooks", "e", "edit_hook", "Edit", "Edit the hook",
            "The selected hook in its host's form: change its fields, save (Gemini: user "
            "and workspace settings; Claude Code: user, project and local settings)."),
    Command("hooks", "d", "remove_hook", "Remove", "Remove the hook",
            "Remove the selected hook from its settings file, after a question that shows "
            "the diff."),
    Command("hooks", "u", "undo", "Undo", "Undo the last write",
            "Put back the files of the last write this session (add, edit, remove, switch, "
            "hooks on/off, import, trust, safe fixes) exactly as they were — only while hookdash's "
            "version of them is still there."),
    Command("hooks", "I", "import_claude", "Import", "Import hooks from Claude Code",
            "Claude Code's hooks as Gemini CLI hooks: choose Claude's files (the project's "
            ".claude/settings*.json and ~/.claude/settings.json, found for you) or type a "
            "path, and user or workspace settings; see each hook as it would be imported, "
            "what Gemini reads otherwise, what does not carry over and the diff; then import "
            "(u undoes it).", show=False, key_display="I"),
    Command("hooks", "E", "open_editor", "Editor", "Open the hook's file in your editor",
            "Open $VISUAL or $EDITOR at the hook's file and line; the view reloads after.",
            key_display="E", footer=WIDE),
    Command("hooks", "H", "switch_all", "Hooks on/off", "Switch all hooks on or off",
            "Set hooksConfig.enabled, after a question that says what it means (off: Gemini "
            "runs no hook at all, extension hooks included).", key_display="H", footer=WIDE),
    Command("hooks", "slash", "focus_filter", "Filter", "Filter hooks",
            "Type words that must all occur in a hook's id, command, event, layer, matcher, "
            "badges or risk flags (network, secrets…; risky: any).", key_display="/",
            priority=True, footer=WIDE),
    Command("hooks", "escape", "clear_filter", "Clear", "Clear the filter",
            "Empty the filter box and go back to the hook list.", key_display="esc",
            palette=False),
    Command("hooks", "enter", "filter_done", "To the list", "Filter done",
            "Keep the filter and go back to the hook list.", palette=False,
            widget="FilterBox"),
    Command("hooks", "escape", "unzoom", "Back", "Leave the zoom",
            "Back to the hook list and the details beside it.", palette=False,
            key_display="esc"),
    Command("hooks", "i", "toggle_details", "Details", "Show/hide the details pane",
            "Hide the details pane to give the list the whole width, or show it again.",
            footer=WIDE),
    Command("hooks", "z", "zoom_details", "Zoom", "Zoom the details",
            "Show the selected hook's details full screen (again to return).", footer=WIDE),
    Command("hooks", "F", "toggle_expand", "Fold", "Fold/unfold all groups",
            "Collapse every event and layer group, or expand them all.", key_display="F",
            footer=WIDE),
    Command("hooks", "g", "toggle_grouping", "Group", "Group by event / by source",
            "List the hooks by event then source (as Gemini runs them), or by source then "
            "event (what each settings file and extension brings).", footer=WIDE),
    Command("hooks", "o", "toggle_project_only", "Project", "Only project hooks",
            "Show only this project's own hooks (its workspace settings), or every hook "
            "again.", footer=WIDE),
    Command("hooks", "h", "cycle_host", "Host", "Show one host's hooks",
            "Cycle the list through every host's hooks, then each agent's only (it writes "
            "host:gemini, host:claude, host:codex… in the filter box, where you can type it "
            "too).", show=False),
    Command("hooks", "b", "toggle_banners", "Banners", "Unfold/fold the banners",
            "Show every banner in full, or one line each (a click unfolds one).",
            footer=WIDE),
    Command("hooks", "D", "open_demo", "Demo", "Open the demo",
            "Show the bundled demo configuration instead of yours, after a yes (a "
            "temporary copy; nothing of yours is touched).", key_display="D", footer=WIDE),
    Command("hooks", "D", "leave_demo", "Mine", "Back to my configuration",
            "Leave the demo: show the configuration the dashboard opened on again.",
            key_display="D", footer=WIDE),
    # --- switching a hook off: which file and which list ------------------------------
    Command("switch", "enter", "confirm", "Disable", "Disable the hook",
            "Write the entry to the chosen settings file and list.", palette=False,
            priority=True),
    Command("switch", "u", "scope('user')", "User", "Choose user settings",
            "Disable it for every project (your user settings file).", palette=False),
    Command("switch", "w", "scope('workspace')", "Workspace", "Choose workspace settings",
            "Disable it for this project only (the workspace settings file).", palette=False),
    Command("switch", "escape", "cancel", "Cancel", "Cancel", "Leave everything as it is.",
            palette=False, key_display="esc"),
    # --- a yes/no question ----------------------------------------------------------
    Command("confirm", "y", "answer(True)", "Yes", "Yes", "Go ahead.", palette=False),
    Command("confirm", "n,escape", "answer(False)", "No", "No", "Do nothing.",
            palette=False, key_display="n/esc"),
    # --- trust review ---------------------------------------------------------------
    Command("trust", "space", "toggle_check", "Check", "Check or uncheck the hook",
            "Check the highlighted hook to trust it with y, or uncheck it (nothing starts "
            "checked; enter and a click do the same).", key_display="space"),
    Command("trust", "a", "toggle_all", "All/none", "Check all or none",
            "Check every hook on the list, or none."),
    Command("trust", "y", "trust", "Trust", "Trust the checked hooks",
            "After a confirmation that lists their full commands, record the checked hooks "
            "in Gemini's trusted_hooks.json (and keep copies of their scripts), so Gemini "
            "CLI does not warn about them again."),
    Command("trust", "A", "trust_all", "Trust all", "Trust every hook shown",
            "After a confirmation that lists every command in full, trust all the hooks on "
            "the list: Gemini's own \"trust this project's hooks\".", key_display="A"),
    Command("trust", "escape", "close", "Back", "Back to the hooks",
            "Return to the hook list without trusting anything.", key_display="esc"),
    # --- fire -----------------------------------------------------------------------
    Command("fire", "ctrl+r", "run", "Run", "Run the hook",
            "Run the hook on the payload in the editor (checked as JSON first).",
            priority=True, key_display="^r"),
    Command("fire", "ctrl+n", "reset_payload", "Reset", "Reset the payload",
            "Put a freshly generated payload for the hook's event and matcher in the "
            "editor.", priority=True, key_display="^n"),
    Command("fire", "ctrl+s", "save_payload", "Save", "Save the payload by name",
            "Keep the payload in the editor under a name, for this hook, in hookdash's "
            "state (private to you), to fire it again in any later session.",
            priority=True, key_display="^s"),
    Command("fire", "ctrl+o", "saved_payloads", "Saved", "Open a saved payload",
            "List the hook's saved payloads: enter or 1-9 loads one into the editor, ctrl+r "
            "loads and runs it, x forgets it.", priority=True, key_display="^o"),
    Command("fire", "o", "show_output", "Output", "Show the whole output",
            "The run's stdout and stderr in full (the result shows the first and last "
            "lines of a long one)."),
    Command("fire", "escape", "cancel_run", "Cancel", "Cancel the run",
            "Kill the running hook (its whole process group); the screen and your payload "
            "stay.", priority=True, key_display="esc", palette=False),
    Command("fire", "escape", "close", "Back", "Back",
            "Leave fire; the payload in the editor is kept for this hook until you quit "
            "(ctrl+n gives a fresh one).", priority=True, key_display="esc"),
    # --- fire: naming a payload, and the saved ones -------------------------------
    Command("payload_name", "escape", "cancel", "Cancel", "Cancel",
            "Save nothing.", palette=False, key_display="esc"),
    Command("saved_payloads", "enter", "load", "Load", "Load the payload",
            "Put the highlighted payload in the editor (1-9: that one at once).",
            palette=False),
    Command("saved_payloads", "ctrl+r", "load_and_run", "Load & run", "Load and run it",
            "Put the highlighted payload in the editor and run the hook on it.",
            palette=False, priority=True, key_display="^r"),
    Command("saved_payloads", "x", "forget", "Forget", "Forget the payload",
            "Delete the highlighted saved payload (after a question).", palette=False),
    Command("saved_payloads", "escape", "cancel", "Back", "Back", "Back to fire.",
            palette=False, key_display="esc"),
    # --- the hook form (a, e) ---------------------------------------------------------
    Command("hook_form", "ctrl+s", "save", "Save", "Save the hook",
            "Write the hook to the chosen settings file (refused with the reason shown under "
            "Checks); u on the hook list undoes it.", priority=True, key_display="^s"),
    Command("hook_form", "ctrl+r", "test", "Test", "Test the hook",
            "Fire the hook as drafted — not saved yet — through the engine with the payload "
            "f would send; asks first where Gemini would.", priority=True, key_display="^r"),
    Command("hook_form", "escape", "cancel_or_close", "Cancel", "Cancel the test, or leave",
            "While a test runs: kill it. Otherwise: back to the hook list, writing nothing.",
            priority=True, key_display="esc"),
    # --- the Claude Code hook form (a, A, e on Claude hooks) ----------------------------
    Command("claude_form", "ctrl+s", "save", "Save", "Save the Claude Code hook",
            "Write the hook to the chosen Claude settings file (refused with the reason shown "
            "under Checks); u on the hook list undoes it.", priority=True, key_display="^s"),
    Command("claude_form", "escape", "close", "Cancel", "Leave without saving",
            "Back to the hook list, writing nothing.", priority=True, key_display="esc"),
    # --- the form of a host without its own (a, e on a Codex CLI hook) ------------------
    Command("host_form", "ctrl+s", "save", "Save", "Save the hook",
            "Write the hook to the chosen file of its agent (refused with the reason shown "
            "under Checks); u on the hook list undoes it.", priority=True, key_display="^s"),
    Command("host_form", "escape", "close", "Cancel", "Leave without saving",
            "Back to the hook list, writing nothing.", priority=True, key_display="esc"),
    # --- importing from Claude Code (I) ------------------------------------------------
    Command("import", "ctrl+s", "import", "Import", "Import the hooks",
            "Write the hooks the preview lists as added into the chosen settings file "
            "(nothing else in it changes); u on the hook list undoes it.", priority=True,
            key_display="^s"),
    Command("import", "escape", "close", "Cancel", "Leave without importing",
            "Back to the hook list, writing nothing.", priority=True, key_display="esc"),
    # --- plan -----------------------------------------------------------------------
    Command("plan", "ctrl+r", "run_event", "Run event", "Fire the whole event",
            "Run every hook the plan lists for this event and tool or trigger, in the "
            "agent's order and parallelism, through the engine (untrusted or unreviewed "
            "hooks ask first); shows each result, the aggregate and the effect.",
            priority=True, key_display="^r"),
    Command("plan", "o", "show_output", "Output", "Show the whole output",
            "The event run's stdout and stderr in full, hook by hook."),
    Command("plan", "escape", "cancel_run", "Cancel", "Cancel the run",
            "Kill the event's running hooks (their process groups); the plan stays.",
            priority=True, key_display="esc", palette=False),
    Command("plan", "enter", "go_to_hook", "Show hook", "Show the hook in the list",
            "Go back to the hook list with the highlighted hook selected.", footer=WIDE),
    Command("plan", "escape", "close", "Back", "Back to the hooks",
            "Return to the hook list.", key_display="esc"),
    # --- the whole output of a run ----------------------------------------------------
    Command("output", "escape", "close", "Back", "Back", "Return to the result.",
            key_display="esc"),
    # --- live log -------------------------------------------------------------------
    Command("log", "slash", "focus_filter", "Filter", "Filter the runs by text",
            "Type words that must all occur in a run's hook id, event, source, outcome, "
            "command, decision, error or the start of its stdout and stderr.",
            key_display="/", priority=True),
    Command("log", "b", "cycle_outcome", "Outcome", "Narrow by outcome",
            "Show only blocked runs, then errors, then timeouts, then everything not ok, "
            "then all again.", footer=WIDE),
    Command("log", "s", "cycle_source", "Source", "Narrow by source",
            "Show only Gemini CLI's runs (its telemetry), then only hookdash's, then both.",
            footer=WIDE),
    Command("log", "e", "cycle_event", "Event", "Narrow by event",
            "Step through the events of the runs kept, then all events again.", footer=WIDE),
    Command("log", "h", "filter_hook", "This hook", "Only this run's hook",
            "Show only the runs of the highlighted run's hook (again: every hook)."),
    Command("log", "x", "clear_filters", "Show all", "Show every run",
            "Drop every narrowing: outcome, source, event, hook and text.", footer=WIDE),
    Command("log", "f", "replay", "Replay", "Replay this run",
            "Open fire on the highlighted run's hook with the run's input as the payload, "
            "to run it again (or edit it first)."),
    Command("log", "o", "show_output", "Output", "Show the whole output",
            "The highlighted run's stdout and stderr in full (the record shows the first "
            "and last lines of a long one).", footer=WIDE),
    Command("log", "enter", "open_record", "Record", "Open the run's full record",
            "Show the highlighted run's input, output, stdout, stderr and error, full "
            "screen (again, or esc, to return)."),
    Command("log", "escape", "close", "Back", "Back", "Return to where you were.",
            key_display="esc"),
    # --- the problem list -----------------------------------------------------------
    Command("problems", "enter", "go_to_hook", "Show hook", "Show the problem's hook",
            "Go back to the hook list with the hook this problem is about selected."),
    Command("problems", "F", "apply_fixes", "Fix safe", "Apply the safe fixes",
            "After a confirmation listing them, make the fixes `hookdash check --fix` makes "
            "(only disabled lists, in your user and workspace settings), and show what "
            "changed; u on the hook list undoes them.", key_display="F"),
    Command("problems", "escape", "close", "Back", "Back to the hooks",
            "Return to the hook list.", key_display="esc"),
    Command("other_agents", "escape", "close", "Back", "Back to the hooks",
            "Return to the hook list.", key_display="esc", palette=False),
    # --- help -----------------------------------------------------------------------
    Command("help", "escape", "close", "Close", "Close help", "Close the help screen.",
            palette=False, key_display="esc"),
)  # fmt: skip


def bindings_for(scope: Scope, *, dialog: bool = False) -> list[BindingType]:
    """The Textual key bindings of one scope. `dialog`: a modal screen's, where the app's
    keys do not reach; `?` and f1 are bound there too (help over the question, esc back
    to it)."""
    own = [c for c in COMMANDS if c.scope == scope]
    helps = [c for c in COMMANDS if dialog and c.scope == "app" and c.action == "help"]
    return [
        Binding(
            c.key,
            f"app.{c.action}" if c.scope == "app" else c.action,
            c.label,
            show=c.show,
            key_display=c.key_display,
            priority=c.priority,
            id=c.binding_id,
        )
        for c in [*own, *helps]  # (help last, as on the other screens)
    ]


def widget_bindings(widget: str) -> list[BindingType]:
    """The bindings a widget takes over from its screen (keys it would otherwise eat)."""
    return [
        Binding(
            c.key,
            f"screen.{c.action}",
            c.label,
            show=c.show,
            key_display=c.key_display,
            id=c.binding_id,
        )
        for c in COMMANDS
        if c.widget == widget
    ]


FOOTER_RANKS: dict[str, int] = {c.binding_id: c.footer_rank for c in COMMANDS}
"""Each binding id's rank in the Footer (the ranks of the commands, ALWAYS … WIDE)."""


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
            yield DiscoveryHit(
                with_key(Content(command.title), command),
                self._runner(command),
                text=command.title,
                help=command.help,
            )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self._available():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(
                    score,
                    with_key(matcher.highlight(command.title), command),
                    self._runner(command),
                    text=command.title,
                    help=command.help,
                )


def key_shown(command: Command) -> str:
    """The key as the Footer and the help screen write it (`?`, `^r`, `esc`, `space`)."""
    if command.key_display:
        return command.key_display
    key = command.key.split(",")[0]
    return f"^{key.removeprefix('ctrl+')}" if key.startswith("ctrl+") else key


def with_key(title: Content, command: Command) -> Content:
    """A palette entry: the title, then its key (learnt there, typed next time)."""
    return Content.assemble(title, "  ", (key_shown(command), "$text-muted"))


def highlighted(matcher: Matcher, title: str) -> Content:
    """`title` with the matched characters highlighted, as plain text: Matcher.highlight
    would read a hook's name as markup."""
    content = Content(title)
    score, offsets = matcher.fuzzy_search.match(matcher.query, title)
    if score:
        for offset in offsets:
            if not title[offset].isspace():
                content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


class HookJumpCommands(Provider):
    """“Go to hook …”: every hook of every host, by id, event and layer (hidden
    characters shown, never markup: the palette reads a hit's help as markup)."""

    def _hooks(self) -> list[tuple[str, str, str]]:
        from hookdash.tui.firing import every_hook

        config = getattr(self.app, "config", None)
        if config is None:
            return []
        return [
            (f"Go to hook {h.shown.id}", f"{h.shown.event} · {h.shown.layer_label}", h.ref)
            for h in every_hook(config)
        ]

    def _runner(self, ref: str) -> Callable[[], object]:
        go_to_hook = getattr(self.app, "go_to_hook")  # noqa: B009 (HookdashApp, not App)
        return partial(self.app.call_later, go_to_hook, ref)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, where, ref in self._hooks():
            score = matcher.match(f"{title} {where}")
            if score > 0:
                yield Hit(score, highlighted(matcher, title), self._runner(ref), help=escape(where))
