"""The hook list's writes on a Claude Code hook and its plan: space parks it (Claude Code
has no off switch: its handler's text moves into hookdash's state) or puts it back, `a`
and `e` open Claude's form, `d` removes it, `p` opens Claude's plan; exactly as
`disable|enable|add|edit|remove|plan --host claude` do. Each write goes through the
screen's shared steps (`HookWriting`: undoable, announced, reloaded)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from hookdash.core import visible

if TYPE_CHECKING:
    from hookdash.core import AuthoringResult, ClaudeHook, HookRecord
    from hookdash.tui.screens.hook_writing import HookWriting


def _claude(hook: HookRecord) -> ClaudeHook:
    return cast("ClaudeHook", hook)  # (registered for Claude's hooks only)


def switch_hook(screen: HookWriting, selected: HookRecord) -> None:
    from hookdash.core import park_claude_hook, unpark_claude_hook

    config = screen.hd_app.config
    if config is None:
        return
    hook = _claude(selected)
    edit, verb = (unpark_claude_hook, "unpark") if hook.parked else (park_claude_hook, "park")
    env = config.env
    screen.write_switch(f"{verb} '{visible(hook.id)}'", edit, hook.ref, env.workspace, env.environ)


def add_claude_hook(screen: HookWriting, event: str | None) -> None:
    _open_form(screen, event=event)


def _open_form(
    screen: HookWriting, hook: ClaudeHook | None = None, event: str | None = None
) -> None:
    from hookdash.tui.hosts.claude.form import ClaudeHookFormScreen

    def done(written: tuple[AuthoringResult, str | None] | None) -> None:
        if written is not None:
            result, ref = written
            screen.announce(result)
            screen.reload_then("wrote a Claude Code hook", ref)

    if screen.hd_app.config is not None:
        screen.app.push_screen(ClaudeHookFormScreen(hook=hook, event=event), done)


def edit_hook(screen: HookWriting, selected: HookRecord) -> None:
    """`e` on a Claude hook: its form, where hookdash may write its file."""
    hook = _claude(selected)
    if hook.scope in ("managed", "plugin"):
        owner = (
            "the administrator of this machine"
            if hook.scope == "managed"
            else (f"the plugin '{visible(hook.plugin or '')}' (an update replaces it)")
        )
        screen.refuse(
            f"This hook's file belongs to {owner}, so hookdash does not edit it. Press "
            "space to park it (Claude Code then does not run it) instead.",
            "hookdash does not write this hook",
        )
        return
    if hook.parked:
        screen.refuse(
            "This hook is parked: its text is in hookdash's state, not in its file. "
            "Press space to put it back, then e edits it.",
            "Cannot edit a parked hook",
            severity="warning",
        )
        return
    odd_matcher = hook.matcher is not None and not isinstance(hook.matcher, str)
    if hook.type != "command" or odd_matcher:
        screen.refuse(
            "The form edits command hooks with a text matcher; E opens the file at this "
            "hook, d removes it.",
            "Cannot edit this hook here",
            severity="warning",
        )
        return
    _open_form(screen, hook=hook)


def remove_hook(screen: HookWriting, selected: HookRecord) -> None:
    """`remove --host claude`: the diff first, then the write (`u` undoes it)."""
    from hookdash.core import remove_claude_hook

    config = screen.hd_app.config
    if config is not None:
        env = config.env
        screen.ask_and_remove(
            selected, remove_claude_hook, selected.ref, env.workspace, env.environ
        )


def plan_event(screen: HookWriting, event: str | None, hook: HookRecord | None) -> str:
    from hookdash.tui.hosts.claude.plan_screen import ClaudePlanScreen

    screen.app.push_screen(ClaudePlanScreen(event, _claude(hook) if hook is not None else None))
    return "Claude Code"
