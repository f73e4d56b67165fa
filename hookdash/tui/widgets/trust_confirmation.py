"""The question before trusting: every hook it will trust, each with its whole command
(wrapped, never cut), where it comes from, and what a CHANGED one ran before."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from hookdash.core import Configuration, Hook, TrustPlan, hidden_refs, trusted_commands, visible
from hookdash.tui.colors import Colors
from hookdash.tui.widgets.hook_groups import HIDDEN_PILL
from hookdash.tui.widgets.trust_review import findings_body, risk_kinds, trust_badge


def _indented(text: Text) -> Padding:
    return Padding(text, (0, 0, 0, 2))


def _hook_entry(
    config: Configuration, hook: Hook, hidden: bool, colors: Colors
) -> list[RenderableType]:
    """One hook of the question: badges, id and place, then its command and what else."""
    env, shown = config.env, hook.shown
    line = Text("\n")
    line.append_text(trust_badge(hook, colors))
    if hidden:
        line.append(" ")
        line.append(HIDDEN_PILL, style=colors.badge("hidden"))
    line.append(f" {shown.id}", style="bold")
    where = f"{shown.event} · {visible(env.display(hook.file))}"
    line.append(f"  {where}" + (f":{hook.line}" if hook.line else ""), style=colors.dim)
    command = Text(shown.command_lines or "(no command)", overflow="fold")
    parts: list[RenderableType] = [line, _indented(command)]
    for name, value in shown.env:  # what the command runs with: part of what is trusted
        parts.append(_indented(Text(f"env {name}={value}", overflow="fold")))
    for old in trusted_commands(config, hook) if hook.trust == "changed" else []:
        was = Text("was: ", style=colors.dim)
        was.append(Text(visible(old, multiline=True), style=colors.dim))
        parts.append(_indented(Text.assemble(was, overflow="fold")))
    for script in hook.scripts:
        runs = Text(f"runs {visible(env.display(script.label))}", style=colors.dim)
        parts.append(_indented(runs))
    if hook.script_unresolved:
        unknown = f"hookdash cannot tell every script it runs: {hook.script_unresolved}"
        parts.append(_indented(Text(visible(unknown), style=colors.warning)))
    kinds = risk_kinds(hook)
    if kinds:
        parts.append(_indented(Text(f"⚠ {kinds}", style=colors.risk)))
    if hook.trust == "changed" and hook.trust_detail:
        parts.append(_indented(Text(shown.trust_detail, style=colors.warning)))
    return parts


def confirmation_body(
    config: Configuration,
    plan: TrustPlan,
    hooks: list[Hook],
    everything: bool,
    colors: Colors,
) -> RenderableType:
    """What the question before trusting lists (`everything`: Gemini's "trust all")."""
    env = config.env
    parts: list[RenderableType] = []
    if plan.findings:
        lead = Text("Read this first: what this project does beyond its hooks' commands",
                    style=f"bold {colors.error}")  # fmt: skip
        parts += [lead, *findings_body(plan.findings, env.display, colors), Text("")]
    if hooks:
        many = len(hooks) != 1
        lead = Text()
        lead.append(
            f"Gemini CLI will run {'these' if many else 'this'} project "
            f"hook{'s' if many else ''} of {env.display(plan.project_root)} without warning "
            "again. ",
            style="bold",
        )
        lead.append("Each command in full:", style=colors.dim)
        parts.append(lead)
    hidden = hidden_refs(hooks, config.snapshot.problems)
    for hook in hooks:
        parts += _hook_entry(config, hook, hook.ref in hidden, colors)
    if everything and plan.watch:
        names = ", ".join(h.shown.id for h in plan.watch)
        parts.append(
            Text(
                f"\nAlso records the scripts (with a copy), env and name of {names}, which "
                "Gemini CLI trusted by itself, so a later edit shows as CHANGED.",
                style=colors.dim,
            )
        )
    if everything:
        parts.append(
            Text(
                f"\nThis is Gemini CLI's own \"trust this project's hooks\": every hook of "
                f"{env.display(env.workspace_settings_path)} is recorded.",
                style=colors.dim,
            )
        )
    return Group(*parts)
