"""The hook list's writes: switch a hook (`space`), add (`a`), edit (`e`), remove (`d`),
all hooks on/off (`H`), import from Claude Code (`I`), undo (`u`), open the hook's file in
an editor (`E`).

A base of `HooksScreen` (which owns the layout, the filter and the tree): each write asks
first where it should, goes through `app.write` (for `u`), says what it did in a toast,
then reloads and selects the hook it wrote.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work

from hookdash.core import EVENTS, HookdashError, shorten, visible  # (no pydantic, no I/O)
from hookdash.tui.colors import colors_for
from hookdash.tui.editor import editor_command, run_editor
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.screens.switch import SwitchChoice, SwitchScreen
from hookdash.tui.widgets.hook_groups import HookItem
from hookdash.tui.widgets.hook_outline import Digest
from hookdash.tui.widgets.hook_tree import HookTree
from hookdash.tui.widgets.write_news import announcement, dry_run_body, undo_body

if TYPE_CHECKING:
    from hookdash.core import (
        AnyHook,
        AuthoringResult,
        ClaudeHook,
        Configuration,
        DisabledKey,
        EditResult,
        Hook,
        HookRecord,
        Host,
        HostSnapshot,
    )


def _state(on: bool) -> str:
    return "on" if on else "off"


def _switchable(workspace: Any, environ: Any) -> list[tuple[Host, HostSnapshot]]:
    """The hosts whose global switch hookdash writes, loaded, that have settings here (or,
    when none has, every such host: the switch then makes the user's settings)."""
    from pathlib import Path

    from hookdash.core import all_hosts

    hosts = [h for h in all_hosts() if "global-switch" in h.capabilities]
    here = [h for h in hosts if h.has_files(Path(workspace), environ)] or hosts[:1]
    return [(h, h.load(Path(workspace), environ)) for h in here]


# How long a toast stays. Short: it sits over the list, and what it says about a write
# shows in the list too (the badge, the selected hook).
NEWS_SECONDS = 5


class HookWriting(HookdashScreen[None]):
    """The writes of the hook list; they act on `selected_hook`. See the module docstring."""

    def __init__(self) -> None:
        super().__init__()
        self._switching = False  # a disable/enable is being written and reloaded
        self._select_when_loaded: str | None = None  # a hook just written: show it once loaded
        # The configuration the list shows, with what the screen worked out of it.
        self._digest: tuple[Configuration, Digest] | None = None

    @property
    def selected_hook(self) -> AnyHook | None:
        """The hook under the cursor, of either host (switch, fire and plan act on it)."""
        return self.query_one(HookTree).selected_hook

    def _current(self, hook: Hook) -> Hook:
        """The hook as the loaded configuration has it (the tree may show a newer reading)."""
        config = self.hd_app.config
        if config is None:
            return hook
        if self._digest is not None and self._digest[0] is config:
            found = self._digest[1].by_ref.get(hook.ref, hook)
            return found if found.host == "gemini" else hook  # (a Gemini hook's writes)
        return next((h for h in config.hooks if h.ref == hook.ref), hook)

    def action_toggle_hook(self) -> None:
        from hookdash.core import describe_hook, registrable

        tree = self.query_one(HookTree)
        item = tree.current_item
        if item is not None and not isinstance(item, HookItem):
            tree.action_toggle_node()  # on a group, space folds it (Tree's own meaning)
            return
        config = self.hd_app.config
        if item is None or config is None:
            return
        if self._switching:
            self.notify("Still writing the last change…", timeout=2)
            return
        if item.hook.host == "claude":
            self._park_claude(item.hook)  # Claude Code has no off switch: hookdash parks
            return
        if self.other_host(item.hook) is not None:
            self._switch_other(item.hook)
            return
        hook = self._current(item.hook)
        if not registrable(hook):
            self.refuse(
                f"{visible(describe_hook(hook))} is invalid, so Gemini CLI discards it; there is "
                "nothing to switch.",
                "Cannot switch this hook",
            )
            return
        if hook.disabled:
            self._switch(hook, "user", "auto")
            return

        def chosen(choice: SwitchChoice | None) -> None:
            if choice is not None:
                self._switch(hook, choice.scope, choice.disabled_key)

        self.app.push_screen(SwitchScreen(hook, config), chosen)

    @work(group="switch")
    async def _switch(self, hook: Hook, scope: str, disabled_key: DisabledKey) -> None:
        """Write the change (in a thread), show it at once, then reload to confirm it."""
        from hookdash.core import hooks_after_edit, toggle_hook

        config = self.hd_app.config
        if config is None:
            return
        self._switching = True
        try:
            verb = "on" if hook.disabled else "off"
            try:
                result = await self.hd_app.write(
                    f"switch '{visible(hook.id)}' {verb}",
                    toggle_hook,
                    config,
                    hook,
                    scope,
                    disabled_key,
                )
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing changed")
                return
            trusted = config.snapshot.folder_trust.trusted
            self.query_one(HookTree).update_hooks(hooks_after_edit(config.hooks, result, trusted))
            self._announce(result)
            await self.reload_and_wait("switched a hook")
        finally:
            self._switching = False

    def other_host(self, hook: AnyHook | HookRecord) -> HostSnapshot | None:
        """The snapshot of the host a hook belongs to when it is one the dashboard reaches
        through the host protocol (`Configuration.more_hosts`), else None."""
        config = self.hd_app.config
        if config is None:
            return None
        return next((s for s in config.more_hosts if s.host == hook.host), None)

    @work(group="switch")
    async def _switch_other(self, hook: HookRecord) -> None:
        """Switch a hook of a protocol host off or on (`Host.switch`: Codex's enabled =
        false in hooks.state), exactly as `disable|enable --host NAME` do; `u` undoes it."""
        from hookdash.core import host

        snapshot = self.other_host(hook)
        if snapshot is None:
            return
        on = hook.switched_off
        self._switching = True
        try:
            try:
                result = await self.hd_app.write(
                    f"switch '{visible(hook.id)}' {'on' if on else 'off'}",
                    host(hook.host).switch,
                    snapshot,
                    hook,
                    on,
                )
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing changed")
                return
            self._announce(result)
            await self.reload_and_wait("switched a hook")
        finally:
            self._switching = False

    @work(group="switch")
    async def _park_claude(self, hook: ClaudeHook) -> None:
        """Park a Claude Code hook (its handler's text moved into hookdash's state), or put
        a parked one back, exactly as `disable|enable --host claude` do; `u` undoes it."""
        from hookdash.core import park_claude_hook, unpark_claude_hook

        config = self.hd_app.config
        if config is None:
            return
        self._switching = True
        try:
            edit, verb = (
                (unpark_claude_hook, "unpark") if hook.parked else (park_claude_hook, "park")
            )
            env = config.env
            try:
                result = await self.hd_app.write(
                    f"{verb} '{visible(hook.id)}'", edit, hook.ref, env.workspace, env.environ
                )
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing changed")
                return
            self._announce(result)
            await self.reload_and_wait("switched a hook")
        finally:
            self._switching = False

    def _announce(self, result: EditResult) -> None:
        news = announcement(result)
        self.app.clear_notifications()  # the last write's news is stale now
        self.notify(news.text, title=news.title, severity=news.severity, timeout=NEWS_SECONDS,
                    markup=False)  # fmt: skip

    # ---------------------------------------------------- writing hooks

    def _writable_hook(self) -> Hook | None:
        """The selected hook, if hookdash may write it; otherwise say why and None."""
        from hookdash.core import resolve_hook  # the writing modules load on first use

        config = self.hd_app.config
        hook = self.selected_hook
        if hook is None or config is None:
            self.notify("Select a hook first (a adds one).", timeout=4)
            return None
        if hook.host == "claude":
            return None  # (its callers send a Claude hook to Claude's own form and removal)
        hook = self._current(hook)
        if hook.scope == "extension":  # the CLI's refusal names `hookdash disable`
            self.refuse(
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
            self._refused(exc, "hookdash does not write this hook")
            return None
        return hook

    def _refused(self, exc: HookdashError, title: str) -> None:
        self.refuse(visible(exc.message, multiline=True), title)

    def action_add_hook(self) -> None:
        """The form of the host under the cursor: Claude Code's on a Claude hook, on a
        group of Claude hooks only, or with the host filter on Claude; else Gemini's."""
        from hookdash.tui.screens.hook_form import HookFormScreen

        item = self.query_one(HookTree).current_item
        event = item.hook.event if isinstance(item, HookItem) else getattr(item, "event", None)
        if self._claude_under_cursor():
            self._open_claude_form(event=event)
            return
        self.app.push_screen(HookFormScreen(event=event), self._form_done)

    def action_add_claude_hook(self) -> None:
        item = self.query_one(HookTree).current_item
        event = item.hook.event if isinstance(item, HookItem) else getattr(item, "event", None)
        self._open_claude_form(event=event)

    def _claude_under_cursor(self) -> bool:
        from textual.widgets import Input

        item = self.query_one(HookTree).current_item
        if isinstance(item, HookItem):
            return item.hook.host == "claude"
        hooks = getattr(item, "hooks", None)
        if hooks:
            return all(h.host == "claude" for h in hooks)
        return "host:claude" in self.query_one("#filter", Input).value.split()

    def _open_claude_form(self, hook: ClaudeHook | None = None, event: str | None = None) -> None:
        from hookdash.tui.hosts.claude.form import ClaudeHookFormScreen

        if self.hd_app.config is not None:
            self.app.push_screen(ClaudeHookFormScreen(hook=hook, event=event), self._claude_done)

    def _claude_done(self, written: tuple[AuthoringResult, str | None] | None) -> None:
        if written is not None:
            result, ref = written
            self._announce(result)
            self._reload_then("wrote a Claude Code hook", ref)

    def _edit_claude(self, hook: ClaudeHook) -> None:
        """`e` on a Claude hook: its form, where hookdash may write its file."""
        if hook.scope in ("managed", "plugin"):
            owner = (
                "the administrator of this machine"
                if hook.scope == "managed"
                else (f"the plugin '{visible(hook.plugin or '')}' (an update replaces it)")
            )
            self.refuse(
                f"This hook's file belongs to {owner}, so hookdash does not edit it. Press "
                "space to park it (Claude Code then does not run it) instead.",
                "hookdash does not write this hook",
            )
            return
        if hook.parked:
            self.refuse(
                "This hook is parked: its text is in hookdash's state, not in its file. "
                "Press space to put it back, then e edits it.",
                "Cannot edit a parked hook",
                severity="warning",
            )
            return
        odd_matcher = hook.matcher is not None and not isinstance(hook.matcher, str)
        if hook.type != "command" or odd_matcher:
            self.refuse(
                "The form edits command hooks with a text matcher; E opens the file at this "
                "hook, d removes it.",
                "Cannot edit this hook here",
                severity="warning",
            )
            return
        self._open_claude_form(hook=hook)

    def action_edit_hook(self) -> None:
        from hookdash.core import draft_of
        from hookdash.tui.screens.hook_form import HookFormScreen

        selected = self.selected_hook
        if selected is not None and selected.host == "claude":
            self._edit_claude(selected)
            return
        if selected is not None and self.other_host(selected) is not None:
            self.refuse(
                "The dashboard has no form for this host's hooks yet: E opens the file at the "
                f"hook, or run `hookdash edit --host {selected.host} ID`.",
                "Cannot edit this hook here",
                severity="warning",
            )
            return
        hook = self._writable_hook()
        config = self.hd_app.config
        if hook is None or config is None:
            return
        if hook.event not in EVENTS:
            self.refuse(
                f"'{visible(hook.event)}' is not a Gemini CLI event, so the form cannot show "
                "it: E opens the file at the hook, d removes it.",
                "Cannot edit this hook here",
                severity="warning",
            )
            return
        try:
            original = draft_of(config, hook)
        except HookdashError as exc:
            self._refused(exc, "Cannot edit this hook")
            return
        self.app.push_screen(HookFormScreen(hook=hook, original=original), self._form_done)

    def _form_done(self, result: AuthoringResult | None) -> None:
        if result is not None:
            self._after_write(result, "wrote a hook")

    def action_import_claude(self) -> None:
        from hookdash.tui.hosts.claude.import_screen import ClaudeImportScreen

        if self.hd_app.config is not None:
            self.app.push_screen(ClaudeImportScreen(), self._form_done)

    def _after_write(self, result: EditResult, reason: str) -> None:
        self._announce(result)
        select = result.hooks[0].ref if result.hooks and result.action != "remove" else None
        self._reload_then(reason, select)

    def _reload_then(self, reason: str, select: str | None) -> None:
        """Read the configuration again; then (the reload's view) select `select`."""
        self._select_when_loaded = select
        self.hd_app.reload(reason)

    def action_remove_hook(self) -> None:
        selected = self.selected_hook
        if selected is not None and selected.host == "claude":
            self._ask_and_remove_claude(selected)
            return
        if selected is not None and self.other_host(selected) is not None:
            self._ask_and_remove_other(selected)
            return
        hook = self._writable_hook()
        if hook is not None:
            self._ask_and_remove(hook)

    @work(group="remove", exclusive=True)
    async def _ask_and_remove_other(self, hook: HookRecord) -> None:
        """`remove --host NAME` through the host protocol: the diff first, then the write."""
        from hookdash.core import host

        snapshot = self.other_host(hook)
        if snapshot is not None:
            await self._confirm_removal(hook, host(hook.host).remove, snapshot, hook)

    @work(group="remove", exclusive=True)
    async def _ask_and_remove_claude(self, hook: ClaudeHook) -> None:
        """`remove --host claude`: the diff first, then the write (`u` undoes it)."""
        from hookdash.core import remove_claude_hook

        config = self.hd_app.config
        if config is not None:
            env = config.env
            await self._confirm_removal(
                hook, remove_claude_hook, hook.ref, env.workspace, env.environ
            )

    @work(group="remove", exclusive=True)
    async def _ask_and_remove(self, hook: Hook) -> None:
        from hookdash.core import remove_hook

        config = self.hd_app.config
        if config is not None:
            await self._confirm_removal(hook, remove_hook, config, hook.ref)

    async def _confirm_removal(
        self, hook: AnyHook | HookRecord, remove: Callable[..., AuthoringResult], *args: Any
    ) -> None:
        """Either host's removal: `remove(*args, dry_run=True)`'s diff in a question, then
        `remove(*args)` as an undoable write."""
        try:
            preview = await asyncio.to_thread(remove, *args, dry_run=True)
        except HookdashError as exc:
            self._refused(exc, "Nothing removed")
            return
        ask = "Remove it? u undoes it afterwards."
        body = dry_run_body(preview, ask, colors_for(self.app))
        question = ConfirmScreen(f"Remove {shorten(visible(hook.id), 60)}?", body, "Remove")
        if not await self.app.push_screen_wait(question):
            return
        try:
            result = await self.hd_app.write(f"remove '{visible(hook.id)}'", remove, *args)
        except HookdashError as exc:
            self._refused(exc, "Nothing removed")
            return
        self._after_write(result, "removed a hook")

    def action_switch_all(self) -> None:
        self._ask_and_switch_all()

    @work(group="switch-all", exclusive=True)
    async def _ask_and_switch_all(self) -> None:
        """Every hook on or off, for the agent the person chooses (or every agent) among
        those whose global switch hookdash writes (Gemini's hooksConfig.enabled, Claude's
        disableAllHooks, …): asked of the host registry, never by a host's name."""
        from hookdash.tui.screens.host_choice import EVERY, HostChoiceScreen

        config = self.hd_app.config
        if config is None:
            return
        workspace, environ = config.env.workspace, config.env.environ
        try:
            loaded = await asyncio.to_thread(_switchable, workspace, environ)
        except HookdashError as exc:
            self._refused(exc, "Nothing changed")
            return
        if not loaded:
            self.notify("No agent here has a switch for all its hooks.", timeout=4)
            return
        chosen = loaded
        if len(loaded) > 1:
            choices = [
                (h.name, f"{h.label}: hooks {_state(s.hooks_enabled)} now") for h, s in loaded
            ]
            choices.append((EVERY, "Every agent above"))
            question = "Whose hooks do you want to switch on or off?"
            picked = await self.app.push_screen_wait(
                HostChoiceScreen("Switch all hooks on or off", question, choices)
            )
            if picked is None:
                return
            chosen = [(h, s) for h, s in loaded if picked in (EVERY, h.name)]
        # One direction for all chosen: off while any is on, else on.
        enable = not any(s.hooks_enabled for _, s in chosen)
        state = _state(enable)
        try:
            previews = await asyncio.to_thread(
                lambda: [(h, s, h.switch_all(s, enable, dry_run=True)) for h, s in chosen]
            )
        except HookdashError as exc:
            self._refused(exc, "Nothing changed")
            return
        to_write = [(h, s, p) for h, s, p in previews if p.diff]
        if not to_write:
            self._announce(previews[-1][2])
            return
        body = Text()
        colors = colors_for(self.app)
        for h, s, preview in to_write:
            now = f"ooks are {_state(s.hooks_enabled)} now.\n\n"
            # (One agent here: it goes without naming, as before there were several.)
            body.append(f"{h.label}: h{now}" if len(loaded) > 1 else f"H{now}")
            body.append_text(dry_run_body(preview, "", colors))
            body.append("\n")
        whose = to_write[0][0].label if len(to_write) == 1 else "every agent's"
        title = f"Switch {whose} hooks {state}?"
        if not await self.app.push_screen_wait(ConfirmScreen(title, body, f"Switch {state}")):
            return
        result = None
        for h, s, _ in to_write:
            try:
                whose_hooks = f"{h.label} hooks" if len(loaded) > 1 else "hooks"
                result = await self.hd_app.write(
                    f"switch all {whose_hooks} {state}", h.switch_all, s, enable
                )
            except HookdashError as exc:
                self._refused(exc, "Nothing changed")
                self._reload_then(f"hooks {state}", None)
                return
        assert result is not None
        self._after_write(result, f"hooks {state}")

    def action_undo(self) -> None:
        self._ask_and_undo()

    @work(group="undo", exclusive=True)
    async def _ask_and_undo(self) -> None:
        from hookdash.core import UndoRefused, undo

        stack = self.hd_app.undo_stack
        config = self.hd_app.config
        if config is None:
            return
        if not stack:
            self.notify(
                "Nothing to undo: hookdash has written nothing in this session (u undoes "
                "add, edit, remove, switching, hooks on/off, import, trust and the safe "
                "fixes).",
                timeout=6,
            )
            return
        entry = stack[-1]
        display = config.env.display
        body = undo_body(entry, display)
        if not await self.app.push_screen_wait(ConfirmScreen("Undo", body, "Undo")):
            return
        try:
            result = await asyncio.to_thread(undo, entry, display)
        except UndoRefused as exc:
            stack.remove(entry)  # it can never apply again: the file is not hookdash's now
            left = f" {len(stack)} older write(s) can still be undone." if stack else ""
            self.refuse(visible(exc.message) + left, "Not undone")
            return
        except HookdashError as exc:
            self._refused(exc, "Not undone")
            return
        stack.remove(entry)
        self.app.clear_notifications()
        self.notify(visible(result.message), title="Undone", timeout=NEWS_SECONDS, markup=False)
        self._reload_then("undo", None)

    def action_open_editor(self) -> None:
        hook = self.selected_hook
        config = self.hd_app.config
        if hook is None or config is None:
            self.notify("Select a hook to open its file.", timeout=4)
            return
        self._edit_in_editor(hook if hook.host == "claude" else self._current(hook), config)

    @work(group="editor", exclusive=True)
    async def _edit_in_editor(self, hook: AnyHook, config: Configuration) -> None:
        where = config.env.display(hook.file) + (f":{hook.line}" if hook.line else "")
        argv = editor_command(config.env.environ, hook.file, hook.line)
        if argv is None:
            self.refuse(
                "Neither $VISUAL nor $EDITOR is set, so hookdash does not know your editor "
                f"(set one, e.g. export EDITOR=nano). The hook is at {visible(where)}.",
                "No editor",
                severity="warning",
            )
            return
        try:
            code = await run_editor(self.app, argv)
        except OSError as exc:
            self.refuse(f"Could not start {visible(argv[0])}: {exc.strerror or exc}.", "No editor")
            return
        note = "" if code == 0 else f" (the editor exited with {code})"
        self.notify(f"Back from the editor{note}: reading {visible(where)} again.", timeout=5,
                    markup=False)  # fmt: skip
        self._reload_then("editor closed", hook.ref)
