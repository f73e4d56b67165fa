"""Everything about the selected hook (or group): fields, origin, verdict, script preview."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.containers import VerticalScroll
from textual.theme import Theme
from textual.widgets import Static

from hookdash.core import visible  # (no pydantic, no I/O)
from hookdash.tui.colors import Colors, colors_for
from hookdash.tui.plain import plain
from hookdash.tui.widgets.hook_facts import hook_facts, hook_title
from hookdash.tui.widgets.hook_groups import (
    EventGroup,
    HookItem,
    LayerGroup,
    SourceGroup,
    TreeItem,
)

if TYPE_CHECKING:
    from hookdash.core import (
        AnyHook,
        ClaudeHook,
        ClaudeSnapshot,
        Hook,
        HookRecord,
        Problem,
        RiskLine,
        ScriptPreview,
        Snapshot,
        UnknownLine,
    )

_SHEBANG_LEXERS = (("python", "python"), ("node", "javascript"), ("bash", "bash"), ("sh", "bash"))


def _lexer(preview: ScriptPreview) -> str:
    from rich.syntax import Syntax  # (pygments: imported when a script is first shown)

    lexer = Syntax.guess_lexer(preview.path, preview.text)
    if lexer != "default":
        return lexer
    first = preview.text.split("\n", 1)[0]
    if first.startswith("#!"):
        for word, name in _SHEBANG_LEXERS:
            if word in first:
                return name
    return "text"


def preview_body(
    preview: ScriptPreview, colors: Colors, display: Callable[[str], str]
) -> list[RenderableType]:
    """A script's first lines, highlighted, under a heading naming the file. An escape
    sequence at the end of a line shows as `␛[2K`: it cannot erase the line it ends."""
    from rich.syntax import Syntax  # (pygments: imported when a script is first shown)

    heading = Text(f"\n{visible(preview.heading)} ", style=colors.heading)
    heading.append(visible(display(preview.path)), style=colors.dim)
    if preview.unavailable:
        return [heading, plain(f"No preview: {preview.unavailable}.", colors.dim)]
    syntax = Syntax(
        visible(preview.text, multiline=True),
        _lexer(preview),
        theme=colors.syntax_theme,
        line_numbers=True,
        start_line=preview.start_line,
        word_wrap=True,
        background_color=colors.surface,
    )
    out: list[RenderableType] = [heading, syntax]
    if preview.truncated:
        out.append(Text(f"… first {preview.shown_lines} lines shown", style=colors.dim))
    return out


def hidden_body(problems: list[Problem], colors: Colors) -> list[RenderableType]:
    """The `hidden` badge's reasons: one red line per hidden-characters problem."""
    out: list[RenderableType] = []
    for problem in problems:
        line = Text()
        line.append(" hidden ", style=colors.badge("hidden"))
        line.append(" " + problem.shown.message, style=f"bold {colors.error}")
        out.append(line)
    return out


def risk_body(risks: list[RiskLine], colors: Colors) -> list[RenderableType]:
    """Risk flags, one each: `⚠ KIND  span  (where)`, then why, indented."""
    if not risks:
        return []
    noun = "flag" if len(risks) == 1 else "flags"
    out: list[RenderableType] = [
        Text(f"⚠ {len(risks)} risk {noun}: read these before you trust or run it", colors.risk)
    ]
    for risk in risks:
        line = Text(overflow="fold")
        line.append(f"  ⚠ {risk.label}", style=colors.risk)
        line.append("  ")
        line.append(risk.span, style="bold underline")
        line.append(f"  ({'in the ' if risk.where == 'command' else 'in '}{risk.where})",
                    style=colors.dim)  # fmt: skip
        line.append(f"\n      {risk.why}", style=colors.dim)
        out.append(line)
    return out


def unknown_body(unknowns: list[UnknownLine], colors: Colors) -> list[RenderableType]:
    """What hookdash did not understand, one each, quieter than the risk flags: `? why
    (where)`. No flag does not mean safe while any is listed."""
    if not unknowns:
        return []
    out: list[RenderableType] = [
        Text("? not understood: no flag does not mean safe here", style=colors.dim)
    ]
    for unknown in unknowns:
        line = Text(overflow="fold", style=colors.dim)
        line.append(f"  ? {unknown.why}")  # raw-ok: escaped by core.present.unknown_lines
        if unknown.where != "command":
            line.append(f"  (in {unknown.where})")
        out.append(line)
    return out


def _layer_state_rows(grid: Table, layer: Any, words: tuple[str, str], colors: Colors) -> None:
    """A settings layer's state (`words`: what its host calls loaded, and not loaded for
    no stated reason) and where its text stops parsing, for either host's layer."""
    dim = colors.dim
    if layer.loaded:
        grid.add_row(Text("state", style=dim), Text(words[0], style=colors.success))
    else:
        reason = layer.ignored_reason or words[1]
        grid.add_row(Text("state", style=dim), plain(reason, colors.error))
    if layer.error is not None:
        err = layer.error
        at = f" (line {err.line}, column {err.column})" if err.line else ""
        grid.add_row(Text("error", style=dim), plain(err.message + at))


# The details of a hook listed before the configuration is read (`tui.glimpse`).
READING = (
    "Reading the configuration… Where this hook comes from, whether it runs, its risk "
    "flags and its trust follow in a moment."
)


class HookDetails(VerticalScroll):
    """The details pane. `show()` renders an item; it redraws itself on theme changes."""

    BORDER_TITLE = "Details"
    ALLOW_MAXIMIZE = True  # `z` zooms it (containers refuse by default)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._item: TreeItem | None = None
        self._snapshot: Snapshot | None = None
        self._claude: ClaudeSnapshot | None = None
        self._display: Callable[[str], str] = str
        self._reading = False  # a glimpsed hook under the cursor: nothing known of it yet

    def compose(self) -> Any:
        yield Static(id="details-body")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    @property
    def item(self) -> TreeItem | None:
        return self._item

    def show(
        self,
        item: TreeItem | None,
        snapshot: Snapshot | None,
        display: Callable[[str], str],
        claude: ClaudeSnapshot | None = None,
    ) -> None:
        """`claude`: Claude Code's snapshot, for its hooks' findings and folder trust."""
        self._reading = False
        changed = item is None or self._item is None or item.key != self._item.key
        self._item, self._snapshot, self._display = item, snapshot, display
        self._claude = claude
        self._render_item()
        if changed:
            self.scroll_home(animate=False)

    def show_reading(self) -> None:
        """A hook of the list drawn before the configuration is read (`tui.glimpse`)."""
        self._item, self._snapshot, self._claude, self._reading = None, None, None, True
        self._render_item()

    def _theme_changed(self, theme: Theme) -> None:
        self._render_item()

    @property
    def path_display(self) -> Callable[[str], str]:
        """How the pane shows a path (the home folder as ~), for a host's own details."""
        return self._display

    def _render_item(self) -> None:
        colors = colors_for(self.app)
        item = self._item
        body: RenderableType
        if isinstance(item, HookItem):
            from hookdash.tui.hosts import tui_host

            hook = item.hook
            # A host with no details of its own here: what every host's record has.
            own = tui_host(hook.host).hook_body or HookDetails.record_body
            body = own(self, hook, colors)
        elif isinstance(item, EventGroup):
            body = self._event_body(item, colors)
        elif isinstance(item, LayerGroup):
            body = self._layer_body(item, colors)
        elif isinstance(item, SourceGroup):
            body = self._source_body(item, colors)
        elif self._reading:
            body = Text(READING, style=colors.dim)
        else:
            body = Text("Select a hook to see where it comes from and what Gemini does with it.")
        self.query_one("#details-body", Static).update(body)

    # ------------------------------------------------------------------ pieces

    @staticmethod
    def _grid() -> Table:
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(no_wrap=True, min_width=10)
        grid.add_column(ratio=1, overflow="fold")
        return grid

    def _where(self, file: str, line: int | None) -> str:
        return visible(self._display(file)) + (f":{line}" if line else "")

    def record_body(self, hook: HookRecord, colors: Colors) -> RenderableType:
        """A hook of a host the dashboard has no words of its own for, from the fields every
        host's record has: its host, event, layer, file, matcher, command, verdict, risks."""
        from hookdash.core import host, risk_lines

        shown = hook.shown  # (its text through the display rule already)
        parts: list[RenderableType] = [Text(shown.id, style=f"bold {colors.heading}")]
        parts += risk_body(risk_lines(hook, self._display), colors)
        grid = self._grid()
        grid.add_row("host", plain(host(hook.host).label))
        grid.add_row("event", Text(shown.event))
        grid.add_row("layer", Text(shown.layer_label))
        grid.add_row("file", Text(self._where(hook.file, hook.line)))
        if shown.matcher:
            grid.add_row("matcher", Text(shown.matcher))
        grid.add_row("command", Text(shown.command_lines))
        verdict = "runs" if hook.runs else "does not run"
        grid.add_row("verdict", Text(verdict, style=colors.success if hook.runs else colors.error))
        for reason in hook.not_running_because:
            grid.add_row("", plain(reason, colors.dim))
        parts += [Text(""), grid]
        return Group(*parts)

    def settings_hook_body(self, hook: HookRecord, colors: Colors) -> RenderableType:
        """A Gemini CLI hook's details (registered by `tui/hosts/gemini`)."""
        return self._hook_body(cast("Hook", hook), colors)

    def _hook_body(self, hook: Hook, colors: Colors) -> RenderableType:
        from hookdash.core import hidden_problems_of, risk_lines, script_previews, unknown_lines

        problems = self._snapshot.problems if self._snapshot is not None else []
        hidden = hidden_problems_of(hook, problems)
        parts: list[RenderableType] = [hook_title(hook, bool(hidden), colors)]
        # What a reviewer must not miss comes first, above the fields.
        parts += hidden_body(hidden, colors)
        parts += risk_body(risk_lines(hook, self._display), colors)
        parts += unknown_body(unknown_lines(hook, self._display), colors)
        where = self._where(hook.file, hook.line)
        parts += [Text(""), hook_facts(hook, where, self._display, colors)]
        for preview in script_previews(hook):
            parts.extend(preview_body(preview, colors, self._display))
        return Group(*parts)

    def claude_hook_body(self, hook: HookRecord, colors: Colors) -> RenderableType:
        """A Claude Code hook's details (registered by `tui/hosts/claude`)."""
        return self._claude_hook_body(cast("ClaudeHook", hook), colors)

    def _claude_hook_body(self, hook: ClaudeHook, colors: Colors) -> RenderableType:
        from hookdash.core import hidden_problems_of, risk_lines, script_previews, unknown_lines
        from hookdash.tui.hosts.claude.facts import claude_facts

        problems = self._claude.problems if self._claude is not None else []
        hidden = hidden_problems_of(hook, problems)
        parts: list[RenderableType] = [hook_title(hook, bool(hidden), colors)]
        parts += hidden_body(hidden, colors)
        parts += risk_body(risk_lines(hook, self._display), colors)
        parts += unknown_body(unknown_lines(hook, self._display), colors)
        where = self._where(hook.file, hook.line)
        parts += [Text(""), claude_facts(hook, where, self._claude, self._display, colors)]
        for preview in script_previews(hook):
            parts.extend(preview_body(preview, colors, self._display))
        return Group(*parts)

    def _event_body(self, group: EventGroup, colors: Colors) -> RenderableType:
        """The event's details in the words of the first host (in `list`'s order) of its
        hooks that has its own; else its hooks' hosts and counts."""
        from hookdash.core import all_hosts
        from hookdash.tui.hosts import tui_host

        present: set[str] = {h.host for h in group.hooks} or {all_hosts()[0].name}
        for each in all_hosts():
            own = tui_host(each.name).event_body if each.name in present else None
            if own is not None:
                return own(self, group, colors)
        return self._record_event_body(group, colors)

    def _record_event_body(self, group: EventGroup, colors: Colors) -> RenderableType:
        from hookdash.core import count_hooks, host

        grid = self._grid()
        labels = sorted({host(h.host).label for h in group.hooks})
        grid.add_row(Text("host", style=colors.dim), plain(", ".join(labels)))
        grid.add_row(Text("hooks", style=colors.dim), Text(count_hooks(group.hooks).text))
        return Group(plain(group.event, colors.heading), Text(""), grid)

    def settings_event_body(self, group: EventGroup, colors: Colors) -> RenderableType:
        """A Gemini CLI event's details (registered by `tui/hosts/gemini`)."""
        from hookdash.core import describe_event, describe_execution

        grid = self._grid()
        summary = group.summary  # (worked out with the list: the group may be huge)
        grid.add_row(Text("hooks", style=colors.dim), Text(summary.counts.text))
        grid.add_row(Text("matchers", style=colors.dim), plain(describe_event(group.event)))
        # Only a sequential hook, if any, decides it: the rest need not be read.
        sequential = cast("tuple[Hook, ...]", group.hooks) if summary.sequential else ()
        grid.add_row(Text("runs", style=colors.dim), Text(describe_execution(sequential)))
        grid.add_row(
            Text("order", style=colors.dim),
            Text("system-defaults, user, workspace, system, then extensions (alphabetically)"),
        )
        return Group(plain(group.event, colors.heading), Text(""), grid)

    def claude_event_body(self, group: EventGroup, colors: Colors) -> RenderableType:
        from hookdash.core import claude_match_sentence, count_hooks

        grid = self._grid()
        grid.add_row(Text("host", style=colors.dim), Text("Claude Code"))
        grid.add_row(Text("hooks", style=colors.dim), Text(count_hooks(group.hooks).text))
        first: ClaudeHook = group.hooks[0]  # type: ignore[assignment]
        grid.add_row(Text("matchers", style=colors.dim), plain(claude_match_sentence(first)))
        grid.add_row(
            Text("runs", style=colors.dim),
            Text("every matching hook at once, in parallel; identical handlers once"),
        )
        return Group(plain(group.event, colors.heading), Text(""), grid)

    def _layer_body(self, group: LayerGroup, colors: Colors) -> RenderableType:
        grid = self._grid()
        self._origin_rows(grid, group.file, group.hooks, colors)
        counts = group.summary.counts
        grid.add_row(Text("hooks", style=colors.dim), plain(f"{counts.text} for {group.event}"))
        title = plain(group.label, f"bold {colors.accent}")
        return Group(title, Text(""), grid)

    def _source_body(self, group: SourceGroup, colors: Colors) -> RenderableType:
        grid = self._grid()
        self._origin_rows(grid, group.file, group.hooks, colors)
        summary = group.summary
        grid.add_row(Text("hooks", style=colors.dim), plain(summary.counts.text))
        events = summary.events
        grid.add_row(Text("events", style=colors.dim), plain(", ".join(events)))
        title = plain(group.label, f"bold {colors.accent}")
        return Group(title, Text(""), grid)

    def _origin_rows(
        self, grid: Table, file: str, hooks: tuple[AnyHook, ...], colors: Colors
    ) -> None:
        """Where a group's hooks come from: the file, and the extension's or layer's state."""
        dim = colors.dim
        grid.add_row(Text("file", style=dim), plain(self._display(file)))
        from hookdash.core import all_hosts
        from hookdash.tui.hosts import tui_host

        whose = hooks[0].host if hooks else all_hosts()[0].name
        own = tui_host(whose).origin_rows
        if own is not None:
            own(self, grid, file, hooks, colors)

    def settings_origin_rows(
        self, grid: Table, file: str, hooks: Sequence[HookRecord], colors: Colors
    ) -> None:
        """A Gemini CLI file's state: its extension's, or its settings layer's (registered
        by `tui/hosts/gemini`)."""
        dim = colors.dim
        snapshot = self._snapshot
        extension = cast("Hook", hooks[0]).extension if hooks else None
        if snapshot is not None and extension is not None:
            for ext in snapshot.extensions:
                if ext.name == extension:
                    grid.add_row(Text("version", style=dim), plain(ext.version or "?"))
                    state = (
                        Text("active", style=colors.success)
                        if ext.active
                        else plain(f"inactive: {ext.reason}", colors.error)
                    )
                    grid.add_row(Text("state", style=dim), state)
                    if ext.linked:
                        grid.add_row(Text("linked", style=dim), plain(self._display(ext.path)))
        elif snapshot is not None:
            for layer in snapshot.layers:
                if layer.path == file:
                    _layer_state_rows(grid, layer, ("loaded", "not loaded"), colors)

    def claude_origin_rows(
        self, grid: Table, file: str, hooks: Sequence[HookRecord], colors: Colors
    ) -> None:
        """A Claude layer's state: read, or dropped whole (with where it stops parsing)."""
        dim = colors.dim
        grid.add_row(Text("host", style=dim), Text("Claude Code"))
        for layer in self._claude.layers if self._claude is not None else ():
            if layer.path == file:
                _layer_state_rows(grid, layer, ("read", "Claude Code ignores this file"), colors)
