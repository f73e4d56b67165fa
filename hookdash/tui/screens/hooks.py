"""The main screen: banners, a filter box, the hook tree and the selected hook's details."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.containers import Container, Horizontal
from textual.events import Paste, Resize
from textual.widgets import Input, Label

from hookdash.core import visible  # (no pydantic, no I/O)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.daemon_thread import in_daemon_thread
from hookdash.tui.screens.hook_writing import NEWS_SECONDS, HookWriting
from hookdash.tui.widgets.banners import Banners, Notice
from hookdash.tui.widgets.empty_state import EmptyState
from hookdash.tui.widgets.filter_box import Debounced, FilterBox, paste_as_filter
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.hook_details import HookDetails
from hookdash.tui.widgets.hook_groups import PAGE, EventGroup, HookItem, LayerGroup
from hookdash.tui.widgets.hook_outline import Digest, Outline, View, make_digest, make_outline
from hookdash.tui.widgets.hook_tree import HookTree
from hookdash.tui.widgets.status_line import StatusLine

if TYPE_CHECKING:
    from collections.abc import Sequence

    from hookdash.core import (
        ClaudeReviewed,
        ClaudeSnapshot,
        Configuration,
        HookRecord,
        HostSnapshot,
        Snapshot,
    )


# Below this width the details go under the tree instead of beside it.
NARROW_WIDTH = 110
# Below this height the banners fold into one summary line (the list needs the rows).
SHORT_HEIGHT = 20
# Under the zoomed details: how to get back (the Footer is full of the list's keys).
ZOOM_HINT = "z or esc: back · ↑ ↓ pgup pgdn: scroll"
# Large configurations filter after a pause in typing instead of on every key.
FILTER_DEBOUNCE_ABOVE = 300
FILTER_DEBOUNCE_SECONDS = 0.15
# Up to this many hooks the list is worked out on the event loop, at once; above, in a
# thread, so that what the loop does never grows with the hooks (issue 17).
OUTLINE_IN_THREAD_ABOVE = PAGE
# What waits for the configuration's first read: acting on a hook, writing, changing the
# list's view (the filter box takes typing meanwhile; the read applies it).
_READ_FIRST = frozenset(
    {
        "toggle_hook",
        "fire",
        "plan",
        "review_trust",
        "add_hook",
        "add_claude_hook",
        "edit_hook",
        "remove_hook",
        "undo",
        "import_claude",
        "open_editor",
        "switch_all",
        "toggle_grouping",
        "toggle_project_only",
        "cycle_host",
        "zoom_details",
    }
)
_LIST_ACTIONS = frozenset(
    {
        "focus_filter",
        "toggle_details",
        "zoom_details",
        "toggle_expand",
        "toggle_grouping",
        "toggle_project_only",
        "cycle_host",
        "toggle_hook",
        "fire",
        "edit_hook",
        "remove_hook",
        "open_editor",
    }
)


class HooksScreen(HookWriting):
    """Every hook of the configuration, grouped by event and layer.

    Fire `f`, plan `p` and trust review `T` act on `self.selected_hook`; the writes
    (switch, add, edit, remove, all on/off, undo, open in an editor) are `HookWriting`'s.
    """

    COMMAND_SCOPE = "hooks"
    BINDINGS = bindings_for("hooks")

    def __init__(self) -> None:
        super().__init__()
        self._debounce = Debounced(self, FILTER_DEBOUNCE_SECONDS)

    def compose(self) -> Any:
        yield StatusLine(id="status")
        yield Banners(id="banners")
        with Horizontal(id="filter-bar"):
            yield Label("Filter", id="filter-label")
            yield FilterBox(
                placeholder="id, command, event, layer, matcher, risk…  (/)",
                id="filter",
                compact=True,
            )
        with Container(id="body"):
            yield HookTree(id="tree")
            yield HookDetails(id="details")
            yield EmptyState(id="empty")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(HookTree).focus()
        if self.hd_app.config is None:  # the first paint comes before the first load
            env = self.hd_app.env
            self.query_one(StatusLine).show_loading(env.display(str(env.workspace)))
            glimpse = self.hd_app.glimpse
            if glimpse is not None:  # the list as last read, until it is read again
                self.query_one(HookTree).show_glimpse(glimpse)

    # ------------------------------------------------------------ public API

    def select_hook(self, ref: str) -> bool:
        """Show a hook (by `Hook.ref`), clearing a filter that hides it."""
        tree = self.query_one(HookTree)
        if tree.select_ref(ref):
            tree.focus()
            return True
        filter_box = self.query_one("#filter", Input)
        if filter_box.value:
            filter_box.value = ""
            self._refresh_tree(select=ref)
            tree.focus()
            return True
        return False

    # ------------------------------------------------------------ rendering

    def config_changed(self, config: Configuration) -> None:
        claude = config.claude
        empty = not config.snapshot.hooks and not (claude is not None and claude.hooks)
        empty = empty and not any(other.hooks for other in config.more_hosts)
        self.set_class(empty, "-empty")
        self.refresh_bindings()
        if empty:
            self.query_one(EmptyState).show(config.env)
        # The status line and the banners follow with the list (their counts too grow
        # with the hooks).
        self._refresh_tree()

    def _refresh_tree(self, select: str | None = None) -> None:
        config = self.hd_app.config
        if config is None:
            return
        view = self.query_one(HookTree).view._replace(query=self.query_one("#filter", Input).value)
        colors = colors_for(self.app)
        digest = self._digest[1] if self._digest and self._digest[0] is config else None
        if len(config.hooks) <= OUTLINE_IN_THREAD_ABOVE:
            outline, digest = _work_out(
                config.snapshot, view, colors, digest, config.claude, config.more_hosts
            )
            self._show(config, digest, outline, select)
        else:
            self._work_out_in_thread(config, view, colors, digest, select)

    # (A description: by default Textual describes a worker by the repr of its arguments,
    # here the whole configuration.)
    @work(exclusive=True, group="hook list", description="work the hook list out")
    async def _work_out_in_thread(
        self,
        config: Configuration,
        view: View,
        colors: Colors,
        digest: Digest | None,
        select: str | None,
    ) -> None:
        outline, made = await in_daemon_thread(
            _work_out, config.snapshot, view, colors, digest, config.claude, config.more_hosts
        )
        tree = self.query_one(HookTree)
        if self.hd_app.config is not config or tree.view != view._replace(query=""):
            return  # a newer configuration or view: its own outline follows
        self._show(config, made, outline, select)

    def _show(
        self, config: Configuration, digest: Digest, outline: Outline, select: str | None
    ) -> None:
        """The list (and, for a new configuration, the status line and banners)."""
        if self._digest is None or self._digest[0] is not config:
            self._digest = (config, digest)
            env, snapshot, claude = config.env, config.snapshot, config.claude
            self.query_one(StatusLine).show(snapshot, env.display, digest.counts, claude)
            notices = self.hd_app.notices()
            problems = snapshot.problems + [p for o in config.more_hosts for p in o.problems]
            if claude is not None:
                from hookdash.core import claude_no_ask_line

                problems = [*problems, *claude.problems]
                no_ask = claude_no_ask_line(claude)
                if no_ask is not None:
                    show_them = f"screen.filter_host({claude.host!r})"
                    notices = [*notices, Notice("warning", no_ask, show_them)]
            claude_review: list[ClaudeReviewed] = []
            if claude is not None:
                from hookdash.core import claude_hooks_to_review

                claude_review = claude_hooks_to_review(claude)
            self.query_one(Banners).show(
                problems,
                env.display,
                notices,
                digest.to_review,
                digest.review_summary,
                claude_review,
            )
        tree = self.query_one(HookTree)
        shown = tree.show(outline, select)
        total = outline.total
        narrowed = bool(outline.view.query) or outline.view.project_only
        title = f"Hooks {shown}/{total}" if narrowed else f"Hooks ({total})"
        views = [
            *(["project only"] if outline.view.project_only else []),
            *(["by source"] if outline.view.grouping == "source" else []),
        ]
        tree.border_title = " · ".join([title, *views])
        wanted = self._select_when_loaded
        if wanted is not None and wanted in digest.by_ref:
            self._select_when_loaded = None
            self.select_hook(wanted)

    @on(HookTree.ItemHighlighted)
    def _show_details(self, event: HookTree.ItemHighlighted) -> None:
        config = self.hd_app.config
        details = self.query_one(HookDetails)
        if config is None:
            if self.query_one(HookTree).glimpsing:
                details.show_reading()
            else:
                details.show(None, None, str)
            return
        details.show(event.item, config.snapshot, config.env.display, config.claude)

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self.refresh_bindings()  # esc (clear) is in the Footer only while there is a filter
        config = self.hd_app.config
        wait = config is not None and len(config.hooks) > FILTER_DEBOUNCE_ABOVE
        self._debounce.call(self._refresh_tree, wait=wait)

    @on(Input.Submitted, "#filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        self.action_filter_done()

    def action_filter_done(self) -> None:
        if self._debounce.waiting:
            self._debounce.cancel()
            self._refresh_tree()
        self.set_focus(self.query_one(HookTree))

    def on_paste(self, event: Paste) -> None:
        if not self.has_class("-empty"):  # no hook: nothing to filter
            paste_as_filter(self, self.query_one("#filter", Input), event)

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW_WIDTH, "-narrow")
        self.set_class(event.size.height < SHORT_HEIGHT, "-short")

    # --------------------------------------------------------------- actions

    def action_focus_filter(self) -> None:
        # Keys that arrive with the `/` in one burst (a paste, fast typing over ssh) must
        # reach the filter, not run as commands on the list. So `/` is a priority binding
        # (the app runs it before it hands the next key to the focused widget), and focus
        # moves now, not after the messages already queued (as Widget.focus would).
        self.set_focus(self.query_one("#filter", Input))

    def action_clear_filter(self) -> None:
        filter_box = self.query_one("#filter", Input)
        if filter_box.value:
            filter_box.value = ""
        self.set_focus(self.query_one(HookTree))

    def action_toggle_details(self) -> None:
        details = self.query_one(HookDetails)
        details.display = not details.display
        self.set_class(not details.display, "-no-details")
        if not details.display and self.maximized is details:
            self.minimize()

    def action_zoom_details(self) -> None:
        details = self.query_one(HookDetails)
        if self.maximized is details:
            self.action_unzoom()
        else:
            details.display = True
            self.remove_class("-no-details")
            self.maximize(details, container=False)
            details.border_subtitle = ZOOM_HINT
            self.set_focus(details)

    def action_unzoom(self) -> None:
        self.minimize()

    def minimize(self) -> None:
        # (Also what Textual runs for `esc` while zoomed, before any binding.)
        super().minimize()
        self.query_one(HookDetails).border_subtitle = ""
        self.set_focus(self.query_one(HookTree))

    def action_toggle_grouping(self) -> None:
        tree = self.query_one(HookTree)
        tree.grouping = "event" if tree.grouping == "source" else "source"
        self._refresh_tree()

    def action_toggle_project_only(self) -> None:
        tree = self.query_one(HookTree)
        tree.project_only = not tree.project_only
        self._refresh_tree()

    def action_cycle_host(self) -> None:
        """Every host, then each loaded host's hooks only, in the registry's order, then
        every host again (`host:` in the filter box, where it can be typed too)."""
        from hookdash.core import host_names

        value = self.query_one("#filter", Input).value
        current = next((w for w in value.split() if w.startswith("host:")), None)
        loaded = {s.host for s in self.loaded_snapshots()}
        cycle: list[str | None] = [None, *(n for n in host_names() if n in loaded)]
        now = current.removeprefix("host:") if current is not None else None
        following = cycle[(cycle.index(now) + 1) % len(cycle)] if now in cycle else None
        self.action_filter_host(following)

    def action_filter_host(self, host: str | None) -> None:
        """Only `host`'s hooks (None: every host's), kept with the other filter words."""
        filter_box = self.query_one("#filter", Input)
        words = [w for w in filter_box.value.split() if not w.startswith("host:")]
        if host is not None:
            words.append(f"host:{host}")
        filter_box.value = " ".join(words)
        self._refresh_tree()

    def action_toggle_banners(self) -> None:
        self.query_one(Banners).toggle_unfolded()

    def action_toggle_expand(self) -> None:
        self.query_one(HookTree).toggle_all()

    def action_open_demo(self) -> None:
        self.hd_app.ask_open_demo()

    def action_leave_demo(self) -> None:
        self.hd_app.leave_demo()

    # ---------------------------------------------------- fire, plan, trust review

    def action_fire(self) -> None:
        from hookdash.tui.firing import firing_for
        from hookdash.tui.screens.fire import FireScreen

        item = self.query_one(HookTree).current_item
        if isinstance(item, EventGroup | LayerGroup):
            # A group has no one hook to fire: its event's plan lists the hooks its agent
            # would run for it, in order, and goes to any of them.
            whose = self._open_plan()
            self.notify(
                f"f fires one hook: here is what {whose} would run for {visible(item.event)}. "
                "enter on a hook goes to it in the list; f there fires it.",
                title="A group, not a hook",
                timeout=NEWS_SECONDS,
                markup=False,
            )
            return
        hook = self.selected_hook
        if hook is None:
            self.notify(
                "Select a hook to fire it (f on an event group opens that event's plan).",
                timeout=5,
            )
            return
        firing = firing_for(hook.host)
        refusal = (
            firing.refusal(hook)
            if firing is not None
            else "The dashboard does not fire this host's hooks yet: run `hookdash fire --host "
            f"{visible(hook.host)} {hook.shown.event} --hook ID` (it shows the payload, what "
            "each hook did and what the agent does with it)."
        )
        if firing is None or refusal is not None:
            self.refuse(refusal or "", "Cannot fire this hook", severity="warning")
            return
        config = self.hd_app.config
        current = firing.current(config, hook) if config is not None else None
        self.app.push_screen(FireScreen(current or hook, firing))

    def action_plan(self) -> None:
        self._open_plan()

    def _open_plan(self) -> str:
        """The plan of the selected hook's event (of a group's event), by the host whose
        hook or group it is (`tui_host(name).plan_event`); on a group of several hosts'
        hooks, the first host (in the registry's order) that has the event and a plan.
        Returns whose ("Gemini", "Claude Code")."""
        from hookdash.core import all_hosts
        from hookdash.tui.hosts import tui_host

        config = self.hd_app.config
        item = self.query_one(HookTree).current_item
        loaded = {s.host for s in self.loaded_snapshots()}
        event: str | None = None
        hook: HookRecord | None = None
        name: str | None = config.snapshot.host if config is not None else None
        if isinstance(item, HookItem):
            hook = item.hook
            event, name = hook.event, hook.host
        elif isinstance(item, EventGroup | LayerGroup):
            event = item.event
            hosts: set[str] = {h.host for h in item.hooks}
            if len(hosts) == 1:
                name = hosts.pop()
            else:  # an event only another host has: its plan (`PreToolUse`: Claude Code's)
                name = next(
                    (
                        h.name
                        for h in all_hosts()
                        if h.name in loaded
                        and item.event in h.events()
                        and tui_host(h.name).plan_event is not None
                    ),
                    name,
                )
        plan = tui_host(name).plan_event if name is not None else None
        if plan is None:
            from hookdash.core import host

            label = host(name).label if name is not None else "this agent"
            self.refuse(
                f"The dashboard has no plan view for {visible(label)} yet: run `hookdash plan "
                f"--host {visible(name or '')} {visible(event or 'EVENT')}` (which hooks it runs "
                "for the event, in order, and why not the others).",
                "No plan here",
                severity="warning",
            )
            return visible(label)
        return plan(self, event, hook)

    def action_review_trust(self) -> None:
        """One review for every host: Gemini's project hooks to trust and every other
        host's hooks waiting for review (`tui.reviewing`), each with its host, checked one
        by one."""
        from hookdash.tui.screens.trust import TrustScreen

        self.app.push_screen(TrustScreen())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in _READ_FIRST and self.hd_app.config is None:
            # Before the first read (a glimpse of the list may be shown: tui.glimpse),
            # nothing is known to act on: these keys do nothing until it lands.
            return None
        in_filter = self.focused is self.query_one("#filter", Input)
        if action == "focus_filter" and in_filter:
            return False  # a `/` typed in the filter is text (the binding has priority)
        if action == "filter_done":
            return in_filter
        zoomed = self.maximized is not None
        if action == "unzoom":
            return zoomed
        if action == "clear_filter":
            # In the Footer (esc) only when there is something to leave or clear.
            return not zoomed and (in_filter or bool(self.query_one("#filter", Input).value))
        if action == "open_demo":
            return self.hd_app.demo is None
        if action == "leave_demo":
            return self.hd_app.can_leave_demo
        # With no hook there is nothing to filter, fold, switch, fire or show details of.
        return not (action in _LIST_ACTIONS and self.has_class("-empty"))


def _work_out(
    snapshot: Snapshot,
    view: View,
    colors: Colors,
    digest: Digest | None,
    claude: ClaudeSnapshot | None = None,
    more: Sequence[HostSnapshot] = (),
) -> tuple[Outline, Digest]:
    """The list's outline for `view`, and the snapshot's digest (unless made already)."""
    outline = make_outline(snapshot, view, colors, claude, more)
    return outline, digest or make_digest(snapshot, claude, more)
