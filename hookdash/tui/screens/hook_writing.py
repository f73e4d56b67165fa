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
from typing import TYPE_CHECKING, Any, Literal

from rich.text import Text
from textual import work

from hookdash.core import HookdashError, shorten, visible  # (no pydantic, no I/O)
from hookdash.tui.colors import colors_for
from hookdash.tui.editor import editor_command, run_editor
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.widgets.hook_groups import HookItem
from hookdash.tui.widgets.hook_outline import Digest
from hookdash.tui.widgets.hook_tree import HookTree
from hookdash.tui.widgets.write_news import announcement, dry_run_body, undo_body

if TYPE_CHECKING:
    from hookdash.core import (
        AnyHook,
        AuthoringResult,
        Configuration,
        EditResult,
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
        """The hook under the cursor, of any host (switch, fire and plan act on it)."""
        return self.query_one(HookTree).selected_hook

    def current(self, hook: HookRecord) -> HookRecord:
        """The hook as the loaded configuration has it (the tree may show a newer reading)."""
        from hookdash.tui.firing import every_hook

        config = self.hd_app.config
        if config is None:
            return hook
        if self._digest is not None and self._digest[0] is config:
            found: HookRecord = self._digest[1].by_ref.get(hook.ref, hook)
            return found if found.host == hook.host else hook  # (a ref is its host's)
        return next((h for h in every_hook(config) if h.ref == hook.ref), hook)

    def loaded_snapshots(self) -> list[HostSnapshot]:
        """Every host's snapshot the configuration carries, its own first."""
        config = self.hd_app.config
        if config is None:
            return []
        return [config.snapshot, *([config.claude] if config.claude else []), *config.more_hosts]

    def snapshot_of(self, hook: HookRecord) -> HostSnapshot | None:
        """The loaded snapshot of the host `hook` belongs to (None: not loaded)."""
        return next((s for s in self.loaded_snapshots() if s.host == hook.host), None)

    def action_toggle_hook(self) -> None:
        """space: the hook's host's own switch (`tui_host(name).switch_hook`: a choice of
        where, a parking), else the host protocol's (`Host.switch`)."""
        from hookdash.tui.hosts import tui_host

        tree = self.query_one(HookTree)
        item = tree.current_item
        if item is not None and not isinstance(item, HookItem):
            tree.action_toggle_node()  # on a group, space folds it (Tree's own meaning)
            return
        if item is None or self.hd_app.config is None:
            return
        if self._switching:
            self.notify("Still writing the last change…", timeout=2)
            return
        hook: HookRecord = item.hook
        own = tui_host(hook.host).switch_hook
        if own is not None:
            own(self, hook)
        else:
            self._switch_through_protocol(hook)

    def _switch_through_protocol(self, hook: HookRecord) -> None:
        """Switch a hook off or on through the host protocol (`Host.switch`: Codex's
        enabled = false in hooks.state), exactly as `disable|enable --host NAME` do."""
        from hookdash.core import host

        snapshot = self.snapshot_of(hook)
        if snapshot is None:
            return
        on = hook.switched_off
        verb = "on" if on else "off"
        self.write_switch(
            f"switch '{visible(hook.id)}' {verb}", host(hook.host).switch, snapshot, hook, on
        )

    def write_switch(
        self,
        what: str,
        write: Callable[..., EditResult],
        *args: Any,
        shown: Callable[[EditResult], None] | None = None,
    ) -> None:
        """Write a switch (`write(*args)`, in a thread, undoable), say so, then reload;
        `shown`: shows the result at once, before the reload confirms it."""
        self._switching = True
        self._write_switch(what, write, args, shown)

    @work(group="switch")
    async def _write_switch(
        self,
        what: str,
        write: Callable[..., EditResult],
        args: tuple[Any, ...],
        shown: Callable[[EditResult], None] | None,
    ) -> None:
        self._switching = True
        try:
            try:
                result = await self.hd_app.write(what, write, *args)
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing changed")
                return
            if shown is not None:
                shown(result)
            self.announce(result)
            await self.reload_and_wait("switched a hook")
        finally:
            self._switching = False

    def announce(self, result: EditResult) -> None:
        news = announcement(result)
        self.app.clear_notifications()  # the last write's news is stale now
        self.notify(news.text, title=news.title, severity=news.severity, timeout=NEWS_SECONDS,
                    markup=False)  # fmt: skip

    # ---------------------------------------------------- writing hooks

    def refused(self, exc: HookdashError, title: str) -> None:
        self.refuse(visible(exc.message, multiline=True), title)

    def _host_under_cursor(self) -> str | None:
        """Whose hook the cursor is on: the hook's host; on a group, the host all of its
        hooks are of; else the host the filter box names (`host:NAME`). None: no one host
        (the configuration's own host's form then)."""
        from textual.widgets import Input

        item = self.query_one(HookTree).current_item
        if isinstance(item, HookItem):
            return item.hook.host
        hosts: set[str] = {h.host for h in getattr(item, "hooks", None) or ()}
        if len(hosts) == 1:
            return hosts.pop()
        words = self.query_one("#filter", Input).value.split()
        return next((w.removeprefix("host:") for w in words if w.startswith("host:")), None)

    def action_add_hook(self) -> None:
        """`a`: the form of the host under the cursor (`tui_host(name).add_hook`), for the
        event under it; the configuration's own host's where no one host is under it."""
        from hookdash.tui.hosts import tui_host

        config = self.hd_app.config
        if config is None:
            return
        item = self.query_one(HookTree).current_item
        event = item.hook.event if isinstance(item, HookItem) else getattr(item, "event", None)
        name = self._host_under_cursor() or config.snapshot.host
        add = tui_host(name).add_hook
        if add is not None:
            add(self, event)
        else:
            self._host_form(name, None, event)

    def _host_form(self, name: str, hook: HookRecord | None, event: str | None) -> None:
        """The form of a host without its own (`screens.host_form`: `Host.add`,
        `Host.edit`), where it has the capability; else say what to run."""
        from hookdash.core import CAPABILITY_WORDS, UnsupportedOperation, host
        from hookdash.tui.screens.host_form import HostHookFormScreen

        agent = host(name)
        operation: Literal["add", "edit"] = "add" if hook is None else "edit"
        loaded = next((s for s in self.loaded_snapshots() if s.host == name), None)
        if operation not in agent.capabilities or loaded is None:
            words = CAPABILITY_WORDS[operation]
            self.refused(
                UnsupportedOperation(name, agent.label, operation, words),
                f"Cannot {operation} this hook here",
            )
            return
        form = HostHookFormScreen(agent, loaded, hook=hook, event=event)
        self.app.push_screen(form, self.form_done)

    def action_add_claude_hook(self) -> None:
        from hookdash.tui.hosts.claude.writing import add_claude_hook

        item = self.query_one(HookTree).current_item
        event = item.hook.event if isinstance(item, HookItem) else getattr(item, "event", None)
        add_claude_hook(self, event)

    def action_edit_hook(self) -> None:
        """`e`: the hook's host's form (`tui_host(name).edit_hook`)."""
        from hookdash.tui.hosts import tui_host

        selected = self.selected_hook
        if selected is None or self.hd_app.config is None:
            self.notify("Select a hook first (a adds one).", timeout=4)
            return
        edit = tui_host(selected.host).edit_hook
        if edit is not None:
            edit(self, selected)
        else:
            self._host_form(selected.host, self.current(selected), None)

    def form_done(self, result: AuthoringResult | None) -> None:
        if result is not None:
            self.after_write(result, "wrote a hook")

    def action_import_claude(self) -> None:
        from hookdash.tui.hosts.claude.import_screen import ClaudeImportScreen

        if self.hd_app.config is not None:
            self.app.push_screen(ClaudeImportScreen(), self.form_done)

    def after_write(self, result: EditResult, reason: str) -> None:
        self.announce(result)
        select = result.hooks[0].ref if result.hooks and result.action != "remove" else None
        self.reload_then(reason, select)

    def reload_then(self, reason: str, select: str | None) -> None:
        """Read the configuration again; then (the reload's view) select `select`."""
        self._select_when_loaded = select
        self.hd_app.reload(reason)

    def action_remove_hook(self) -> None:
        """`d`: the hook's host's removal (`tui_host(name).remove_hook`), else the host
        protocol's (`Host.remove`); either shows the diff first."""
        from hookdash.core import host
        from hookdash.tui.hosts import tui_host

        selected = self.selected_hook
        if selected is None or self.hd_app.config is None:
            self.notify("Select a hook first (a adds one).", timeout=4)
            return
        own = tui_host(selected.host).remove_hook
        if own is not None:
            own(self, selected)
            return
        snapshot = self.snapshot_of(selected)
        if snapshot is not None:
            self.ask_and_remove(selected, host(selected.host).remove, snapshot, selected)

    def ask_and_remove(
        self, hook: HookRecord, remove: Callable[..., AuthoringResult], *args: Any
    ) -> None:
        """Any host's removal: `remove(*args, dry_run=True)`'s diff in a question, then
        `remove(*args)` as an undoable write."""
        self._confirm_removal(hook, remove, args)

    @work(group="remove", exclusive=True)
    async def _confirm_removal(
        self, hook: HookRecord, remove: Callable[..., AuthoringResult], args: tuple[Any, ...]
    ) -> None:
        try:
            preview = await asyncio.to_thread(remove, *args, dry_run=True)
        except HookdashError as exc:
            self.refused(exc, "Nothing removed")
            return
        ask = "Remove it? u undoes it afterwards."
        body = dry_run_body(preview, ask, colors_for(self.app))
        question = ConfirmScreen(f"Remove {shorten(visible(hook.id), 60)}?", body, "Remove")
        if not await self.app.push_screen_wait(question):
            return
        try:
            result = await self.hd_app.write(f"remove '{visible(hook.id)}'", remove, *args)
        except HookdashError as exc:
            self.refused(exc, "Nothing removed")
            return
        self.after_write(result, "removed a hook")

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
            self.refused(exc, "Nothing changed")
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
            self.refused(exc, "Nothing changed")
            return
        to_write = [(h, s, p) for h, s, p in previews if p.diff]
        if not to_write:
            self.announce(previews[-1][2])
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
                self.refused(exc, "Nothing changed")
                self.reload_then(f"hooks {state}", None)
                return
        assert result is not None
        self.after_write(result, f"hooks {state}")

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
            self.refused(exc, "Not undone")
            return
        stack.remove(entry)
        self.app.clear_notifications()
        self.notify(visible(result.message), title="Undone", timeout=NEWS_SECONDS, markup=False)
        self.reload_then("undo", None)

    def action_open_editor(self) -> None:
        hook = self.selected_hook
        config = self.hd_app.config
        if hook is None or config is None:
            self.notify("Select a hook to open its file.", timeout=4)
            return
        self._edit_in_editor(self.current(hook), config)

    @work(group="editor", exclusive=True)
    async def _edit_in_editor(self, hook: HookRecord, config: Configuration) -> None:
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
        self.reload_then("editor closed", hook.ref)
