"""How the review (`T`) shows the repository's new and changed Claude Code hooks and
settings commands (hookdash's own per-hook record, `hookdash trust --host claude`): the
trust screen lists them beside Gemini's (`tui.hosts.claude.reviewing`).

Every text from the files or a hook's output goes through `visible()`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from hookdash.core import visible
from hookdash.tui.colors import Colors

if TYPE_CHECKING:
    from hookdash.core import ClaudeReviewed, ClaudeSnapshot


def review_body(
    snapshot: ClaudeSnapshot,
    hooks: list[ClaudeReviewed],
    colors: Colors,
    environ: Mapping[str, str],
) -> Group:
    """Each hook or settings command as it would be recorded: NEW or CHANGED, event (or
    key) and layer, the whole command, its risk flags, and a changed script's diff."""
    from hookdash.core import (
        claude_review_label,
        claude_script_diff,
        risk_lines,
        unknown_lines,
        unknown_sentence,
    )

    parts: list[RenderableType] = [
        Text(
            "hookdash records these Claude Code project hooks and settings commands as "
            "reviewed by you (its own record: Claude Code keeps none per hook, and its folder "
            "trust is unchanged). They are marked NEW or CHANGED again when their command or "
            "a script they run changes.\n",
            style=colors.dim,
        )
    ]
    for hook in hooks:
        line = Text()
        new = hook.review == "new"
        line.append(" NEW " if new else " CHANGED ", colors.badge("new" if new else "changed"))
        label = visible(claude_review_label(hook))
        line.append(f"  {label} · claude {hook.scope}  ", style=colors.dim)
        line.append(visible(hook.id, multiline=True), style="bold")
        parts.append(line)
        for risk in risk_lines(hook):
            parts.append(Text(f"    ⚠ {risk.label}  {risk.span}  — {risk.why}", colors.risk))
        for unknown in unknown_lines(hook):
            parts.append(Text(f"    {unknown_sentence(unknown)}", style=colors.dim))
        diff = claude_script_diff(snapshot, hook, environ)
        if diff is not None and diff.unavailable:
            parts.append(Text(f"    {visible(diff.unavailable)}", style=colors.dim))
        elif diff is not None:
            parts.append(Text(f"    changed: {visible(diff.script)}", style=colors.warning))
            for diff_line in diff.lines[:20]:
                parts.append(Text("      " + visible(diff_line), style=colors.dim))
    return Group(*parts)
