"""What the details pane says about one Claude Code hook: its verdict (and why not), its
host and layer, its matcher and what that is tested against, the folder trust sentence,
hookdash's review of it, its scripts' state.

Pure rendering; every field comes from `.shown` or `visible()`: an attacker's text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from hookdash.core import visible  # (no pydantic, no I/O)
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.hook_facts import Facts, one_script

if TYPE_CHECKING:
    from hookdash.core import ClaudeHook, ClaudeSnapshot


def _verdict(facts: Facts, hook: ClaudeHook, colors: Colors) -> None:
    from hookdash.core import hook_notes

    notes = hook_notes(hook)
    if hook.runs:
        verdict = Text("Claude Code runs it when its event fires and the matcher matches",
                       style=colors.success)  # fmt: skip
    elif hook.parked:
        verdict = Text("off: parked by hookdash (not in its file)", style=colors.dim)
    elif hook.inactive_reason == "duplicate":
        verdict = Text("a duplicate: Claude Code runs identical handlers once", colors.warning)
    else:
        verdict = Text("Claude Code would not run it", style=colors.error)
    facts.row("verdict", verdict)
    for note in notes:
        facts.row("", Text("• " + note, style=colors.warning if hook.runs else colors.error))


def _also_run_by(facts: Facts, hook: ClaudeHook, colors: Colors) -> None:
    """Every other agent that runs this hook of the project's files, and when."""
    from hookdash.core import AGENT_NAMES

    for i, also in enumerate(hook.also_run_by):
        name = Text(AGENT_NAMES.get(also.agent, visible(also.agent)), style=colors.warning)
        facts.row(
            "also run by" if i == 0 else "", name, Text("  " + visible(also.when), colors.dim)
        )


def claude_facts(
    hook: ClaudeHook,
    where: str,
    claude: ClaudeSnapshot | None,
    display: Callable[[str], str],
    colors: Colors,
) -> Table:
    """Every field of a Claude hook, verdict first (`where`: its file and line, shown)."""
    from hookdash.core import claude_handling, claude_match_sentence, claude_review_sentence

    facts = Facts(colors)
    shown, dim, row = hook.shown, colors.dim, facts.row
    _verdict(facts, hook, colors)
    row("host", Text("Claude Code", style="bold"), Text("  (as 2.1.332 reads it)", style=dim))
    row("event", shown.event)
    row("matcher", shown.matcher if hook.matcher is not None else Text("(none)", style=dim))
    row("matches", claude_match_sentence(hook))
    if hook.command is not None:
        # The exec form's program and arguments, quoted as one line (hook.id).
        text = shown.command_lines if hook.args is None else f"exec form: {shown.id}"
        row("command", Text(text, style=f"bold {colors.foreground}"))
    for how in claude_handling(hook):
        row("", Text("• " + how, style=colors.warning))
    if hook.type != "command":
        kind = visible(hook.type if isinstance(hook.type, str) else repr(hook.type))
        row("type", kind, Text("  (hookdash lists it; it fires only command hooks)", style=dim))
    if hook.detail:
        row("target", visible(hook.detail))
    if hook.condition is not None:
        condition = hook.condition if isinstance(hook.condition, str) else repr(hook.condition)
        row("if", visible(condition), Text("  (a permission rule the call must match)", dim))
    from hookdash.core import CLAUDE_COMMAND_TIMEOUT_S  # (loads Claude's fire: on use)

    default = f"{CLAUDE_COMMAND_TIMEOUT_S:g} s" if hook.type == "command" else "its type's"
    timeout = f"Claude's default ({default})" if hook.timeout is None else f"{hook.timeout!r} s"
    row("timeout", visible(timeout))
    row("layer", f"Claude {hook.scope} settings")
    row("file", where)
    row("pointer", Text(shown.pointer, style=dim))
    _also_run_by(facts, hook, colors)
    if hook.duplicate_of:
        row("duplicate of", visible(display(hook.duplicate_of)))
    if hook.scope in ("project", "local") and claude is not None:
        trusted = claude.folder_trust.state == "trusted"
        sentence = visible(claude.folder_trust.sentence)
        row("folder", Text(sentence, style=colors.success if trusted else colors.warning))
    row("review", claude_review_sentence(hook))
    for script in hook.scripts:
        one_script(facts, script, display, colors)
    return facts.grid
