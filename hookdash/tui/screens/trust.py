"""Review trust: the workspace's NEW and CHANGED project hooks, then trust them.

The list comes from `core.trust_store.plan_trust`; beside it, the highlighted hook's
command, why it is CHANGED — the command it ran when it was trusted beside the one it runs
now, or the diff of its script against the copy kept then — and its script. Nothing
starts checked and the boxes read `[x]` / `[ ]` (not colour alone). `y` trusts the checked
hooks, `A` every hook shown (Gemini's own "trust this project's hooks", which also
fingerprints the scripts of hooks Gemini trusted by itself); each asks first, listing the
whole command of every hook it will trust. Trusting goes through
`core.trust_store.trust_hooks`, which writes Gemini's own `trusted_hooks.json` (and
hookdash's fingerprints and script copies). The view then reloads: the badges clear.
"""

from __future__ import annotations

import asyncio
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on, work
from textual.containers import Horizontal, VerticalScroll
from textual.events import Resize
from textual.widgets import Button, Static

from hookdash.core import (
    Configuration,
    EditResult,
    Hook,
    HookdashError,
    ScriptDiff,
    Seen,
    TrustChangedError,
    TrustPlan,
    changed_script,
    hidden_refs,
    plan_trust,
    seen_now,
    trust_hooks,
    visible,
)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.commands import bindings_for
from hookdash.tui.plain import plain
from hookdash.tui.reviewing import Reviewing, reviewings
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.screens.confirm import ConfirmScreen
from hookdash.tui.widgets.check_list import CheckList
from hookdash.tui.widgets.footer import Footer
from hookdash.tui.widgets.hook_groups import HIDDEN_PILL, MAX_ID_WIDTH
from hookdash.tui.widgets.trust_confirmation import confirmation_body
from hookdash.tui.widgets.trust_review import (
    findings_body,
    review_body,
    risk_kinds,
    script_diff_body,
    trust_badge,
)

NARROW_WIDTH = 100


class TrustScreen(HookdashScreen[None]):
    COMMAND_SCOPE = "trust"
    BINDINGS = bindings_for("trust")

    def __init__(self) -> None:
        super().__init__()
        self._plan: TrustPlan | None = None
        self._error: str | None = None
        self._checked: list[str] = []  # refs the user checked (kept across reloads)
        self._hidden: frozenset[str] = frozenset()  # refs of hooks with hidden characters
        self._diffs: dict[str, ScriptDiff | None] = {}  # per ref, for this configuration
        self._diffing: set[str] = set()  # refs whose diff a worker is computing
        self._generation = 0  # bumped per configuration: a late diff of an old one is dropped
        self._writing = False
        # The other hosts' items to review (`tui.reviewing`), after Gemini's in the list.
        self._others: list[tuple[Reviewing, Any]] = []

    def compose(self) -> Any:
        yield Static(id="trust-title")
        with VerticalScroll(id="trust-findings"):
            yield Static(id="trust-findings-body")
        with Horizontal(id="trust-body"):
            yield CheckList(id="trust-list")
            with VerticalScroll(id="trust-detail"):
                yield Static(id="trust-preview")
        yield Static(id="trust-note")
        with Horizontal(id="trust-buttons"):
            yield Button("Trust checked (y)", id="trust", variant="warning", compact=True)
            yield Button("Trust all shown (A)", id="trust-all", variant="warning", compact=True)
            yield Button("Back (esc)", id="back", compact=True)
        yield Footer()

    @property
    def plan(self) -> TrustPlan | None:
        return self._plan

    @property
    def checked(self) -> list[Hook]:
        if self._plan is None:
            return []
        chosen = set(self._checked)
        return [h for h in self._plan.trust if h.ref in chosen]

    @property
    def others(self) -> list[tuple[Reviewing, Any]]:
        """The other hosts' items in the list: (their host's review, the item)."""
        return self._others

    def _checked_others(self) -> list[tuple[Reviewing, Any]]:
        chosen = set(self._checked)
        return [(r, item) for r, item in self._others if item.ref in chosen]

    @property
    def _to_review(self) -> bool:
        return bool((self._plan is not None and self._plan.trust) or self._others)

    def on_mount(self) -> None:
        self.query_one("#trust-list").border_title = "To review"
        self.query_one("#trust-detail").border_title = "Command and script"
        self.query_one("#trust-list").focus()

    def theme_changed(self) -> None:
        self.show_current_config()

    def on_resize(self, event: Resize) -> None:
        narrow = event.size.width < NARROW_WIDTH
        if narrow != self.has_class("-narrow"):
            self.set_class(narrow, "-narrow")
            self._show_hook()  # the two commands go side by side or one above the other

    # ------------------------------------------------------------------ content

    def config_changed(self, config: Configuration) -> None:
        try:
            self._plan = plan_trust(config)
            self._error = None
        except HookdashError as exc:
            self._plan = None
            self._error = visible(exc.message)
        self._diffs, self._diffing = {}, set()
        self._generation += 1
        colors = colors_for(self.app)
        hooks = self._plan.trust if self._plan is not None else []
        self._hidden = hidden_refs(hooks, config.snapshot.problems)
        width = min(MAX_ID_WIDTH, max((len(h.shown.id) for h in hooks), default=0))
        self._others = [(r, item) for r in reviewings() for item in r.items(config)]
        listing = self.query_one("#trust-list", CheckList)
        items = [(h.ref, self._prompt(h, width, colors)) for h in hooks]
        if self._others:  # more than one host: each line says whose
            own = config.snapshot.host
            items = [(ref, Text(f"{own:<7}", style=colors.accent) + p) for ref, p in items]
            for reviewing, item in self._others:
                prompt = Text(f"{visible(reviewing.name):<7}", style=colors.accent)
                items.append((item.ref, prompt + reviewing.prompt(item, colors)))
        listing.set_items(items, self._checked)
        self._checked = listing.checked
        self._show_title(config, colors)
        self._show_findings(config, colors)
        self._show_hook()
        self._show_note(config)
        self._update_buttons()

    def _prompt(self, hook: Hook, width: int, colors: Colors) -> Text:
        text = trust_badge(hook, colors)
        text.append(" " * (10 - len(text)))
        if hook.ref in self._hidden:
            text.append(HIDDEN_PILL, style=colors.badge("hidden"))
            text.append("  ")
        elif self._hidden:
            text.append(" " * (len(HIDDEN_PILL) + 2))
        text.append(hook.shown.id.ljust(width), style="bold")
        text.append(f"  {hook.shown.event}", style=colors.dim)
        kinds = risk_kinds(hook)
        if kinds:
            text.append(f"  ⚠ {kinds}", style=colors.risk)
        return text

    def _show_title(self, config: Configuration, colors: Colors) -> None:
        env = config.env
        title = self.query_one("#trust-title", Static)
        if self._error is not None:
            title.update(plain(self._error, colors.error))
            return
        plan = self._plan
        assert plan is not None
        root = env.display(plan.project_root)
        if plan.trust:
            new = sum(h.trust == "new" for h in plan.trust)
            changed = len(plan.trust) - new
            text = Text()
            text.append("Review the project hooks of ", style="bold")
            text.append(root, style=f"bold {colors.accent}")
            text.append(f": {new} NEW, {changed} CHANGED", style="bold")
            text.append(
                " — Gemini CLI warns about them at start, then runs them.", style=colors.dim
            )
        else:
            text = plain(f"Every project hook of {root} is trusted: nothing to review.")
        if self._others:
            counts: dict[str, int] = {}
            for reviewing, _ in self._others:
                counts[reviewing.label] = counts.get(reviewing.label, 0) + 1
            more = ", ".join(f"{label}: {n} to review" for label, n in counts.items())
            text.append(f" · {more}", style="bold")
        title.update(text)

    def _show_findings(self, config: Configuration, colors: Colors) -> None:
        """The project's findings above the list: what no hook's command shows."""
        findings = self._plan.findings if self._plan is not None else []
        box = self.query_one("#trust-findings", VerticalScroll)
        box.display = bool(findings)
        box.border_title = f"Read this first: {len(findings)} finding(s) about this project"
        body = findings_body(findings, config.env.display, colors)
        self.query_one("#trust-findings-body", Static).update(Group(*body))

    def _show_note(self, config: Configuration) -> None:
        env = config.env
        note = self.query_one("#trust-note", Static)
        plan = self._plan
        if plan is None:
            note.update("")
            return
        parts = [
            "Nothing is checked until you check it (space). Trusting writes "
            f"{env.display(env.trusted_hooks_path)} as Gemini does after its warning, and "
            "keeps a copy of each script: a later edit shows as CHANGED, with a diff."
        ]
        if plan.watch:
            names = ", ".join(h.shown.id for h in plan.watch)
            parts.append(
                f"Trusting all (A) also records {names} (trusted by Gemini already): their "
                "scripts, env and name, so that a later edit shows as CHANGED."
            )
        if not config.snapshot.folder_trust.trusted:
            parts.append(
                "The folder itself is not trusted: Gemini CLI ignores these hooks until you "
                "trust it (hookdash does not change folder trust)."
            )
        note.update(plain("\n".join(parts), multiline=True))

    def _update_buttons(self) -> None:
        count = len(self._checked)
        trust = self.query_one("#trust", Button)
        label = f"Trust {count} checked (y)" if count else "Trust checked (y)"
        if str(trust.label) != label:
            trust.label = label
            trust.refresh(layout=True)  # the label is not a layout reactive: the width is
        # Enabled with nothing checked: a click then says what to do, as `y` does.
        trust.disabled = not self._to_review
        self.query_one("#trust-all", Button).disabled = (
            self._plan is None or self._plan.empty
        ) and not self._others
        self.refresh_bindings()

    @on(CheckList.OptionHighlighted, "#trust-list")
    def _highlighted(self) -> None:
        self._show_hook()

    def _highlighted_hook(self) -> Hook | None:
        if self._plan is None:
            return None
        index = self.query_one("#trust-list", CheckList).highlighted
        if index is None or not 0 <= index < len(self._plan.trust):
            return None
        return self._plan.trust[index]

    def _highlighted_other(self) -> tuple[Reviewing, Any] | None:
        index = self.query_one("#trust-list", CheckList).highlighted
        first = len(self._plan.trust) if self._plan is not None else 0
        if index is None or not 0 <= index - first < len(self._others):
            return None
        return self._others[index - first]

    def _show_hook(self) -> None:
        config = self.hd_app.config
        colors = colors_for(self.app)
        preview = self.query_one("#trust-preview", Static)
        hook = self._highlighted_hook()
        other = self._highlighted_other()
        if config is not None and other is not None:
            reviewing, item = other
            preview.update(reviewing.whole(config, item, colors))
            self.query_one("#trust-detail", VerticalScroll).scroll_home(animate=False)
            return
        if config is None or hook is None:
            if self._plan is not None and not self._plan.trust:
                message = "Nothing to review: Gemini CLI will not warn about any project hook."
                if self._plan.watch:
                    message += (
                        "\n\nA records the scripts, env and name of the hooks Gemini trusted "
                        "by itself (and keeps copies), so that hookdash notices a later edit."
                    )
                message += "\n\nesc goes back to the hook list."
                preview.update(Text(message))
            else:
                preview.update(Text(""))
            return
        diff = self._script_diff_body(config, hook, colors)
        narrow = self.has_class("-narrow")
        preview.update(review_body(config, hook, colors, narrow=narrow, script_diff=diff))
        self.query_one("#trust-detail", VerticalScroll).scroll_home(animate=False)

    def _script_diff_body(
        self, config: Configuration, hook: Hook, colors: Colors
    ) -> list[RenderableType]:
        """The diff of a CHANGED hook's script, once a worker has computed it: difflib
        takes up to ~150 ms on a 256 KiB script, too long for the event loop."""
        if hook.trust != "changed":
            return []
        if hook.ref in self._diffs:
            diff = self._diffs[hook.ref]
            return script_diff_body(diff, colors) if diff is not None else []
        if hook.ref not in self._diffing:
            self._diffing.add(hook.ref)
            self._compute_diff(config, hook, self._generation)
        return []

    @work(group="trust-diff")
    async def _compute_diff(self, config: Configuration, hook: Hook, generation: int) -> None:
        diff = await asyncio.to_thread(changed_script, config, hook)
        if generation != self._generation or not self.is_attached:
            return
        self._diffs[hook.ref] = diff
        self._diffing.discard(hook.ref)
        shown = self._highlighted_hook()
        if diff is not None and shown is not None and shown.ref == hook.ref:
            self._show_hook()

    # ------------------------------------------------------------------ actions

    @on(CheckList.Changed, "#trust-list")
    def _checks_changed(self) -> None:
        self._checked = self.query_one("#trust-list", CheckList).checked
        self._update_buttons()

    def action_toggle_check(self) -> None:
        self.query_one("#trust-list", CheckList).toggle_highlighted()

    def action_toggle_all(self) -> None:
        listing = self.query_one("#trust-list", CheckList)
        listing.check_all(not listing.checked)

    @on(Button.Pressed, "#trust")
    def _trust_pressed(self) -> None:
        self.action_trust()

    @on(Button.Pressed, "#trust-all")
    def _trust_all_pressed(self) -> None:
        self.action_trust_all()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_close()

    def action_trust(self) -> None:
        """`y`: the checked hooks only, after a confirmation."""
        config = self.hd_app.config
        plan = self._plan
        if config is None or plan is None or self._writing:
            return
        checked = self.checked
        others = self._checked_others()
        if others:
            self._record_others(config, others, then=checked)
            return
        if not checked:
            self.notify(
                "No hook is checked: space checks the highlighted one (a: all or none). "
                "A trusts every hook shown.",
                title="Nothing trusted",
                timeout=6,
            )
            return
        self._confirm(config, plan, checked, everything=False)

    def action_trust_all(self) -> None:
        """`A`: every hook shown (Gemini's own "trust this project"), after a confirmation."""
        config = self.hd_app.config
        plan = self._plan
        if config is None or plan is None or self._writing:
            return
        if self._others:
            then = None if plan.empty else plan.trust
            self._record_others(config, self._others, then, everything=True)
            return
        if plan.empty:
            self.notify("Nothing to trust: every project hook is trusted.", timeout=4)
            return
        self._confirm(config, plan, plan.trust, everything=True)

    def _confirm(
        self, config: Configuration, plan: TrustPlan, hooks: list[Hook], everything: bool
    ) -> None:
        body = confirmation_body(config, plan, hooks, everything, colors_for(self.app))
        count = len(hooks)
        title = (
            f"Trust {'all ' if everything else ''}{count} hook{'s' if count != 1 else ''}?"
            if count
            else "Watch these scripts?"
        )

        # What the question shows (settings, scripts, .env), fingerprinted as it opens:
        # the answer trusts exactly that, or nothing (an edit meanwhile is refused).
        shown = seen_now(config, [*plan.trust, *plan.watch] if everything else hooks)

        def answered(yes: bool | None) -> None:
            if yes:
                # The configuration the question showed: what the user agreed to.
                self._trust(config, None if everything else hooks, shown)

        self.app.push_screen(ConfirmScreen(title, body, "Trust"), answered)

    @work(group="trust-others", exclusive=True)
    async def _record_others(
        self,
        config: Configuration,
        others: list[tuple[Reviewing, Any]],
        then: list[Hook] | None,
        everything: bool = False,
    ) -> None:
        """The other hosts' checked items: each host's question (every item whole), its
        record; then (`then`) Gemini's checked hooks, as `y` asks for them."""
        colors = colors_for(self.app)
        by_host: dict[int, tuple[Reviewing, list[Any]]] = {}
        for reviewing, item in others:
            by_host.setdefault(id(reviewing), (reviewing, []))[1].append(item)
        for reviewing, items in by_host.values():
            body = reviewing.question(config, items, colors)
            count = len(items)
            title = f"Record {count} {reviewing.label} item{'s' if count != 1 else ''} as reviewed?"
            if not await self.app.push_screen_wait(ConfirmScreen(title, body, "Record")):
                return
            self._writing = True
            try:
                news = await reviewing.record(self.hd_app, config, items)
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing recorded", timeout=12)
                return
            finally:
                self._writing = False
            self.notify(news, title="Reviewed", timeout=8, markup=False)
        await self.reload_and_wait("reviewed hooks")
        plan = self._plan
        if then and plan is not None and self.hd_app.config is not None:
            self._confirm(self.hd_app.config, plan, then, everything=everything)

    @work(group="trust")
    async def _trust(self, config: Configuration, hooks: list[Hook] | None, shown: Seen) -> None:
        self._writing = True
        try:
            try:
                count = "every hook shown" if hooks is None else f"{len(hooks)} hook(s)"
                result = await self.hd_app.write(
                    f"trust {count}", trust_hooks, config, hooks, shown=shown
                )
            except TrustChangedError as exc:
                # Show it again: the review is read afresh, with what changed.
                self.refuse(visible(exc.message), "Changed while you were deciding", timeout=15)
                await self.reload_and_wait("changed during the trust question")
                return
            except HookdashError as exc:
                self.refuse(visible(exc.message), "Nothing trusted", timeout=12)
                return
            self._announce(result)
            await self.reload_and_wait("trusted hooks")
        finally:
            self._writing = False

    def _announce(self, result: EditResult) -> None:
        lines = [visible(result.message), *("• " + visible(note) for note in result.notes)]
        self.notify(
            "\n".join(lines),
            title="Trusted" if result.changed else "Nothing changed",
            timeout=10,
            markup=False,
        )

    def action_close(self) -> None:
        self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "trust":
            # Enabled with nothing checked too: `y` then says what to do instead.
            return self._to_review
        if action == "trust_all":
            if self._others:
                return True
            return None if self._plan is None or self._plan.empty else True
        if action in ("toggle_all", "toggle_check"):
            return self._to_review
        return True
