"""What the trust review shows of one hook: why it needs trust, its command (beside the
one trusted before, for a CHANGED one), its script's diff and its script.

Pure rendering (Rich renderables from a hook), so the screen keeps only the state: which
hook is highlighted, which diffs a worker has computed.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Literal

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hookdash.core import (
    Configuration,
    Hook,
    Problem,
    ScriptDiff,
    describe_matcher,
    describe_trust,
    hidden_problems_of,
    problem_location,
    risk_lines,
    script_previews,
    trusted_commands,
    unknown_lines,
    visible,
)
from hookdash.tui.colors import Colors
from hookdash.tui.plain import plain
from hookdash.tui.widgets.hook_details import hidden_body, preview_body, risk_body, unknown_body
from hookdash.tui.widgets.hook_groups import HIDDEN_PILL

# Marking the differing characters of two commands costs O(n*m) at worst: only for
# commands a person can compare by eye anyway.
MARK_LIMIT = 2000


def trust_badge(hook: Hook, colors: Colors) -> Text:
    """` NEW ` or ` CHANGED `, in the badge's colours (a span: text appended is plain)."""
    kind: Literal["new", "changed"] = "new" if hook.trust == "new" else "changed"
    badge = Text()
    badge.append(f" {kind.upper()} ", style=colors.badge(kind))
    return badge


def findings_body(
    findings: list[Problem], display: Callable[[str], str], colors: Colors
) -> list[RenderableType]:
    """What the project does beyond its hooks' commands (its .env, your hooks it switches
    off, two hooks with one key): one block each, the severity in words and colour."""
    out: list[RenderableType] = []
    for problem in findings:
        severity = problem.severity
        style = colors.error if severity == "error" else colors.warning
        if severity == "info":
            style = colors.muted
        line = Text(overflow="fold")
        line.append(
            f"{'✖' if severity == 'error' else '⚠'} {severity.upper()} ", style=f"bold {style}"
        )
        line.append(problem.shown.message, style=style if severity == "error" else "")
        where = problem_location(problem, display)
        if where:
            line.append(f"  ({where})", style=colors.dim)
        out.append(line)
    return out


def risk_kinds(hook: Hook) -> str:
    """The kinds of risk a hook's command carries, once each ("" for none)."""
    return ", ".join(dict.fromkeys(r.label for r in risk_lines(hook)))


def _facts(config: Configuration, hook: Hook, colors: Colors, compared: bool) -> Table:
    """The label/value grid: why, command (unless compared below), event, file…"""
    shown = hook.shown
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, style=colors.dim, min_width=10)
    grid.add_column(ratio=1, overflow="fold")
    grid.add_row(Text("why"), Text(describe_trust(hook), style=colors.warning))
    if not compared:
        grid.add_row(Text("command"), Text(shown.command_lines or "(none)", style="bold"))
    if hook.command_raw and hook.command_raw != hook.command:
        grid.add_row(Text("as written"), Text(shown.command_raw_lines))
    for name, value in shown.env:  # part of what runs (BASH_ENV, PATH…), so shown here
        grid.add_row(Text("env"), Text(f"{name}={value}", style="bold"))
    grid.add_row(Text("event"), Text(shown.event))
    grid.add_row(Text("matches"), plain(describe_matcher(hook.matcher, hook.event)))
    where = visible(config.env.display(hook.file)) + (f":{hook.line}" if hook.line else "")
    grid.add_row(Text("file"), Text(where))
    if hook.description:
        grid.add_row(Text("about"), Text(shown.description))
    return grid


def _script_part(hook: Hook, colors: Colors, display: Callable[[str], str]) -> list[RenderableType]:
    out: list[RenderableType] = []
    if hook.script_unresolved:
        # The blank line before is the view's own, outside plain(): through it, the
        # newline would show as a literal `␊` opening the line.
        why = f"hookdash cannot tell every script it runs: {hook.script_unresolved}"
        out.append(Text("\n") + plain(why, colors.warning))
    previews = script_previews(hook)
    for script in previews:
        out += preview_body(script, colors, display)
    if previews or out:
        return out
    if hook.script is not None and hook.script.kind == "command":
        program = hook.shown.program
        return [Text(f"\nRuns the program {program} (no script to show).", colors.dim)]
    return [Text("\nAn inline shell command: the command above is all it runs.",
                 style=colors.dim)]  # fmt: skip


def review_body(
    config: Configuration,
    hook: Hook,
    colors: Colors,
    *,
    narrow: bool,
    script_diff: list[RenderableType],
) -> RenderableType:
    """One hook under review. `script_diff` is the diff part, once a worker computed it."""
    display = config.env.display
    old_commands = trusted_commands(config, hook) if hook.trust == "changed" else []
    hidden = hidden_problems_of(hook, config.snapshot.problems)
    title = Text(hook.shown.id, style="bold")
    if hidden:
        title.append("  ")
        title.append(HIDDEN_PILL, style=colors.badge("hidden"))
    parts: list[RenderableType] = [title]
    parts += hidden_body(hidden, colors)
    parts += risk_body(risk_lines(hook, display), colors)
    parts += unknown_body(unknown_lines(hook, display), colors)
    parts.append(_facts(config, hook, colors, compared=bool(old_commands)))
    if old_commands:
        parts += commands_compared(old_commands, hook.command or "", colors, narrow=narrow)
    parts += script_diff
    parts += _script_part(hook, colors, display)
    return Group(*parts)


def commands_compared(
    old_commands: list[str], new: str, colors: Colors, *, narrow: bool
) -> list[RenderableType]:
    """The command(s) trusted under this name and the command now: side by side, or
    one above the other on a narrow screen; differing characters underlined (not colour
    alone)."""
    heading = Text("\nCommand changed since it was trusted", style=colors.heading)
    pairs = [marked(old, new, colors) for old in old_commands]
    if narrow:
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, style=colors.dim, min_width=10)
        grid.add_column(ratio=1, overflow="fold")
        for old, _ in pairs:
            grid.add_row(Text("trusted"), old)
        grid.add_row(Text("now"), pairs[0][1])
        return [heading, grid]
    table = Table(expand=True, show_edge=False, box=None, padding=(0, 1), header_style=colors.dim)
    table.add_column("trusted", ratio=1, overflow="fold")
    table.add_column("now", ratio=1, overflow="fold")
    for row, (old, now) in enumerate(pairs):
        table.add_row(old, now if row == 0 else "")
    return [heading, table]


def marked(old: str, new: str, colors: Colors) -> tuple[Text, Text]:
    """Two commands with the characters that differ underlined (and coloured); each
    shown by the rule (newlines kept), so an erased or reordered part shows as a
    difference."""
    old, new = visible(old, multiline=True), visible(new, multiline=True)
    before, after = Text(overflow="fold"), Text(overflow="fold")
    if len(old) > MARK_LIMIT or len(new) > MARK_LIMIT:
        before.append(old)
        after.append(new)
        return before, after
    changed_old = f"underline bold {colors.error}"
    changed_new = f"underline bold {colors.success}"
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            before.append(old[i1:i2])
            after.append(new[j1:j2])
        else:
            before.append(old[i1:i2], style=changed_old)
            after.append(new[j1:j2], style=changed_new)
    return before, after


def script_diff_body(diff: ScriptDiff, colors: Colors) -> list[RenderableType]:
    """A changed script's unified diff against the copy kept when it was trusted."""
    heading = Text("\nScript changed since it was trusted ", style=colors.heading)
    heading.append(f"({visible(diff.trusted_at[:10])})", style=colors.dim)
    if diff.unavailable:
        return [heading, plain(f"No diff: {diff.unavailable}.", colors.dim)]
    body = Text(overflow="fold")
    # A line ending in `\e[2K` shows it (`␛[2K`) instead of erasing itself.
    for index, line in enumerate(visible(line) for line in diff.lines):
        if index:
            body.append("\n")
        if line.startswith(("---", "+++")):
            body.append(line, style="bold")
        elif line.startswith("@@"):
            body.append(line, style=colors.accent)
        elif line.startswith("-"):
            body.append(line, style=colors.error)
        elif line.startswith("+"):
            body.append(line, style=f"bold {colors.success}")
        else:
            body.append(line)
    out: list[RenderableType] = [heading, body]
    if diff.more:
        out.append(Text(f"… {diff.more} more line(s) of the diff", style=colors.dim))
    return out
