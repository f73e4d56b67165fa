"""What the hook list does with Claude Code hooks through core's Claude host: review the
repository's new and changed Claude hooks and settings commands (`T`: hookdash's own
per-hook record, `hookdash trust --host claude`). Firing one is the fire screen's, as for
every host (`tui.hosts.claude.firing`).

Every text from the files or a hook's output goes through `visible()`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text

from hookdash.core import HookdashError, visible
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from hookdash.core import ClaudeReviewed, ClaudeSnapshot
    from hookdash.tui.screens.hook_writing import HookWriting


def _review_body(
    snapshot: ClaudeSnapshot,
    hooks: list[ClaudeReviewed],
    colors: Colors,
    environ: Mapping[str, str],
) -> Group:
    """Each hook or settings command as it would be recorded: NEW or CHANGED, event (or
    key) and layer, the whole command, its risk flags, and a changed script's diff."""
    from hookdash.core import claude_review_label, claude_script_diff, risk_lines

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
        diff = claude_script_diff(snapshot, hook, environ)
        if diff is not None and diff.unavailable:
            parts.append(Text(f"    {visible(diff.unavailable)}", style=colors.dim))
        elif diff is not None:
            parts.append(Text(f"    changed: {visible(diff.script)}", style=colors.warning))
            for diff_line in diff.lines[:20]:
                parts.append(Text("      " + visible(diff_line), style=colors.dim))
    return Group(*parts)


async def review_claude_hooks(screen: HookWriting) -> bool:
    """The repository's new and changed Claude hooks and settings commands, to record as
    reviewed after a yes. False when there is none to review."""
    from hookdash.core import (
        claude_hooks_to_review,
        claude_review_noun,
        claude_review_token,
        trust_claude_hooks,
    )

    app = screen.hd_app
    config = app.config
    claude = config.claude if config is not None else None
    if config is None or claude is None:
        return False
    hooks = claude_hooks_to_review(claude)
    if not hooks:
        return False
    token = claude_review_token(hooks)
    environ = config.env.environ  # (the demo's state directory, in the demo)
    body = _review_body(claude, hooks, colors_for(screen.app), environ)
    question = ConfirmScreen(
        f"Review {claude_review_noun(hooks)}",
        body,
        "Record as reviewed",
    )
    if not await app.push_screen_wait(question):
        return True
    try:
        result = await asyncio.to_thread(trust_claude_hooks, claude, hooks, environ, reviewed=token)
    except HookdashError as exc:
        screen.refuse(visible(exc.message, multiline=True), "Nothing recorded")
        return True
    screen.notify(visible(result.message), title="Reviewed", timeout=5, markup=False)
    await screen.reload_and_wait("reviewed Claude Code hooks")
    return True
