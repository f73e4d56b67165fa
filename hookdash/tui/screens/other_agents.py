"""The hooks this workspace brings for agents hookdash does not manage (Cursor, Codex…),
read-only: agent, file and line, event and matcher, command, risks, and when that agent
runs it (`hookdash scan`'s report, core.scan)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widgets import Static

from hookdash.tui.commands import bindings_for
from hookdash.tui.screens.base import HookdashScreen
from hookdash.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from hookdash.core import Configuration


class OtherAgentsScreen(HookdashScreen[None]):
    COMMAND_SCOPE = "other_agents"
    BINDINGS = bindings_for("other_agents")

    def compose(self) -> Any:
        yield Static(id="other-agents-title")
        yield Static(id="other-agents")
        yield Footer()

    def config_changed(self, config: Configuration) -> None:
        from hookdash.core import (
            AGENT_NAMES,
            foreign_hooks,
            host_names,
            scan_repository,
            shorten,
            visible,
        )

        report = scan_repository(config.env.workspace)
        hooks = foreign_hooks(report, host_names())
        title = self.query_one("#other-agents-title", Static)
        body = Text()
        if not hooks:
            title.update(Text("No other coding agent's hooks in this workspace."))
            self.query_one("#other-agents", Static).update(body)
            return
        title.update(
            Text(f"Other agents' hooks ({len(hooks)}), read-only — what `hookdash scan` reports")
        )
        for hook in hooks:
            where = f"{hook.file}:{hook.line}" if hook.line else hook.file
            body.append(f"{AGENT_NAMES[hook.agent]}  ", style="bold")
            body.append(visible(where) + "\n", style="dim")
            matcher = f" [{visible(hook.matcher)}]" if hook.matcher else ""
            body.append(f"  {visible(hook.event)}{matcher}\n")
            body.append(f"    {visible(shorten(hook.command, 300))}\n")
            for flag in hook.risks:
                at = f" ({visible(flag.file)}:{flag.line})" if flag.file else ""
                span = visible(shorten(flag.span.text, 60))
                body.append(
                    f"    ! {flag.kind}: {span}{at} — {visible(flag.why)}\n",
                    style="bold",
                )
            body.append(f"    {visible(hook.runs_when)}\n", style="italic")
            for also in hook.also_run_by:
                body.append(f"    also run by {AGENT_NAMES[also.agent]}: ", style="bold")
                body.append(f"{visible(also.when)}\n", style="italic")
            body.append("\n")
        self.query_one("#other-agents", Static).update(body)

    def action_close(self) -> None:
        self.dismiss()
