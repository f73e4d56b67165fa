"""What the details pane says about one hook: its badges, its verdict (and why not), its
fields, where it comes from and what Gemini says of it, its script's state.

Pure rendering; every field comes from `.shown` or `visible()`: an attacker's text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from hookdash.core import visible  # (no pydantic, no I/O)
from hookdash.tui.colors import Colors

if TYPE_CHECKING:
    from hookdash.core import AnyHook, Hook, ScriptInfo


class Facts:
    """A label/value grid: the label dim, the value wrapped (never cut)."""

    def __init__(self, colors: Colors) -> None:
        self.grid = Table.grid(padding=(0, 1), expand=True)
        self.grid.add_column(no_wrap=True, min_width=10)
        self.grid.add_column(ratio=1, overflow="fold")
        self._dim = colors.dim

    def row(self, key: str, *values: Text | str) -> None:
        text = Text()
        for value in values:
            text.append(value)
        self.grid.add_row(Text(key, style=self._dim), text)


def hook_title(hook: AnyHook, hidden: bool, colors: Colors) -> Text:
    """The id and every badge (`hidden`: it has hidden characters)."""
    from hookdash.core import hook_badges

    title = Text(hook.shown.id, style="bold")
    for badge in hook_badges(hook, hidden):
        title.append("  ")
        pill = badge.kind in ("new", "changed", "hidden")
        title.append(f" {badge.label} " if pill else badge.label, colors.badge(badge.kind))
    return title


def _verdict(facts: Facts, hook: Hook, colors: Colors) -> None:
    from hookdash.core import hook_notes

    notes = hook_notes(hook)
    if hook.runs and hook.duplicate_of is None and not notes:
        verdict = Text("Gemini CLI runs it when its event fires", style=colors.success)
    elif hook.runs and hook.duplicate_of is None:
        verdict = Text("Gemini CLI runs it", style=colors.success)
    elif hook.runs:
        verdict = Text("registered, but a duplicate", style=colors.warning)
    else:
        verdict = Text("Gemini CLI would not run it", style=colors.error)
    facts.row("verdict", verdict)
    for note in notes:
        facts.row("", Text("• " + note, style=colors.warning if hook.runs else colors.error))


def _fields(facts: Facts, hook: Hook, colors: Colors) -> None:
    from hookdash.core import describe_matcher, shown_timeout

    shown, dim, row = hook.shown, colors.dim, facts.row
    row("event", shown.event, Text(f"  (#{hook.order + 1} in its order)", style=dim)
        if hook.order is not None else "")  # fmt: skip
    row("matcher", shown.matcher if shown.matcher else Text("(none)", style=dim))
    row("matches", visible(describe_matcher(hook.matcher, hook.event)))
    if hook.command is not None:
        row("command", Text(shown.command_lines, style=f"bold {colors.foreground}"))
        if hook.command_raw and hook.command_raw != hook.command:
            row("as written", shown.command_raw_lines)
    if hook.type != "command":
        row("type", Text(visible(repr(hook.type)), colors.error))
    if hook.name:
        row("name", shown.name)
    row("key", shown.key, Text("  (name:command — Gemini's dedup and trust key)", style=dim))
    if hook.description:
        row("about", shown.description)
    # As written (3000000000 ms, not 3e+09; "soon" as the text it is): the notes above
    # say when Node turns it into 1 ms.
    raw = hook.timeout_ms if hook.timeout_raw is None else hook.timeout_raw
    row("timeout", visible(shown_timeout(raw)))
    row("runs", "sequentially (its definition sets \"sequential\": true)"
        if hook.sequential else "in parallel with the event's other hooks")  # fmt: skip
    for name, value in shown.env:
        row("env", f"{name}={value}")


def _origin(facts: Facts, hook: Hook, where: str, colors: Colors) -> None:
    """Where it comes from, what Gemini says of it, what switches it off."""
    from hookdash.core import GEMINI_SOURCE_NOTE, describe_trust

    shown, dim, row = hook.shown, colors.dim, facts.row
    row("source", "extension " + shown.extension if hook.extension else f"{hook.scope} settings")
    row("file", where)
    row("pointer", Text(shown.pointer, style=dim))
    row("Gemini says", Text(f"Source: {hook.gemini_source}", style="bold"))
    row("", Text(GEMINI_SOURCE_NOTE, style=dim))
    row("trust", describe_trust(hook))
    if hook.disabled_in:
        row("disabled in", visible("hooksConfig.disabled of " + ", ".join(hook.disabled_in)))
    if hook.legacy_disabled_in:
        row(
            "legacy",
            visible("hooks.disabled of " + ", ".join(hook.legacy_disabled_in))
            + " — ignored by Gemini CLI 0.26+",
        )
    if hook.duplicate_of is not None:
        d = hook.duplicate_of
        place = visible(f"extension {d.extension}") if d.extension else d.scope
        row("duplicate of", f"{visible(d.id)} ({place})")


def _script(facts: Facts, hook: Hook, display: Callable[[str], str], colors: Colors) -> None:
    """A script that is missing or cannot run; the program a command runs."""
    scripts = list(hook.scripts)
    if hook.script is not None and hook.script not in scripts:
        scripts.insert(0, hook.script)
    for script in scripts:
        one_script(facts, script, display, colors)


def one_script(
    facts: Facts, script: ScriptInfo, display: Callable[[str], str], colors: Colors
) -> None:
    if script.is_task:
        return  # project code: shown below, as a script
    state = []
    if script.path is None:
        state.append("not found on PATH")
    elif not script.exists:
        state.append("missing")
    elif script.kind == "script" and not script.executable:
        state.append("not executable")
    label = visible(display(script.path) if script.path else script.program)
    if state:
        facts.row("script", label, Text("  " + ", ".join(state), style=colors.error))
    elif script.kind == "command":
        facts.row("program", label)  # on PATH: no preview of a binary


def hook_facts(hook: Hook, where: str, display: Callable[[str], str], colors: Colors) -> Table:
    """Every field of the hook, verdict first (`where`: its file and line, shown)."""
    facts = Facts(colors)
    _verdict(facts, hook, colors)
    _fields(facts, hook, colors)
    _origin(facts, hook, where, colors)
    _script(facts, hook, display, colors)
    return facts.grid
