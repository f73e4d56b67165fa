"""Codex CLI's pieces of the dashboard: the details pane of one of its hooks (where it
comes from, Codex's hook key, what its matcher is tested against, its timeout in seconds,
its trust state and the sentence where Codex is silent, each reason it does not run, its
risk flags and the scripts it runs). Its firing (`f`) is `firing.py`, its part of the one
review (`T`) `reviewing.py`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hookdash.core import visible

__all__ = ["details_body"]

if TYPE_CHECKING:
    from hookdash.tui.colors import Colors

TRUST_WORDS = {
    "trusted": "trusted: its hash is in your hooks.state",
    "untrusted": "never trusted: Codex skips it without a word",
    "modified": "changed since you trusted it: Codex skips it without a word",
    "disabled": "switched off: enabled = false in your hooks.state",
    "managed": "managed: a system or managed hook needs no trust",
    "project-untrusted": "the project folder is not trusted: Codex does not load it",
}


def details_body(hook: Any, display: Callable[[str], str], colors: Colors) -> RenderableType:
    from hookdash.core import risk_lines
    from hookdash.tui.widgets.hook_details import risk_body
    from hookdash.tui.widgets.hook_facts import hook_title

    dim = colors.dim
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(no_wrap=True, min_width=10)
    grid.add_column(ratio=1, overflow="fold")

    def row(label: str, value: str, style: str = "") -> None:
        grid.add_row(Text(label, style=dim), Text(value, style=style))

    where = visible(display(hook.file)) + (f":{hook.line}" if hook.line else "")
    row("host", "Codex CLI 0.171.0")
    row("event", visible(hook.event))
    row("layer", f"{hook.scope}  {where}")
    suffix = hook.key[len(hook.file) :] if hook.key.startswith(hook.file) else ""
    row("key", visible(display(hook.file) + suffix) if suffix else visible(hook.key))
    if hook.match_field is None:
        row("matcher", "ignored: Codex runs it for every " + visible(hook.event))
    elif hook.matcher in (None, "", "*"):
        row("matcher", f"every {hook.match_field}")
    else:
        row("matcher", f"{visible(repr(hook.matcher))}, a regex over the whole {hook.match_field}")
    if hook.matcher_invalid:
        row("", f"not a regex Codex accepts: {visible(hook.matcher_invalid)}", colors.error)
    grid.add_row(Text("command", style=dim), Text(hook.shown.command_lines))
    row("timeout", f"{hook.timeout:g} s" + ("" if hook.timeout_raw is not None else " (default)"))
    if hook.status_message is not None:
        row("status", visible(hook.status_message))
    trusted = hook.trust in ("trusted", "managed")
    row(
        "trust",
        TRUST_WORDS.get(hook.trust, hook.trust),
        colors.success if trusted else colors.error,
    )
    if hook.trust_detail and hook.trust_detail not in hook.not_running_because:
        row("", visible(hook.trust_detail), colors.error)
    if hook.review_detail:
        row("", visible(hook.review_detail) + " (Codex's trust covers the command only)",
            colors.error)  # fmt: skip
    row("runs", "yes" if hook.runs else "no", colors.success if hook.runs else colors.error)
    for reason in hook.not_running_because:
        row("", "↳ " + visible(reason))
    for script in hook.scripts:
        row("runs file", visible(display(script.label)))
    parts: list[RenderableType] = [hook_title(hook, False, colors)]
    parts += risk_body(risk_lines(hook, display), colors)
    parts += [Text(""), grid]
    return Group(*parts)
