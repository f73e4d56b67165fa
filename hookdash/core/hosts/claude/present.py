"""How a Claude Code hook's verdict reads to a person, in the words core.present gives
Gemini's: its state badge, the notes under it, what its matcher is tested against, the
folder trust sentence, and the findings that change every hook at once (banners).

core.present hands a Claude hook here; every text goes through core.display's rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hookdash.core.display import shorten, visible
from hookdash.core.hosts.claude.events import KNOWN_EVENTS

if TYPE_CHECKING:
    from hookdash.core.hosts.claude.model import ClaudeHook, ClaudeSnapshot

# Findings that change what every Claude hook does (the dashboard's banners).
CLAUDE_BANNER_CODES: tuple[str, ...] = (
    "claude-project-disables-all-hooks",  # a repository switches off the user's hooks
    "claude-settings-parse-error",  # a file Claude drops whole (a comment, a trailing comma)
    "claude-settings-unreadable",
    "claude-project-enables-hooks",
    "claude-hooks-switched-off",
    "claude-project-settings-command",  # a repository's apiKeyHelper, statusLine, …
    "claude-project-mcp-server",  # a repository's .mcp.json server, started by claude -p
    "claude-mod",  # a plugin's hooks module: code inside Claude Code, hookdash cannot read
    "claude-dev-mod",  # a mod Claude wrote in a session (~/.claude/dev-mods)
)

_SHORT_REASONS: dict[str, str] = {
    "claude-refuses-to-start": "Claude won't start",
    "hooks-disabled": "hooks off",
    "ignored-layer": "file ignored",
    "invalid": "invalid",
    "unknown-event": "unknown event",
    "parked": "parked",
}


def claude_state(hook: ClaudeHook) -> tuple[str, str]:
    """(badge kind, label) of the one badge that says whether Claude Code runs the hook."""
    if hook.parked:
        return "disabled", "off: parked"
    if hook.inactive_reason == "duplicate" or (hook.runs and hook.duplicate_of is not None):
        return "duplicate", "duplicate"
    if hook.runs:
        return "runs", "runs"
    reason = hook.inactive_reason or ""
    return "not-running", f"off: {_SHORT_REASONS.get(reason, visible(reason) or 'not run')}"


def claude_notes(hook: ClaudeHook) -> list[str]:
    """One sentence per thing a reader must know about the hook's verdict."""
    notes = [visible(reason) for reason in hook.not_running_because]
    if hook.parked and not notes:
        notes.append("parked by hookdash: its text is kept in hookdash's state until unparked")
    if hook.runs and hook.trust == "untrusted":
        notes.append(
            "the folder is not trusted: an interactive Claude Code session asks before it "
            "runs this hook; `claude -p` runs it without asking"
        )
    if hook.script_unresolved:
        notes.append(
            f"hookdash cannot tell every script it runs: {visible(hook.script_unresolved)}"
        )
    if hook.review == "new":
        notes.append("new project hook: never reviewed with hookdash trust")
    elif hook.review == "changed":
        notes.append("changed since you reviewed it with hookdash trust")
    elif hook.review == "reviewed" and hook.script_unresolved:
        notes.append(
            "reviewed, but only partly understood: what hookdash could not follow "
            "is not in the review's fingerprint"
        )
    return notes


def claude_handling(hook: ClaudeHook) -> list[str]:
    """How Claude Code runs the hook, where a field beside its command changes it (exec
    form, shell, onFailure, async, once), and when a skill's or an agent's runs: one
    sentence each (core.hosts.claude.handler, core.hosts.claude.scoped)."""
    from hookdash.core.hosts.claude.handler import ON_FAILURE_IGNORED

    out: list[str] = []
    if hook.lifetime is not None:
        name = visible(hook.source_name or "")
        out.append(f"{hook.source} {name}: runs {visible(hook.lifetime)}")
    if hook.written_event is not None:
        out.append(
            f"written as {visible(hook.written_event)}: Claude Code runs it as "
            f"{visible(hook.event)}, when the subagent finishes"
        )
    if hook.args is not None:
        out.append(
            f"exec form: {visible(shorten(hook.command or '', 60))} is started directly with "
            f"{len(hook.args)} argument(s), no shell (only ${{CLAUDE_PROJECT_DIR}}-style "
            "placeholders are replaced)"
        )
    if hook.shell == "powershell":
        out.append(
            "shell powershell: runs under PowerShell (pwsh); hookdash fires hooks under "
            "/bin/sh, so it does not fire this one"
        )
    if hook.on_failure == "block":
        if hook.background is not None:
            out.append("onFailure block: ignored, the hook runs in the background")
        elif hook.event in ON_FAILURE_IGNORED:
            out.append(f"onFailure block: ignored on {visible(hook.event)}")
        else:
            out.append(
                "onFailure block: if it cannot start, times out, exits with a code other "
                "than 0 or 2 or prints invalid JSON, Claude Code blocks as on exit 2"
            )
    if hook.background == "async":
        out.append(
            "async: runs in the background; Claude Code does not wait for it and its "
            "output decides nothing"
        )
    elif hook.background == "asyncRewake":
        out.append(
            "asyncRewake: runs in the background, exit 2 wakes the model with its stderr; "
            "`claude -p` waits for it, and there its exit 2 blocks as usual"
        )
    if hook.once:
        out.append("once: Claude Code runs it once in a session, then removes it")
    return out


def claude_match_sentence(hook: ClaudeHook) -> str:
    """What the hook's matcher is tested against, in a sentence."""
    if hook.event not in KNOWN_EVENTS:
        return f"'{visible(hook.event)}' is not a Claude Code event: Claude ignores it."
    if hook.match_field is None:
        return "Claude Code ignores matchers for this event: the hook runs whenever it fires."
    return (
        f"The matcher is tested against the {visible(hook.match_field)} (exact names, "
        "'|' lists or a regex; '*', \"\" or none: every value)."
    )


def claude_review_sentence(hook: ClaudeHook) -> str:
    """hookdash's own review record of the hook (Claude keeps none per hook)."""
    return {
        "reviewed": "reviewed with hookdash trust, unchanged since",
        "new": "NEW: never reviewed with hookdash trust",
        "changed": "CHANGED since you reviewed it with hookdash trust",
    }.get(hook.review, "not applicable: only project and local hooks are reviewed")


def claude_no_ask_line(snapshot: ClaudeSnapshot) -> str | None:
    """The banner on a folder Claude Code does not trust, when it holds project hooks:
    `claude -p` runs them without asking. None otherwise."""
    if snapshot.folder_trust.state == "trusted":
        return None
    if not any(h.scope in ("project", "local") and h.runs for h in snapshot.hooks):
        return None
    sentence = visible(snapshot.folder_trust.sentence)
    return sentence if sentence.startswith("Claude Code") else f"Claude Code: {sentence}"
