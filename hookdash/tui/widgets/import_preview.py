"""The import's preview: each Claude Code hook as it would be imported (`+` added, `=`
already there) with where it came from, what of it Gemini reads otherwise, what does not
carry over, the notes and the diff of the settings file the import writes.

Pure rendering of a dry run's `ImportResult`, in the words `hookdash import claude`
prints; every piece of it comes from Claude's files, so each goes through `visible()`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from hookdash.core import json_text, risk_lines, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.draft_review import settings_diff
from hookdash.tui.widgets.run_view import heading

if TYPE_CHECKING:
    from hookdash.core import ImportResult


def _rows(result: ImportResult, colors: Colors) -> list[RenderableType]:
    """One entry per hook: what it becomes; under it (indented, wrapped) its command and
    origin, its risk flags and its caveats."""
    rows: list[RenderableType] = []
    for row in result.imported:
        added = row.status == "added"
        mark = ("+ ", f"bold {colors.success}") if added else ("= ", colors.dim)
        line = Text(mark[0], style=mark[1])
        line.append(f"{visible(row.event)}  ")
        line.append(visible(row.name), style="bold")
        if row.matcher:
            line.append(f"  matcher {visible(row.matcher)}", style=colors.dim)
        if row.timeout_ms:
            line.append(f"  timeout {row.timeout_ms} ms", style=colors.dim)
        if not added:
            line.append("  (already there)", style=colors.dim)
        origin = visible(row.claude_event)
        if row.claude_matcher:
            origin += " " + visible(row.claude_matcher)
        under = Text(visible(row.command), overflow="fold")
        under.append(f"\n← {visible(row.source)}, {origin}", style=colors.dim)
        for risk in risk_lines(row):  # what a reviewer must not miss, as for every hook
            under.append(f"\n⚠ {risk.label}  {risk.span}  — {risk.why}", style=colors.risk)
        for caveat in row.caveats:  # imported, but this part of it works otherwise here
            under.append("\n! ", style=f"bold {colors.warning}")
            under.append(f"{caveat.subject} does not carry over: {visible(caveat.reason)}")
        rows += [Text(""), line, Padding(under, (0, 0, 0, 4))]
    return rows


def _not_carried(result: ImportResult, colors: Colors) -> list[RenderableType]:
    items: list[RenderableType] = []
    for item in result.not_carried:
        text = Text(overflow="fold")
        text.append(visible(item.claude_event) if item.claude_event else visible(item.source))
        if item.hook:
            text.append(f" {json_text(item.hook)}", style=colors.dim)
        text.append(f": {visible(item.reason)}")
        items.append(_hanging("✗ ", text, f"bold {colors.error}"))
    return items


def _hanging(mark: str, text: Text, style: str) -> Table:
    """`mark`, then `text` wrapped under itself (not under the mark)."""
    grid = Table.grid()
    grid.add_column(no_wrap=True, style=style)
    grid.add_column(ratio=1)
    grid.add_row(mark, text)
    return grid


def import_preview(result: ImportResult, colors: Colors) -> RenderableType:
    """What the import would do (a dry run's result): see the module docstring."""
    parts: list[RenderableType] = [Text(visible(result.message), style="bold")]
    parts += _rows(result, colors)
    if result.not_carried:
        parts += [heading("Not carried over", colors), *_not_carried(result, colors)]
    said = [("! ", w, colors.warning) for w in result.warnings]
    said += [("• ", n, "") for n in result.notes]
    if said:
        parts.append(heading("Notes", colors))
        parts += [_hanging(mark, Text(visible(line)), style) for mark, line, style in said]
    if result.diff:
        parts += [heading("What Import writes", colors), settings_diff(result.diff, colors)]
    return Group(*parts)
