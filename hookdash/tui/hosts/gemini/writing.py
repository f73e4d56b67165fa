"""The hook list's writes on a Gemini CLI hook and its plan: space asks where to switch it
(the user's or the workspace's disabled list, by name or by command), `a` and `e` open
the hook form, `d` removes it from its settings file, `p` opens Gemini's plan. Each write
goes through the screen's shared steps (`HookWriting`: undoable, announced, reloaded)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from hookdash.core import HookdashError, visible

if TYPE_CHECKING:
    from hookdash.core import DisabledKey, EditResult, Hook, HookRecord
    from hookdash.tui.screens.hook_writing import HookWriting
    from hookdash.tui.screens.switch import SwitchChoice


def _gemini(screen: HookWriting, hook: HookRecord) -> Hook:
    """The hook as the loaded configuration has it (registered for Gemini's hooks only)."""
    return cast("Hook", screen.current(hook))


def switch_hook(screen: HookWriting, selected: HookRecord) -> None:
    from hookdash.core import describe_hook, registrable
    from hookdash.tui.screens.switch import SwitchScreen

    config = screen.hd_app.config
    if config is None:
        return
    hook = _gemini(screen, selected)
    if not registrable(hook):
        screen.refuse(
            f"{visible(describe_hook(hook))} is invalid, so Gemini CLI discards it; there is "
            "nothing to switch.",
            "Cannot switch this hook",
        )
        return
    if hook.disabled:
        _switch(screen, hook, "user", "auto")
        return

    def chosen(choice: SwitchChoice | None) -> None:
        if choice is not None:
            _switch(screen, hook, choice.scope, choice.disabled_key)

    screen.app.push_screen(SwitchScreen(hook, config), chosen)


def _switch(screen: HookWriting, hook: Hook, scope: str, disabled_key: DisabledKey) -> None:
    """Write the change (in a thread), show it at once, then reload to confirm it."""
    from hookdash.core import hooks_after_edit, toggle_hook
    from hookdash.tui.widgets.hook_tree import HookTree

    config = screen.hd_app.config
    if config is None:
        return

    def shown(result: EditResult) -> None:
        trusted = config.snapshot.folder_trust.trusted
        screen.query_one(HookTree).update_hooks(hooks_after_edit(config.hooks, result, trusted))

    verb = "on" if hook.disabled else "off"
    screen.write_switch(
        f"switch '{visible(hook.id)}' {verb}",
        toggle_hook,
        config,
        hook,
        scope,
        disabled_key,
        shown=shown,
    )


def _writable(screen: HookWriting, selected: HookRecord) -> Hook | None:
    """The hook, if hookdash may write it; otherwise say why and None."""
    from hookdash.core import resolve_hook  # the writing modules load on first use

    config = screen.hd_app.config
    if config is None:
        return None
    hook = _gemini(screen, selected)
    if hook.scope == "extension":  # the CLI's refusal names `hookdash disable`
        screen.refuse(
            f"{visible(hook.id)} comes from the extension "
            f"'{visible(hook.extension or '')}': its hooks/hooks.json belongs to the "
            "extension and an update replaces it, so hookdash does not edit it. Press "
            "space to switch the hook off instead.",
            "hookdash does not write this hook",
        )
        return None
    try:
        resolve_hook(config, hook.ref)
    except HookdashError as exc:
        screen.refused(exc, "hookdash does not write this hook")
        return None
    return hook


def add_hook(screen: HookWriting, event: str | None) -> None:
    from hookdash.tui.screens.hook_form import HookFormScreen

    screen.app.push_screen(HookFormScreen(event=event), screen.form_done)


def edit_hook(screen: HookWriting, selected: HookRecord) -> None:
    from hookdash.core import EVENTS, draft_of
    from hookdash.tui.screens.hook_form import HookFormScreen

    hook = _writable(screen, selected)
    config = screen.hd_app.config
    if hook is None or config is None:
        return
    if hook.event not in EVENTS:
        screen.refuse(
            f"'{visible(hook.event)}' is not a Gemini CLI event, so the form cannot show "
            "it: E opens the file at the hook, d removes it.",
            "Cannot edit this hook here",
            severity="warning",
        )
        return
    try:
        original = draft_of(config, hook)
    except HookdashError as exc:
        screen.refused(exc, "Cannot edit this hook")
        return
    screen.app.push_screen(HookFormScreen(hook=hook, original=original), screen.form_done)


def remove_hook(screen: HookWriting, selected: HookRecord) -> None:
    from hookdash.core import remove_hook as remove

    hook = _writable(screen, selected)
    config = screen.hd_app.config
    if hook is not None and config is not None:
        screen.ask_and_remove(hook, remove, config, hook.ref)


def plan_event(screen: HookWriting, event: str | None, hook: HookRecord | None) -> str:
    from hookdash.tui.screens.plan import PlanScreen

    shown = _gemini(screen, hook) if hook is not None else None
    screen.app.push_screen(PlanScreen(event, shown))
    return "Gemini"
